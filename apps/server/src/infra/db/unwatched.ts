import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { hiddenVideos, watchHistory } from './schema.js';

/**
 * `hideWatched=true` (issue 30, decisions/039): the video is neither watched nor dismissed by the member. Two
 * anti-joins probed by primary key (the watched one on the partial index of watched rows), written into the page's
 * own statement so a page stays full and the keyset cursor neither repeats nor skips a video.
 */
export function unwatchedBy(userId: number, videoId: AnyColumn | SQL): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM ${watchHistory} WHERE ${watchHistory.userId} = ${userId} AND ${watchHistory.videoId} = ${videoId} AND ${watchHistory.watched})
    AND NOT EXISTS (SELECT 1 FROM ${hiddenVideos} WHERE ${hiddenVideos.userId} = ${userId} AND ${hiddenVideos.videoId} = ${videoId})`;
}
