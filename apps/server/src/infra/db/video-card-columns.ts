import { channels, videos } from './schema.js';

/**
 * What a video card shows (modules/catalog/catalog.presenter.ts `presentVideo`), read in one join with its
 * channel: every module's list of videos selects these. Not the search vector, a long text nobody shows that would
 * triple a page's bytes.
 */
export const videoCardColumns = {
  video: {
    id: videos.id,
    provider: videos.provider,
    externalId: videos.externalId,
    channelId: videos.channelId,
    title: videos.title,
    description: videos.description,
    thumbnail: videos.thumbnail,
    tags: videos.tags,
    durationSeconds: videos.durationSeconds,
    embeddable: videos.embeddable,
    liveStatus: videos.liveStatus,
    isShort: videos.isShort,
    numberOfViews: videos.numberOfViews,
    numberOfLikes: videos.numberOfLikes,
    publishedAt: videos.publishedAt,
    mediaUrl: videos.mediaUrl,
  },
  channelExternalId: channels.externalId,
  channelName: channels.name,
  channelThumbnail: channels.thumbnail,
};
export type VideoCardRow = {
  video: Pick<typeof videos.$inferSelect, keyof (typeof videoCardColumns)['video']>;
  channelExternalId: string;
  channelName: string;
  channelThumbnail: string;
};
