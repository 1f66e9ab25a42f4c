import { lazy as reactLazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from './config';

/** A lazily loaded part of the app (a route's or the player's chunk) that failed or did not arrive in time. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/**
 * `load()`, failing with a ChunkLoadError when it fails or has not settled after `ms` (SPEC §8: 120 s), so that a
 * stalled download ends in a message instead of a spinner forever.
 */
export function loadWithin<T>(load: () => Promise<T>, ms: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`Not loaded within ${ms / 1000} s`)), ms);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError('Failed to load', { cause }));
      },
    );
  });
}

/** React's `lazy` with the load timeout of SPEC §8; an error boundary (components/ChunkBoundary) shows the failure. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same constraint as React's own lazy
export function lazy<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return reactLazy(() => loadWithin(load));
}
