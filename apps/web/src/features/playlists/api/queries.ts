import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Playlist, PlaylistList, PlaylistSort, PlaylistVideos, Video } from '@sift/contracts';
import { trackOnSuccess } from '../../../lib/analytics';
import { api } from '../../../lib/api';
import { usePreference } from '../../../lib/hooks';
import { PAGE_SIZE, mergeUnique, nextCursor } from '../../../lib/paging';

/** `wl` is the caller's Watch later wherever a playlist id goes (SPEC §2). */
export const WATCH_LATER = 'wl';

export const playlistKeys = {
  all: ['playlists'] as const,
  lists: () => [...playlistKeys.all, 'list'] as const,
  list: (params: { q: string; sort: PlaylistSort; following: boolean }) => [...playlistKeys.lists(), params] as const,
  detail: (id: string) => [...playlistKeys.all, 'detail', id] as const,
  videos: (id: string, q: string) => [...playlistKeys.all, 'videos', id, { q }] as const,
  ids: (id: string) => [...playlistKeys.all, 'ids', id] as const,
};

const enc = encodeURIComponent;
const base = (id: string | number) => `/api/playlists/${enc(String(id))}`;

/** Everything cached about playlists is stale after a change; lists are cheap to read again. */
export function invalidatePlaylists(qc: QueryClient) {
  return qc.invalidateQueries({ queryKey: playlistKeys.all });
}

/** GET /api/playlists: the caller's playlists (or the followed ones), by cursor. */
export function usePlaylists(params: { q: string; sort: PlaylistSort; following: boolean }, enabled = true) {
  const query = useInfiniteQuery({
    queryKey: playlistKeys.list(params),
    queryFn: ({ pageParam, signal }) =>
      api.get<PlaylistList>('/api/playlists', {
        query: { limit: PAGE_SIZE, q: params.q.trim() || undefined, sort: params.sort || undefined, following: params.following || undefined, next: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => nextCursor(last, PAGE_SIZE),
    enabled,
  });
  const playlists = mergeUnique(query.data?.pages.map((p) => p.items) ?? []);
  return { ...query, playlists };
}

export function usePlaylist(id: string) {
  return useQuery({
    queryKey: playlistKeys.detail(id),
    queryFn: ({ signal }) => api.get<Playlist>(base(id), { signal }),
    enabled: !!id,
  });
}

/** GET /api/playlists/{id}/videos: in the playlist's order; entries carry itemId. */
export function usePlaylistVideos(id: string, q = '', limit = PAGE_SIZE) {
  const query = useInfiniteQuery({
    queryKey: playlistKeys.videos(id, q),
    queryFn: ({ pageParam, signal }) =>
      api.get<PlaylistVideos>(`${base(id)}/videos`, { query: { limit, q: q.trim() || undefined, next: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => nextCursor(last, limit),
    enabled: !!id,
  });
  const videos = mergeUnique(query.data?.pages.map((p) => p.videos) ?? []);
  return { ...query, videos, total: query.data?.pages[0]?.totalResults };
}

/** The service ids in Watch later, so menus offer "Add to Watch later" only on videos not in it (SPEC §6). */
export function useWatchLaterIds(): Set<string> | undefined {
  const [token] = usePreference('token');
  const { data } = useQuery({
    queryKey: playlistKeys.ids(WATCH_LATER),
    queryFn: ({ signal }) => api.get<{ externalIds: string[] }>(`${base(WATCH_LATER)}/video-ids`, { signal, quiet: true }),
    enabled: !!token,
    staleTime: 60_000,
  });
  return data ? new Set(data.externalIds) : undefined;
}

// ---- calls ------------------------------------------------------------------------------------------------------

export const createPlaylist = (name: string) => api.post<Playlist>('/api/playlists', { name }).then(trackOnSuccess('eca_create_playlist'));
export const addToPlaylist = (id: string | number, video: Pick<Video, 'externalId'>) =>
  api.post<{ itemId: number }>(`${base(id)}/videos`, { externalId: video.externalId });
export const removeFromPlaylist = (id: string | number, video: Pick<Video, 'externalId'>) => api.del<void>(`${base(id)}/videos/${enc(video.externalId)}`);
export const moveInPlaylist = (id: string | number, itemId: number, position: number) => api.put<void>(`${base(id)}/videos`, { itemId, position });
export const updatePlaylist = (id: string | number, body: { name?: string; description?: string; backgroundColor?: string }) => api.put<Playlist>(base(id), body);
export const deletePlaylist = (id: string | number) => api.del<void>(base(id));
export const setPlaylistPublic = (id: string | number, isPublic: boolean) =>
  isPublic ? api.post<Playlist>(`${base(id)}/public`) : api.del<Playlist>(`${base(id)}/public`);
export const followPlaylist = (id: string | number, follow: boolean) =>
  follow ? api.post<Playlist>(`${base(id)}/follows`) : api.del<Playlist>(`${base(id)}/follows`);
export const copyPlaylist = (id: string | number) => api.post<Playlist>(`${base(id)}/copy`);
export function uploadPlaylistImage(id: string | number, file: File) {
  const form = new FormData();
  form.append('file', file);
  return api.put<Playlist>(`${base(id)}/images`, form);
}
export const removePlaylistImage = (id: string | number) => api.del<Playlist>(`${base(id)}/images`);

/** A mutation that refreshes every playlist query once it settles. */
export function usePlaylistMutation<A, R>(fn: (args: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => invalidatePlaylists(qc) });
}
