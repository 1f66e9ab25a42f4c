import type { Playlist } from '@sift/contracts';
import { AppLink } from '../../../components/AppLink';
import { CollectionCard, CollectionsPage, useCollectionQuery } from '../../../components/CollectionsPage';
import { Icon } from '../../../components/Icon';
import type { ItemPosition } from '../../../components/InfiniteList';
import { useDocumentTitle } from '../../../components/Page';
import { usePreference } from '../../../lib/hooks';
import { paths, to } from '../../../lib/paths';
import { usePlaylists } from '../api/queries';
import '../playlists.css';

/** A playlist in a list: cover (in its background colour), name (the card's link), owner, videos and followers. */
export function PlaylistCard({ playlist: p, position }: { playlist: Playlist; position?: ItemPosition }) {
  return (
    <CollectionCard
      item={p}
      to={to.playlist(p.id)}
      titleTo={`${to.playlist(p.id)}?l=1000`}
      icon="playlist"
      coverStyle={{ background: p.backgroundColor, color: '#fff' }}
      position={position}
    />
  );
}

/** /playlists: the member's playlists or the ones they follow, with the sort menu and a name filter. */
export function PlaylistsPage() {
  const [token] = usePreference('token');
  const [query, setQuery] = useCollectionQuery(!!token);
  const list = usePlaylists(query, !!token);
  useDocumentTitle('Playlists');

  if (!token) {
    return (
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title" className="page-title" tabIndex={-1}>
          Playlists
        </h1>
        <p>
          <AppLink to={to.login(paths.playlists)}>Log in</AppLink> to see and make your playlists.
        </p>
      </section>
    );
  }

  return (
    <CollectionsPage
      title="Playlists"
      create={{ to: paths.createPlaylist, label: 'New playlist' }}
      plural="playlists"
      filterLabel="Find playlist"
      query={query}
      onQuery={setQuery}
      canChoose
      moreChoices={
        <AppLink to={to.watchLater()} className="chip">
          <Icon name="clock" size={18} /> Watch later
        </AppLink>
      }
      list={{ ...list, items: list.playlists }}
      getKey={(p) => String(p.id)}
      renderItem={(p, position) => <PlaylistCard playlist={p} position={position} />}
    />
  );
}
