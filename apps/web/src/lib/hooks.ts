import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { DESKTOP_MIN_WIDTH } from './config';
import { nextTask } from './idle';
import { TRUNCATION_BREAKPOINTS, nameLimit } from './truncate';
import { preferences, type PreferenceKey, type Preferences } from './storage';

// One MediaQueryList per query, made on first use and listened to once: a list of cards asks the same queries fifty
// times a render. Its answer is kept from its own change events, and components subscribe to a plain set: reading
// `matches` while a render has changed the page brings the page's style up to date first, and a native listener per
// card and query cost a phone's list render milliseconds per card (issue 32's traces).
interface WatchedQuery {
  matches: boolean;
  listeners: Set<() => void>;
}
const mediaQueries = new Map<string, WatchedQuery>();
function mediaQuery(query: string): WatchedQuery {
  let watched = mediaQueries.get(query);
  if (!watched) {
    const list = window.matchMedia(query);
    const made: WatchedQuery = { matches: list.matches, listeners: new Set() };
    list.addEventListener('change', () => {
      made.matches = list.matches;
      made.listeners.forEach((l) => l());
    });
    mediaQueries.set(query, (watched = made));
  }
  return watched;
}
function subscribeQueries(queries: string[], cb: () => void): () => void {
  const watched = queries.map(mediaQuery);
  watched.forEach((w) => w.listeners.add(cb));
  return () => watched.forEach((w) => w.listeners.delete(cb));
}

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback((cb: () => void) => subscribeQueries([query], cb), [query]);
  return useSyncExternalStore(subscribe, () => mediaQuery(query).matches, () => false);
}

const DESKTOP_QUERY = `(min-width: ${DESKTOP_MIN_WIDTH}px)`;
export const useIsDesktop = () => useMediaQuery(DESKTOP_QUERY);
/** The same as useIsDesktop, read once where a hook cannot be (an event handler). */
export const isDesktop = () => mediaQuery(DESKTOP_QUERY).matches;

// The truncation breakpoints as media queries, widest first: what the CSS sees, and no layout read to learn it
// (reading clientWidth while a list of cards renders forced a layout per card).
const NAME_LIMIT_QUERIES = [...TRUNCATION_BREAKPOINTS].reverse().map((px) => ({ px, query: `(min-width: ${px}px)` }));
const subscribeNameLimit = (cb: () => void) => subscribeQueries(NAME_LIMIT_QUERIES.map(({ query }) => query), cb);
function currentNameLimit(): number {
  const at = NAME_LIMIT_QUERIES.find(({ query }) => mediaQuery(query).matches);
  return nameLimit(at ? at.px : 0);
}

/** The name truncation limit of SPEC §5 for the viewport's width (lib/truncate), re-rendering when it changes. */
export function useNameLimit(): number {
  return useSyncExternalStore(subscribeNameLimit, currentNameLimit, () => nameLimit(1280));
}

/** A preference and its setter; every component using the same key re-renders together (and across tabs). */
export function usePreference<K extends PreferenceKey>(key: K): [Preferences[K], (v: Preferences[K]) => void] {
  const subscribe = useCallback(
    (cb: () => void) => preferences.subscribe((changed) => changed === key && cb()),
    [key],
  );
  // Objects are parsed afresh on each get(); cache by raw identity through a snapshot of primitives only.
  const value = useSyncExternalStore(subscribe, () => snapshot(key));
  const set = useCallback((v: Preferences[K]) => preferences.set(key, v), [key]);
  return [value as Preferences[K], set];
}

const snapshots = new Map<PreferenceKey, { json: string; value: unknown }>();
function snapshot(key: PreferenceKey): unknown {
  const value = preferences.get(key);
  // A primitive is its own snapshot (compared by value); only objects need the identity kept below.
  if (value === null || typeof value !== 'object') return value;
  const json = JSON.stringify(value);
  const prev = snapshots.get(key);
  if (prev && prev.json === json) return prev.value;
  snapshots.set(key, { json, value });
  return value;
}

