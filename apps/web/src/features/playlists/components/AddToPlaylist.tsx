import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Video } from '@sift/contracts';
import { ListPicker, type ListPickerTexts } from '../../../components/ListPicker';
import { Modal } from '../../../components/Modal';
import { useNotify } from '../../../components/Notifications';
import { useOnPathChange } from '../../../lib/hooks';
import { createSlot } from '../../../lib/slot';
import { addToPlaylist, createPlaylist, invalidatePlaylists, usePlaylists } from '../api/queries';
import '../playlists.css';

type Target = Pick<Video, 'externalId' | 'title'>;

// The one open picker, for whoever asked (a card menu, the player menu); the host mounted once shows it.
const picker = createSlot<Target>();
export const openAddToPlaylist = (video: Target | null) => picker.set(video);

/** Mount once (app/item-actions.tsx): shows the add-to-playlist popup when something opens it. */
export function AddToPlaylistHost() {
  const video = picker.useValue();
  useOnPathChange(picker.closeUnlessOn); // SPEC §2 "On every path change … modals close"
  if (!video) return null;
  return (
    <Modal title="Add to playlist" onClose={() => openAddToPlaylist(null)} actions={<span />}>
      <PlaylistPicker video={video} onDone={() => openAddToPlaylist(null)} />
    </Modal>
  );
}

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
