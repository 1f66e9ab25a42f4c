import { useSyncExternalStore } from 'react';

/**
 * One value that any layer may set and one mounted component shows: the open add-to-playlist or add-to-sift
 * popup, asked for by a card menu or the player menu and rendered by a host mounted once in the app.
 */
export function createSlot<T>() {
  let current: T | null = null;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    set(value: T | null) {
      current = value;
      for (const listener of listeners) listener();
    },
    get: () => current,
    /** The current value, re-rendering when it changes. */
    useValue: () => useSyncExternalStore(subscribe, () => current),
  };
}
