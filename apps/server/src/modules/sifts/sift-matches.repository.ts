import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from '../../infra/db/client.js';
import { storedSiftRulesCondition } from '../../infra/db/keyword-match.js';
import { siftChannels, sifts, siftVideos, videos } from '../../infra/db/schema.js';

/** A CTE body: the feed version of the sifts `ids` selects goes up by one (their cached pages stop being served). */
const bumpFeedVersions = (ids: SQL) => sql`UPDATE ${sifts} SET feed_version = feed_version + 1 WHERE ${sifts.id} IN (${ids})`;

export interface SiftMatch {
  siftId: number;
  videoId: number;
}

/**
 * The materialised matches `sift_videos` (decisions/011-sift-feed.md): which videos each sift shows. Kept up to
 * date here only: when videos arrive (the sifts of their channels evaluate them) and when a sift's rules, type
 * filters or channels change (the sift is evaluated again over its channels' videos).
 */
export class SiftMatchesRepository {
  constructor(private readonly db: Database) {}

  /**
   * Evaluates newly stored videos against every sift that has their channel; inserts and returns the new matches,
   * and bumps the feed version of each sift that gained one. The sifts' rows are locked in id order first, so a
   * rule change committing meanwhile is waited for and then seen, and two arrivals never deadlock.
   */
  async matchArrivedVideos(videoIds: number[]): Promise<SiftMatch[]> {
    if (videoIds.length === 0) return [];
    const result = await this.db.execute(sql`
      WITH candidate AS (
        SELECT DISTINCT ${siftChannels.siftId} AS sift_id
        FROM ${videos} JOIN ${siftChannels} ON ${siftChannels.channelId} = ${videos.channelId}
        WHERE ${videos.id} = ANY(${sql.param(videoIds)}::bigint[])
      ), locked AS (
        SELECT ${sifts.id} AS id FROM ${sifts} WHERE ${sifts.id} IN (SELECT sift_id FROM candidate) ORDER BY ${sifts.id} FOR NO KEY UPDATE
      ), inserted AS (
      INSERT INTO ${siftVideos} (sift_id, video_id, published_at)
      SELECT ${sifts.id}, ${videos.id}, ${videos.publishedAt}
      FROM ${videos}
      JOIN ${siftChannels} ON ${siftChannels.channelId} = ${videos.channelId}
      JOIN ${sifts} ON ${sifts.id} = ${siftChannels.siftId}
      WHERE ${videos.id} = ANY(${sql.param(videoIds)}::bigint[])
        AND ${sifts.id} IN (SELECT id FROM locked)
        AND ${storedSiftRulesCondition()}
      ON CONFLICT DO NOTHING
      RETURNING sift_id, video_id
      ), bumped AS (${bumpFeedVersions(sql`SELECT sift_id FROM inserted`)})
      SELECT sift_id, video_id FROM inserted`);
    // Both drivers answer { rows }; int8 comes back as a string from node-postgres, a number from PGlite.
    return rowsOf<{ sift_id: string | number; video_id: string | number }>(result).map((r) => ({
      siftId: Number(r.sift_id),
      videoId: Number(r.video_id),
    }));
  }

  /** Evaluates a channel's stored videos for every sift that has it (after the channel's videos were imported). */
  async matchChannel(channelId: number): Promise<number> {
    const result = await this.db.execute(sql`
      WITH locked AS (
        SELECT ${sifts.id} AS id FROM ${sifts}
        WHERE ${sifts.id} IN (SELECT ${siftChannels.siftId} FROM ${siftChannels} WHERE ${siftChannels.channelId} = ${channelId})
        ORDER BY ${sifts.id} FOR NO KEY UPDATE
      ), inserted AS (
      INSERT INTO ${siftVideos} (sift_id, video_id, published_at)
      SELECT ${sifts.id}, ${videos.id}, ${videos.publishedAt}
      FROM ${siftChannels}
      JOIN ${sifts} ON ${sifts.id} = ${siftChannels.siftId}
      JOIN ${videos} ON ${videos.channelId} = ${siftChannels.channelId}
      WHERE ${siftChannels.channelId} = ${channelId} AND ${sifts.id} IN (SELECT id FROM locked) AND ${storedSiftRulesCondition()}
      ON CONFLICT DO NOTHING
      RETURNING sift_id
      ), bumped AS (${bumpFeedVersions(sql`SELECT sift_id FROM inserted`)})
      SELECT count(*)::int AS n FROM inserted`);
    return Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
  }

  /**
   * Evaluates one sift again over its channels' videos, from what is stored now (call it inside the transaction
   * that changed the rules, so readers see the old matches or the new ones, never a half). Only the difference
   * is written: a rule change that keeps most matches rewrites few rows.
   */
  async rematchSift(siftId: number): Promise<void> {
    // One statement: the DELETE, the INSERT and the version bump see the same snapshot and touch different rows.
    await this.db.execute(sql`
      WITH matched AS (
        SELECT ${videos.id} AS video_id, ${videos.publishedAt} AS published_at
        FROM ${sifts}
        JOIN ${siftChannels} ON ${siftChannels.siftId} = ${sifts.id}
        -- Each channel's videos by the channel index. OFFSET 0 keeps this a per-channel lookup: flattened into a
        -- join, a stale estimate of the sift's channels made the planner scan every video (0.8 s at 1M).
        CROSS JOIN LATERAL (SELECT * FROM ${videos} AS candidate WHERE candidate.channel_id = ${siftChannels.channelId} OFFSET 0) AS ${videos}
          WHERE ${sifts.id} = ${siftId} AND ${storedSiftRulesCondition()}
      ), gone AS (
        DELETE FROM ${siftVideos} AS sv
        WHERE sv.sift_id = ${siftId} AND NOT EXISTS (SELECT 1 FROM matched m WHERE m.video_id = sv.video_id)
      ), bumped AS (${bumpFeedVersions(sql`SELECT ${siftId}::bigint`)})
      INSERT INTO ${siftVideos} (sift_id, video_id, published_at)
      SELECT ${siftId}, video_id, published_at FROM matched
      ON CONFLICT DO NOTHING`);
  }
}
