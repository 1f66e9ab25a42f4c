import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Channel, ChannelList, PagedVideos } from '@sift/contracts';
import { api } from '../../../lib/api';
import { PAGE_SIZE, mergeUnique, nextCursor } from '../../../lib/paging';

export const channelKeys = {
  all: ['channels'] as const,
  detail: (id: string) => [...channelKeys.all, 'detail', id] as const,
  videos: (externalId: string, limit: number, hideWatched = false) => [...channelKeys.all, 'videos', externalId, { limit, hideWatched }] as const,
  search: (q: string, limit: number) => [...channelKeys.all, 'search', { q, limit }] as const,
};

const enc = encodeURIComponent;

/** GET /api/search/channels/{id}: id or externalId. */
export function useChannel(id: string) {
  return useQuery({
    queryKey: channelKeys.detail(id),
    queryFn: ({ signal }) => api.get<Channel>(`/api/search/channels/${enc(id)}`, { signal }),
    enabled: !!id,
  });
}

/** GET /api/search/channels/{externalId}/videos: a channel's uploads, newest first. */
export function useChannelVideos(externalId: string, limit = PAGE_SIZE, hideWatched = false) {
  const query = useInfiniteQuery({
    queryKey: channelKeys.videos(externalId, limit, hideWatched),
    queryFn: ({ pageParam, signal }) =>
      api.get<PagedVideos>(`/api/search/channels/${enc(externalId)}/videos`, {
        query: { limit, next: pageParam, hideWatched: hideWatched || undefined },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => nextCursor(last, limit),
    enabled: !!externalId,
  });
  const videos = mergeUnique(query.data?.pages.map((p) => p.videos) ?? []);
  return { ...query, videos };
}

/**
 * GET /api/public/v01/channel/search?q=: channels by name. An empty q lists the most-followed channels; the
 * text is sent only when non-empty (SPEC §5). `enabled: false` waits; `quiet`: a failure raises no global error (the
 * caller says it in place).
 */
export const channelSearchOptions = (q: string, { limit = PAGE_SIZE, quiet = false }: { limit?: number; quiet?: boolean } = {}) => {
  const text = q.trim();
  return queryOptions({
    queryKey: channelKeys.search(text, limit),
    queryFn: ({ signal }) =>
      api.get<ChannelList>('/api/public/v01/channel/search', { query: { q: text || undefined, limit }, signal, quiet }),
  });
};

/** channelSearchOptions' query, for a component (the definition is shared with the Dashboard's fetching ahead). */
export function useChannelSearch(q: string, { limit = PAGE_SIZE, enabled = true, quiet = false }: { limit?: number; enabled?: boolean; quiet?: boolean } = {}) {
  return useQuery({ ...channelSearchOptions(q, { limit, quiet }), enabled });
}
