import path from 'node:path';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './infra/db/client.js';
import { paths } from './infra/paths.js';
import { PgBossJobQueue } from './infra/jobs/pg-boss-queue.js';
import { scheduleNewVideoJobs } from './jobs/new-videos.js';
import { seedDemoCatalog } from './jobs/seed-demo-catalog.js';
import { DemoProvider } from './providers/demo/demo-provider.js';
import { DemoWithNewUploads } from './providers/demo/new-uploads.js';

/** Starts Sift: one process serving the API and the built SPA, on embedded defaults unless configured. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
  const startedAt = new Date();
  const demo = new DemoProvider({ now: startedAt });
  // Jobs: in this process on the embedded default; on PostgreSQL a shared pg-boss queue, so several processes
  // split the work and each job (and each scheduled tick) runs once.
  const jobs = config.databaseUrl ? new PgBossJobQueue({ connectionString: config.databaseUrl, log: { error: (obj, msg) => console.error(msg, obj) } }) : undefined;
  const { app, services } = await buildApp({
    db: database.db,
    // The demo service publishes a new video per channel every DEMO_UPLOAD_MINUTES, so follows have news.
    provider: config.demoUploadMinutes > 0 ? new DemoWithNewUploads(demo, { since: startedAt, intervalMinutes: config.demoUploadMinutes }) : demo,
    jobs,
    channelRefreshMinutes: config.channelRefreshMinutes,
    subscriptionsEnabled: config.subscriptionsEnabled,
    appName: config.appName,
    webDistDir: config.webDistDir ?? paths.webDist,
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    // Public URL, mail (SMTP or outbox), Redis or in-memory rate limits, captcha key, Google sign-in.
    accounts: config,
  });

  if (config.seedDemo && (await seedDemoCatalog(services))) app.log.info('Seeded the demo catalog');
  // Followed channels refreshed every CHANNEL_REFRESH_MINUTES; notifications dispatched every minute.
  await scheduleNewVideoJobs(services, { refreshMinutes: config.channelRefreshMinutes });

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
  app.log.info(`Public URL ${config.publicUrl}; mail: ${mail}; rate limits: ${limits}; Google sign-in: ${config.google ? 'on' : 'off'}; subscriptions: ${config.subscriptionsEnabled ? 'on' : 'off'}`);
  if (!process.env.CAPTCHA_HMAC_KEY) app.log.info('CAPTCHA_HMAC_KEY is not set: captcha challenges are signed with a key of this process only');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
