import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import type { Owner, PlaylistResult, SearchItem, SiftResult } from '@sift/contracts';
import { ChannelCard, VideoCard } from '../../../components/Cards';
import { Icon } from '../../../components/Icon';
import type { ItemPosition } from '../../../components/InfiniteList';
import { PlainLink, useCarryV } from '../../../components/PlainLink';
import { formatNumber } from '../../../lib/format';
import { useNameLimit } from '../../../lib/hooks';
import { to } from '../../../lib/paths';
import { truncateTo } from '../../../lib/truncate';

const fullName = (owner: Owner) => `${owner.firstName} ${owner.lastName}`.trim();

/**
 * A sift or playlist in a list (SPEC §2 list item card): its image, name (the card's one link to it), type,
 * owner (a link to their profile), counts, and "Private" when only its owner sees it.
 */
function CollectionCard({
  item,
  href,
  kind,
  meta,
  position,
}: {
  item: SiftResult | PlaylistResult;
  href: string;
  kind: 'sift' | 'playlist';
  /** Counts and marks after the kind, each its own span. */
  meta: ReactNode[];
  position?: ItemPosition | undefined;
}) {
  const { t } = useLingui();
  const limit = useNameLimit();
  const carryV = useCarryV();
  const kindLabel = kind === 'sift' ? t`Sift` : t`Playlist`;
  const byLabel = kind === 'sift' ? t`Sift by` : t`Playlist by`;
  const ownerName = fullName(item.owner) || t({ message: 'Someone', comment: 'An owner without a name' });
  const titleId = useId();
  const shown = truncateTo(item.name, limit);
  return (
    <article
      className={`scard scard--${item.type}`}
      aria-labelledby={titleId}
      aria-posinset={position?.posinset}
      aria-setsize={position?.setsize}
    >
      <PlainLink href={carryV(href)} className="scard-thumb" tabIndex={-1} aria-hidden="true">
        {item.thumbnail ? (
          <img src={item.thumbnail} alt="" loading="lazy" decoding="async" width={320} height={180} />
        ) : (
          <span className="scard-placeholder">
            <Icon name={item.type === 'sift' ? 'sift' : 'playlist'} size={40} />
          </span>
        )}
        <span className="badge">{kindLabel}</span>
      </PlainLink>
      <div className="scard-text">
        <h3 className="vcard-title" id={titleId}>
          <PlainLink href={carryV(href)} title={shown === item.name ? undefined : item.name}>
            {shown}
          </PlainLink>
        </h3>
        <p className="vcard-channel">
          <span className="sr-only">{byLabel} </span>
          <PlainLink href={carryV(to.userProfile(item.owner.uuid))}>{ownerName}</PlainLink>
        </p>
        <p className="vcard-meta">
          <span>{kindLabel}</span>
          {meta.map((m, i) => (
            <span key={i}>{m}</span>
          ))}
          {!item.public && (
            <span className="scard-private">
              <Trans>Private</Trans>
            </span>
          )}
        </p>
        {item.description && <p className="ccard-desc">{item.description}</p>}
      </div>
    </article>
  );
}

export function SiftCard({ sift, position }: { sift: SiftResult; position?: ItemPosition | undefined }) {

  const channels = formatNumber(sift.numberOfChannels, true);
  const followers = formatNumber(sift.numberOfFollowers, true);
  return (
    <CollectionCard
      item={sift}
      href={to.sift(sift.hash)}
      kind="sift"
      meta={[
        <Plural key="channels" value={sift.numberOfChannels} one={`${channels} channel`} other={`${channels} channels`} />,
        <Plural key="followers" value={sift.numberOfFollowers} one={`${followers} follower`} other={`${followers} followers`} />,
      ]}
      position={position}
    />
  );
}

export function PlaylistCard({ playlist, position }: { playlist: PlaylistResult; position?: ItemPosition | undefined }) {
  const videos = formatNumber(playlist.numberOfVideos, true);
  const meta: ReactNode[] = [<Plural key="videos" value={playlist.numberOfVideos} one={`${videos} video`} other={`${videos} videos`} />];
  if (playlist.imported) meta.push(<Trans key="imported">Imported</Trans>);
  return <CollectionCard item={playlist} href={to.playlist(playlist.id)} kind="playlist" meta={meta} position={position} />;
}

/** Any search result, by its type. */
export function ResultCard({ item, position, now }: { item: SearchItem; position?: ItemPosition; now?: number }) {
  switch (item.type) {
    case 'video':
      return <VideoCard video={item} position={position} now={now} />;
    case 'channel':
      return <ChannelCard channel={item} position={position} />;
    case 'sift':
      return <SiftCard sift={item} position={position} />;
    case 'playlist':
      return <PlaylistCard playlist={item} position={position} />;
  }
}
