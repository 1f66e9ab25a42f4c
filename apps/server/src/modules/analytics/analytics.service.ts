import type { AnalyticsBatch } from '@sift/contracts';
import type { Limit, RateLimiter, RateLimits } from '../../infra/rate-limit/rate-limiter.js';
import type { SessionUser } from '../auth/tokens.service.js';
import type { AnalyticsRepository, AnalyticsSummaryRow } from './analytics.repository.js';

const DAY_MS = 86_400_000;

export interface AnalyticsReport {
  since: Date;
  totals: { events: number; visitors: number; members: number };
  byName: AnalyticsSummaryRow[];
}

/** Sift's own usage counts (decisions/020): events in, sums out. No third party sees any of it. */
export class AnalyticsService {
  private readonly perIp: Limit;

  constructor(
    private readonly repository: AnalyticsRepository,
    limiter: RateLimiter,
    limits: RateLimits,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.perIp = limiter.limit('analytics:ip', limits.analyticsPerIp);
  }

  /**
   * POST /api/analytics/events. Who sent it comes from the session, never from the body: a logged-in member's events
   * carry their id and plan (SPEC §3: isPremium is sent for analytics). A browser's clock may be off, so an event's
   * time is kept between a day before arrival and arrival.
   */
  async record(batch: AnalyticsBatch, user: SessionUser | null, ip: string): Promise<{ accepted: number }> {
    await this.perIp.consume(ip);
    const receivedAt = this.now();
    const earliest = receivedAt.getTime() - DAY_MS;
    await this.repository.insert(
      batch.events.map((event) => {
        const at = event.at ? Date.parse(event.at) : receivedAt.getTime();
        return {
          name: event.name,
          visitorId: batch.visitorId,
          userId: user?.id ?? null,
          isPremium: user ? user.plan === 'PREMIUM' : null,
          path: event.path ?? null,
          props: event.props ?? {},
          occurredAt: new Date(Math.min(receivedAt.getTime(), Math.max(earliest, at))),
          receivedAt,
        };
      }),
    );
    return { accepted: batch.events.length };
  }

  /** Retention (ANALYTICS_RETENTION_DAYS): forgets the events older than `days` days; answers how many went. */
  forgetOlderThan(days: number): Promise<number> {
    return this.repository.deleteBefore(new Date(this.now().getTime() - days * DAY_MS));
  }

  /** `npm run admin -- analytics`: the last `days` days, summed by event name. */
  async report(days: number): Promise<AnalyticsReport> {
    const since = new Date(this.now().getTime() - days * DAY_MS);
    const [totals, byName] = await Promise.all([this.repository.totals(since), this.repository.summary(since)]);
    return { since, totals, byName };
  }
}
