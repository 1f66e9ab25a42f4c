import { Redis } from 'ioredis';
import type { RateLimiter, RateLimitResult } from './rate-limiter.js';

// INCR and the window's expiry in one atomic step, so a crash between them cannot leave a key that never expires.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

export interface RedisRateLimiterOptions {
  /** Namespaces the keys (tests use a unique prefix per run). */
  keyPrefix?: string;
  /** Called when Redis cannot be reached; the hit is then allowed rather than locking everyone out. */
  onError?: (error: unknown) => void;
}

/** The real part: fixed-window counters in Redis, shared by every API node (REDIS_URL). */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;
  private readonly prefix: string;

  constructor(url: string, private readonly options: RedisRateLimiterOptions = {}) {
    // Give up on a command after one reconnection attempt: a login should not hang on a counter while Redis is away.
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 5_000 });
    this.redis.on('error', (error) => options.onError?.(error));
    this.prefix = options.keyPrefix ?? 'sift:rl:';
  }

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    try {
      const [count, ttlMs] = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, String(windowSeconds * 1000))) as [number, number];
      const allowed = count <= limit;
      return { allowed, count, retryAfterSeconds: allowed ? 0 : Math.ceil(ttlMs / 1000) };
    } catch (error) {
      this.options.onError?.(error);
      return { allowed: true, count: 0, retryAfterSeconds: 0 };
    }
  }

  async reset(key: string): Promise<void> {
    try {
      await this.redis.del(this.prefix + key);
    } catch (error) {
      this.options.onError?.(error);
    }
  }

  async close(): Promise<void> {
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }
}
