import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Video } from '@sift/contracts';
import type { VideoCardContext } from '../../components/item-actions';
import type { MenuEntry } from '../../components/Menu';
import { useNotify } from '../../components/Notifications';
import { isApiError } from '../../lib/api';
import { usePreference } from '../../lib/hooks';
import { useLoginNeeding } from '../../lib/use-login-needing';
import { ADD_TO_PLAYLIST_ACTION, ADD_TO_WATCH_LATER_ACTION } from './actions';
import { addToPlaylist, invalidatePlaylists, removeFromPlaylist, useWatchLaterIds, WATCH_LATER } from './api/queries';
import { openAddToPlaylist } from './components/AddToPlaylist';

/** Shared by the card menus and the player menu: add to Watch later / a playlist, remove from a playlist. */
export function usePlaylistActions() {
  const { t } = useLingui();
  const qc = useQueryClient();
  const notify = useNotify();
  const loginNeeding = useLoginNeeding();
  const [token] = usePreference('token');
  const watchLater = useWatchLaterIds();

  const report = useCallback(
    (err: unknown) => {
      if (isApiError(err) && err.message) notify(err.message);
    },
    [notify],
  );

  const addToWatchLater = useCallback(
    async (video: Pick<Video, 'externalId' | 'title'>) => {
      try {
        const result = await loginNeeding(
          { type: ADD_TO_WATCH_LATER_ACTION, payload: { externalId: video.externalId, title: video.title }, successMessage: t`Added to Watch later` },
          () => addToPlaylist(WATCH_LATER, video),
        );
        if (result.status === 'done') notify(t`Added to Watch later`);
      } catch (err) {
        report(err);
      } finally {
        void invalidatePlaylists(qc);
      }
    },
    [loginNeeding, notify, report, qc, t],
  );

  const choosePlaylist = useCallback(
    async (video: Pick<Video, 'externalId' | 'title'>) => {
      if (token) return openAddToPlaylist(video);
      await loginNeeding({ type: ADD_TO_PLAYLIST_ACTION, payload: { externalId: video.externalId, title: video.title } }, async () => {
        openAddToPlaylist(video);
      });
    },
    [token, loginNeeding],
  );

  const remove = useCallback(
    async (playlist: { id: string; name: string }, video: Pick<Video, 'externalId'>) => {
      try {
        await removeFromPlaylist(playlist.id, video);
        const name = playlist.name;
        notify(t`Removed from ${name}`);
      } catch (err) {
        report(err);
      } finally {
        void invalidatePlaylists(qc);
      }
    },
    [notify, report, qc, t],
  );

  /** SPEC §6: the Watch later item only on a video not in it already (visitors see it and go to login). */
  const canAddToWatchLater = useCallback((video: Pick<Video, 'externalId'>) => !token || (!!watchLater && !watchLater.has(video.externalId)), [token, watchLater]);

  return { addToWatchLater, choosePlaylist, remove, canAddToWatchLater };
}

/** The playlists feature's part of every video card's menu (composed in app/item-actions.tsx). */
export function usePlaylistVideoMenu(): (video: Video, context: VideoCardContext) => MenuEntry[] {
  const { t } = useLingui();
  const { addToWatchLater, choosePlaylist, remove, canAddToWatchLater } = usePlaylistActions();
  return useCallback(
    (video: Video, context: VideoCardContext) => {
      const entries: MenuEntry[] = [];
      if (canAddToWatchLater(video)) entries.push({ kind: 'action', label: t`Add to Watch later`, icon: 'clock', onSelect: () => void addToWatchLater(video) });
      entries.push({ kind: 'action', label: t`Add to playlist`, icon: 'playlist', onSelect: () => void choosePlaylist(video) });
      const playlist = context.playlist;
      if (playlist?.owned) entries.push({ kind: 'action', label: t`Remove from playlist`, onSelect: () => void remove(playlist, video) });
      return entries;
    },
    [addToWatchLater, choosePlaylist, remove, canAddToWatchLater, t],
  );
}
