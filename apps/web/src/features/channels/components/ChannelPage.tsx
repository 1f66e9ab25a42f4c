import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Channel, Video } from '@sift/contracts';
import { Avatar, VideoCard } from '../../../components/Cards';
import { Icon } from '../../../components/Icon';
import { InfiniteList, pagingOf } from '../../../components/InfiniteList';
import { useItemActions } from '../../../components/item-actions';
import { Menu } from '../../../components/Menu';
import { useDocumentTitle } from '../../../components/Page';
import { HideWatchedToggle } from '../../../components/HideWatchedToggle';
import { ViewToggle } from '../../../components/ViewToggle';
import { useHideWatched } from '../../../lib/hide-watched';
import { isApiError } from '../../../lib/api';
import { formatNumber } from '../../../lib/format';
import { useNow, usePreference } from '../../../lib/hooks';
import { useChannel, useChannelVideos } from '../api/queries';

const keyOf = (v: Video) => v.externalId;

/**
 * What other features show on a channel page between its header and its videos (the sifts it is in, issue 31), and
 * whether that has loaded: the videos wait for it, as for the header, so nothing arriving above them moves them.
 */
export interface ChannelPageRelated {
  ready: boolean;
  node: ReactNode;
}

/** /channel/{externalId}: the channel's header, what other features relate to it, and its uploads as an infinite list. */
export function ChannelPage({ externalId, related }: { externalId: string; related?: ChannelPageRelated }) {
  const { t } = useLingui();
  const channel = useChannel(externalId);
  const hideWatched = useHideWatched(`channel:${externalId}`);
  const videos = useChannelVideos(externalId, undefined, hideWatched.on);
  const [gridType] = usePreference('gridType');
  const c = channel.data;
  const name = c?.name;
  useDocumentTitle(c?.name ?? t`Channel`);
  const now = useNow();

  if (channel.isError && isApiError(channel.error) && channel.error.status === 404) {
    return (
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title" className="page-title" tabIndex={-1}>
          <Trans>Channel not found</Trans>
        </h1>
        <p>
          <Trans>There is no channel with the id “{externalId}”.</Trans>
        </p>
      </section>
    );
  }

  return (
    <section className="page" aria-labelledby="page-title">
      <header className="channel-head">
        <Avatar src={c?.thumbnail} size={96} name={c?.name} />
        <div className="channel-head-text">
          <h1 id="page-title" className="page-title" tabIndex={-1}>
            {c?.name ?? (channel.isPending ? <Trans>Loading channel…</Trans> : <Trans>Channel</Trans>)}
          </h1>
          {c && <ChannelCounts channel={c} />}
          {c?.description && <p className="channel-desc">{c.description}</p>}
          {c && <ChannelHeadActions channel={c} />}
        </div>
      </header>
      {!channel.isPending && related?.node}
      {/* The videos wait for the header (fetched alongside): a header growing above them moved the list (issue 18, layout shift). */}
      {!channel.isPending && (related?.ready ?? true) && (
        <section className="section" aria-labelledby="uploads-heading">
          <div className="section-head">
            <h2 id="uploads-heading">
              <Trans>Videos</Trans>
            </h2>
            <div className="section-tools">
              <HideWatchedToggle state={hideWatched} />
              <ViewToggle />
            </div>
          </div>
          <InfiniteList
            label={c ? t`Videos of ${name}` : t`Channel videos`}
            layout={gridType}
            items={videos.videos}
            getKey={keyOf}
            renderItem={(video, position) => <VideoCard video={video} position={position} now={now} />}
            {...pagingOf(videos)}
          />
        </section>
      )}
    </section>
  );
}

/** Followers (abbreviated), videos (in full) and views (abbreviated, when there are any). */
function ChannelCounts({ channel }: { channel: Channel }) {
  const followers = formatNumber(channel.numberOfFollowers, true);
  const videos = formatNumber(channel.numberOfVideos);
  const views = formatNumber(channel.numberOfViews, true);
  return (
    <p className="vcard-meta">
      <span>
        <Plural value={channel.numberOfFollowers} one={`${followers} follower`} other={`${followers} followers`} />
      </span>
      <span>
        <Plural value={channel.numberOfVideos} one={`${videos} video`} other={`${videos} videos`} />
      </span>
      {channel.numberOfViews > 0 && (
        <span>
          <Trans>{views} views</Trans>
        </span>
      )}
    </p>
  );
}

/** Follow and the channel menu (add to sift, …), contributed by other features through item-actions. */
function ChannelHeadActions({ channel }: { channel: Channel }) {
  const { t } = useLingui();
  const { channelMenu, ChannelFollow } = useItemActions();
  const name = channel.name;
  // Built here only to know whether there is a menu; it builds its entries again when it opens, from the state of
  // then (the follow state, the session).
  const menu = () => channelMenu(channel);
  const hasMenu = menu().length > 0;
  if (!ChannelFollow && !hasMenu) return null;
  return (
    <div className="channel-actions">
      {ChannelFollow && <ChannelFollow channel={channel} />}
      {hasMenu && (
        <Menu label={t`More actions for ${name}`} button={<Icon name="more" />} items={menu} title={channel.name} />
      )}
    </div>
  );
}
