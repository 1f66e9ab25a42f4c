import { useSyncExternalStore } from 'react';

/**
 * One value that any layer may set and one mounted component shows: the open add-to-playlist, add-to-sift or share
 * popup or the follow's success modal, asked for by a card menu, a page or the player menu and rendered by a host
 * mounted once in the app.
 */
export function createSlot<T>() {
  let current: T | null = null;
  // The path the value was set on (the browser's, which the router's may lag behind while a lazy page loads).
  let openedOn: string | null = null;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const set = (value: T | null) => {
    current = value;
    openedOn = value === null || typeof window === 'undefined' ? null : window.location.pathname;
    for (const listener of listeners) listener();
  };
  return {
    set,
    get: () => current,
    /** Clears a value set on another path than `pathname` (SPEC §2: popups close when the path changes). */
    closeUnlessOn: (pathname: string) => {
      if (current !== null && openedOn !== pathname) set(null);
    },
    /** The current value, re-rendering when it changes. */
    useValue: () => useSyncExternalStore(subscribe, () => current),
  };
}
