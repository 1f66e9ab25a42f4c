import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { HttpError } from '../http/errors.js';

/**
 * Counters per purpose and key (DESIGN §2 "Rate limits", decisions/018), on rate-limiter-flexible: in this process
 * by default, in Redis when REDIS_URL is set so that every API node shares them (`redis-rate-limiter.ts`).
 */
export interface RateLimiter {
  /** The counter of one purpose: `name` keeps its keys apart from every other purpose's. */
  limit(name: string, rule: RateLimitRule): Limit;
  close(): Promise<void>;
}

/**
 * At most `points` events per key in `durationSeconds`, counted from the key's first event; once over, the key is
 * refused until its window ends, or for `blockSeconds` from that moment when set.
 */
export interface RateLimitRule {
  points: number;
  durationSeconds: number;
  blockSeconds?: number;
}

/** Every limit the account endpoints apply, by purpose (decisions/018). */
export interface RateLimits {
  /** Every login request per client address: stops floods. */
  loginPerIp: RateLimitRule;
  /** Failed logins per client address: stops slow brute force from one address. */
  loginFailuresPerIp: RateLimitRule;
  /** Consecutive failed logins per account and address; a successful login clears them. */
  loginFailuresPerAccountAndIp: RateLimitRule;
  /** Failed logins per account from any address: past it a login needs a solved captcha (never a lock-out). */
  loginFailuresPerAccount: RateLimitRule;
  signupPerIp: RateLimitRule;
  /** Confirmation resends and password-reset mails, per e-mail address ... */
  mailPerEmail: RateLimitRule;
  /** ... and per client address. */
  mailPerIp: RateLimitRule;
  /** Messages of the contact form per client address (decisions/020). */
  contactPerIp: RateLimitRule;
  /** Batches of analytics events per client address (decisions/020). */
  analyticsPerIp: RateLimitRule;
  /** Checkouts started, cancellations and resumptions per member: each is a call to Stripe (decisions/024). */
  billingPerMember: RateLimitRule;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerIp: { points: 10, durationSeconds: 15 * MINUTE },
  loginFailuresPerIp: { points: 100, durationSeconds: DAY, blockSeconds: DAY },
  loginFailuresPerAccountAndIp: { points: 10, durationSeconds: DAY, blockSeconds: HOUR },
  loginFailuresPerAccount: { points: 5, durationSeconds: 15 * MINUTE },
  signupPerIp: { points: 5, durationSeconds: HOUR },
  mailPerEmail: { points: 3, durationSeconds: HOUR },
  mailPerIp: { points: 10, durationSeconds: HOUR },
  contactPerIp: { points: 5, durationSeconds: HOUR },
  analyticsPerIp: { points: 120, durationSeconds: MINUTE },
  billingPerMember: { points: 20, durationSeconds: HOUR },
};

/** A rule that counts nothing. */
export const NO_LIMIT: RateLimitRule = { points: Number.POSITIVE_INFINITY, durationSeconds: 0 };
/** RATE_LIMITS=off: nothing is counted against anyone (browser tests, local development). */
export const UNLIMITED_RATE_LIMITS: RateLimits = {
  loginPerIp: NO_LIMIT,
  loginFailuresPerIp: NO_LIMIT,
  loginFailuresPerAccountAndIp: NO_LIMIT,
  loginFailuresPerAccount: NO_LIMIT,
  signupPerIp: NO_LIMIT,
  mailPerEmail: NO_LIMIT,
  mailPerIp: NO_LIMIT,
  contactPerIp: NO_LIMIT,
  analyticsPerIp: NO_LIMIT,
  billingPerMember: NO_LIMIT,
};

export type CounterOptions = ConstructorParameters<typeof RateLimiterMemory>[0];

/** rate-limiter-flexible's options for a rule; null when the rule counts nothing. */
export function counterOptions(name: string, rule: RateLimitRule): CounterOptions | null {
  if (!Number.isFinite(rule.points)) return null;
  return { keyPrefix: name, points: rule.points, duration: rule.durationSeconds, blockDuration: rule.blockSeconds ?? 0 };
}

/** One purpose's counter. Keys are whatever the caller counts by: an address, an e-mail, both. */
export class Limit {
  constructor(
    private readonly counter: RateLimiterAbstract | null,
    readonly rule: RateLimitRule,
  ) {}

  /** Counts one event; past the rule, 429 RATE_LIMITED with Retry-After. */
  async consume(key: string): Promise<void> {
    try {
      await this.counter?.consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw tooManyAttempts(error.msBeforeNext);
      throw error;
    }
  }

  /** Counts one event and never refuses: for thresholds read with `reached`. */
  async count(key: string): Promise<void> {
    await this.counter?.penalty(key);
  }

  /** 429 while the key is over the rule (blocked), counting nothing. */
  async assertOpen(key: string): Promise<void> {
    const res = await this.counter?.get(key);
    if (res && res.consumedPoints > this.rule.points) throw tooManyAttempts(res.msBeforeNext);
  }

  /** Whether the key has used every point of its window. */
  async reached(key: string): Promise<boolean> {
    const res = await this.counter?.get(key);
    return !!res && res.consumedPoints >= this.rule.points;
  }

  /** Forgets the key (a successful login clears its failures). */
  async reset(key: string): Promise<void> {
    await this.counter?.delete(key);
  }
}

function tooManyAttempts(msBeforeNext: number): HttpError {
  const retryAfter = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new HttpError(429, `Too many attempts. Try again in ${describeWait(retryAfter)}.`, 'RATE_LIMITED', undefined, {
    'retry-after': String(retryAfter),
  });
}

function describeWait(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  if (seconds < 90 * MINUTE) return `${Math.ceil(seconds / MINUTE)} minutes`;
  return `${Math.ceil(seconds / HOUR)} hours`;
}

/** The embedded default: counters in this process only. */
export class MemoryRateLimiter implements RateLimiter {
  limit(name: string, rule: RateLimitRule): Limit {
    const options = counterOptions(name, rule);
    return new Limit(options && new RateLimiterMemory(options), rule);
  }

  async close(): Promise<void> {}
}
