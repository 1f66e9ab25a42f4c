import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type {
  AccountChannelList,
  AccountChannelsFollowed,
  AccountPlaylistImport,
  AccountPlaylistImports,
  AccountPlaylistList,
  ProviderAuthorization,
  VideoServiceAccount,
  VideoServiceUserStatus,
} from '@sift/contracts';
import { trackOnSuccess } from '../../../lib/analytics';
import { api, isApiError } from '../../../lib/api';
import { pollTracker } from '../polling';

/**
 * Import from a member's YouTube account (issue 16 §1, SPEC §7 "Identity-provider channel import" and "Playlist
 * import"). Every call is quiet: the page shows what went wrong where it happened (a lapsed permission is a state of
 * the page, not an error banner).
 */

export const youtubeAccountKeys = {
  all: ['youtube-account'] as const,
  account: () => [...youtubeAccountKeys.all, 'account'] as const,
  status: () => [...youtubeAccountKeys.all, 'status'] as const,
  channels: () => [...youtubeAccountKeys.all, 'channels'] as const,
  playlists: () => [...youtubeAccountKeys.all, 'playlists'] as const,
  playlistImport: (id: string) => [...youtubeAccountKeys.all, 'playlist-import', id] as const,
};

const quiet = { quiet: true } as const;
/** Reading every page of a large account takes YouTube a while (200 pages at most). */
const LIST_TIMEOUT_MS = 60_000;

/** 403 VIDEO_SERVICE_PERMISSION_REQUIRED: Sift's permission lapsed (revoked, expired): ask for it again (SPEC §8). */
export const isPermissionLapsed = (error: unknown) => isApiError(error) && error.status === 403 && error.code === 'VIDEO_SERVICE_PERMISSION_REQUIRED';

/** GET /api/providers/youtube: whether the server offers it, whether the member connected, the last status. */
export function useYouTubeAccount() {
  return useQuery({
    queryKey: youtubeAccountKeys.account(),
    queryFn: ({ signal }) => api.get<VideoServiceAccount>('/api/providers/youtube', { signal, ...quiet }),
    retry: false,
  });
}

/** GET /api/idp/GOOGLE/status: the permission check (SPEC §4), run when the member is connected. */
export function useYouTubeStatus(enabled: boolean) {
  return useQuery({
    queryKey: youtubeAccountKeys.status(),
    queryFn: ({ signal }) => api.get<VideoServiceUserStatus>('/api/idp/GOOGLE/status', { signal, ...quiet }),
    enabled,
    retry: false,
    // One check per visit is enough: every other read with the member's token checks it again.
    staleTime: 60_000,
  });
}

/** GET /api/idp/GOOGLE/channels: every subscription of the account, flagged when already followed. */
export function useAccountChannels(enabled: boolean) {
  return useQuery({
    queryKey: youtubeAccountKeys.channels(),
    queryFn: ({ signal }) => api.get<AccountChannelList>('/api/idp/GOOGLE/channels', { signal, timeoutMs: LIST_TIMEOUT_MS, ...quiet }),
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** GET /api/providers/youtube/playlists: every playlist of the account, flagged when imported. */
export function useAccountPlaylists(enabled: boolean) {
  return useQuery({
    queryKey: youtubeAccountKeys.playlists(),
    queryFn: ({ signal }) => api.get<AccountPlaylistList>('/api/providers/youtube/playlists', { signal, timeoutMs: LIST_TIMEOUT_MS, ...quiet }),
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** GET /api/providers/youtube/authorization: where Google asks the member for read-only access. */
export const authorizationUrl = () => api.get<ProviderAuthorization>('/api/providers/youtube/authorization', quiet);

/** POST /api/idp/GOOGLE: hands Google's code (and state) from /oauth2/youtube/callback to the server. */
export const connectYouTube = (input: { code: string; state?: string | undefined; iss?: string | undefined }) =>
  api.post<VideoServiceAccount>('/api/idp/GOOGLE', { code: input.code, ...(input.state ? { state: input.state } : {}), ...(input.iss ? { iss: input.iss } : {}) }, {
    ...quiet,
    timeoutMs: 30_000,
  });

/** DELETE /api/providers/youtube: the permission is revoked at Google and forgotten. */
export const disconnectYouTube = () => api.del<void>('/api/providers/youtube', quiet);

/** POST /api/idp/GOOGLE/channels: follows these channels (YouTube id, and the name for what is skipped). */
export const followAccountChannels = (channels: ReadonlyArray<{ id: string; name: string }>) =>
  api.post<AccountChannelsFollowed>('/api/idp/GOOGLE/channels', { ids: channels.map((c) => ({ id: c.id, name: c.name.slice(0, 200) })) }, { ...quiet, timeoutMs: LIST_TIMEOUT_MS }).then(
    trackOnSuccess('eca_import', { source: 'youtube', kind: 'channels', count: channels.length }),
  );

/** POST /api/providers/youtube/playlists: one import job per playlist (by YouTube id). */
export const importAccountPlaylists = (ids: string[]) =>
  api.post<AccountPlaylistImports>('/api/providers/youtube/playlists', { ids }, { ...quiet, timeoutMs: LIST_TIMEOUT_MS }).then(
    trackOnSuccess('eca_import', { source: 'youtube', kind: 'playlists', count: ids.length }),
  );

/** Remove = DELETE /api/playlists/{playlistId}: the Sift playlist the import made. */
export const removeImportedPlaylist = (playlistId: number) => api.del<void>(`/api/playlists/${playlistId}`, quiet);

/** Whatever else the app shows (follows, feeds, playlists, profile) may have changed; the account's lists have not. */
export function invalidateAllButAccount(qc: QueryClient) {
  return qc.invalidateQueries({ predicate: (query) => query.queryKey[0] !== youtubeAccountKeys.all[0] });
}

/** Forget what was read of the account (after connecting, disconnecting or losing the permission). */
export function resetAccount(qc: QueryClient) {
  qc.removeQueries({ queryKey: youtubeAccountKeys.status() });
  qc.removeQueries({ queryKey: youtubeAccountKeys.channels() });
  qc.removeQueries({ queryKey: youtubeAccountKeys.playlists() });
  return qc.invalidateQueries({ queryKey: youtubeAccountKeys.account() });
}

/**
 * One playlist import's status, polled until CREATED or FAILED: every 600 ms while the status is unchanged, every
 * 1000 ms after it changed (SPEC §4). `started` is what POST answered (or the list said), shown until the first poll.
 */
export function usePlaylistImportStatus(started: AccountPlaylistImport) {
  const tracker = useRef(pollTracker(started.status));
  return useQuery({
    queryKey: youtubeAccountKeys.playlistImport(started.id),
    queryFn: ({ signal }) => api.get<AccountPlaylistImport>(`/api/providers/youtube/playlists/${encodeURIComponent(started.id)}/status`, { signal, ...quiet }),
    placeholderData: started,
    retry: 2,
    refetchInterval: (query) => tracker.current.delay(query.state.data?.status, query.state.dataUpdatedAt),
  });
}
