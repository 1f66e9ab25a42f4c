import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { SearchResults, SiftExplore, SiftList, SiftResult, SimilarSifts } from '@sift/contracts';
import { api } from '../../../lib/api';
import { PAGE_SIZE, mergeUnique } from '../../../lib/paging';
import { siftKeys, siftUrl } from './queries';

/**
 * Discovering sifts (issue 31): Explore, a channel's public sifts, a category's, similar sifts and Explore's search.
 * A module of its own, imported by lazy pages only: the first route (which loads queries.ts) does not carry it.
 */

/** GET /api/sifts/explore: the most followed public sifts, the week's new ones, the categories that have some. */
export function useSiftExplore() {
  return useQuery({ queryKey: siftKeys.explore(), queryFn: ({ signal }) => api.get<SiftExplore>('/api/sifts/explore', { signal }) });
}

/** How many of a channel's sifts its page shows at first, and how many each "Show more" adds. */
const CHANNEL_SIFTS_FIRST = 4;
const CHANNEL_SIFTS_MORE = 24;

/** A list of public sifts paged by its cursor, the first page `first` long and the others `more` (GET /api/sifts?…). */
function usePublicSifts(queryKey: readonly unknown[], filter: Record<string, string>, first: number, more: number, enabled = true) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => api.get<SiftList>('/api/sifts', { query: { ...filter, limit: pageParam.limit, next: pageParam.next }, signal }),
    initialPageParam: { limit: first } as { limit: number; next?: string },
    getNextPageParam: (last) => (last.next ? { limit: more, next: last.next } : undefined),
    enabled,
  });
  const sifts = mergeUnique((query.data?.pages ?? []).map((p) => p.items.map((s) => ({ ...s, externalId: s.hash }))));
  return { ...query, sifts, total: query.data?.pages[0]?.totalResults };
}

/** GET /api/sifts?channel=: "In N public sifts", the most followed first, more on demand. */
export function useChannelSifts(externalId: string) {
  return usePublicSifts(siftKeys.ofChannel(externalId), { channel: externalId }, CHANNEL_SIFTS_FIRST, CHANNEL_SIFTS_MORE, !!externalId);
}
export type ChannelSiftsQuery = ReturnType<typeof useChannelSifts>;

/** GET /api/sifts?category=: a category's public sifts, the most followed first. */
export function useCategorySifts(category: string) {
  return usePublicSifts(siftKeys.ofCategory(category), { category }, PAGE_SIZE, PAGE_SIZE, !!category);
}

/** GET /api/sifts/{hash}/similar: public sifts sharing channels with this one, most shared first. */
export function useSimilarSifts(id: string, limit: number) {
  return useQuery({
    queryKey: siftKeys.similar(id, limit),
    queryFn: ({ signal }) => api.get<SimilarSifts>(`${siftUrl(id)}/similar`, { query: { limit }, signal }),
    enabled: !!id,
    // "Show more" asks again for more: the shown ones stay while it does.
    placeholderData: keepPreviousData,
  });
}

/** Explore's search: the search API's sifts (GET /api/search?type=sifts), best match first. */
export function useSiftSearch(q: string) {
  const query = useInfiniteQuery({
    queryKey: siftKeys.search(q),
    queryFn: ({ pageParam, signal }) => api.get<SearchResults>('/api/search', { query: { q, type: 'sifts', limit: PAGE_SIZE, next: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: !!q,
  });
  const sifts = mergeUnique((query.data?.pages ?? []).map((p) => p.items.filter((i): i is SiftResult => i.type === 'sift')));
  return { ...query, sifts };
}
