import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ContinueWatching, HiddenPage, HistoryPage, HistorySettings, MarkAllWatchedResult } from '@sift/contracts';
import { api } from '../../../lib/api';
import { PAGE_SIZE, mergeUnique, nextCursor } from '../../../lib/paging';

/** Issue 30: the member's history, Continue watching, the pause switch, marks and dismissals (decisions/039). */
export const historyKeys = {
  all: ['history'] as const,
  list: (q: string) => [...historyKeys.all, 'list', { q }] as const,
  settings: () => [...historyKeys.all, 'settings'] as const,
  continueWatching: () => [...historyKeys.all, 'continue'] as const,
  hidden: () => [...historyKeys.all, 'hidden'] as const,
};

const enc = encodeURIComponent;
const videoPath = (externalId: string) => `/api/me/history/${enc(externalId)}`;

export const markWatched = (externalId: string) => api.post<void>(`${videoPath(externalId)}/watched`);
export const markUnwatched = (externalId: string) => api.del<void>(`${videoPath(externalId)}/watched`);
export const hideVideo = (externalId: string) => api.post<void>(`/api/me/hidden/${enc(externalId)}`);
export const unhideVideo = (externalId: string) => api.del<void>(`/api/me/hidden/${enc(externalId)}`);
export const removeFromHistory = (externalId: string) => api.del<void>(videoPath(externalId));
export const clearHistory = () => api.del<void>('/api/me/history');
export const saveHistorySettings = (settings: HistorySettings) => api.put<HistorySettings>('/api/me/history/settings', settings);

/** "Mark all as watched" on a sift (its id) or on the personal feed; `before`: the newest card shown, so newer arrivals stay new. */
export const markAllWatched = (target: { siftId: number } | 'feed', before?: string) =>
  api.post<MarkAllWatchedResult>(target === 'feed' ? '/api/me/feeds/videos/watched' : `/api/sifts/${target.siftId}/watched`, undefined, {
    query: { before },
  });

/** What changes when history changes: the history page and Continue watching (cards are updated in place). */
export const invalidateHistory = (qc: QueryClient) => qc.invalidateQueries({ queryKey: historyKeys.all });

/** GET /api/me/history: watched videos, newest first, by cursor; `q` searches titles and channel names. */
export function useHistory(q: string, enabled = true) {
  const query = useInfiniteQuery({
    queryKey: historyKeys.list(q),
    queryFn: ({ pageParam, signal }) =>
      api.get<HistoryPage>('/api/me/history', { query: { limit: PAGE_SIZE, next: pageParam, q: q || undefined }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => nextCursor(last),
    enabled,
  });
  const items = mergeUnique(query.data?.pages.map((p) => p.items) ?? []);
  return { ...query, items };
}

/** GET /api/me/hidden: the videos the member hid from their feeds, newest first, by cursor. */
export function useHiddenVideos(enabled: boolean) {
  const query = useInfiniteQuery({
    queryKey: historyKeys.hidden(),
    queryFn: ({ pageParam, signal }) => api.get<HiddenPage>('/api/me/hidden', { query: { limit: PAGE_SIZE, next: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => nextCursor(last),
    enabled,
  });
  const items = mergeUnique(query.data?.pages.map((p) => p.items) ?? []);
  return { ...query, items };
}

export function useHistorySettings(enabled = true) {
  return useQuery({
    queryKey: historyKeys.settings(),
    queryFn: ({ signal }) => api.get<HistorySettings>('/api/me/history/settings', { signal }),
    enabled,
  });
}

/** GET /api/me/continue-watching: started, unfinished videos, newest first. */
export function useContinueWatching(enabled: boolean, limit = 12) {
  return useQuery({
    queryKey: historyKeys.continueWatching(),
    queryFn: ({ signal }) => api.get<ContinueWatching>('/api/me/continue-watching', { query: { limit }, signal }),
    enabled,
  });
}
