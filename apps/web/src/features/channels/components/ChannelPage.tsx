import type { Channel, Video } from '@sift/contracts';
import { Avatar, VideoCard } from '../../../components/Cards';
import { Icon } from '../../../components/Icon';
import { InfiniteList } from '../../../components/InfiniteList';
import { useItemActions } from '../../../components/item-actions';
import { Menu } from '../../../components/Menu';
import { useDocumentTitle } from '../../../components/Page';
import { ViewToggle } from '../../../components/ViewToggle';
import { isApiError } from '../../../lib/api';
import { formatNumber } from '../../../lib/format';
import { useNow, usePreference } from '../../../lib/hooks';
import { useChannel, useChannelVideos } from '../api/queries';

const keyOf = (v: Video) => v.externalId;

/** /channel/{externalId}: the channel's header and its uploads as an infinite list. */
export function ChannelPage({ externalId }: { externalId: string }) {
  const channel = useChannel(externalId);
  const videos = useChannelVideos(externalId);
  const [gridType] = usePreference('gridType');
  const c = channel.data;
  useDocumentTitle(c?.name ?? 'Channel');
  const now = useNow();

  if (channel.isError && isApiError(channel.error) && channel.error.status === 404) {
    return (
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title" className="page-title" tabIndex={-1}>
          Channel not found
        </h1>
        <p>There is no channel with the id “{externalId}”.</p>
      </section>
    );
  }

  return (
    <section className="page" aria-labelledby="page-title">
      <header className="channel-head">
        <Avatar src={c?.thumbnail} size={96} />
        <div className="channel-head-text">
          <h1 id="page-title" className="page-title" tabIndex={-1}>
            {c?.name ?? (channel.isPending ? 'Loading channel…' : 'Channel')}
          </h1>
          {c && (
            <p className="vcard-meta">
              <span>
                {formatNumber(c.numberOfFollowers, true)} {c.numberOfFollowers === 1 ? 'follower' : 'followers'}
              </span>
              <span>
                {formatNumber(c.numberOfVideos)} {c.numberOfVideos === 1 ? 'video' : 'videos'}
              </span>
              {c.numberOfViews > 0 && <span>{formatNumber(c.numberOfViews, true)} views</span>}
            </p>
          )}
          {c?.description && <p className="channel-desc">{c.description}</p>}
          {c && <ChannelHeadActions channel={c} />}
        </div>
      </header>
      <section className="section" aria-labelledby="uploads-heading">
        <div className="section-head">
          <h2 id="uploads-heading">Videos</h2>
          <ViewToggle />
        </div>
        <InfiniteList
          label={c ? `Videos of ${c.name}` : 'Channel videos'}
          layout={gridType}
          items={videos.videos}
          getKey={keyOf}
          renderItem={(video, position) => <VideoCard video={video} position={position} now={now} />}
          loading={videos.isPending}
          error={videos.isError}
          hasMore={!!videos.hasNextPage}
          loadingMore={videos.isFetchingNextPage}
          onLoadMore={() => void videos.fetchNextPage()}
          onRetry={() => void (videos.data ? videos.fetchNextPage() : videos.refetch())}
        />
      </section>
    </section>
  );
}

/** Follow and the channel menu (add to sift, …), contributed by other features through item-actions. */
function ChannelHeadActions({ channel }: { channel: Channel }) {
  const { channelMenu, ChannelFollow } = useItemActions();
  const menu = channelMenu(channel);
  if (!ChannelFollow && menu.length === 0) return null;
  return (
    <div className="channel-actions">
      {ChannelFollow && <ChannelFollow channel={channel} />}
      {menu.length > 0 && (
        <Menu label={`More actions for ${channel.name}`} button={<Icon name="more" />} items={menu} title={channel.name} />
      )}
    </div>
  );
}
