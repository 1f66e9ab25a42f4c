import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AccountSettings, type Services } from '../../src/app.js';
import type { TrustProxy } from '../../src/infra/http/trust-proxy.js';
import { LOG_SERIALIZERS } from '../../src/infra/logging/logger.js';
import { MemoryMailer, type Mailer } from '../../src/infra/mail/mailer.js';
import { UNLIMITED_RATE_LIMITS, type RateLimiter } from '../../src/infra/rate-limit/rate-limiter.js';
import type { VideoProvider } from '../../src/providers/video-provider.js';
import { FakeVideoService } from './fake-video-service.js';
import { openTestDatabase, type TestDatabase, type TestDatabaseOptions } from './test-database.js';

export const TEST_PUBLIC_URL = 'http://sift.test';
/**
 * The bound on a test that seeds the whole demo catalog (4,800 videos and their words): ~8 s on a quiet 2-core machine,
 * past 30 s at a load of 14 — a bound for a stuck test, not a wait.
 */
export const SEEDING_TIMEOUT_MS = 120_000;

export interface TestContext {
  app: FastifyInstance;
  services: Services;
  database: TestDatabase;
  videoService: FakeVideoService;
  /** The mails the app sent, unless the file configured real SMTP (then this stays empty). */
  mailer: MemoryMailer;
  /** The app's log lines (pino's JSON objects: level 40 warn, 50 error), when the file asked for `captureLogs`. */
  logs: LogLine[];
}

export interface LogLine {
  level: number;
  msg?: string;
  [key: string]: unknown;
}

export interface TestAppOptions {
  /**
   * Account settings over the tests' defaults: public URL http://sift.test, no rate limits (every request of a file
   * comes from one address), a captcha small enough to solve in milliseconds.
   */
  accounts?: Partial<AccountSettings> | (() => Partial<AccountSettings>);
  /** A mailer of the test's own; without one (and without smtpUrl) mails land in `context.mailer`. */
  mailer?: Mailer;
  rateLimiter?: RateLimiter;
  /** The subscription option (SUBSCRIPTIONS_ENABLED); default on. */
  subscriptionsEnabled?: boolean;
  /** A video service of the test's own (the YouTube provider against its stand-in); default the FakeVideoService. */
  videoProvider?: (database: TestDatabase) => VideoProvider;
  /** Shed load as the embedded database does (by event-loop utilisation); default as on PostgreSQL. */
  embeddedDatabase?: boolean;
  /** A built web app to serve (WEB_DIST_DIR), made by the test; default none (the API alone). */
  webDistDir?: () => string;
  /** The request pool's size and bounds; default 20 connections and bounds no busy machine reaches. */
  database?: TestDatabaseOptions;
  /** The proxies in front (TRUST_PROXY); default none. */
  trustProxy?: TrustProxy;
  /** How long a request may take to arrive; default the app's 30 s. */
  requestTimeoutMs?: number;
  /** Keep the app's log lines (info and up, as the server writes them) in `context.logs`; default no logger. */
  captureLogs?: boolean;
}

/** One app over one fresh database per test file; each test builds the rows it needs with the factories. */
export function useTestApp(options: TestAppOptions = {}): TestContext {
  const context = {} as TestContext;
  beforeAll(async () => {
    context.database = await openTestDatabase(options.database);
    context.videoService = new FakeVideoService();
    context.mailer = new MemoryMailer();
    context.logs = [];
    const logs = context.logs;
    // pino writes each line whole, synchronously, to a stream's write().
    const logger = options.captureLogs
      ? { level: 'info', serializers: LOG_SERIALIZERS, stream: { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) } }
      : undefined;
    const accounts = {
      publicUrl: TEST_PUBLIC_URL,
      rateLimits: UNLIMITED_RATE_LIMITS,
      captchaMaxNumber: 200,
      ...(typeof options.accounts === 'function' ? options.accounts() : options.accounts),
    };
    const built = await buildApp({
      db: context.database.db,
      provider: options.videoProvider?.(context.database) ?? context.videoService,
      appName: 'Sift',
      accounts,
      mailer: options.mailer ?? (accounts.smtpUrl ? undefined : context.mailer),
      rateLimiter: options.rateLimiter,
      subscriptionsEnabled: options.subscriptionsEnabled,
      embeddedDatabase: options.embeddedDatabase,
      webDistDir: options.webDistDir?.(),
      trustProxy: options.trustProxy,
      requestTimeoutMs: options.requestTimeoutMs,
      logger,
    });
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
