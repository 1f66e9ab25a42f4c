import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Video } from '@sift/contracts';
import { ListPicker, type ListPickerTexts } from '../../../components/ListPicker';
import { useNotify } from '../../../components/Notifications';
import { addToPlaylist, createPlaylist, invalidatePlaylists, usePlaylists } from '../api/queries';

type Target = Pick<Video, 'externalId' | 'title'>;

/** SPEC §2 add-to-playlist popup: New Playlist, "Find playlist" and the caller's playlists (components/ListPicker). */
export function PlaylistPicker({ video, onDone }: { video: Target; onDone: () => void }) {
  const qc = useQueryClient();
  const notify = useNotify();
  const [filter, setFilter] = useState('');
  const list = usePlaylists({ q: filter, sort: 'alpha', following: false });

  const add = async (playlist: { id: number; name: string }) => {
    try {
      await addToPlaylist(playlist.id, video);
      notify(`Added to ${playlist.name}`);
      onDone();
    } finally {
      void invalidatePlaylists(qc);
    }
  };

  return (
    <ListPicker
      texts={TEXTS}
      list={{ ...list, items: list.playlists }}
      onFilter={setFilter}
      count={(p) => `${p.numberOfVideos} ${p.numberOfVideos === 1 ? 'video' : 'videos'}`}
      onChoose={add}
      onCreate={async (name) => add(await createPlaylist(name))}
    />
  );
}

const TEXTS: ListPickerTexts = {
  newButton: 'New Playlist',
  nameLabel: 'Playlist name',
  nameMissing: 'Give the playlist a name.',
  filter: 'Find playlist',
  list: 'Your playlists',
};
