import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { memo, useId, type CSSProperties, type ReactNode } from 'react';
import type { Channel, Video } from '@sift/contracts';
import { to } from '../lib/paths';
import { durationLabel, formatDuration, formatNumber, formatRelativeTime } from '../lib/format';
import { useNameLimit } from '../lib/hooks';
import { initialsOf } from '../lib/initials-of';
import { truncateTo } from '../lib/truncate';
import { PlainLink, useCarryV } from './PlainLink';
import { Icon } from './Icon';
import { useItemActions, type VideoCardContext } from './item-actions';
import { Menu } from './Menu';
import { REVEAL_BATCH, type ItemPosition } from './InfiniteList';

const watchPath = to.watch;
const channelPath = to.channel;

const NO_CONTEXT: VideoCardContext = {};

// Cards are memoised (issue 18): a list re-renders all of them when a page arrives or the page around it renders, and
// a card costs about a millisecond on a mid-range phone. Lists pass fresh position and context objects each render,
// so those are compared by value; the video or channel object is the query cache's, kept while it is unchanged.
const samePosition = (a: ItemPosition | undefined, b: ItemPosition | undefined) => a?.posinset === b?.posinset && a?.setsize === b?.setsize;
const sameContext = (a: VideoCardContext = NO_CONTEXT, b: VideoCardContext = NO_CONTEXT) =>
  a.playlist?.id === b.playlist?.id && a.playlist?.name === b.playlist?.name && a.playlist?.owned === b.playlist?.owned && a.sift?.hash === b.sift?.hash && a.sift?.name === b.sift?.name;

/**
 * How far a member got into a video, in whole percent for the bar along the thumbnail's bottom (issue 30): a watched
 * video shows a full bar, one not started (or live, or of unknown length) none.
 */
export function progressPercent(video: Pick<Video, 'watched' | 'position' | 'positionOf' | 'durationSeconds' | 'liveStatus'>): number | undefined {
  if (video.liveStatus === 'LIVE') return undefined;
  if (video.watched) return 100;
  const position = video.position ?? 0;
  // Of the length the player knew when it saved the position (a demo clip's 30 s), else the listed one.
  const length = video.positionOf ?? video.durationSeconds;
  if (!(position > 0) || !(length > 0)) return undefined;
  return Math.max(1, Math.min(100, Math.round((position / length) * 100)));
}

/**
 * A count in the spec's abbreviated form (1.2K) with its word in the right plural: "1.2K views". A string, not Lingui's
 * <Plural> component: every card and tile draws two or three, and each component (its element tree rebuilt from the
 * message) was a part of the list pages' longest tasks after the first paint (issue 32).
 */
export function CountOf({ what, n }: { what: 'views' | 'likes' | 'followers' | 'videos'; n: number }) {
  const { t } = useLingui();
  const count = formatNumber(n, true);
  switch (what) {
    case 'views':
      return t`${plural(n, { one: `${count} view`, other: `${count} views` })}`;
    case 'likes':
      return t`${plural(n, { one: `${count} like`, other: `${count} likes` })}`;
    case 'followers':
      return t`${plural(n, { one: `${count} follower`, other: `${count} followers` })}`;
    case 'videos':
      return t`${plural(n, { one: `${count} video`, other: `${count} videos` })}`;
  }
}

/**
 * A round picture of a channel or person; should it fail to load, `name`'s initials stand in (lib/image-fallback), as
 * they do when there is no picture yet (a channel known only by name until someone opens it, decisions/052).
 */
