import { useInfiniteQuery } from '@tanstack/react-query';
import type { PagedVideos } from '@sift/contracts';
import { api } from '../../../lib/api';
import { PAGE_SIZE, mergeUnique, nextCursor } from '../../../lib/paging';

export const feedKeys = {
  all: ['feed'] as const,
  public: (limit: number) => [...feedKeys.all, 'public', { limit }] as const,
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
