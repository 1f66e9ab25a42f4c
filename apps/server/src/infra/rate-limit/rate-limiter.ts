import { HttpError } from '../http/errors.js';

/**
 * Counts hits per key in fixed windows (DESIGN §2 "Rate limits": in memory by default, Redis when REDIS_URL is
 * set so that several API nodes share the counters).
 */
export interface RateLimiter {
  /** Counts one hit on key; allowed while the window's count is at most limit. */
  hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  /** Forgets the key's count (a successful login clears that account's failures). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window ends; 0 when allowed. */
  retryAfterSeconds: number;
  count: number;
}

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

/** Every limit the account endpoints apply, by purpose. */
export interface RateLimits {
  loginPerIp: RateLimitRule;
  loginPerAccount: RateLimitRule;
  signupPerIp: RateLimitRule;
  /** Confirmation resends and password-reset mails, per e-mail address ... */
  mailPerEmail: RateLimitRule;
  /** ... and per client address. */
  mailPerIp: RateLimitRule;
}

const minutes = (n: number) => n * 60;
export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerIp: { limit: 10, windowSeconds: minutes(15) },
  loginPerAccount: { limit: 5, windowSeconds: minutes(15) },
  signupPerIp: { limit: 5, windowSeconds: minutes(60) },
  mailPerEmail: { limit: 3, windowSeconds: minutes(60) },
  mailPerIp: { limit: 10, windowSeconds: minutes(60) },
};

const unlimited: RateLimitRule = { limit: Number.MAX_SAFE_INTEGER, windowSeconds: 1 };
/** RATE_LIMITS=off: nothing is counted against anyone (browser tests, local development). */
export const UNLIMITED_RATE_LIMITS: RateLimits = {
  loginPerIp: unlimited,
  loginPerAccount: unlimited,
  signupPerIp: unlimited,
  mailPerEmail: unlimited,
  mailPerIp: unlimited,
};

/** Counts a hit and throws 429 RATE_LIMITED with Retry-After when the rule is exceeded. */
export async function enforce(limiter: RateLimiter, key: string, rule: RateLimitRule): Promise<void> {
  if (rule.limit >= Number.MAX_SAFE_INTEGER) return;
  const result = await limiter.hit(key, rule.limit, rule.windowSeconds);
  if (result.allowed) return;
  const retryAfter = Math.max(1, result.retryAfterSeconds);
  throw new HttpError(429, `Too many attempts. Try again in ${describeWait(retryAfter)}.`, 'RATE_LIMITED', undefined, {
    'retry-after': String(retryAfter),
  });
}

function describeWait(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/** The embedded default: counters in this process only. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    const now = this.now();
    if (this.windows.size > 10_000) this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowSeconds * 1000 };
      this.windows.set(key, window);
    }
    window.count++;
    const allowed = window.count <= limit;
    return { allowed, count: window.count, retryAfterSeconds: allowed ? 0 : Math.ceil((window.resetAt - now) / 1000) };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
