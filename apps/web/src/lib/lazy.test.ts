import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from './config';
import { ChunkLoadError, loadWithin } from './lazy';

describe('loadWithin (SPEC §8 chunk load timeout)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is 120 seconds', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('gives what arrived in time', async () => {
    const load = loadWithin(() => new Promise<string>((resolve) => setTimeout(() => resolve('page'), 119_999)));
    await vi.advanceTimersByTimeAsync(119_999);
    await expect(load).resolves.toBe('page');
  });

  it('fails with a ChunkLoadError when nothing arrived after 120 s', async () => {
    const load = loadWithin(() => new Promise<string>(() => {}));
    const outcome = expect(load).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(120_000);
    await outcome;
  });

  it('fails with a ChunkLoadError, the cause kept, when the load fails', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module');
    await expect(loadWithin(() => Promise.reject(cause))).rejects.toMatchObject({ name: 'ChunkLoadError', cause });
  });
});
