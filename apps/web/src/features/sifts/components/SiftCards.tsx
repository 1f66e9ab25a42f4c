import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { CollectionCard, type CollectionSummary } from '../../../components/CollectionCard';
import { InboxCount } from '../../../components/InboxCount';
import type { ItemPosition } from '../../../components/InfiniteList';
import { formatNumber } from '../../../lib/format';
import { to } from '../../../lib/paths';
import '../sifts.css';
import '../discovery.css';

/** What a sift card shows: a sift of a list (SiftSummary) or of a search (SiftResult). */
export interface SiftCardItem extends CollectionSummary {
  hash: string;
  numberOfChannels: number;
  unwatchedCount?: number | undefined;
}

/**
 * A sift in a list: cover, name (the card's link), owner, channels, videos and followers. `more`: said after the
 * channels ("3 channels in common"); `videoBadge` false where numberOfVideos is not its matches (a search result).
 */
export function SiftCard({ sift: s, position, more, videoBadge }: { sift: SiftCardItem; position?: ItemPosition; more?: ReactNode; videoBadge?: boolean }) {
  const { t } = useLingui();
  const channels = formatNumber(s.numberOfChannels);
  return (
    <CollectionCard
      item={s}
      to={to.sift(s.hash)}
      icon="sift"
      videoBadge={videoBadge}
      extraMeta={
        <>
          <span>
            {t`${plural(s.numberOfChannels, { one: `${channels} channel`, other: `${channels} channels` })}`}
          </span>
          {more && <span>{more}</span>}
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

/**
 * A few sifts in a row, not a feed: a grid of cards on wide screens, compact cards (cover beside the text) one under
 * the other on a phone, so four of them take a screen's third rather than three screens.
 */
export function SiftRow<T extends SiftCardItem>({ sifts, label, more }: { sifts: readonly T[]; label: string; more?: (sift: T) => ReactNode }) {
  return (
    <ul className="sift-row" aria-label={label}>
      {sifts.map((s) => (
        <li key={s.hash}>
          <SiftCard sift={s} more={more?.(s)} />
        </li>
      ))}
    </ul>
  );
}
