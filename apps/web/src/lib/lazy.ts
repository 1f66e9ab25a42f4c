import { createElement, lazy as reactLazy, useState, type ComponentProps, type ComponentType } from 'react';
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

/** A lazily loaded component that can be asked for before it is drawn. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same constraint as React's own lazy
export type LazyComponent<T extends ComponentType<any>> = ComponentType<ComponentProps<T>> & {
  /** Loads the chunk; once it has arrived, the component draws in the same render, without suspending. */
  preload(): Promise<void>;
};

/**
 * React's `lazy` with the load timeout of SPEC §8; an error boundary (components/ChunkBoundary) shows the failure.
 * React's lazy suspends on its first render even when the chunk has arrived (it learns so a microtask later), so the
 * first paint would be its fallback: once `preload()` has settled, an instance mounted after it draws the component
 * itself (decision 030: the player of a page that opens a video is in its first paint). An instance keeps the way it
 * started, so that it never remounts.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same constraint as React's own lazy
export function lazy<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyComponent<T> {
  let loaded: T | undefined;
  const loadOnce = () =>
    loadWithin(load).then((module) => {
      loaded = module.default;
      return module;
    });
  const Suspending = reactLazy(loadOnce);
  function Lazy(props: ComponentProps<T>) {
    const [direct] = useState(() => loaded);
    return createElement(direct ?? Suspending, props);
  }
  Lazy.preload = () => loadOnce().then(() => undefined);
  return Lazy;
}
