import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Feed, PagedVideos } from '@sift/contracts';
import { api, type QueryValue } from '../../../lib/api';
import { PAGE_SIZE, mergeUnique, nextCursor } from '../../../lib/paging';

/**
 * SPEC §7 "Feeds": the parameters a feed url is read with — the page size, the title filter, where the page starts
 * (itemId: at this video; itemBefore / itemBeforeExternal: after it) and the keyword rules all / any / none minus
 * the keywords switched off (excludedAll / excludedAny / excludedNone). The server's `feedQuerySchema` validates them.
 */
export interface FeedParams {
  filterText?: string;
  itemId?: number;
  itemBefore?: number;
  itemBeforeExternal?: string;
  all?: readonly string[];
  any?: readonly string[];
  none?: readonly string[];
  excludedAll?: readonly string[];
  excludedAny?: readonly string[];
  excludedNone?: readonly string[];
  /** Issue 30: leave out the member's watched and dismissed videos (ignored for visitors). Not part of a feed's address. */
  hideWatched?: boolean;
}

export const FEED_LIST_PARAMS = ['all', 'any', 'none', 'excludedAll', 'excludedAny', 'excludedNone'] as const;

/** The query of a feed url: `itemsPerPage` and the set parameters (lists comma-separated; empty ones left out). */
export function feedQuery(itemsPerPage: number, params: FeedParams = {}): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {
    itemsPerPage,
    filterText: params.filterText?.trim() || undefined,
    itemId: params.itemId,
    itemBefore: params.itemBefore,
    itemBeforeExternal: params.itemBeforeExternal || undefined,
  };
  for (const key of FEED_LIST_PARAMS) query[key] = params[key]?.length ? params[key].join(',') : undefined;
  query.hideWatched = params.hideWatched || undefined;
  return query;
}

export const feedKeys = {
  all: ['feed'] as const,
  public: (limit: number, params: FeedParams = {}) => [...feedKeys.all, 'public', { limit, ...params }] as const,
  personal: (subscriptionIds: number[], params: FeedParams) => [...feedKeys.all, 'personal', { subscriptionIds, ...params }] as const,
};

/** GET /api/feeds/public: newest videos across the catalog, by cursor, with the feed parameters of SPEC §7. */
/** The public feed's query: one definition for the list (usePublicFeed) and for fetching it ahead (the Dashboard under the video modal). */
export const publicFeedOptions = (limit = PAGE_SIZE, params: FeedParams = {}) =>
  infiniteQueryOptions({
    queryKey: feedKeys.public(limit, params),
    queryFn: ({ pageParam, signal }) =>
      api.get<PagedVideos>('/api/feeds/public', { query: { ...feedQuery(limit, params), next: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => nextCursor(last, limit),
  });

export function usePublicFeed(limit = PAGE_SIZE, params: FeedParams = {}) {
  const query = useInfiniteQuery(publicFeedOptions(limit, params));
  const videos = mergeUnique(query.data?.pages.map((p) => p.videos) ?? []);
  return { ...query, videos };
}

/**
 * GET /api/me/feeds/videos: the member's feed (followed channels and sifts), newest first, by cursor; the first page
 * also carries the filter chips and whether results lie outside the active filters.
 */
export function usePersonalFeed(subscriptionIds: number[], params: FeedParams = {}, limit = PAGE_SIZE, enabled = true) {
  const query = useInfiniteQuery({
    queryKey: feedKeys.personal(subscriptionIds, params),
    queryFn: ({ pageParam, signal }) => personalFeedPage(subscriptionIds, params, { limit, next: pageParam, signal }),
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

/**
 * One page of GET /api/me/feeds/videos: the feed page's read and the player's (feed/queue.ts, `quiet`: its queue says
 * itself when a page fails).
 */
export function personalFeedPage(subscriptionIds: readonly number[], params: FeedParams, page: { limit: number; next?: string; signal: AbortSignal; quiet?: boolean }) {
  return api.get<Feed>('/api/me/feeds/videos', {
    query: { ...feedQuery(page.limit, params), next: page.next, subscriptionIds: subscriptionIds.length > 0 ? subscriptionIds.join(',') : undefined },
    signal: page.signal,
    quiet: page.quiet,
  });
}
