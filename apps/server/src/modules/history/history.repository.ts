import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from '../../infra/db/client.js';
import { channels, hiddenVideos, historySettings, videos, watchHistory } from '../../infra/db/schema.js';
import type { PublishedKey } from '../../infra/http/cursor.js';

/** A member's row of one video, as the history page and Continue watching show it. */
export interface HistoryRow {
  videoId: number;
  position: number;
  duration: number | null;
  watched: boolean;
  watchedAt: Date;
  live: boolean;
}

/** The marks a card carries: watched, where to resume (null: from the start), and the length the player knew. */
export interface CardMarks {
  watched: boolean;
  position: number | null;
  positionOf: number | null;
}

/** The video a history call names, with what the watched rule needs. */
export interface HistoryVideo {
  id: number;
  durationSeconds: number;
  live: boolean;
}

/** One video of an imported watch history, as it is written (HistoryService.importWatched). */
export interface ImportedWatchRow {
  videoId: number;
  watchedAt: Date;
  position: number;
  duration: number | null;
  watched: boolean;
}

/** A row of the data export's history: the member's row and its video's card. */
export interface HistoryExportRow {
  externalId: string;
  title: string;
  watchedAt: Date;
  position: number;
  duration: number | null;
  watched: boolean;
  channelId: string;
  channelName: string;
  publishedAt: Date;
  viewCount: number;
  lengthSeconds: number;
  live: boolean;
}

/** Rows written by one statement of an import: the arrays of one statement stay small whatever the file. */
const IMPORT_BATCH = 1_000;

/** Times are kept to the millisecond, the cursor's precision (schema.ts `watchHistory`). */
const NOW_MS = sql`date_trunc('milliseconds', now())`;

/** Moves the member's marks version (`history_settings.marks_version`, decisions/055), if `when` holds. */
const moveMarks = (userId: number, when: SQL = sql`true`): SQL =>
  sql`INSERT INTO ${historySettings} (user_id, marks_version) SELECT ${userId}, 1 WHERE ${when}
    ON CONFLICT (user_id) DO UPDATE SET marks_version = ${historySettings}.marks_version + 1`;

const rowColumns = {
  videoId: watchHistory.videoId,
  position: watchHistory.position,
  duration: watchHistory.duration,
  watched: watchHistory.watched,
  watchedAt: watchHistory.watchedAt,
  live: sql<boolean>`${videos.liveStatus} = 'LIVE'`,
};

/** The only repository of watch_history, hidden_videos and history_settings (issue 30, decisions/039). */
export class HistoryRepository {
  constructor(private readonly db: Database) {}

