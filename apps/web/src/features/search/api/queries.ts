import { useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import type { SearchResults, SearchSort, SearchType } from '@sift/contracts';
import { api } from '../../../lib/api';
import { PAGE_SIZE, nextCursor } from '../../../lib/paging';
import { mergeResults } from '../merge';

export interface SearchParams {
  /** The search text; sent only when non-empty (SPEC §5). */
  q: string;
  type: SearchType;
  sort: SearchSort;
  /** A person's uuid: only their sifts and playlists (/user-profile/{id}). */
  ownerId?: string | undefined;
  /** Who is asking (their private items are found too): a change refetches. */
  viewer: string | null;
}

export const searchKeys = {
  all: ['search'] as const,
  results: (p: SearchParams, limit: number) =>
    [...searchKeys.all, 'results', { q: p.q.trim(), type: p.type, sort: p.sort, ownerId: p.ownerId ?? null, viewer: p.viewer, limit }] as const,
};

/** GET /api/search: pages by the rank cursor `next`, merged de-duplicated in the order they arrived. */
export function useSearch(params: SearchParams, limit = PAGE_SIZE) {
  const q = params.q.trim();
  const query = useInfiniteQuery({
    queryKey: searchKeys.results(params, limit),
    queryFn: ({ pageParam, signal }) =>
      api.get<SearchResults>('/api/search', {
        query: { q: q || undefined, type: params.type, sort: params.sort, ownerId: params.ownerId, limit, next: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => nextCursor(last, limit),
  });
  const pages = query.data?.pages ?? [];
  const first = pages[0];
  return {
    ...query,
    items: mergeResults(pages.map((p) => p.items)),
    first,
  };
}

/** SPEC §2: leaving search resets its results, so coming back searches afresh. */
export function forgetSearchResults(qc: QueryClient) {
  qc.removeQueries({ queryKey: searchKeys.all });
}
