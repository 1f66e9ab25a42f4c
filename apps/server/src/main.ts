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
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
