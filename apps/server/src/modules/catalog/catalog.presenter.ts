import type { Channel, Video } from '@sift/contracts';
import type { VideoCardRow } from '../../infra/db/video-card-columns.js';
import type { ChannelRow } from './catalog.repository.js';

/** Rows become the contract's DTOs here and nowhere else. Per-user fields (follow, watchLater) start false. */
export function presentVideo(row: VideoCardRow): Video {
  const v = row.video;
  return {
    type: 'video',
    id: v.id,
    // The member's marks start as a visitor's; WatchedOverlay (modules/history) finds them right after id.
    watched: false,
    position: null,
    externalId: v.externalId,
    name: v.title,
    title: v.title,
    thumbnail: v.thumbnail,
    description: v.description,
    tags: v.tags,
    durationSeconds: v.durationSeconds,
    embeddable: v.embeddable,
    liveStatus: v.liveStatus,
    isShort: v.isShort,
    channelId: v.channelId,
    channelExternalId: row.channelExternalId,
    channelName: row.channelName,
    channelThumbnail: row.channelThumbnail,
    numberOfViews: v.numberOfViews,
    numberOfLikes: v.numberOfLikes,
    publishedAt: v.publishedAt.toISOString(),
    mediaUrl: v.mediaUrl,
    provider: v.provider,
    watchLater: false,
    subscriptionDetail: null,
    ecSource: null,
    ecSourceId: null,
  };
}

export function presentChannel(row: ChannelRow): Channel {
  return {
    type: 'channel',
    id: row.id,
    externalId: row.externalId,
    youTubeChannelId: row.provider === 'youtube' ? row.externalId : null,
    name: row.name,
    description: row.description,
    topic: row.topic,
    thumbnail: row.thumbnail,
    numberOfFollowers: row.numberOfFollowers,
    numberOfVideos: row.numberOfVideos,
    numberOfViews: row.numberOfViews,
    subscriberCount: row.numberOfFollowers,
    viewCount: row.numberOfViews,
    follow: false,
    muted: false,
    subscriptionDetail: null,
    refreshedAt: row.refreshedAt?.toISOString() ?? null,
  };
}
