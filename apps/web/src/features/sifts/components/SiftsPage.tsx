import type { SiftSummary } from '@sift/contracts';
import { CollectionCard, CollectionsPage, useCollectionQuery } from '../../../components/CollectionsPage';
import type { ItemPosition } from '../../../components/InfiniteList';
import { useDocumentTitle } from '../../../components/Page';
import { formatNumber } from '../../../lib/format';
import { usePreference } from '../../../lib/hooks';
import { paths, to } from '../../../lib/paths';
import { useSifts } from '../api/queries';
import '../sifts.css';

/** A sift in a list: cover, name (the card's link), owner, channels, videos and followers. */
export function SiftCard({ sift: s, position }: { sift: SiftSummary; position?: ItemPosition }) {
  return (
    <CollectionCard
      item={s}
      to={to.sift(s.hash)}
      icon="sift"
      extraMeta={
        <span>
          {formatNumber(s.numberOfChannels)} {s.numberOfChannels === 1 ? 'channel' : 'channels'}
        </span>
      }
      position={position}
    />
  );
}

/** /sifts: the member's sifts or the ones they follow (a visitor: public sifts), sort menu and a name filter. */
export function SiftsPage() {
  const [token] = usePreference('token');
  const [query, setQuery] = useCollectionQuery(!!token);
  const list = useSifts(query);
  useDocumentTitle('Sifts');
  return (
    <CollectionsPage
      title="Sifts"
      create={{ to: paths.createSift, label: 'New Sift' }}
      plural="sifts"
      filterLabel="Find sift"
      query={query}
      onQuery={setQuery}
      canChoose={!!token}
      visitorLabel="Public sifts"
      list={{ ...list, items: list.sifts }}
      getKey={(s) => s.hash}
      renderItem={(s, position) => <SiftCard sift={s} position={position} />}
    />
  );
}
