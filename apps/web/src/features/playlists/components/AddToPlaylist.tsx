import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { Video } from '@sift/contracts';
import { FormAlert, formErrorsFrom } from '../../../components/Form';
import { FilterField } from '../../../components/FilterField';
import { Icon } from '../../../components/Icon';
import { Modal } from '../../../components/Modal';
import { useNotify } from '../../../components/Notifications';
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
  if (!video) return null;
  return (
    <Modal title="Add to playlist" onClose={() => openAddToPlaylist(null)} actions={<span />}>
      <PlaylistPicker video={video} onDone={() => openAddToPlaylist(null)} />
    </Modal>
  );
}

/**
 * SPEC §2 add-to-playlist popup: a New Playlist button, a "Find playlist" filter (applied on change: Enter or
 * blur; its clear button only while there is text) and the list of the caller's playlists.
 */
export function PlaylistPicker({ video, onDone }: { video: Target; onDone: () => void }) {
  const qc = useQueryClient();
  const notify = useNotify();
  const [filter, setFilter] = useState('');
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const list = usePlaylists({ q: filter, sort: 'alpha', following: false });
  const nameId = useId();

  const add = async (playlist: { id: number; name: string }) => {
    setBusy(true);
    setError(null);
    try {
      await addToPlaylist(playlist.id, video);
      notify(`Added to ${playlist.name}`);
      onDone();
    } catch (err) {
      setError(formErrorsFrom(err).message);
    } finally {
      setBusy(false);
      void invalidatePlaylists(qc);
    }
  };

  const create = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('Give the playlist a name.');
    setBusy(true);
    try {
      const playlist = await createPlaylist(name.trim());
      await add(playlist);
    } catch (err) {
      setError(formErrorsFrom(err, { name: 'Name' }).message);
      setBusy(false);
    }
  };

  return (
    <div className="playlist-picker">
      {error && <FormAlert>{error}</FormAlert>}
      {creating ? (
        <form className="picker-create" onSubmit={create}>
          <label htmlFor={nameId} className="field-label">
            Playlist name
          </label>
          <div className="picker-row">
            <input id={nameId} className="picker-input" value={name} maxLength={100} autoFocus onChange={(e) => setName(e.currentTarget.value)} />
            <button type="submit" className="btn btn-primary" disabled={busy}>
              Create
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="btn btn-secondary btn-block" onClick={() => setCreating(true)}>
          <Icon name="plus" size={20} /> New Playlist
        </button>
      )}
      <FilterField label="Find playlist" onApply={setFilter} />
      <ul className="picker-list" aria-label="Your playlists" aria-busy={list.isPending}>
        {list.playlists.map((p) => (
          <li key={p.id}>
            <button type="button" className="picker-item" disabled={busy} onClick={() => void add(p)}>
              <span className="picker-name">{p.name}</span>
              <span className="picker-count">
                {p.numberOfVideos} {p.numberOfVideos === 1 ? 'video' : 'videos'}
              </span>
            </button>
          </li>
        ))}
        {!list.isPending && list.playlists.length === 0 && <li className="picker-empty">No results.</li>}
        {list.isError && <li className="picker-empty">Error returning results.</li>}
      </ul>
      {list.hasNextPage && (
        <button type="button" className="btn btn-secondary btn-block" onClick={() => void list.fetchNextPage()}>
          Load more
        </button>
      )}
    </div>
  );
}
