import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { ImportCounts, ImportSkipped, ImportStatus } from '@sift/contracts';
import type { Database } from '../../infra/db/client.js';
import { memberImports } from '../../infra/db/schema.js';
import type { ImportBundle } from './formats/bundle.js';

export type MemberImportRow = typeof memberImports.$inferSelect;
/** What the member reads of an import: everything but the bundle (a 25,000-video history is megabytes of JSON). */
export type MemberImportState = Omit<MemberImportRow, 'bundle'>;

const { bundle: _bundle, ...stateColumns } = getTableColumns(memberImports);

/** The only place that reads and writes `member_imports`. */
export class ImportsRepository {
  constructor(private readonly db: Database) {}

  async insert(userId: number, bundle: ImportBundle): Promise<{ id: number }> {
    const [row] = await this.db
      .insert(memberImports)
      .values({ userId, format: bundle.format, bundle, skipped: bundle.skipped })
      .returning({ id: memberImports.id });
    return row!;
  }

  /**
   * The member's import, or nothing when it is not theirs. Without the bundle: a client polls this while the job
   * runs, and reading a large history's bundle back each time would cost more than the import's own steps.
   */
  async findOwned(id: number, userId: number): Promise<MemberImportState | undefined> {
    const [row] = await this.db
      .select(stateColumns)
      .from(memberImports)
      .where(and(eq(memberImports.id, id), eq(memberImports.userId, userId)))
      .limit(1);
    return row;
  }

  /** Whether the member has an import waiting or under way (one at a time). */
  async hasUnfinished(userId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: memberImports.id })
      .from(memberImports)
      .where(and(eq(memberImports.userId, userId), inArray(memberImports.status, ['PENDING', 'PROCESSING'])))
      .limit(1);
    return row !== undefined;
  }

  /** PENDING → PROCESSING, once: answers the row to work on, or nothing when another worker took it or it is gone. */
  async start(id: number): Promise<MemberImportRow | undefined> {
    const [row] = await this.db
      .update(memberImports)
      .set({ status: 'PROCESSING', updatedAt: sql`now()` })
      .where(and(eq(memberImports.id, id), eq(memberImports.status, 'PENDING')))
      .returning();
    return row;
  }

  async progress(id: number, progress: number, counts: ImportCounts, skipped: ImportSkipped[]): Promise<void> {
    await this.db.update(memberImports).set({ progress, counts, skipped, updatedAt: sql`now()` }).where(eq(memberImports.id, id));
  }

  /** The end: CREATED or FAILED, with the last counts; the bundle is dropped (the file is not kept). */
  async finish(id: number, status: Extract<ImportStatus, 'CREATED' | 'FAILED'>, counts: ImportCounts, skipped: ImportSkipped[], error: string | null): Promise<void> {
    await this.db
      .update(memberImports)
      .set({ status, progress: status === 'CREATED' ? 100 : sql`${memberImports.progress}`, counts, skipped, error, bundle: null, finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(memberImports.id, id));
  }
}
