import { UNWATCHED_COUNT_MAX } from '@sift/contracts';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { hiddenVideos, historySettings, siftVideos, videos, watchHistory } from './schema.js';

/**
 * `hideWatched=true` (issue 30, decisions/039): the video is neither watched nor dismissed by the member. Two
 * anti-joins probed by primary key (the watched one on the partial index of watched rows), written into the page's
 * own statement so a page stays full and the keyset cursor neither repeats nor skips a video.
 */
export function unwatchedBy(userId: number, videoId: AnyColumn | SQL): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM ${watchHistory} WHERE ${watchHistory.userId} = ${userId} AND ${watchHistory.videoId} = ${videoId} AND ${watchHistory.watched})
    AND NOT EXISTS (SELECT 1 FROM ${hiddenVideos} WHERE ${hiddenVideos.userId} = ${userId} AND ${hiddenVideos.videoId} = ${videoId})`;
}

/**
 * A member's inbox count of one channel or sift (issue 30, decisions/039): its videos published since `since` that
 * the member has neither watched nor dismissed, counted no further than UNWATCHED_COUNT_MAX. Bounded: at most that
 * many index entries of the channel (`videos_channel_published_idx`) or sift (`sift_videos_feed_idx`) are probed
 * past the ones the member watched, newest first.
 */
export function unwatchedCount(userId: number, source: { channelId: AnyColumn | SQL } | { siftId: AnyColumn | SQL }, since: AnyColumn | SQL): SQL<number> {
  const inner =
    'channelId' in source
      ? sql`SELECT 1 FROM ${videos} WHERE ${videos.channelId} = ${source.channelId} AND ${videos.publishedAt} >= ${since} AND ${unwatchedBy(userId, videos.id)}`
      : sql`SELECT 1 FROM ${siftVideos} WHERE ${siftVideos.siftId} = ${source.siftId} AND ${siftVideos.publishedAt} >= ${since} AND ${unwatchedBy(userId, siftVideos.videoId)}`;
  return sql<number>`(SELECT count(*)::int FROM (${inner} LIMIT ${UNWATCHED_COUNT_MAX}) AS unwatched)`.mapWith(Number);
}

/**
 * The member's marks version (`history_settings.marks_version`, 0 before any mark), as text for a stamp: what is kept
 * from which videos they have watched or dismissed is answered only while it holds (decisions/055).
 */
export const marksVersionOf = (userId: number): SQL<string> =>
  sql<string>`coalesce((SELECT ${historySettings.marksVersion} FROM ${historySettings} WHERE ${historySettings.userId} = ${userId}), 0)::text`;
