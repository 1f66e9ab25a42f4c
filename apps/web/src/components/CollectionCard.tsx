import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type CSSProperties, type ReactNode } from 'react';
import { formatNumber } from '../lib/format';
import { AppLink } from './AppLink';
import { Icon, type IconName } from './Icon';
import type { ItemPosition } from './InfiniteList';
import './collection-card.css';

/** A playlist or a sift as a list shows it. */
export interface CollectionSummary {
  name: string;
  thumbnail: string | null;
  public: boolean;
  owner: { firstName: string; lastName: string; creator: boolean };
  numberOfVideos: number;
  numberOfFollowers: number;
}

export interface CollectionCardProps {
  item: CollectionSummary;
  /** The cover's link. */
  to: string;
  /** The name's link (the cover's when not given). */
  titleTo?: string;
  /** Shown on the cover while there is no image. */
  icon: IconName;
  /** The cover's colours (a playlist's background colour). */
  coverStyle?: CSSProperties;
  /** Said between the owner and the followers ("3 channels"). */
  extraMeta?: ReactNode;
  /** The cover's "N videos" badge; off where the count means something else (a search result's uploads). */
  videoBadge?: boolean;
  position?: ItemPosition;
}

/** A playlist or a sift in a list: cover with its video count, name (the card's link), visibility, owner, followers. */
export function CollectionCard({ item, to, titleTo = to, icon, coverStyle, extraMeta, videoBadge = true, position }: CollectionCardProps) {
  const { t } = useLingui();
  const titleId = useId();
  const videos = formatNumber(item.numberOfVideos);
  const followers = formatNumber(item.numberOfFollowers, true);
  const owner = `${item.owner.firstName} ${item.owner.lastName}`.trim();
  return (
    <article className="collection-card" aria-labelledby={titleId} aria-posinset={position?.posinset} aria-setsize={position?.setsize}>
      <AppLink to={to} className="collection-card-cover" tabIndex={-1} aria-hidden="true" style={coverStyle}>
        {item.thumbnail ? <img src={item.thumbnail} alt="" loading="lazy" width={160} height={90} /> : <Icon name={icon} size={40} />}
        {videoBadge && (
          <span className="badge">
            <Trans>{videos} videos</Trans>
          </span>
        )}
      </AppLink>
      <div className="collection-card-text">
        <h3 className="collection-card-title" id={titleId}>
          <AppLink to={titleTo}>{item.name}</AppLink>
        </h3>
        <p className="vcard-meta">
          <span>{item.public ? <Trans>Public</Trans> : <Trans>Private</Trans>}</span>
          {!item.owner.creator && (
            <span>
              <Trans comment="The owner of a playlist or sift">by {owner}</Trans>
            </span>
          )}
          {extraMeta}
          <span>
            {t`${plural(item.numberOfFollowers, { one: `${followers} follower`, other: `${followers} followers` })}`}
          </span>
        </p>
      </div>
    </article>
  );
}
