import { countDistinct, desc, gte, lt, sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../infra/db/client.js';
import { analyticsEvents } from '../../infra/db/schema.js';

export type NewAnalyticsEvent = typeof analyticsEvents.$inferInsert;

export interface AnalyticsSummaryRow {
  name: string;
  events: number;
  visitors: number;
  members: number;
  premiumEvents: number;
}

export class AnalyticsRepository {
  constructor(private readonly db: Database) {}

  async insert(events: NewAnalyticsEvent[]): Promise<void> {
    if (events.length) await this.db.insert(analyticsEvents).values(events);
  }

  /** Deletes the events that happened before a moment (by the occurred_at index); answers how many. */
  async deleteBefore(cutoff: Date): Promise<number> {
    const result = await this.db.execute(sql`
      with gone as (delete from ${analyticsEvents} where ${lt(analyticsEvents.occurredAt, cutoff)} returning 1)
      select count(*)::int as n from gone`);
    return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
  }

  /** Events since a moment, summed by name: how many, from how many browsers and members; most frequent first. */
  async summary(since: Date): Promise<AnalyticsSummaryRow[]> {
    const events = sql<number>`count(*)`.mapWith(Number);
    return this.db
      .select({
        name: analyticsEvents.name,
        events,
        visitors: countDistinct(analyticsEvents.visitorId),
        members: countDistinct(analyticsEvents.userId),
        premiumEvents: sql<number>`count(*) filter (where ${analyticsEvents.isPremium})`.mapWith(Number),
      })
      .from(analyticsEvents)
      .where(gte(analyticsEvents.occurredAt, since))
      .groupBy(analyticsEvents.name)
      .orderBy(desc(events), analyticsEvents.name);
  }

  /** Distinct browsers and members over every event since a moment (a person with many events counts once). */
  async totals(since: Date): Promise<{ events: number; visitors: number; members: number }> {
    const [row] = await this.db
      .select({
        events: sql<number>`count(*)`.mapWith(Number),
        visitors: countDistinct(analyticsEvents.visitorId),
        members: countDistinct(analyticsEvents.userId),
      })
      .from(analyticsEvents)
      .where(gte(analyticsEvents.occurredAt, since));
    return row ?? { events: 0, visitors: 0, members: 0 };
  }
}
