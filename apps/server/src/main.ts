import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp, type Services } from './app.js';
import { loadConfig } from './config.js';
import { operatorNotes } from './operator-notes.js';
import { openDatabase } from './infra/db/client.js';
import { asBackgroundWork } from './infra/db/query-bounds.js';
import { describeTrustProxy } from './infra/http/trust-proxy.js';
import { loggerOptions } from './infra/logging/logger.js';
import { paths } from './infra/paths.js';
import { PgBossJobQueue } from './infra/jobs/pg-boss-queue.js';
import { scheduleNewVideoJobs } from './jobs/new-videos.js';
import { seedDemoCatalog } from './jobs/seed-demo-catalog.js';
import { scheduleAnalyticsRetention } from './jobs/analytics-retention.js';
import { scheduleDatabaseUpkeep } from './jobs/database-upkeep.js';
import { DemoProvider } from './providers/demo/demo-provider.js';
import { DemoWithNewUploads } from './providers/demo/new-uploads.js';
import type { VideoProvider } from './providers/video-provider.js';
import { VideoServiceUnavailableError } from './providers/video-service-errors.js';
import { createYouTubeProvider, type YouTubeProvider } from './providers/youtube/index.js';

/** How often the day's YouTube quota use is logged. */
const QUOTA_LOG_MS = 60 * 60_000;

/** Starts Sift: one process serving the API and the built SPA, on embedded defaults unless configured. */
async function main(): Promise<void> {
  const config = loadConfig();
  // The database, the provider and the job queue are made before the app and its logger: their lines go to the app's
  // log once there is one (as JSON, like every other line), to the console before.
  const appLog: { current?: FastifyBaseLogger } = {};
  const earlyLog = {
    warn: (obj: object, msg: string) => (appLog.current ? appLog.current.warn(obj, msg) : console.warn(msg, obj)),
    error: (obj: object, msg: string) => (appLog.current ? appLog.current.error(obj, msg) : console.error(msg, obj)),
  };
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    bounds: config.databaseBounds,
    pgliteDir: path.join(config.dataDir, 'db'),
    log: earlyLog,
  });
  const startedAt = new Date();
  // The video service: YouTube with YOUTUBE_API_KEY; otherwise the demo, which publishes a new video per channel
  // every DEMO_UPLOAD_MINUTES, so follows have news.
  const youtube = config.youtube ? createYouTubeProvider(config.youtube, database.db, earlyLog) : undefined;
  const demo = new DemoProvider({ now: startedAt });
  const provider: VideoProvider =
    youtube ?? (config.demoUploadMinutes > 0 ? new DemoWithNewUploads(demo, { since: startedAt, intervalMinutes: config.demoUploadMinutes }) : demo);
  // Jobs: in this process on the embedded default; on PostgreSQL a shared pg-boss queue, so several processes
  // split the work and each job (and each scheduled tick) runs once.
  const jobs = config.databaseUrl ? new PgBossJobQueue({ connectionString: config.databaseUrl, log: earlyLog }) : undefined;
  const { app, services } = await buildApp({
    db: database.db,
    embeddedDatabase: database.kind === 'pglite',
    provider,
    jobs,
    channelRefreshMinutes: config.channelRefreshMinutes,
    subscriptionsEnabled: config.subscriptionsEnabled,
    appName: config.appName,
    webDistDir: config.webDistDir ?? paths.webDist,
    // JSON lines, or readable lines when stdout is a terminal (infra/logging).
    logger: await loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    // Public URL, mail (SMTP or outbox), Redis or in-memory rate limits, captcha key, Google sign-in.
    accounts: config,
  });

  appLog.current = app.log;
  // Under the start-up lock: nodes started together on an empty database seed it once (the others find it full).
  if (config.seedDemo && (await database.exclusively(() => seedDemoCatalog(services)))) app.log.info('Seeded the demo catalog');
  // Statistics and search indexes brought up to date now, not a minute later (or, on PGlite, never).
  await scheduleDatabaseUpkeep(services.jobs, database, app.log);
  await scheduleAnalyticsRetention(services, config.analyticsRetentionDays, app.log);
  if (youtube) await asBackgroundWork(() => startYouTube(youtube, services, app.log));
  // Followed channels refreshed every CHANNEL_REFRESH_MINUTES; notifications dispatched every minute.
  await scheduleNewVideoJobs(services, { refreshMinutes: config.channelRefreshMinutes, remote: provider.remote });

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${path.join(config.dataDir, 'db')}`;
  app.log.info(`${config.appName} is ready at http://localhost:${config.port} (database: ${where})`);
  const mail = config.smtpUrl ? 'SMTP' : `.eml files in ${path.join(config.dataDir, 'outbox')}`;
  const limits = config.redisUrl ? 'Redis' : 'memory';
  const videoService = config.youtube ? `YouTube (${config.youtube.apiUrl}, ${config.youtube.quotaPerDay} units a day)` : 'demo';
  app.log.info(`Public URL ${config.publicUrl}; mail: ${mail}; rate limits: ${limits}; Google sign-in: ${config.google ? 'on' : 'off'}; YouTube account import: ${config.google && config.tokenEncryptionKey && config.youtube ? 'on' : 'off'}; subscriptions: ${config.subscriptionsEnabled ? 'on' : 'off'}; contact form: ${config.contactEmail ? `to ${config.contactEmail}` : 'off'}; billing: ${config.billing ? `Stripe (${config.billing.apiBase})` : 'off'}; video service: ${videoService}; client addresses: ${describeTrustProxy(config.trustProxy)}`);
  if (!process.env.CAPTCHA_HMAC_KEY) app.log.info('CAPTCHA_HMAC_KEY is not set: captcha challenges are signed with a key of this process only');
  // Once, to the operator: what the pages no longer tell members (how to turn on the contact page and Premium).
  for (const note of operatorNotes(config)) app.log.info(note);
}

/**
 * A fresh YouTube-backed instance is filled with the region's most popular videos (and their channels), so nobody
 * meets an empty dashboard; a known catalog is only probed (1 unit). A refused key is said once, clearly, and the app
 * serves what it has. The day's quota use is logged every hour.
 */
async function startYouTube(youtube: YouTubeProvider, services: Services, log: FastifyBaseLogger): Promise<void> {
  try {
    if (await services.catalog.isEmpty()) log.info(`Filled the catalog with ${await services.catalog.importPopular()} of YouTube's most popular videos`);
    else await youtube.popularVideos(1);
  } catch (error) {
    if (!(error instanceof VideoServiceUnavailableError)) throw error;
    if (error.reason !== 'key-refused') log.warn(`YouTube is not reachable at start-up (${error.message}); Sift serves what it has and tries again when asked`);
  }
  const logQuota = async () => {
    const quota = await youtube.quota();
    log.info(`YouTube quota ${quota.day} (Pacific): ${quota.spent} of ${quota.budget} units used; resets at ${quota.resetsAt.toISOString()}`);
  };
  await logQuota();
  setInterval(() => void logQuota().catch(() => {}), QUOTA_LOG_MS).unref();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
