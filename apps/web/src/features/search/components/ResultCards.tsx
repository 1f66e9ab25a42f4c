import { useId } from 'react';
import type { Owner, PlaylistResult, SearchItem, SiftResult } from '@sift/contracts';
import { AppLink } from '../../../components/AppLink';
import { ChannelCard, VideoCard } from '../../../components/Cards';
import { Icon } from '../../../components/Icon';
import type { ItemPosition } from '../../../components/InfiniteList';
import { formatNumber } from '../../../lib/format';
import { useViewportWidth } from '../../../lib/hooks';
import { to } from '../../../lib/paths';
import { truncateName } from '../../../lib/truncate';

const plural = (n: number, one: string, many: string) => `${formatNumber(n, true)} ${n === 1 ? one : many}`;
const ownerName = (owner: Owner) => `${owner.firstName} ${owner.lastName}`.trim() || 'Someone';

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
  kind: 'Sift' | 'Playlist';
  meta: string[];
  position?: ItemPosition | undefined;
}) {
  const width = useViewportWidth();
  const titleId = useId();
  const shown = truncateName(item.name, width);
  return (
    <article
      className={`scard scard--${item.type}`}
      aria-labelledby={titleId}
      aria-posinset={position?.posinset}
      aria-setsize={position?.setsize}
    >
      <AppLink to={href} className="scard-thumb" tabIndex={-1} aria-hidden="true">
        {item.thumbnail ? (
          <img src={item.thumbnail} alt="" loading="lazy" decoding="async" width={320} height={180} />
        ) : (
          <span className="scard-placeholder">
            <Icon name={item.type === 'sift' ? 'sift' : 'playlist'} size={40} />
          </span>
        )}
        <span className="badge">{kind}</span>
      </AppLink>
      <div className="scard-text">
        <h3 className="vcard-title" id={titleId}>
          <AppLink to={href} title={shown === item.name ? undefined : item.name}>
            {shown}
          </AppLink>
        </h3>
        <p className="vcard-channel">
          <span className="sr-only">{kind} by </span>
          <AppLink to={to.userProfile(item.owner.uuid)}>{ownerName(item.owner)}</AppLink>
        </p>
        <p className="vcard-meta">
          <span>{kind}</span>
          {meta.map((m) => (
            <span key={m}>{m}</span>
          ))}
          {!item.public && <span className="scard-private">Private</span>}
        </p>
        {item.description && <p className="ccard-desc">{item.description}</p>}
      </div>
    </article>
  );
}

export function SiftCard({ sift, position }: { sift: SiftResult; position?: ItemPosition | undefined }) {
  return (
    <CollectionCard
      item={sift}
      href={to.sift(sift.hash)}
      kind="Sift"
      meta={[plural(sift.numberOfChannels, 'channel', 'channels'), plural(sift.numberOfFollowers, 'follower', 'followers')]}
      position={position}
    />
  );
}

export function PlaylistCard({ playlist, position }: { playlist: PlaylistResult; position?: ItemPosition | undefined }) {
  const meta = [plural(playlist.numberOfVideos, 'video', 'videos')];
  if (playlist.imported) meta.push('Imported');
  return <CollectionCard item={playlist} href={to.playlist(playlist.id)} kind="Playlist" meta={meta} position={position} />;
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
