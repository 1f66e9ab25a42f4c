import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../app.js';
import { asBackgroundWork } from '../infra/db/query-bounds.js';

const RETENTION_JOB = 'analytics-retention';
/** Hourly: a look that finds nothing to delete is one index probe, and a day's events never pile up. */
const RETENTION_MINUTES = 60;

/**
 * Usage events are kept ANALYTICS_RETENTION_DAYS days (decisions/020; the Privacy Policy says so), then deleted:
 * once at start and every hour after, on whichever process takes the job.
 */
export async function scheduleAnalyticsRetention(services: Services, days: number, log: FastifyBaseLogger): Promise<void> {
  const forget = async () => {
    const gone = await services.analytics.forgetOlderThan(days);
    if (gone > 0) log.info(`Deleted ${gone} usage events older than ${days} days`);
  };
  // A first deletion after a long pause may take longer than a request may: background work.
  await asBackgroundWork(forget);
  await services.jobs.work(RETENTION_JOB, forget);
  await services.jobs.every(RETENTION_JOB, RETENTION_MINUTES);
}
