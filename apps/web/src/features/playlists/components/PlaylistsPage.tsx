import { Trans, useLingui } from '@lingui/react/macro';
import type { Playlist } from '@sift/contracts';
import { AppLink } from '../../../components/AppLink';
import { CollectionCard } from '../../../components/CollectionCard';
import { CollectionsPage, useCollectionQuery } from '../../../components/CollectionsPage';
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
  const { t } = useLingui();
  const [token] = usePreference('token');
  const [query, setQuery] = useCollectionQuery(!!token);
  const list = usePlaylists(query, !!token);
  useDocumentTitle(t`Playlists`);

  if (!token) {
    return (
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title" className="page-title" tabIndex={-1}>
          <Trans>Playlists</Trans>
        </h1>
        <p>
          <Trans>
            <AppLink to={to.login(paths.playlists)}>Log in</AppLink> to see and make your playlists.
          </Trans>
        </p>
      </section>
    );
  }

  return (
    <CollectionsPage
      title={t`Playlists`}
      create={{ to: paths.createPlaylist, label: t`New playlist` }}
      plural={t({ message: 'playlists', comment: 'Lower-case plural inside "Which playlists", "Sort playlists", "Your playlists"' })}
      filterLabel={t`Find playlist`}
      query={query}
      onQuery={setQuery}
      canChoose
      moreChoices={
        <AppLink to={to.watchLater()} className="chip">
          <Icon name="clock" size={18} /> <Trans>Watch later</Trans>
        </AppLink>
      }
      list={{ ...list, items: list.playlists }}
      getKey={(p) => String(p.id)}
      renderItem={(p, position) => <PlaylistCard playlist={p} position={position} />}
    />
  );
}
