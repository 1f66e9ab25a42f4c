import { useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { to } from '../../lib/paths';
import { usePlaylist } from './api/queries';
import { usePlaylistActions } from './menu';
import { playlistQueue } from './queue';

/**
 * What the player needs from playlists (app/layout/WatchPlayer): the queue of `p` (once the playlist is read) and the
 * player menu's "View playlist", "Add to playlist" and "Remove from playlist". The last `p` is kept while the
 * player goes on playing from it on other pages (links carry only `v`).
 */
export function usePlaylistPlayer(p: string | null) {
  const { t } = useLingui();
  const [last, setLast] = useState<string | null>(p);
  if (p && p !== last) setLast(p);
  const id = p ?? last ?? '';
  const playlist = usePlaylist(id);
  const navigate = useNavigate();
  const { choosePlaylist, remove } = usePlaylistActions();
  const data = p ? playlist.data : undefined;
  const queue = useMemo(() => (data ? playlistQueue(data) : null), [data]);
  const name = playlist.data?.name ?? t({ message: 'playlist', comment: 'Stands for a playlist whose name is not loaded yet, as in "Removed from playlist"' });
  const menuHandlers = useMemo(
    () => ({
      addToPlaylist: (video: { externalId: string; title: string }) => void choosePlaylist(video),
      ...(id
        ? {
            viewPlaylist: () => navigate(to.playlist(id)),
            removeFromPlaylist: (video: { externalId: string }) => void remove({ id, name }, video),
          }
        : {}),
    }),
    [choosePlaylist, remove, navigate, id, name],
  );
  return { queue, menuHandlers };
}
