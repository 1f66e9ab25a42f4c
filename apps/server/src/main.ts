import path from 'node:path';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './infra/db/client.js';
import { paths } from './infra/paths.js';
import { seedDemoCatalog } from './jobs/seed-demo-catalog.js';
import { DemoProvider } from './providers/demo/demo-provider.js';

/** Starts Sift: one process serving the API and the built SPA, on embedded defaults unless configured. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
  const { app, services } = await buildApp({
    db: database.db,
    provider: new DemoProvider({ now: new Date() }),
    appName: config.appName,
    webDistDir: config.webDistDir ?? paths.webDist,
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    // Public URL, mail (SMTP or outbox), Redis or in-memory rate limits, captcha key, Google sign-in.
    accounts: config,
  });

  if (config.seedDemo && (await seedDemoCatalog(services))) app.log.info('Seeded the demo catalog');

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
  app.log.info(`Public URL ${config.publicUrl}; mail: ${mail}; rate limits: ${limits}; Google sign-in: ${config.google ? 'on' : 'off'}`);
  if (!process.env.CAPTCHA_HMAC_KEY) app.log.info('CAPTCHA_HMAC_KEY is not set: captcha challenges are signed with a key of this process only');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
