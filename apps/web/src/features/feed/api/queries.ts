import { useInfiniteQuery } from '@tanstack/react-query';
import type { Feed, PagedVideos } from '@sift/contracts';
import { api } from '../../../lib/api';
import { PAGE_SIZE, mergeUnique, nextCursor } from '../../../lib/paging';

export const feedKeys = {
  all: ['feed'] as const,
  public: (limit: number) => [...feedKeys.all, 'public', { limit }] as const,
  personal: (subscriptionIds: number[], filterText: string) => [...feedKeys.all, 'personal', { subscriptionIds, filterText }] as const,
};

/** GET /api/feeds/public: newest videos across the catalog, by cursor. */
export function usePublicFeed(limit = PAGE_SIZE) {
  const query = useInfiniteQuery({
    queryKey: feedKeys.public(limit),
    queryFn: ({ pageParam, signal }) =>
      api.get<PagedVideos>('/api/feeds/public', { query: { limit, next: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => nextCursor(last, limit),
  });
  const videos = mergeUnique(query.data?.pages.map((p) => p.videos) ?? []);
  return { ...query, videos };
}

/**
 * GET /api/me/feeds/videos: the member's feed (followed channels and sifts), newest first, by cursor; the first page
 * also carries the filter chips and whether results lie outside the active filters.
 */
export function usePersonalFeed(subscriptionIds: number[], filterText = '', limit = PAGE_SIZE, enabled = true) {
  const query = useInfiniteQuery({
    queryKey: feedKeys.personal(subscriptionIds, filterText),
    queryFn: ({ pageParam, signal }) =>
      api.get<Feed>('/api/me/feeds/videos', {
        query: {
          itemsPerPage: limit,
          next: pageParam,
          subscriptionIds: subscriptionIds.length > 0 ? subscriptionIds.join(',') : undefined,
          filterText: filterText.trim() || undefined,
        },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => nextCursor(last.videoFeedItems, limit),
    enabled,
  });
  const first = query.data?.pages[0];
  const videos = mergeUnique(query.data?.pages.map((p) => p.videoFeedItems.videos) ?? []);
  return {
    ...query,
    videos,
    channelFilters: first?.subscriptionFilters ?? [],
    siftFilters: first?.feedSubscriptionFilters ?? [],
    additionalResults: first?.additionalResults ?? false,
  };
}
