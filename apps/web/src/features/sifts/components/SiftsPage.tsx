import { Plural, useLingui } from '@lingui/react/macro';
import type { SiftSummary } from '@sift/contracts';
import { CollectionCard, CollectionsPage, useCollectionQuery } from '../../../components/CollectionsPage';
import { InboxCount } from '../../../components/InboxCount';
import type { ItemPosition } from '../../../components/InfiniteList';
import { useDocumentTitle } from '../../../components/Page';
import { formatNumber } from '../../../lib/format';
import { usePreference } from '../../../lib/hooks';
import { paths, to } from '../../../lib/paths';
import { useSifts } from '../api/queries';
import '../sifts.css';

/** A sift in a list: cover, name (the card's link), owner, channels, videos and followers. */
export function SiftCard({ sift: s, position }: { sift: SiftSummary; position?: ItemPosition }) {
  const channels = formatNumber(s.numberOfChannels);
  return (
    <CollectionCard
      item={s}
      to={to.sift(s.hash)}
      icon="sift"
      extraMeta={
        <>
          <span>
            <Plural value={s.numberOfChannels} one={`${channels} channel`} other={`${channels} channels`} />
          </span>
          {s.unwatchedCount ? (
            <span>
              <InboxCount n={s.unwatchedCount} />
            </span>
          ) : null}
        </>
      }
      position={position}
    />
  );
}

/** /sifts: the member's sifts or the ones they follow (a visitor: public sifts), sort menu and a name filter. */
export function SiftsPage() {
  const { t } = useLingui();
  const [token] = usePreference('token');
  const [query, setQuery] = useCollectionQuery(!!token);
  const list = useSifts(query);
  useDocumentTitle(t`Sifts`);
  return (
    <CollectionsPage
      title={t`Sifts`}
      create={{ to: paths.createSift, label: t`New Sift` }}
      plural={t({ message: 'sifts', comment: 'Lower-case plural inside "Which sifts", "Sort sifts", "Your sifts"' })}
      filterLabel={t`Find sift`}
      query={query}
      onQuery={setQuery}
      canChoose={!!token}
      visitorLabel={t`Public sifts`}
      list={{ ...list, items: list.sifts }}
      getKey={(s) => s.hash}
      renderItem={(s, position) => <SiftCard sift={s} position={position} />}
    />
  );
}
