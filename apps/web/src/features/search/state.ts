import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLayoutEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import type { SearchSort, SearchType } from '@sift/contracts';

/**
 * The search filters (type and sort). They live here rather than in the URL, because SPEC §2 ties their life
 * to the person's path: they stay while the person is on search or on a user profile, and reset when they
 * leave for anywhere else ("Leaving search (except to search or user-profile) resets search filters and results").
 */
export type SearchScope = Exclude<SearchType, 'combo'>;

export interface SearchFilters {
  type: SearchScope;
  sort: SearchSort;
}

export const DEFAULT_FILTERS: Readonly<SearchFilters> = Object.freeze({ type: 'all', sort: '' });

/** Labels are message descriptors: the views render them with `i18n._` in the active language. */
export const SCOPES: ReadonlyArray<{ value: SearchScope; label: MessageDescriptor }> = [
  { value: 'all', label: msg({ message: 'All', context: 'search type' }) },
  { value: 'channels', label: msg`Channels` },
  { value: 'videos', label: msg`Videos` },
  { value: 'sifts', label: msg`Sifts` },
  { value: 'playlists', label: msg`Playlists` },
];

/** SPEC §9 sort options. */
export const SORTS: ReadonlyArray<{ value: SearchSort; label: MessageDescriptor }> = [
  { value: '', label: msg`Relevance` },
  { value: 'created', label: msg`Recently created` },
  { value: 'videos', label: msg`Num of videos` },
  { value: 'alpha', label: msg`Alphabetical` },
];

export const sortLabel = (sort: SearchSort): MessageDescriptor => SORTS.find((s) => s.value === sort)?.label ?? SORTS[0]!.label;

let filters: SearchFilters = DEFAULT_FILTERS;
const listeners = new Set<() => void>();

export const searchFilters = {
  get: () => filters,
  set(next: Partial<SearchFilters>) {
    const merged = { ...filters, ...next };
    if (merged.type === filters.type && merged.sort === filters.sort) return;
    filters = merged;
    listeners.forEach((l) => l());
  },
  reset() {
    searchFilters.set(DEFAULT_FILTERS);
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/** The entries (location keys) whose new search has started over: coming back to one keeps what was chosen there. */
const startedOver = new Set<string>();

/**
 * The filters, and the way to change them. A search started from the header's box (navigation state `{ newSearch: true }`,
 * search/submit.ts) starts on the
 * All type, whatever the last query was shown under (issue 31): already in the render that shows it, so no request
 * goes out for the new text under the old type, and in the store right after.
 */
export function useSearchFilters(): [SearchFilters, (next: Partial<SearchFilters>) => void] {
  const value = useSyncExternalStore(searchFilters.subscribe, searchFilters.get, searchFilters.get);
  const { state, key } = useLocation();
  const fresh = (state as { newSearch?: unknown } | null)?.newSearch === true && !startedOver.has(key);
  useLayoutEffect(() => {
    if (!fresh) return;
    startedOver.add(key);
    searchFilters.set({ type: DEFAULT_FILTERS.type });
  }, [fresh, key]);
  return [fresh && value.type !== DEFAULT_FILTERS.type ? { ...value, type: DEFAULT_FILTERS.type } : value, searchFilters.set];
}

/** Search's own paths and the user profile: moving between them keeps the filters and results (SPEC §2). */
export function keepsSearch(pathname: string): boolean {
  return pathname === '/search' || pathname.startsWith('/search/') || pathname.startsWith('/user-profile/');
}
