import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../infra/db/client.js';
import { providerCache, providerQuota } from '../infra/db/schema.js';
import type { QuotaStore } from './youtube/quota.js';

/** A key → text store with expiry, shared by every process (answers of the video service kept for a while). */
export interface KeptAnswers {
  get(key: string): Promise<string | null>;
  put(key: string, value: string, ttlMs: number): Promise<void>;
}

/** The only place that reads and writes what providers keep in the database: quota units and kept answers. */
export class ProviderStateRepository implements QuotaStore, KeptAnswers {
  constructor(private readonly db: Database) {}

  async spend(provider: string, day: string, units: number, budget: number): Promise<number | null> {
    if (units > budget) return null;
    // One statement, so two processes spending at once cannot both pass the budget.
    const rows = await this.db
      .insert(providerQuota)
      .values({ provider, day, units })
      .onConflictDoUpdate({
        target: [providerQuota.provider, providerQuota.day],
        set: { units: sql`${providerQuota.units} + ${units}` },
        setWhere: sql`${providerQuota.units} + ${units} <= ${budget}`,
      })
      .returning({ units: providerQuota.units });
    return rows[0]?.units ?? null;
  }

  async spent(provider: string, day: string): Promise<number> {
    const [row] = await this.db
      .select({ units: providerQuota.units })
      .from(providerQuota)
      .where(and(eq(providerQuota.provider, provider), eq(providerQuota.day, day)));
    return row?.units ?? 0;
  }

  async exhaust(provider: string, day: string, budget: number): Promise<void> {
    await this.db
      .insert(providerQuota)
      .values({ provider, day, units: budget })
      .onConflictDoUpdate({ target: [providerQuota.provider, providerQuota.day], set: { units: sql`greatest(${providerQuota.units}, ${budget})` } });
  }

  async get(key: string): Promise<string | null> {
    const [row] = await this.db
      .select({ value: providerCache.value })
      .from(providerCache)
      .where(and(eq(providerCache.key, key), sql`${providerCache.expiresAt} > now()`));
    return row?.value ?? null;
  }

  async put(key: string, value: string, ttlMs: number): Promise<void> {
    const expiresAt = new Date(Date.now() + ttlMs);
    await this.db.insert(providerCache).values({ key, value, expiresAt }).onConflictDoUpdate({ target: providerCache.key, set: { value, expiresAt } });
    // Expired answers are swept as new ones arrive: searches are rare enough that this costs nothing.
    await this.db.delete(providerCache).where(lt(providerCache.expiresAt, sql`now() - interval '1 day'`));
  }
}
