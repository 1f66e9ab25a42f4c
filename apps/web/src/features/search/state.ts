import { useSyncExternalStore } from 'react';
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

export const SCOPES: ReadonlyArray<{ value: SearchScope; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'channels', label: 'Channels' },
  { value: 'videos', label: 'Videos' },
  { value: 'sifts', label: 'Sifts' },
  { value: 'playlists', label: 'Playlists' },
];

/** SPEC §9 sort options. */
export const SORTS: ReadonlyArray<{ value: SearchSort; label: string }> = [
  { value: '', label: 'Relevance' },
  { value: 'created', label: 'Recently created' },
  { value: 'videos', label: 'Num of videos' },
  { value: 'alpha', label: 'Alphabetical' },
];

export const sortLabel = (sort: SearchSort) => SORTS.find((s) => s.value === sort)?.label ?? 'Relevance';

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

export function useSearchFilters(): [SearchFilters, (next: Partial<SearchFilters>) => void] {
  const value = useSyncExternalStore(searchFilters.subscribe, searchFilters.get, searchFilters.get);
  return [value, searchFilters.set];
}

/** Search's own paths and the user profile: moving between them keeps the filters and results (SPEC §2). */
export function keepsSearch(pathname: string): boolean {
  return pathname === '/search' || pathname.startsWith('/search/') || pathname.startsWith('/user-profile/');
}
