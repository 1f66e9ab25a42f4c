import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../http/errors.js';
import { MemoryRateLimiter, NO_LIMIT } from './rate-limiter.js';

const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

describe('Limit (in memory)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('allows the points of a window, then answers 429 RATE_LIMITED with Retry-After, and opens when the window ends', async () => {
    const limit = new MemoryRateLimiter().limit('t', { points: 3, durationSeconds: 900 });
    for (let i = 0; i < 3; i++) await limit.consume('k');
    vi.advanceTimersByTime(300_000);
    const error = await refusal(limit.consume('k'));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', headers: { 'retry-after': '600' } });
    expect((error as HttpError).message).toMatch(/10 minutes/);
    await limit.consume('other key');
    vi.advanceTimersByTime(600_000);
    await limit.consume('k');
  });

  it('keeps a key blocked for blockSeconds once over, and assertOpen refuses it without counting', async () => {
    const limit = new MemoryRateLimiter().limit('t', { points: 2, durationSeconds: 60, blockSeconds: 3600 });
    await limit.consume('k');
    await limit.consume('k');
    await limit.assertOpen('k');
    expect(await refusal(limit.consume('k'))).toMatchObject({ status: 429, headers: { 'retry-after': '3600' } });
    vi.advanceTimersByTime(120_000);
    const error = await refusal(limit.assertOpen('k'));
    expect(error).toMatchObject({ status: 429, headers: { 'retry-after': '3480' } });
    expect((error as HttpError).message).toMatch(/58 minutes/);
    await limit.assertOpen('another');
    vi.advanceTimersByTime(3_480_000);
    await limit.assertOpen('k');
  });

  it('counts without refusing, tells when the points are used, and forgets a key on reset', async () => {
    const limit = new MemoryRateLimiter().limit('t', { points: 2, durationSeconds: 60 });
    await limit.count('k');
    expect(await limit.reached('k')).toBe(false);
    await limit.count('k');
    await limit.count('k');
    expect(await limit.reached('k')).toBe(true);
    await limit.reset('k');
    expect(await limit.reached('k')).toBe(false);
  });

  it('keeps each purpose apart', async () => {
    const limiter = new MemoryRateLimiter();
    const a = limiter.limit('a', { points: 1, durationSeconds: 60 });
    const b = limiter.limit('b', { points: 1, durationSeconds: 60 });
    await a.consume('k');
    await b.consume('k');
    expect(await refusal(a.consume('k'))).toMatchObject({ status: 429 });
  });

  it('counts nothing when the rule is off (RATE_LIMITS=off)', async () => {
    const limit = new MemoryRateLimiter().limit('t', NO_LIMIT);
    for (let i = 0; i < 100; i++) {
      await limit.consume('k');
      await limit.count('k');
    }
    await limit.assertOpen('k');
    expect(await limit.reached('k')).toBe(false);
  });
});
