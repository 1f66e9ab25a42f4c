import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { EMAIL_PATTERN } from '@sift/contracts';
import type { QueryBounds } from './infra/db/query-bounds.js';
import { parseTrustProxy, type TrustProxy } from './infra/http/trust-proxy.js';
import { parseTokenEncryptionKey } from './infra/security/token-cipher.js';
import { DEFAULT_RATE_LIMITS, UNLIMITED_RATE_LIMITS, type RateLimits } from './infra/rate-limit/rate-limiter.js';

/** A setting that may be unset or empty (both mean unset). */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined);

const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false', '1', '0', 'on', 'off'])
    .default(fallback)
    .transform((v) => v === 'true' || v === '1' || v === 'on');

/**
 * Every setting comes from the environment and has an embedded default (README "Configuration").
 * Unset real parts (DATABASE_URL, ...) mean the embedded default is used.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /**
   * Connections each process keeps to PostgreSQL. Each statement waits its turn for one, and a connection is busy
   * until this process has read the answer, so too few make every request queue once per statement under load.
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(20),
  /**
   * The longest a request's SQL statement may run on PostgreSQL before it is cancelled and the request answered 503
   * (issue 28): no single read may hold the database. Jobs and migrations are not bound by it.
   */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** The longest a request's query may wait for a free connection (on PGlite, its turn) before the request is answered 503. */
  DATABASE_POOL_WAIT_MS: z.coerce.number().int().min(10).max(60_000).default(2_000),
  /**
   * How many of the requests' reads that scan by keyword (filtered feeds, the sift editor's preview) may run at once
   * in this process; the others wait for a place at most DATABASE_POOL_WAIT_MS, then are answered 503. Kept to what
   * the database server finishes quickly, whatever DATABASE_POOL_SIZE is (decision 037).
   */
  DATABASE_HEAVY_READS: z.coerce.number().int().min(1).max(200).default(4),
  APP_NAME: z.string().min(1).default('Sift'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built SPA lives; the server serves it with history fallback when the folder exists. */
  WEB_DIST_DIR: z.string().optional(),
  /** Seed the demo catalog when the database has no channels yet (default: only without YOUTUBE_API_KEY). */
  SEED_DEMO: z.enum(['true', 'false', '1', '0', 'on', 'off']).optional(),
  /**
   * The reverse proxies whose X-Forwarded-For entries name the client (per-address limits count it): a hop count
   * (`true` is one hop), or their addresses and CIDRs. Never every hop: the leftmost entries are the client's own words.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /** The address people reach Sift at; mail links and the OpenID redirect URI start with it. Default http://localhost:$PORT. */
  PUBLIC_URL: z.string().url().optional(),
  /** Real part for mail: an SMTP URL (smtp://user:pass@host:587, smtps://...). Unset: .eml files in $DATA_DIR/outbox. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).optional(),
  /** Where the contact form's messages go. Unset (or empty): the form says the site takes no messages. */
  CONTACT_EMAIL: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(z.string().regex(EMAIL_PATTERN, 'must be an e-mail address').optional())
    .optional(),
  /** Days usage events (analytics_events) are kept; older ones are deleted every hour. 13 months: a year on year. */
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(395),
  /** Real part for rate limits: shared counters in Redis, so several API nodes agree. Unset: in memory. */
  REDIS_URL: z.string().url().optional(),
  /** `off` lifts the rate limits (browser tests that log in many times from one address). */
  RATE_LIMITS: flag('true'),
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /**
   * Seals the refresh tokens of connected YouTube accounts (AES-256-GCM): 32 bytes, hex or base64. Unset: importing
   * from a YouTube account is off (nothing is derived from another secret, decisions/017).
   */
  TOKEN_ENCRYPTION_KEY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return undefined;
      try {
        return parseTokenEncryptionKey(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /** Signs captcha challenges; every API node needs the same one. Unset: a random key per process. */
  CAPTCHA_HMAC_KEY: z.string().min(16).optional(),
  /** Proof-of-work size: the browser tries up to this many hashes (half of it on average is the floor). */
  CAPTCHA_MAX_NUMBER: z.coerce.number().int().min(10).max(10_000_000).default(50_000),
  /** Minutes between asks to the video service for a followed channel's new uploads (a divisor of 60). */
  CHANNEL_REFRESH_MINUTES: z.coerce
    .number()
    .int()
    .refine((m) => m >= 1 && m <= 60 && 60 % m === 0, 'must divide 60 (1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30 or 60)')
    .default(15),
  /**
   * The subscription option (SPEC §5 "the follow option shows only when the subscription option is enabled"): off
   * hides every Follow control in the web app and the subscription API answers 403 SUBSCRIPTIONS_DISABLED.
   */
  SUBSCRIPTIONS_ENABLED: flag('true'),
  /** Demo provider: minutes between two new uploads of one demo channel (0: the demo catalog stays as seeded). */
  DEMO_UPLOAD_MINUTES: z.coerce.number().int().min(0).max(100_000).default(120),
  /** Real part for the video service: with a Data API v3 key the catalog is YouTube's (decisions/015). */
  YOUTUBE_API_KEY: z.string().trim().min(1).optional(),
  YOUTUBE_API_URL: z.string().url().default('https://www.googleapis.com/youtube/v3'),
  YOUTUBE_FEEDS_URL: z.string().url().default('https://www.youtube.com/feeds/videos.xml'),
  YOUTUBE_QUOTA_PER_DAY: z.coerce.number().int().min(1).max(100_000_000).default(10_000),
  /** Region of the most popular videos that fill a fresh YouTube-backed instance (ISO 3166-1 alpha-2). */
  YOUTUBE_REGION: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter region code such as US')
    .default('US')
    .transform((r) => r.toUpperCase()),
  /**
   * Payments for PREMIUM through Stripe Checkout (issue 19, decisions/024): the secret API key and the webhook
   * endpoint's signing secret together turn billing on; either alone is refused. Unset: no payments, and an operator
   * sets plans with `npm run admin -- set-plan`.
   */
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** The recurring prices (price_…) of PREMIUM, billed monthly and annually; at least one with billing on. */
  STRIPE_PRICE_MONTHLY: optionalText,
  STRIPE_PRICE_ANNUAL: optionalText,
  /** Where Stripe's API is: tests point it at the stand-in (apps/server/test/support/stripe-stand-in.ts). */
  STRIPE_API_BASE: z.string().url().default('https://api.stripe.com'),
});

export interface YouTubeSettings {
  apiKey: string;
  apiUrl: string;
  feedsUrl: string;
  quotaPerDay: number;
  region: string;
}

export interface BillingSettings {
  secretKey: string;
  webhookSecret: string;
  /** The Stripe price of each way to pay; an interval without one is not offered. */
  prices: { monthly?: string | undefined; annual?: string | undefined };
  /** Stripe's API (https://api.stripe.com), or a stand-in's. */
  apiBase: string;
}

export interface GoogleSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** DATABASE_STATEMENT_TIMEOUT_MS, DATABASE_POOL_WAIT_MS and DATABASE_HEAVY_READS. */
  databaseBounds: QueryBounds;
  appName: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDistDir: string | undefined;
  seedDemo: boolean;
  /** TRUST_PROXY: false (no proxy), a hop count, or the proxies' addresses and CIDRs. */
  trustProxy: TrustProxy;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** CONTACT_EMAIL: the contact form's recipient; unset, the form is off. */
  contactEmail: string | undefined;
  /** ANALYTICS_RETENTION_DAYS: usage events older than this are deleted (decisions/020). */
  analyticsRetentionDays: number;
  redisUrl: string | undefined;
  rateLimits: RateLimits;
  /** Set when both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are; otherwise Google sign-in is off. */
  google: GoogleSettings | undefined;
  /** TOKEN_ENCRYPTION_KEY: with Google and YouTube set up, members may connect their YouTube account (issue 16 §1). */
  tokenEncryptionKey: Buffer | undefined;
  captchaHmacKey: string;
  captchaMaxNumber: number;
  channelRefreshMinutes: number;
  demoUploadMinutes: number;
  subscriptionsEnabled: boolean;
  /** Set when YOUTUBE_API_KEY is: the video service is YouTube; otherwise the demo provider. */
  youtube: YouTubeSettings | undefined;
  /** YOUTUBE_QUOTA_PER_DAY, also without a key (the admin's quota report). */
  youtubeQuotaPerDay: number;
  /** Set when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are: members pay for PREMIUM through Stripe Checkout. */
  billing: BillingSettings | undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseBounds: { statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS, waitMs: e.DATABASE_POOL_WAIT_MS, heavyReads: e.DATABASE_HEAVY_READS },
    appName: e.APP_NAME,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    seedDemo: e.SEED_DEMO === undefined ? !e.YOUTUBE_API_KEY : ['true', '1', 'on'].includes(e.SEED_DEMO),
    trustProxy: e.TRUST_PROXY,
    publicUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${e.APP_NAME} <no-reply@${new URL(publicUrl).hostname}>`,
    contactEmail: e.CONTACT_EMAIL,
    analyticsRetentionDays: e.ANALYTICS_RETENTION_DAYS,
    redisUrl: e.REDIS_URL,
    rateLimits: e.RATE_LIMITS ? DEFAULT_RATE_LIMITS : UNLIMITED_RATE_LIMITS,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { issuer: e.GOOGLE_ISSUER, clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
        : undefined,
    tokenEncryptionKey: e.TOKEN_ENCRYPTION_KEY,
    // A key made here lives as long as the process: fine for one node, but every node of a cluster must share one.
    captchaHmacKey: e.CAPTCHA_HMAC_KEY ?? randomBytes(32).toString('hex'),
    captchaMaxNumber: e.CAPTCHA_MAX_NUMBER,
    channelRefreshMinutes: e.CHANNEL_REFRESH_MINUTES,
    demoUploadMinutes: e.DEMO_UPLOAD_MINUTES,
    subscriptionsEnabled: e.SUBSCRIPTIONS_ENABLED,
    youtube: e.YOUTUBE_API_KEY
      ? {
          apiKey: e.YOUTUBE_API_KEY,
          apiUrl: e.YOUTUBE_API_URL.replace(/\/+$/, ''),
          feedsUrl: e.YOUTUBE_FEEDS_URL,
          quotaPerDay: e.YOUTUBE_QUOTA_PER_DAY,
          region: e.YOUTUBE_REGION,
        }
      : undefined,
    youtubeQuotaPerDay: e.YOUTUBE_QUOTA_PER_DAY,
    billing: billingSettings(e),
  };
}

/** Billing is all or nothing: half a configuration would take money and never change a plan, so it stops the start. */
function billingSettings(e: z.infer<typeof envSchema>): BillingSettings | undefined {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_PRICE_MONTHLY: monthly, STRIPE_PRICE_ANNUAL: annual } = e;
  if (!secretKey && !webhookSecret) return undefined;
  const problems = [
    !secretKey && 'STRIPE_SECRET_KEY: required with STRIPE_WEBHOOK_SECRET',
    !webhookSecret && 'STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY (the plan changes only on a signed webhook)',
    !monthly && !annual && 'STRIPE_PRICE_MONTHLY or STRIPE_PRICE_ANNUAL: at least one price is required with billing on',
  ].filter(Boolean);
  if (problems.length > 0 || !secretKey || !webhookSecret) throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  return { secretKey, webhookSecret, prices: { monthly, annual }, apiBase: e.STRIPE_API_BASE.replace(/\/+$/, '') };
}
