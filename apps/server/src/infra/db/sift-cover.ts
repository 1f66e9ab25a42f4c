import { sql } from 'drizzle-orm';
import { sifts, siftVideos, videos } from './schema.js';

/**
 * A sift's one image, the same wherever the sift shows (its page, lists, search, the profile's follows; issue 18
 * found three different ones): the member's custom image, else the thumbnail of the newest video it matches, else
 * null (the app draws the sift icon). Reads `sifts` of the query it is selected in.
 */
export const siftCover = sql<string | null>`(CASE WHEN ${sifts.thumbnailType} = 'custom' AND ${sifts.thumbnail} IS NOT NULL THEN ${sifts.thumbnail}
  ELSE (SELECT v.thumbnail FROM ${siftVideos} AS sv JOIN ${videos} AS v ON v.id = sv.video_id
    WHERE sv.sift_id = ${sifts.id} ORDER BY sv.published_at DESC, sv.video_id DESC LIMIT 1) END)`;