export function Avatar({ src, size = 36, name }: { src: string | null | undefined; size?: number; name?: string }) {
  return src ? (
    <img className="avatar" src={src} alt="" width={size} height={size} loading="lazy" decoding="async" data-name={name} />
  ) : (
    // Its size as a custom property, not inline width and height, so that a page's stylesheet can size it as it sizes
    // the image (a phone's channel head: 80 px either way, or the head moved when the picture came).
    <span className="avatar avatar--empty" style={{ '--avatar-size': `${size}px` } as CSSProperties} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}

/**
 * A video in a list (SPEC §2 list item card): 16:9 thumbnail with a duration badge (or LIVE / SHORTS marker),
 * channel avatar and name linking to the channel, views, likes and relative published time. The title is the
 * card's one link to the video, so "article → link named by the title" is what assistive tech and tests see.
 */
export const VideoCard = memo(VideoCardView, (a, b) =>
  a.video === b.video && a.now === b.now && a.extra === b.extra && a.heading === b.heading && samePosition(a.position, b.position) && sameContext(a.context, b.context),
);

function VideoCardView({
  video,
  position,
  now,
  context = NO_CONTEXT,
  extra,
  heading,
}: {
  video: Video;
  position?: ItemPosition;
  now?: number;
  /** Where the card stands (a playlist, a sift), for the actions of its menu. */
  context?: VideoCardContext;
  /**
   * Controls beside the card (a playlist owner's up/down): inside the card's article, since a feed may hold only
   * articles (axe aria-required-children).
   */
  extra?: ReactNode;
  /** A heading above the card inside its article (the history page's day), since a feed may hold only articles. */
  heading?: ReactNode;
}) {
  const { t } = useLingui();
  const limit = useNameLimit();
  const carryV = useCarryV();
  const { videoMenu } = useItemActions();
  // Built here only to know whether there is a menu; it builds its entries again when it opens, from the state of then.
  const menu = () => videoMenu(video, context);
  const hasMenu = menu().length > 0;
  const titleId = useId();
  const title = video.title || video.name;
  const shown = truncateTo(title, limit);
  const live = video.liveStatus === 'LIVE';
  // The video's links name their own v: the current one is dropped (AppLink's dropV). Inside a playlist or a sift they
  // also name the list, so the video plays inside it (SPEC §2 `/watch` p and s; issue 31).
  const href = watchPath(video.externalId, context.playlist ? { playlist: context.playlist.id } : context.sift ? { sift: context.sift.hash } : undefined);
  const channelHref = carryV(channelPath(video.channelExternalId));
  const duration = durationLabel(video.durationSeconds);
  const progress = progressPercent(video);
  const eager = position !== undefined && position.posinset <= REVEAL_BATCH;
  const article = { 'aria-labelledby': titleId, 'aria-posinset': position?.posinset, 'aria-setsize': position?.setsize };
  const body = (
    <>
      <PlainLink href={href} className="vcard-thumb" tabIndex={-1} aria-hidden="true">
        {/* The first batch's pictures are on screen at every width: asked for as the card is drawn, not after a
            layout tells the lazy loader so; the first is the page's largest paint (issue 32). */}
        <img src={video.thumbnail} alt="" loading={eager ? 'eager' : 'lazy'} fetchPriority={position?.posinset === 1 ? 'high' : undefined} decoding="async" width={320} height={180} />
        {live ? (
          <span className="badge badge--live">
            <Trans comment="Badge on the thumbnail of a live video">LIVE</Trans>
          </span>
        ) : (
          <span className="badge">{formatDuration(video.durationSeconds)}</span>
        )}
        {video.isShort && <span className="badge badge--shorts">
            <Trans comment="Badge on the thumbnail of a short video">SHORTS</Trans>
          </span>}
        {video.watched && (
          <span className="badge badge--watched">
            <Trans comment="Badge on the thumbnail of a video the member has watched">Watched</Trans>
          </span>
        )}
        {progress !== undefined && (
          <span className="vcard-progress" aria-hidden="true">
            <span style={{ width: `${progress}%` }} />
          </span>
        )}
      </PlainLink>
      <div className="vcard-body">
        <PlainLink href={channelHref} className="vcard-avatar" tabIndex={-1} aria-hidden="true">
          <Avatar src={video.channelThumbnail} name={video.channelName} />
        </PlainLink>
        <div className="vcard-text">
          <h3 className="vcard-title" id={titleId}>
            <PlainLink href={href} title={shown === title ? undefined : title}>
              {shown}
            </PlainLink>
          </h3>
          <p className="vcard-channel">
            <PlainLink href={channelHref}>{video.channelName}</PlainLink>
          </p>
          <p className="vcard-meta">
            {live && (
              <span className="live-dot">
                <Trans>Live now</Trans>
              </span>
            )}
            <span>
              <CountOf what="views" n={video.numberOfViews} />
            </span>
            <span>
              <CountOf what="likes" n={video.numberOfLikes} />
            </span>
            <time dateTime={video.publishedAt}>{formatRelativeTime(video.publishedAt, now)}</time>
          </p>
          {!live && (
            <p className="sr-only">
              <Trans>Duration {duration}</Trans>
            </p>
          )}
          {video.watched ? (
            <p className="sr-only">
              <Trans>Watched</Trans>
            </p>
          ) : (
            progress !== undefined && (
              <p className="sr-only">
                <Trans>{progress}% watched</Trans>
              </p>
            )
          )}
        </div>
        {hasMenu && (
          <Menu label={t`More actions for ${title}`} button={<Icon name="more" />} buttonClassName="icon-btn card-menu" items={menu} title={title} />
        )}
      </div>
    </>
  );
  return extra || heading ? (
    <article className="vcard-entry" {...article}>
      {heading}
      <div className="vcard">{body}</div>
      {extra}
    </article>
  ) : (
    <article className="vcard" {...article}>
      {body}
    </article>
  );
}

/** A channel in a list: avatar, name (link), followers and videos count. */
export const ChannelCard = memo(ChannelCardView, (a, b) => a.channel === b.channel && samePosition(a.position, b.position));

function ChannelCardView({ channel, position }: { channel: Channel; position?: ItemPosition }) {
  const { t } = useLingui();
  const limit = useNameLimit();
  const channelHref = useCarryV()(channelPath(channel.externalId));
  const { channelMenu, ChannelFollow } = useItemActions();
  const menu = () => channelMenu(channel);
  const hasMenu = menu().length > 0;
  const titleId = useId();
  const name = channel.name;
  const shown = truncateTo(name, limit);
  return (
    <article
      className="ccard"
      aria-labelledby={titleId}
      aria-posinset={position?.posinset}
      aria-setsize={position?.setsize}
    >
      <PlainLink href={channelHref} tabIndex={-1} aria-hidden="true" className="ccard-avatar">
        <Avatar src={channel.thumbnail} size={72} name={channel.name} />
      </PlainLink>
      <div className="ccard-text">
        <h3 className="ccard-title" id={titleId}>
          <PlainLink href={channelHref} title={shown === channel.name ? undefined : channel.name}>
            {shown}
          </PlainLink>
        </h3>
        <p className="vcard-meta">
          <span>
            <CountOf what="followers" n={channel.numberOfFollowers} />
          </span>
          <span>
            <CountOf what="videos" n={channel.numberOfVideos} />
          </span>
        </p>
        {channel.description && <p className="ccard-desc">{channel.description}</p>}
      </div>
      {(ChannelFollow || hasMenu) && (
        <div className="ccard-actions">
          {ChannelFollow && <ChannelFollow channel={channel} />}
          {hasMenu && (
            <Menu label={t`More actions for ${name}`} button={<Icon name="more" />} buttonClassName="icon-btn card-menu" items={menu} title={channel.name} />
          )}
        </div>
      )}
    </article>
  );
}

/** Compact channel tile for horizontal strips. */
export function ChannelTile({ channel, tabIndex }: { channel: Channel; tabIndex?: number }) {
  const titleId = useId();
  const channelHref = useCarryV()(channelPath(channel.externalId));
  return (
    <article className="ctile" aria-labelledby={titleId}>
      <PlainLink href={channelHref} className="ctile-link" tabIndex={tabIndex}>
        <Avatar src={channel.thumbnail} size={80} name={channel.name} />
        <span className="ctile-name" id={titleId}>
          {channel.name}
        </span>
        <span className="ctile-meta">
          <CountOf what="followers" n={channel.numberOfFollowers} />
        </span>
      </PlainLink>
    </article>
  );
}
