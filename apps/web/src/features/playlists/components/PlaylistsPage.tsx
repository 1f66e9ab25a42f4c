import { useId, useState } from 'react';
import type { Playlist, PlaylistSort } from '@sift/contracts';
import { AppLink } from '../../../components/AppLink';
import { FilterField } from '../../../components/FilterField';
import { Icon } from '../../../components/Icon';
import { InfiniteList, type ItemPosition } from '../../../components/InfiniteList';
import { Menu } from '../../../components/Menu';
import { useDocumentTitle } from '../../../components/Page';
import { formatNumber } from '../../../lib/format';
import { usePreference } from '../../../lib/hooks';
import { paths, to } from '../../../lib/paths';
import { usePlaylists } from '../api/queries';
import '../playlists.css';

/** SPEC §9 "Sort options". */
export const SORT_LABELS: Record<Exclude<PlaylistSort, 'relevance'>, string> = {
  '': 'Relevance',
  created: 'Recently created',
  videos: 'Num of videos',
  alpha: 'Alphabetical',
};

/** A playlist in a list: cover, name (the card's link), owner, videos and followers. */
export function PlaylistCard({ playlist: p, position }: { playlist: Playlist; position?: ItemPosition }) {
  const titleId = useId();
  return (
    <article className="pcard" aria-labelledby={titleId} aria-posinset={position?.posinset} aria-setsize={position?.setsize}>
      <AppLink to={to.playlist(p.id)} className="pcard-cover" tabIndex={-1} aria-hidden="true" style={{ background: p.backgroundColor }}>
        {p.thumbnail ? <img src={p.thumbnail} alt="" loading="lazy" width={160} height={160} /> : <Icon name="playlist" size={40} />}
        <span className="badge">{formatNumber(p.numberOfVideos)} videos</span>
      </AppLink>
      <div className="pcard-text">
        <h3 className="pcard-title" id={titleId}>
          <AppLink to={`${to.playlist(p.id)}?l=1000`}>{p.name}</AppLink>
        </h3>
        <p className="vcard-meta">
          <span>{p.public ? 'Public' : 'Private'}</span>
          {!p.owner.creator && <span>by {`${p.owner.firstName} ${p.owner.lastName}`.trim()}</span>}
          <span>
            {formatNumber(p.numberOfFollowers, true)} {p.numberOfFollowers === 1 ? 'follower' : 'followers'}
          </span>
        </p>
      </div>
    </article>
  );
}

/** /playlists: the member's playlists or the ones they follow, with the sort menu and a name filter. */
export function PlaylistsPage() {
  const [token] = usePreference('token');
  // SPEC §5: the list filter starts at following=false when logged in, else following=true.
  const [following, setFollowing] = useState(!token);
  const [sort, setSort] = useState<PlaylistSort>('');
  const [q, setQ] = useState('');
  const list = usePlaylists({ q, sort, following }, !!token);
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
    <section className="page" aria-labelledby="page-title">
      <div className="section-head">
        <h1 id="page-title" className="page-title" tabIndex={-1}>
          Playlists
        </h1>
        <AppLink to={paths.createPlaylist} className="btn btn-primary">
          <Icon name="plus" size={20} /> New playlist
        </AppLink>
      </div>
      <div className="playlists-toolbar">
        <div role="group" aria-label="Which playlists" className="seg">
          <button type="button" aria-pressed={!following} className="chip" onClick={() => setFollowing(false)}>
            Mine
          </button>
          <button type="button" aria-pressed={following} className="chip" onClick={() => setFollowing(true)}>
            Following
          </button>
          <AppLink to={to.watchLater()} className="chip">
            <Icon name="clock" size={18} /> Watch later
          </AppLink>
        </div>
        <FilterField label="Find playlist" onApply={setQ} />
        <Menu
          label="Sort playlists"
          title="Sort"
          buttonClassName="btn btn-secondary"
          button={<>Sort: {SORT_LABELS[sort as keyof typeof SORT_LABELS]}</>}
          items={(Object.keys(SORT_LABELS) as Array<keyof typeof SORT_LABELS>).map((key) => ({
            kind: 'radio',
            label: SORT_LABELS[key],
            checked: sort === key,
            onSelect: () => setSort(key),
          }))}
        />
      </div>
      <InfiniteList
        label={following ? 'Playlists you follow' : 'Your playlists'}
        layout="grid"
        items={list.playlists}
        getKey={(p) => String(p.id)}
        renderItem={(p, position) => <PlaylistCard playlist={p} position={position} />}
        loading={list.isPending}
        error={list.isError}
        hasMore={!!list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
        onRetry={() => void list.refetch()}
      />
    </section>
  );
}
