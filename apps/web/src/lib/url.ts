/**
 * SPEC §2: the `v` query parameter (current video) is carried over between routes. A link that names its own
 * `v` keeps it; one that does not gets the current one appended.
 */
export function carryV(to: string, currentSearch: string): string {
  const v = new URLSearchParams(currentSearch).get('v');
  if (!v) return to;
  const hashAt = to.indexOf('#');
  const hash = hashAt >= 0 ? to.slice(hashAt) : '';
  const beforeHash = hashAt >= 0 ? to.slice(0, hashAt) : to;
  const qAt = beforeHash.indexOf('?');
  const path = qAt >= 0 ? beforeHash.slice(0, qAt) : beforeHash;
  const params = new URLSearchParams(qAt >= 0 ? beforeHash.slice(qAt + 1) : '');
  if (params.has('v')) return to;
  params.set('v', v);
  return `${path}?${params.toString()}${hash}`;
}

/** The same location without `v` (closing the player). */
export function withoutV(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete('v');
  const qs = params.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

/**
 * The page a /watch video modal was opened over (issue 18: a video opened from a channel page showed the
 * Dashboard behind it). It rides in the history entry's state, so the page stays behind the player, minimising
 * and closing return to it, and a reload or a shared /watch link (no state) shows the Dashboard as SPEC §2 says.
 */
export interface WatchBackground {
  pathname: string;
  search: string;
  hash: string;
}

const WATCH_PATH = '/watch';

export function watchBackground(state: unknown): WatchBackground | null {
  const bg = (state as { watchBackground?: Partial<WatchBackground> } | null)?.watchBackground;
  if (!bg || typeof bg.pathname !== 'string' || bg.pathname === WATCH_PATH) return null;
  return { pathname: bg.pathname, search: typeof bg.search === 'string' ? bg.search : '', hash: typeof bg.hash === 'string' ? bg.hash : '' };
}

/** The history state for a navigation to `to`: a /watch target remembers the page it opens over (or keeps its own). */
export function watchState(to: string, from: { pathname: string; search: string; hash: string; state: unknown }): { watchBackground: WatchBackground } | undefined {
  if (to.split(/[?#]/)[0] !== WATCH_PATH) return undefined;
  if (from.pathname === WATCH_PATH) {
    const kept = watchBackground(from.state);
    return kept ? { watchBackground: kept } : undefined;
  }
  const search = withoutV('', from.search);
  return { watchBackground: { pathname: from.pathname, search, hash: from.hash } };
}

/** Where the page behind the player is, with or without the current video. */
export function backgroundPath(bg: WatchBackground, v: string | null): string {
  const params = new URLSearchParams(bg.search);
  if (v) params.set('v', v);
  else params.delete('v');
  const qs = params.toString();
  return `${bg.pathname}${qs ? `?${qs}` : ''}${bg.hash}`;
}
