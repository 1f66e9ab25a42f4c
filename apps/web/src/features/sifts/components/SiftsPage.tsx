import { useId, useState } from 'react';
import type { SiftSummary } from '@sift/contracts';
import { AppLink } from '../../../components/AppLink';
import { FilterField } from '../../../components/FilterField';
import { Icon } from '../../../components/Icon';
import { InfiniteList, type ItemPosition } from '../../../components/InfiniteList';
import { Menu } from '../../../components/Menu';
import { useDocumentTitle } from '../../../components/Page';
import { formatNumber } from '../../../lib/format';
import { usePreference } from '../../../lib/hooks';
import { paths, to } from '../../../lib/paths';
import { useSifts, type SiftSort } from '../api/queries';
import '../sifts.css';

/** SPEC §9 "Sort options". */
const SORT_LABELS: Record<SiftSort, string> = { '': 'Relevance', created: 'Recently created', videos: 'Num of videos', alpha: 'Alphabetical' };

/** A sift in a list: cover, name (the card's link), owner, channels, videos and followers. */
export function SiftCard({ sift: s, position }: { sift: SiftSummary; position?: ItemPosition }) {
  const titleId = useId();
  return (
    <article className="scard" aria-labelledby={titleId} aria-posinset={position?.posinset} aria-setsize={position?.setsize}>
      <AppLink to={to.sift(s.hash)} className="scard-cover" tabIndex={-1} aria-hidden="true">
        {s.thumbnail ? <img src={s.thumbnail} alt="" loading="lazy" width={160} height={90} /> : <Icon name="sift" size={40} />}
        <span className="badge">{formatNumber(s.numberOfVideos)} videos</span>
      </AppLink>
      <div className="scard-text">
        <h3 className="scard-title" id={titleId}>
          <AppLink to={to.sift(s.hash)}>{s.name}</AppLink>
        </h3>
        <p className="vcard-meta">
          <span>{s.public ? 'Public' : 'Private'}</span>
          {!s.owner.creator && <span>by {`${s.owner.firstName} ${s.owner.lastName}`.trim()}</span>}
          <span>
            {formatNumber(s.numberOfChannels)} {s.numberOfChannels === 1 ? 'channel' : 'channels'}
          </span>
          <span>
            {formatNumber(s.numberOfFollowers, true)} {s.numberOfFollowers === 1 ? 'follower' : 'followers'}
          </span>
        </p>
      </div>
    </article>
  );
}

/** /sifts: the member's sifts or the ones they follow (a visitor: public sifts), sort menu and a name filter. */
export function SiftsPage() {
  const [token] = usePreference('token');
  // SPEC §5: the list filter starts at following=false when logged in, else following=true.
  const [following, setFollowing] = useState(!token);
  const [sort, setSort] = useState<SiftSort>('');
  const [q, setQ] = useState('');
  const list = useSifts({ q, sort, following });
  useDocumentTitle('Sifts');
  return (
    <section className="page" aria-labelledby="page-title">
      <div className="section-head">
        <h1 id="page-title" className="page-title" tabIndex={-1}>
          Sifts
        </h1>
        <AppLink to={paths.createSift} className="btn btn-primary">
          <Icon name="plus" size={20} /> New Sift
        </AppLink>
      </div>
      <div className="sifts-toolbar">
        {token && (
          <div role="group" aria-label="Which sifts" className="sift-seg">
            <button type="button" aria-pressed={!following} className="chip" onClick={() => setFollowing(false)}>
              Mine
            </button>
            <button type="button" aria-pressed={following} className="chip" onClick={() => setFollowing(true)}>
              Following
            </button>
          </div>
        )}
        <FilterField label="Find sift" onApply={setQ} />
        <Menu
          label="Sort sifts"
          title="Sort"
          buttonClassName="btn btn-secondary"
          button={<>Sort: {SORT_LABELS[sort]}</>}
          items={(Object.keys(SORT_LABELS) as SiftSort[]).map((key) => ({ kind: 'radio', label: SORT_LABELS[key], checked: sort === key, onSelect: () => setSort(key) }))}
        />
      </div>
      <InfiniteList
        label={!token ? 'Public sifts' : following ? 'Sifts you follow' : 'Your sifts'}
        layout="grid"
        items={list.sifts}
        getKey={(s) => s.hash}
        renderItem={(s, position) => <SiftCard sift={s} position={position} />}
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
