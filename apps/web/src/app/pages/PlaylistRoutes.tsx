import { useParams } from 'react-router';
import { AddToPlaylistPage, CreatePlaylistPage, PlaylistEditPage } from '../../features/playlists/components/PlaylistForms';
import { AddVideosPage } from '../../features/playlists/components/AddVideosPage';
import { PlaylistPage } from '../../features/playlists/components/PlaylistPage';
import { PlaylistsPage } from '../../features/playlists/components/PlaylistsPage';

/** The playlist routes of SPEC §2, one lazy chunk: /playlists, /playlists/{id} (wl), /playlists/{id}/edit, … */
export function PlaylistRoute() {
  const { id = '' } = useParams();
  // A new id is a new page: state (dialogs, list) starts fresh.
  return <PlaylistPage key={id} id={id} />;
}

export function PlaylistEditRoute() {
  const { id = '' } = useParams();
  return <PlaylistEditPage key={id} id={id} />;
}

export { AddToPlaylistPage, AddVideosPage, CreatePlaylistPage, PlaylistsPage };
