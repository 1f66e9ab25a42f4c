import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { counterOptions, Limit, type CounterOptions, type RateLimiter, type RateLimitRule } from './rate-limiter.js';

export interface RedisRateLimiterOptions {
  /** Namespaces the keys (tests use a unique prefix per run). */
  keyPrefix?: string;
  /** Called when Redis cannot be reached (and this node counts in its own memory meanwhile). */
  onError?: (error: unknown) => void;
}

/**
 * The real part: counters in Redis, shared by every API node (REDIS_URL). While Redis cannot be reached each counter
 * falls back to an insurance counter in this process's memory, so limits still hold per node; what was counted there
 * is not carried back to Redis.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;
  private readonly prefix: string;

  constructor(url: string, private readonly options: RedisRateLimiterOptions = {}) {
    // No offline queue and short timeouts: while Redis is away a login goes to the insurance counter at once
    // instead of waiting for a reconnection.
    this.redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 5_000, commandTimeout: 1_000 });
    this.redis.on('error', (error) => options.onError?.(error));
    this.prefix = options.keyPrefix ?? 'sift:rl:';
  }

  limit(name: string, rule: RateLimitRule): Limit {
    const options = counterOptions(name, rule);
    if (!options) return new Limit(null, rule);
    const counter = new RateLimiterRedis({
      ...options,
      keyPrefix: this.prefix + name,
      storeClient: this.redis,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new InsuranceCounter(options, () => this.options.onError?.(new Error(`Redis is unavailable: "${name}" counts in memory`))),
    });
    return new Limit(counter, rule);
  }

  /** Resolves once connected (tests: so that the first count goes to Redis, not to the insurance). */
  ready(): Promise<void> {
    if (this.redis.status === 'ready') return Promise.resolve();
    return new Promise((resolve) => this.redis.once('ready', () => resolve()));
  }

  async close(): Promise<void> {
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }
}

/** rate-limiter-flexible's insurance: called only when Redis failed, so each use is reported. */
class InsuranceCounter extends RateLimiterMemory {
  constructor(options: CounterOptions, private readonly report: () => void) {
    super(options);
  }

  override consume(...args: Parameters<RateLimiterMemory['consume']>) {
    this.report();
    return super.consume(...args);
  }

  override penalty(...args: Parameters<RateLimiterMemory['penalty']>) {
    this.report();
    return super.penalty(...args);
  }

  override get(...args: Parameters<RateLimiterMemory['get']>) {
    this.report();
    return super.get(...args);
  }

  override delete(...args: Parameters<RateLimiterMemory['delete']>) {
    this.report();
    return super.delete(...args);
  }
}