/**
 * Any store with get/subscribe (lib/api's inFlight, globalError); with `select`, only that part of its value, so a
 * change elsewhere in it draws nothing (`select` answers a primitive or a kept object).
 */
export function useStore<T>(store: { get(): T; subscribe(l: () => void): () => void }): T;
export function useStore<T, S>(store: { get(): T; subscribe(l: () => void): () => void }, select: (value: T) => S): S;
export function useStore<T, S>(store: { get(): T; subscribe(l: () => void): () => void }, select?: (value: T) => S): T | S {
  const get: () => T | S = select ? () => select(store.get()) : store.get;
  return useSyncExternalStore<T | S>(store.subscribe, get, get);
}

// The page's scroll offset as last seen by a scroll event. Reading window.scrollY while rendering forced a layout
// of the whole page in the middle of every commit (the snapshot is read again after the DOM changed): on the
// Dashboard that was a third of the first render's main-thread time. A scroll event comes when layout is clean.
let lastScrollY = 0;
function subscribeScroll(cb: () => void) {
  const listener = () => {
    lastScrollY = window.scrollY;
    cb();
  };
  window.addEventListener('scroll', listener, { passive: true });
  // A scroll restored before this subscription: read with the next frame, whose layout is due anyway.
  const frame = requestAnimationFrame(listener);
  return () => {
    cancelAnimationFrame(frame);
    window.removeEventListener('scroll', listener);
  };
}

/** True once the page has scrolled more than `threshold` px. */
export function useScrollY(threshold: number): boolean {
  return useSyncExternalStore(subscribeScroll, () => lastScrollY > threshold, () => false);
}

/** A ref that always holds the latest value, for callbacks registered once (observers, listeners). */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}

// One shared clock for relative times ("3 minutes ago"): ticks every minute while anything shows one.
let nowValue = Date.now();
let clock: ReturnType<typeof setInterval> | undefined;
const nowListeners = new Set<() => void>();
function subscribeNow(cb: () => void) {
  if (nowListeners.size === 0) {
    nowValue = Date.now();
    clock = setInterval(() => {
      nowValue = Date.now();
      nowListeners.forEach((l) => l());
    }, 60_000);
  }
  nowListeners.add(cb);
  return () => {
    nowListeners.delete(cb);
    if (nowListeners.size === 0) clearInterval(clock);
  };
}

/** The current time, to the minute; re-renders every minute. */
export function useNow(): number {
  return useSyncExternalStore(subscribeNow, () => nowValue, () => nowValue);
}

/**
 * Runs `onChange(pathname)` when the path shown changes (not on mount): SPEC §2 "On every path change … modals,
 * dropdowns and menus close", for popups a host shows wherever they were asked for. The router's path may reach a
 * host late (while a lazy page loads), after a popup was opened on the new page: hosts compare with where it opened.
 */
export function useOnPathChange(onChange: (pathname: string) => void) {
  const { pathname } = useLocation();
  const latest = useLatest(onChange);
  const first = useRef(pathname);
  useEffect(() => {
    if (first.current === pathname) return;
    first.current = pathname;
    latest.current(pathname);
  }, [pathname, latest]);
}

let startRendered = false;

/**
 * False while the app's first render is drawn, true from a task of its own after it (and from then on at once): a
 * part that can wait that long is drawn in a second task instead of lengthening the first. Lighthouse's simulation
 * counts each task's time over 50 ms (decision 057), so two tasks of a first render block less than one (decision
 * 059). Where the browser cannot post a task, a microtask later.
 */
export function useAfterStartRender(): boolean {
  const [after, setAfter] = useState(startRendered);
  useLayoutEffect(() => {
    if (after) return;
    let live = true;
    void nextTask().then(() => {
      startRendered = true;
      if (live) setAfter(true);
    });
    return () => {
      live = false;
    };
  }, [after]);
  return after;
}