  /**
   * Runs a write that changes which videos the member has watched or dismissed, and moves their marks version in the
   * same transaction: what is kept from the marks (inbox counts, hideWatched pages) is never answered past it.
   */
  private changingMarks<T>(userId: number, write: (db: Database) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      const result = await write(db);
      await db.execute(moveMarks(userId));
      return result;
    });
  }

  async video(externalId: string): Promise<HistoryVideo | undefined> {
    const [row] = await this.db
      .select({ id: videos.id, durationSeconds: videos.durationSeconds, live: sql<boolean>`${videos.liveStatus} = 'LIVE'` })
      .from(videos)
      .where(eq(videos.externalId, externalId))
      .limit(1);
    return row;
  }

  /**
   * Records progress: one upsert, so repeated saves of a video coalesce into its row. Nothing is written while the
   * member has paused history (the condition is part of the statement: no read before the write). A video once
   * watched stays watched until unmarked; a save that reaches the end marks it and starts it over (position 0).
   * Only that save moves the marks version (in the same statement, and only if the video was not watched before): the
   * saves made while a video plays change no mark.
   */
  async saveProgress(userId: number, videoId: number, progress: { position: number; duration: number | null; watched: boolean }): Promise<void> {
    const save = sql`
      INSERT INTO ${watchHistory} (user_id, video_id, position, duration, watched, watched_at, updated_at)
      SELECT ${userId}, ${videoId}, ${progress.position}, ${progress.duration}, ${progress.watched}, ${NOW_MS}, ${NOW_MS}
      WHERE NOT EXISTS (SELECT 1 FROM ${historySettings} WHERE ${historySettings.userId} = ${userId} AND ${historySettings.paused})
      ON CONFLICT (user_id, video_id) DO UPDATE SET
        position = excluded.position,
        duration = coalesce(excluded.duration, ${watchHistory}.duration),
        watched = ${watchHistory}.watched OR excluded.watched,
        watched_at = excluded.watched_at,
        updated_at = excluded.updated_at`;
    if (!progress.watched) {
      await this.db.execute(save);
      return;
    }
    // The CTEs share one snapshot: `was` sees the row as it was before the save.
    await this.db.execute(sql`
      WITH was AS (SELECT ${watchHistory.watched} AS watched FROM ${watchHistory} WHERE ${watchHistory.userId} = ${userId} AND ${watchHistory.videoId} = ${videoId}),
        saved AS (${save} RETURNING 1)
      ${moveMarks(userId, sql`EXISTS (SELECT 1 FROM saved) AND NOT coalesce((SELECT watched FROM was), false)`)}`);
  }

  /** Marks videos watched (they start over next time); answers how many rows it wrote. */
  async markWatched(userId: number, videoIds: number[]): Promise<number> {
    if (videoIds.length === 0) return 0;
    const rows = await this.changingMarks(userId, (db) =>
      db
        .insert(watchHistory)
        .select(
          this.db
            .select({
              userId: sql`${userId}::bigint`.as('user_id'),
              videoId: sql`v.id`.as('video_id'),
              position: sql`0`.as('position'),
              duration: sql`NULL::integer`.as('duration'),
              watched: sql`true`.as('watched'),
              watchedAt: sql`${NOW_MS}`.as('watched_at'),
              updatedAt: sql`${NOW_MS}`.as('updated_at'),
            })
            .from(sql`unnest(${sql.param(videoIds)}::bigint[]) AS v(id)`),
        )
        .onConflictDoUpdate({
          target: [watchHistory.userId, watchHistory.videoId],
          set: { watched: true, position: 0, watchedAt: NOW_MS, updatedAt: NOW_MS },
        })
        .returning({ videoId: watchHistory.videoId }),
    );
    return rows.length;
  }

  /** Takes the watched mark off (the video stays in the history, from the start). */
  async unmarkWatched(userId: number, videoId: number): Promise<void> {
    await this.changingMarks(userId, (db) =>
      db
        .update(watchHistory)
        .set({ watched: false, position: 0, updatedAt: NOW_MS })
        .where(and(eq(watchHistory.userId, userId), eq(watchHistory.videoId, videoId))),
    );
  }

  async hide(userId: number, videoId: number): Promise<void> {
    await this.changingMarks(userId, (db) => db.insert(hiddenVideos).values({ userId, videoId }).onConflictDoNothing());
  }

  async unhide(userId: number, videoId: number): Promise<void> {
    await this.changingMarks(userId, (db) => db.delete(hiddenVideos).where(and(eq(hiddenVideos.userId, userId), eq(hiddenVideos.videoId, videoId))));
  }

  /**
   * A page of the member's history, newest first by (watched_at, video_id): limit + 1 rows. `words` must each be
   * in the title or the channel's name (case and accents folded); a member's history is scanned, never the catalog.
   */
  async page(userId: number, after: PublishedKey | undefined, limit: number, words: string[]): Promise<HistoryRow[]> {
    const conditions: (SQL | undefined)[] = [
      eq(watchHistory.userId, userId),
      after ? sql`(${watchHistory.watchedAt}, ${watchHistory.videoId}) < (${after.publishedAt.toISOString()}::timestamptz, ${after.id})` : undefined,
      ...words.map((w) => sql`strpos(sift_fold(${videos.title} || ' ' || ${channels.name}), sift_fold(${w})) > 0`),
    ];
    const query = this.db.select(rowColumns).from(watchHistory).innerJoin(videos, eq(videos.id, watchHistory.videoId));
    const joined = words.length > 0 ? query.innerJoin(channels, eq(channels.id, videos.channelId)) : query;
    return joined
      .where(and(...conditions))
      .orderBy(desc(watchHistory.watchedAt), desc(watchHistory.videoId))
      .limit(limit + 1);
  }

  /**
   * A page of the member's dismissals, newest first by (created_at, video_id): limit + 1 rows. Read through the
   * primary key's user prefix and sorted: dismissals are explicit acts, one at a time, so a member has few.
   */
  async hiddenPage(userId: number, after: PublishedKey | undefined, limit: number): Promise<{ videoId: number; hiddenAt: Date }[]> {
    // created_at has microseconds, the cursor milliseconds: the keys are compared at the cursor's precision.
    const hiddenAt = sql<Date>`date_trunc('milliseconds', ${hiddenVideos.createdAt})`.mapWith(hiddenVideos.createdAt);
    return this.db
      .select({ videoId: hiddenVideos.videoId, hiddenAt })
      .from(hiddenVideos)
      .where(and(eq(hiddenVideos.userId, userId), after ? sql`(${hiddenAt}, ${hiddenVideos.videoId}) < (${after.publishedAt.toISOString()}::timestamptz, ${after.id})` : undefined))
      .orderBy(desc(hiddenAt), desc(hiddenVideos.videoId))
      .limit(limit + 1);
  }

  /** Started, unfinished, not live: newest first. */
  async unfinished(userId: number, limit: number): Promise<HistoryRow[]> {
    return this.db
      .select(rowColumns)
      .from(watchHistory)
      .innerJoin(videos, eq(videos.id, watchHistory.videoId))
      .where(and(eq(watchHistory.userId, userId), eq(watchHistory.watched, false), sql`${watchHistory.position} > 0`, sql`${videos.liveStatus} <> 'LIVE'`))
      .orderBy(desc(watchHistory.watchedAt), desc(watchHistory.videoId))
      .limit(limit);
  }

  /** The overlay of a page's cards (decisions/039): the member's rows of these ids, one statement. */
  async marks(userId: number, videoIds: number[]): Promise<Map<number, CardMarks>> {
    if (videoIds.length === 0) return new Map();
    const rows = await this.db
      .select({
        videoId: watchHistory.videoId,
        watched: watchHistory.watched,
        // Where a card resumes: nowhere for a live video, or one not started or watched (it starts over).
        position: sql<number | null>`CASE WHEN ${videos.liveStatus} = 'LIVE' OR ${watchHistory.position} = 0 THEN NULL ELSE ${watchHistory.position} END`,
        positionOf: watchHistory.duration,
      })
      .from(watchHistory)
      .innerJoin(videos, eq(videos.id, watchHistory.videoId))
      .where(and(eq(watchHistory.userId, userId), inArray(watchHistory.videoId, videoIds)));
    return new Map(
      rows.map((r) => {
        const position = r.position === null ? null : Number(r.position);
        return [r.videoId, { watched: r.watched, position, positionOf: position !== null && r.positionOf ? r.positionOf : null }];
      }),
    );
  }

  /** Removes one video from the history; answers whether it was there. */
  async remove(userId: number, videoId: number): Promise<boolean> {
    const rows = await this.changingMarks(userId, (db) =>
      db
        .delete(watchHistory)
        .where(and(eq(watchHistory.userId, userId), eq(watchHistory.videoId, videoId)))
        .returning({ videoId: watchHistory.videoId }),
    );
    return rows.length > 0;
  }

  /** Clears the member's history. Dismissals stay (they are undone one by one), as do playlists and Watch later. */
  async clear(userId: number): Promise<void> {
    await this.changingMarks(userId, (db) => db.delete(watchHistory).where(eq(watchHistory.userId, userId)));
  }

  /**
   * Writes an import's history; answers how many videos were not in it before. A video already there keeps its row,
   * merged: watched if either says so, the later time, and the position of the later one (0 once watched). So
   * importing a file again adds nothing and changes nothing. One transaction: an import is written whole or not at all.
   */
  async importWatched(userId: number, rows: ImportedWatchRow[]): Promise<number> {
    return this.changingMarks(userId, async (db) => {
      let added = 0;
      for (let i = 0; i < rows.length; i += IMPORT_BATCH) {
        const batch = rows.slice(i, i + IMPORT_BATCH);
        const result = await db.execute(sql`
          INSERT INTO ${watchHistory} (user_id, video_id, position, duration, watched, watched_at, updated_at)
          SELECT ${userId}, x.video_id, CASE WHEN x.watched THEN 0 ELSE x.position END, x.duration, x.watched, x.watched_at, ${NOW_MS}
          FROM unnest(${sql.param(batch.map((r) => r.videoId))}::bigint[], ${sql.param(batch.map((r) => r.position))}::int[],
            ${sql.param(batch.map((r) => r.duration))}::int[], ${sql.param(batch.map((r) => r.watched))}::boolean[],
            ${sql.param(batch.map((r) => r.watchedAt.toISOString()))}::timestamptz[]) AS x(video_id, position, duration, watched, watched_at)
          ON CONFLICT (user_id, video_id) DO UPDATE SET
            watched = ${watchHistory}.watched OR excluded.watched,
            position = CASE
              WHEN ${watchHistory}.watched OR excluded.watched THEN 0
              WHEN excluded.watched_at > ${watchHistory}.watched_at THEN excluded.position
              ELSE ${watchHistory}.position END,
            duration = coalesce(${watchHistory}.duration, excluded.duration),
            watched_at = greatest(${watchHistory}.watched_at, excluded.watched_at)
          RETURNING (xmax = 0) AS inserted`);
        added += rowsOf<{ inserted: boolean }>(result).filter((r) => r.inserted).length;
      }
      return added;
    });
  }

  /** The member's whole history for the data export, newest first, with what each card shows: one statement. */
  async exportRows(userId: number): Promise<HistoryExportRow[]> {
    return this.db
      .select({
        externalId: videos.externalId,
        title: videos.title,
        watchedAt: watchHistory.watchedAt,
        position: watchHistory.position,
        duration: watchHistory.duration,
        watched: watchHistory.watched,
        channelId: channels.externalId,
        channelName: channels.name,
        publishedAt: videos.publishedAt,
        viewCount: videos.numberOfViews,
        lengthSeconds: videos.durationSeconds,
        live: sql<boolean>`${videos.liveStatus} = 'LIVE'`,
      })
      .from(watchHistory)
      .innerJoin(videos, eq(videos.id, watchHistory.videoId))
      .innerJoin(channels, eq(channels.id, videos.channelId))
      .where(eq(watchHistory.userId, userId))
      .orderBy(desc(watchHistory.watchedAt), desc(watchHistory.videoId));
  }

  async paused(userId: number): Promise<boolean> {
    const [row] = await this.db.select({ paused: historySettings.paused }).from(historySettings).where(eq(historySettings.userId, userId)).limit(1);
    return row?.paused ?? false;
  }

  async setPaused(userId: number, paused: boolean): Promise<void> {
    await this.db
      .insert(historySettings)
      .values({ userId, paused })
      .onConflictDoUpdate({ target: historySettings.userId, set: { paused, updatedAt: sql`now()` } });
  }
}
