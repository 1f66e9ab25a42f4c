import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors.js';
import { enforce, MemoryRateLimiter, UNLIMITED_RATE_LIMITS } from './rate-limiter.js';

describe('MemoryRateLimiter', () => {
  it('allows up to the limit in a window, then tells how long to wait, and opens again when the window ends', async () => {
    let now = 1_000_000;
    const limiter = new MemoryRateLimiter(() => now);
    for (let i = 1; i <= 3; i++) expect(await limiter.hit('k', 3, 60)).toEqual({ allowed: true, count: i, retryAfterSeconds: 0 });
    now += 20_000;
    expect(await limiter.hit('k', 3, 60)).toEqual({ allowed: false, count: 4, retryAfterSeconds: 40 });
    expect((await limiter.hit('other', 3, 60)).allowed).toBe(true);
    now += 40_000;
    expect(await limiter.hit('k', 3, 60)).toEqual({ allowed: true, count: 1, retryAfterSeconds: 0 });
  });

  it('forgets a key on reset', async () => {
    const limiter = new MemoryRateLimiter();
    await limiter.hit('k', 1, 60);
    expect((await limiter.hit('k', 1, 60)).allowed).toBe(false);
    await limiter.reset('k');
    expect((await limiter.hit('k', 1, 60)).allowed).toBe(true);
  });
});

describe('enforce', () => {
  it('throws 429 RATE_LIMITED with Retry-After past the limit', async () => {
    const limiter = new MemoryRateLimiter();
    await enforce(limiter, 'k', { limit: 1, windowSeconds: 900 });
    const error = await enforce(limiter, 'k', { limit: 1, windowSeconds: 900 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', headers: { 'retry-after': '900' } });
    expect((error as HttpError).message).toMatch(/15 minutes/);
  });

  it('counts nothing when limits are off', async () => {
    const limiter = new MemoryRateLimiter();
    for (let i = 0; i < 100; i++) await enforce(limiter, 'k', UNLIMITED_RATE_LIMITS.loginPerIp);
    expect((await limiter.hit('k', 1, 60)).count).toBe(1);
  });
});
