import { and, asc, desc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from '../../infra/db/client.js';
import { channels, playlistFollows, playlistItems, playlists, users, videos } from '../../infra/db/schema.js';
import { videoCardColumns } from '../../infra/db/video-card-columns.js';
import type { ListKey } from '../../infra/http/cursor.js';

/** Rows per INSERT when an import appends many videos (3 parameters each, far below PostgreSQL's 65,535). */
const APPEND_BATCH = 1_000;

export type PlaylistTableRow = typeof playlists.$inferSelect;
export type NewPlaylist = typeof playlists.$inferInsert;

/** Space between appended entries; a move takes the midpoint of its neighbours (decisions/008). */
export const POSITION_GAP = 1024;
/** Neighbours closer than this are renumbered before a move between them (about 40 moves into one gap). */
export const MIN_POSITION_GAP = 1e-9;

export const WATCH_LATER_NAME = 'Watch later';

export type PlaylistOrder = 'updated' | 'created' | 'videos' | 'alpha';

const playlistColumns = {
  playlist: {
    id: playlists.id,
    ownerId: playlists.ownerId,
    name: playlists.name,
    description: playlists.description,
    public: playlists.public,
    isWatchLater: playlists.isWatchLater,
    thumbnail: playlists.thumbnail,
    thumbnailType: playlists.thumbnailType,
    thumbnailKey: playlists.thumbnailKey,
    backgroundColor: playlists.backgroundColor,
    imported: playlists.imported,
    importStatus: playlists.importStatus,
    numberOfVideos: playlists.numberOfVideos,
    playbackRate: playlists.playbackRate,
    caption: playlists.caption,
    createdAt: playlists.createdAt,
    updatedAt: playlists.updatedAt,
  },
  owner: { uuid: users.uuid, firstName: users.firstName, lastName: users.lastName },
  numberOfFollowers: sql<number>`(SELECT count(*) FROM ${playlistFollows} f WHERE f.playlist_id = ${playlists.id})`.mapWith(Number),
  // An automatic cover is the first video's thumbnail: one step down (playlist_id, position, id).
  firstVideoThumbnail: sql<
    string | null
  >`(SELECT v.thumbnail FROM ${playlistItems} i JOIN ${videos} v ON v.id = i.video_id WHERE i.playlist_id = ${playlists.id} ORDER BY i.position, i.id LIMIT 1)`,
};

/** Millisecond timestamps, so a key read back into a JS Date compares equal to the stored one. */
const ORDER_VALUE: Record<PlaylistOrder, SQL> = {
  updated: sql`(extract(epoch from date_trunc('milliseconds', ${playlists.updatedAt})) * 1000)::bigint`,
  created: sql`(extract(epoch from date_trunc('milliseconds', ${playlists.createdAt})) * 1000)::bigint`,
  videos: sql`${playlists.numberOfVideos}`,
  // Case and accents folded as search folds them (sift_fold): "Économie" among the e's, not after z.
  alpha: sql`sift_fold(${playlists.name})`,
};

/** What an import from a member's video-service account reads of its playlist. */
const serviceImportColumns = {
  id: playlists.id,
  ownerId: playlists.ownerId,
  name: playlists.name,
  servicePlaylistId: playlists.servicePlaylistId,
  importStatus: playlists.importStatus,
  importProgress: playlists.importProgress,
};
export type ServiceImportRow = Awaited<ReturnType<PlaylistsRepository['findServiceImports']>>[number];

/** A playlist entry: its item id and position, and the video as every card shows it. */
const entryColumns = { itemId: playlistItems.id, position: playlistItems.position, ...videoCardColumns };

export type PlaylistRow = Awaited<ReturnType<PlaylistsRepository['findPlaylist']>> & object;
export type PlaylistAccessRow = Awaited<ReturnType<PlaylistsRepository['findAccess']>> & object;
export type PlaylistVideoRow = Awaited<ReturnType<PlaylistsRepository['pageVideos']>>[number];

/** LIKE pattern of a text (folded by sift_fold in SQL, which leaves % _ \ alone): its % _ \ taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Only place with SQL over playlists, their entries and follows. */
export class PlaylistsRepository {
  constructor(private readonly db: Database) {}

  /** Runs fn with a repository bound to one transaction: all of its writes land, or none. */
  transaction<T>(fn: (repository: PlaylistsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new PlaylistsRepository(tx as unknown as Database)));
  }

  async findPlaylist(id: number, viewerId: number | null) {
    const [row] = await this.db
      .select({ ...playlistColumns, follow: this.followsColumn(viewerId) })
      .from(playlists)
      .innerJoin(users, eq(users.id, playlists.ownerId))
      .where(eq(playlists.id, id))
      .limit(1);
    return row;
  }

  /** What access checks and changes need: one primary-key read, no counts. */
  async findAccess(id: number) {
    const [row] = await this.db
      .select({
        id: playlists.id,
        ownerId: playlists.ownerId,
        name: playlists.name,
        description: playlists.description,
        public: playlists.public,
        isWatchLater: playlists.isWatchLater,
        thumbnailKey: playlists.thumbnailKey,
        thumbnailType: playlists.thumbnailType,
        backgroundColor: playlists.backgroundColor,
        numberOfVideos: playlists.numberOfVideos,
      })
      .from(playlists)
      .where(eq(playlists.id, id))
      .limit(1);
    return row;
  }

  private followsColumn(viewerId: number | null) {
    if (viewerId === null) return sql<boolean>`false`;
    return sql<boolean>`EXISTS (SELECT 1 FROM ${playlistFollows} f WHERE f.playlist_id = ${playlists.id} AND f.user_id = ${viewerId})`;
  }

  /** The caller's own playlists (Watch later aside), or the public ones they follow; keyset by `order`. */
  async listPlaylists(options: {
    viewerId: number;
    following: boolean;
    text: string | undefined;
    order: PlaylistOrder;
    after: ListKey | undefined;
    limit: number;
  }) {
    const value = ORDER_VALUE[options.order];
    const ascending = options.order === 'alpha';
    const conditions: SQL[] = [];
    if (options.following) {
      conditions.push(
        sql`${playlists.id} IN (SELECT f.playlist_id FROM ${playlistFollows} f WHERE f.user_id = ${options.viewerId})`,
        sql`(${playlists.public} OR ${playlists.ownerId} = ${options.viewerId})`,
      );
    } else {
      conditions.push(eq(playlists.ownerId, options.viewerId), eq(playlists.isWatchLater, false));
    }
    if (options.text) conditions.push(sql`sift_fold(${playlists.name}) LIKE sift_fold(${containsPattern(options.text)}) ESCAPE '\\'`);
    if (options.after) {
      const { value: v, id } = options.after;
      conditions.push(ascending ? sql`(${value}, ${playlists.id}) > (${v}, ${id})` : sql`(${value}, ${playlists.id}) < (${v}, ${id})`);
    }
    return this.db
      .select({ ...playlistColumns, follow: this.followsColumn(options.viewerId), sortValue: sql<string | number>`${value}` })
      .from(playlists)
      .innerJoin(users, eq(users.id, playlists.ownerId))
      .where(and(...conditions))
      .orderBy(ascending ? asc(value) : desc(value), ascending ? asc(playlists.id) : desc(playlists.id))
      .limit(options.limit);
  }

  /** The member's Watch later, made now if they have none (idempotent: the partial unique index decides). */
  async ensureWatchLater(ownerId: number): Promise<number> {
    const [existing] = await this.db
      .select({ id: playlists.id })
      .from(playlists)
      .where(and(eq(playlists.ownerId, ownerId), eq(playlists.isWatchLater, true)))
      .limit(1);
    if (existing) return existing.id;
    await this.db
      .insert(playlists)
      .values({ ownerId, name: WATCH_LATER_NAME, isWatchLater: true })
      .onConflictDoNothing({ target: playlists.ownerId, where: sql`${playlists.isWatchLater}` });
    return this.ensureWatchLater(ownerId);
  }

  async insertPlaylist(values: NewPlaylist): Promise<number> {
    const [row] = await this.db.insert(playlists).values(values).returning({ id: playlists.id });
    return row!.id;
  }

  async updatePlaylist(id: number, values: Partial<NewPlaylist>): Promise<void> {
    await this.db
      .update(playlists)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(playlists.id, id));
  }

  /** Changes a playlist only when `ownerId` owns it and it is not Watch later; answers whether it did. */
  async updateOwnedPlaylist(id: number, ownerId: number, values: Partial<NewPlaylist>): Promise<boolean> {
    const rows = await this.db
      .update(playlists)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(playlists.id, id), eq(playlists.ownerId, ownerId), eq(playlists.isWatchLater, false)))
      .returning({ id: playlists.id });
    return rows.length > 0;
  }

  async deletePlaylist(id: number): Promise<void> {
    await this.db.delete(playlists).where(eq(playlists.id, id));
  }

  /** Takes the playlist's row lock for the rest of the transaction: adds, moves and removes queue behind it. */
  async lockPlaylist(id: number): Promise<{ id: number; numberOfVideos: number } | undefined> {
    const [row] = await this.db
      .select({ id: playlists.id, numberOfVideos: playlists.numberOfVideos })
      .from(playlists)
      .where(eq(playlists.id, id))
      .for('update');
    return row;
  }

  async lastPosition(playlistId: number): Promise<number | undefined> {
    const [row] = await this.db
      .select({ position: playlistItems.position })
      .from(playlistItems)
      .where(eq(playlistItems.playlistId, playlistId))
      .orderBy(desc(playlistItems.position), desc(playlistItems.id))
      .limit(1);
    return row?.position;
  }

  /** The new entry's id, or undefined when the video is in the playlist already. */
  async insertItem(playlistId: number, videoId: number, position: number): Promise<number | undefined> {
    const [row] = await this.db
      .insert(playlistItems)
      .values({ playlistId, videoId, position })
      .onConflictDoNothing({ target: [playlistItems.playlistId, playlistItems.videoId] })
      .returning({ id: playlistItems.id });
    return row?.id;
  }

  /** The owner's oldest playlist of exactly this name (Watch later aside): where an import of it goes again. */
  async findOwnedByName(ownerId: number, name: string): Promise<number | undefined> {
    const [row] = await this.db
      .select({ id: playlists.id })
      .from(playlists)
      .where(and(eq(playlists.ownerId, ownerId), eq(playlists.name, name), eq(playlists.isWatchLater, false)))
      .orderBy(asc(playlists.id))
      .limit(1);
    return row?.id;
  }

  /** Appends the videos the playlist lacks, in this order, `gap` apart after `after`; answers how many were added. */
  async appendItems(playlistId: number, videoIds: number[], after: number, gap: number): Promise<number> {
    let added = 0;
    for (let i = 0; i < videoIds.length; i += APPEND_BATCH) {
      const rows = await this.db
        .insert(playlistItems)
        .values(videoIds.slice(i, i + APPEND_BATCH).map((videoId, j) => ({ playlistId, videoId, position: after + gap * (i + j + 1) })))
        .onConflictDoNothing({ target: [playlistItems.playlistId, playlistItems.videoId] })
        .returning({ id: playlistItems.id });
      added += rows.length;
    }
    return added;
  }

  async changeCount(playlistId: number, delta: number): Promise<void> {
    await this.db
      .update(playlists)
      .set({ numberOfVideos: sql`${playlists.numberOfVideos} + ${delta}`, updatedAt: new Date() })
      .where(eq(playlists.id, playlistId));
  }

  /** Removes the entry of a video given by our id or its service id; false when it was not there. */
  async deleteItemByVideo(playlistId: number, videoRef: string): Promise<boolean> {
    const byId = /^[0-9]{1,15}$/.test(videoRef) ? sql`OR v.id = ${Number(videoRef)}` : sql``;
    const rows = await this.db
      .delete(playlistItems)
      .where(
        and(
          eq(playlistItems.playlistId, playlistId),
          sql`${playlistItems.videoId} IN (SELECT v.id FROM ${videos} v WHERE v.external_id = ${videoRef} ${byId})`,
        ),
      )
      .returning({ id: playlistItems.id });
    return rows.length > 0;
  }

  async findItem(playlistId: number, itemId: number) {
    const [row] = await this.db
      .select({ id: playlistItems.id, position: playlistItems.position })
      .from(playlistItems)
      .where(and(eq(playlistItems.playlistId, playlistId), eq(playlistItems.id, itemId)))
      .limit(1);
    return row;
  }

  /**
   * The entries that will surround an entry moved to `index` (0 = first) once it has left its place: the one
   * before (undefined at the top) and the one after (undefined at the end). One index range scan of index + 2 rows.
   */
  async neighboursAt(playlistId: number, index: number, movingItemId: number) {
    const rows = await this.db
      .select({ id: playlistItems.id, position: playlistItems.position })
      .from(playlistItems)
      .where(and(eq(playlistItems.playlistId, playlistId), sql`${playlistItems.id} <> ${movingItemId}`))
      .orderBy(asc(playlistItems.position), asc(playlistItems.id))
      .offset(Math.max(0, index - 1))
      .limit(index === 0 ? 1 : 2);
    return index === 0 ? { before: undefined, after: rows[0] } : { before: rows[0], after: rows[1] };
  }

  async setItemPosition(itemId: number, position: number): Promise<void> {
    await this.db.update(playlistItems).set({ position }).where(eq(playlistItems.id, itemId));
  }

  /** Spreads the playlist's positions evenly again (rare: only when a gap has been halved ~40 times). */
  async renumber(playlistId: number): Promise<void> {
    await this.db.execute(sql`
      UPDATE ${playlistItems} i SET position = r.n * ${POSITION_GAP}
      FROM (SELECT id, row_number() OVER (ORDER BY position, id) AS n FROM ${playlistItems} WHERE playlist_id = ${playlistId}) r
      WHERE i.id = r.id`);
  }

  /** Copies every entry of one playlist to another in the same order; returns how many. */
  async copyItems(fromId: number, toId: number): Promise<number> {
    const rows = await this.db.execute(sql`
      INSERT INTO ${playlistItems} (playlist_id, video_id, position)
      SELECT ${toId}, video_id, row_number() OVER (ORDER BY position, id) * ${POSITION_GAP}
      FROM ${playlistItems} WHERE playlist_id = ${fromId}
      RETURNING id`);
    return rowsOf(rows).length;
  }

  /** A page of the playlist's videos in its order, keyset on (position, entry id). */
  async pageVideos(options: {
    playlistId: number;
    text: string | undefined;
    type: 'all' | 'video' | 'short' | 'live';
    after: { position: number; id: number } | undefined;
    limit: number;
  }) {
    const conditions: (SQL | undefined)[] = [eq(playlistItems.playlistId, options.playlistId)];
    if (options.after) {
      const { position, id } = options.after;
      conditions.push(or(gt(playlistItems.position, position), and(eq(playlistItems.position, position), gt(playlistItems.id, id))));
    }
    if (options.text) conditions.push(sql`sift_fold(${videos.title}) LIKE sift_fold(${containsPattern(options.text)}) ESCAPE '\\'`);
    if (options.type === 'short') conditions.push(eq(videos.isShort, true));
    if (options.type === 'live') conditions.push(eq(videos.liveStatus, 'LIVE'));
    if (options.type === 'video') conditions.push(and(eq(videos.isShort, false), sql`${videos.liveStatus} <> 'LIVE'`));
    return this.db
      .select(entryColumns)
      .from(playlistItems)
      .innerJoin(videos, eq(videos.id, playlistItems.videoId))
      .innerJoin(channels, eq(channels.id, videos.channelId))
      .where(and(...conditions))
      .orderBy(asc(playlistItems.position), asc(playlistItems.id))
      .limit(options.limit);
  }

  async countVideos(playlistId: number, text: string | undefined, type: 'all' | 'video' | 'short' | 'live'): Promise<number> {
    const conditions: (SQL | undefined)[] = [eq(playlistItems.playlistId, playlistId)];
    if (text) conditions.push(sql`sift_fold(${videos.title}) LIKE sift_fold(${containsPattern(text)}) ESCAPE '\\'`);
    if (type === 'short') conditions.push(eq(videos.isShort, true));
    if (type === 'live') conditions.push(eq(videos.liveStatus, 'LIVE'));
    if (type === 'video') conditions.push(and(eq(videos.isShort, false), sql`${videos.liveStatus} <> 'LIVE'`));
    const [row] = await this.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(playlistItems)
      .innerJoin(videos, eq(videos.id, playlistItems.videoId))
      .where(and(...conditions));
    return row?.n ?? 0;
  }

  /** Which of these videos are in the member's Watch later (one query, through the partial unique index). */
  async inWatchLater(ownerId: number, videoIds: number[]): Promise<Set<number>> {
    if (videoIds.length === 0) return new Set();
    const rows = await this.db
      .select({ videoId: playlistItems.videoId })
      .from(playlistItems)
      .innerJoin(playlists, eq(playlists.id, playlistItems.playlistId))
      .where(and(eq(playlists.ownerId, ownerId), eq(playlists.isWatchLater, true), inArray(playlistItems.videoId, videoIds)));
    return new Set(rows.map((r) => r.videoId));
  }

  async videoExternalIds(playlistId: number): Promise<string[]> {
    const rows = await this.db
      .select({ externalId: videos.externalId })
      .from(playlistItems)
      .innerJoin(videos, eq(videos.id, playlistItems.videoId))
      .where(eq(playlistItems.playlistId, playlistId))
      .orderBy(asc(playlistItems.position), asc(playlistItems.id));
    return rows.map((r) => r.externalId);
  }

  /** Every playlist the member owns, Watch later first, then oldest first (the personal-data export). */
  async ownedForExport(ownerId: number) {
    return this.db
      .select({ id: playlists.id, name: playlists.name, description: playlists.description, public: playlists.public, isWatchLater: playlists.isWatchLater })
      .from(playlists)
      .where(eq(playlists.ownerId, ownerId))
      .orderBy(desc(playlists.isWatchLater), asc(playlists.createdAt), asc(playlists.id));
  }

  /** The entries of every playlist the member owns in one statement, each playlist's in its order (the export). */
  async ownedEntriesForExport(ownerId: number) {
    return this.db
      .select({ playlistId: playlistItems.playlistId, externalId: videos.externalId, title: videos.title })
      .from(playlistItems)
      .innerJoin(playlists, eq(playlists.id, playlistItems.playlistId))
      .innerJoin(videos, eq(videos.id, playlistItems.videoId))
      .where(eq(playlists.ownerId, ownerId))
      .orderBy(asc(playlistItems.playlistId), asc(playlistItems.position), asc(playlistItems.id));
  }

  // ----- imports from a member's video-service account (issue 16 §1, decisions/017) -----------------------------

  /** The member's playlists made from the video service's playlists (by their service id, or ours). */
  async findServiceImports(ownerId: number, ref?: string) {
    const byRef = ref === undefined ? undefined : /^[0-9]{1,15}$/.test(ref) ? eq(playlists.id, Number(ref)) : eq(playlists.servicePlaylistId, ref);
    return this.db
      .select(serviceImportColumns)
      .from(playlists)
      .where(and(eq(playlists.ownerId, ownerId), sql`${playlists.servicePlaylistId} IS NOT NULL`, byRef))
      .orderBy(asc(playlists.id));
  }

  /** A new private playlist for a service playlist, PENDING; nothing when the member has one for it already. */
  async insertServiceImport(values: { ownerId: number; servicePlaylistId: string; name: string; description: string }): Promise<void> {
    await this.db
      .insert(playlists)
      .values({ ...values, public: false, imported: true, importStatus: 'PENDING', importProgress: 0 })
      .onConflictDoNothing();
  }

  /**
   * Back to PENDING for another import, unless one is waiting or under way; one that has not moved for
   * `staleMinutes` counts as stopped (its process ended). Answers whether it was restarted.
   */
  async restartServiceImport(id: number, staleMinutes: number): Promise<boolean> {
    const rows = await this.db
      .update(playlists)
      .set({ importStatus: 'PENDING', importProgress: 0, updatedAt: new Date() })
      .where(
        and(
          eq(playlists.id, id),
          sql`(${playlists.importStatus} IS NULL OR ${playlists.importStatus} NOT IN ('PENDING', 'PROCESSING') OR ${playlists.updatedAt} < now() - ${staleMinutes}::int * interval '1 minute')`,
        ),
      )
      .returning({ id: playlists.id });
    return rows.length === 1;
  }

  /** PENDING → PROCESSING, once: the job's claim; nothing when another worker took it or the playlist is gone. */
  async claimServiceImport(id: number) {
    const [row] = await this.db
      .update(playlists)
      .set({ importStatus: 'PROCESSING', importProgress: 0, updatedAt: new Date() })
      .where(and(eq(playlists.id, id), eq(playlists.importStatus, 'PENDING')))
      .returning(serviceImportColumns);
    return row;
  }

  async setServiceImportState(id: number, state: { status?: 'PROCESSING' | 'CREATED' | 'FAILED'; progress?: number }): Promise<void> {
    await this.db
      .update(playlists)
      .set({
        ...(state.status ? { importStatus: state.status } : {}),
        ...(state.progress === undefined ? {} : { importProgress: state.progress }),
        updatedAt: new Date(),
      })
      .where(eq(playlists.id, id));
  }

  async follow(userId: number, playlistId: number): Promise<void> {
    await this.db.insert(playlistFollows).values({ userId, playlistId }).onConflictDoNothing();
  }

  async unfollow(userId: number, playlistId: number): Promise<void> {
    await this.db.delete(playlistFollows).where(and(eq(playlistFollows.userId, userId), eq(playlistFollows.playlistId, playlistId)));
  }
}
