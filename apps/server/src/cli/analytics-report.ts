import type { Database } from '../infra/db/client.js';
import { UNLIMITED_RATE_LIMITS, MemoryRateLimiter } from '../infra/rate-limit/rate-limiter.js';
import { AnalyticsRepository } from '../modules/analytics/analytics.repository.js';
import { AnalyticsService } from '../modules/analytics/analytics.service.js';

const COLUMNS = ['event', 'events', 'browsers', 'members', 'premium'] as const;

/** `npm run admin -- analytics [days]`: the eca_* events of the last days as a table, most frequent first. */
export async function printAnalytics(db: Database, days: number, out: (line: string) => void): Promise<number> {
  const service = new AnalyticsService(new AnalyticsRepository(db), new MemoryRateLimiter(), UNLIMITED_RATE_LIMITS);
  const { since, totals, byName } = await service.report(days);
  const period = `the last ${days} day${days === 1 ? '' : 's'} (since ${since.toISOString()})`;
  if (!totals.events) {
    out(`No analytics events in ${period}. Browsers send them only after their visitor accepted the cookie notice.`);
    return 0;
  }
  out(`Analytics for ${period}: ${totals.events} events from ${totals.visitors} browsers and ${totals.members} members.`);
  const rows = byName.map((r) => [r.name, r.events, r.visitors, r.members, r.premiumEvents].map(String));
  const widths = COLUMNS.map((c, i) => Math.max(c.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  out(line(COLUMNS));
  for (const row of rows) out(line(row));
  out('browsers: distinct analytics identities; members: distinct logged-in accounts; premium: events of PREMIUM members.');
  return 0;
}
