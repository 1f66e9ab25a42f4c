import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type Services } from '../../src/app.js';
import type { DatabaseHandle } from '../../src/infra/db/client.js';
import { FakeVideoService } from './fake-video-service.js';
import { openTestDatabase } from './test-database.js';

export interface TestContext {
  app: FastifyInstance;
  services: Services;
  database: DatabaseHandle;
  videoService: FakeVideoService;
}

/** One app over one fresh database per test file; each test builds the rows it needs with the factories. */
export function useTestApp(): TestContext {
  const context = {} as TestContext;
  beforeAll(async () => {
    context.database = await openTestDatabase();
    context.videoService = new FakeVideoService();
    const built = await buildApp({ db: context.database.db, provider: context.videoService, appName: 'Sift' });
    context.app = built.app;
    context.services = built.services;
    await context.app.ready();
  });
  afterAll(async () => {
    await context.app?.close();
    await context.database?.close();
  });
  return context;
}
