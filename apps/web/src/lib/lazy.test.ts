import { cleanup, render, screen } from '@testing-library/react';
import { createElement, Suspense, type ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from './config';
import { ChunkLoadError, lazy, loadWithin } from './lazy';

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

describe('lazy', () => {
  afterEach(cleanup);
  const Page = () => createElement('p', null, 'the page');
  const view = (C: ComponentType) => render(createElement(Suspense, { fallback: createElement('p', null, 'loading') }, createElement(C)));

  it('draws a preloaded page in its first render: the first paint is the page, not the fallback', async () => {
    const Lazy = lazy(() => Promise.resolve({ default: Page }));
    await Lazy.preload();
    view(Lazy);
    expect(screen.getByText('the page')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('suspends until its chunk arrives when it was not preloaded', async () => {
    const Lazy = lazy(() => Promise.resolve({ default: Page }));
    view(Lazy);
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('the page')).toBeTruthy();
  });
});
