import { and, arrayContains, asc, gt, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '../../infra/db/client.js';
import { siteMessages } from '../../infra/db/schema.js';

export type SiteMessageRow = typeof siteMessages.$inferSelect;
export type NewSiteMessage = typeof siteMessages.$inferInsert;

export class MessagesRepository {
  constructor(private readonly db: Database) {}

  /** Messages placed on the page and showing at `now` (no window means always). */
  async activeOnPage(pageId: number, now: Date): Promise<SiteMessageRow[]> {
    return this.db
      .select()
      .from(siteMessages)
      .where(
        and(
          arrayContains(siteMessages.pageLocations, [pageId]),
          or(isNull(siteMessages.startsAt), lte(siteMessages.startsAt, now)),
          or(isNull(siteMessages.endsAt), gt(siteMessages.endsAt, now)),
        ),
      )
      .orderBy(asc(siteMessages.id));
  }

  async count(): Promise<number> {
    return this.db.$count(siteMessages);
  }

  async insert(message: NewSiteMessage): Promise<SiteMessageRow> {
    const [row] = await this.db.insert(siteMessages).values(message).returning();
    return row!;
  }
}
