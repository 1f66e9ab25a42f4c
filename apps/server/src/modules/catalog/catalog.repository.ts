import { and, desc, eq, gte, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from '../../infra/db/client.js';
import { alias } from 'drizzle-orm/pg-core';
import { prepared } from '../../infra/db/prepared.js';
import { channels, siftCategories, videos } from '../../infra/db/schema.js';
import type { PublishedKey } from '../../infra/http/cursor.js';
import type { ProviderChannel, ProviderVideo, UploadValidators } from '../../providers/video-provider.js';
import { unwatchedBy } from '../../infra/db/unwatched.js';
import { videoCardColumns, type VideoCardRow } from '../../infra/db/video-card-columns.js';

export type ChannelRow = typeof channels.$inferSelect;

/** Channels per INSERT: PostgreSQL allows 65,535 bind parameters and a channel has 14 columns. */
const INSERT_BATCH = 2000;
/** Rows per bulk INSERT … unnest: large enough to amortise the round trip, small enough to keep memory flat. */
const BULK_BATCH = 5000;

const channelValues = (provider: string, c: ProviderChannel, now: Date) => ({
  provider,
  externalId: c.externalId,
  name: c.name,
  description: c.description,
  topic: c.topic,
  // A kept answer from before categories has none: undefined would leave the column out of the statement.
  category: c.category ?? null,
  thumbnail: c.thumbnail,
  numberOfFollowers: c.numberOfFollowers,
  numberOfVideos: c.numberOfVideos,
  numberOfViews: c.numberOfViews,
  refreshedAt: now,
  // The service's description: not a stub (any more).
  stub: false,
});

/**
 * On conflict, take the service's fresh values for everything but identity (and the channel); a video the service
 * returns is available.
 */
const refreshedVideoColumns = sql.raw(
  [
    ...(['title', 'description', 'tags', 'durationSeconds', 'numberOfViews', 'numberOfLikes', 'liveStatus', 'embeddable', 'isShort', 'thumbnail', 'mediaUrl'] as const).map(
      (key) => `${videos[key].name} = excluded.${videos[key].name}`,
    ),
    'unavailable = false',
  ].join(', '),
);

type VideoRow = { channelId: number; video: ProviderVideo };

/**
 * `INSERT INTO videos … SELECT … FROM unnest(arrays)`: each column travels as ONE array parameter (sql.param), so a
 * batch is 14 parameters whatever its size, with no 65,535-parameter ceiling, and nothing is built per row but the
 * arrays. The caller adds the ON CONFLICT clause.
 */
function insertVideoRows(provider: string, rows: VideoRow[]): SQL {
  const column = <T>(pick: (r: VideoRow) => T) => sql.param(rows.map(pick));
  return sql`
    INSERT INTO ${videos} (provider, external_id, channel_id, title, description, tags, duration_seconds,
      number_of_views, number_of_likes, published_at, live_status, embeddable, is_short, thumbnail, media_url)
    SELECT ${provider}, external_id, channel_id, title, description, tags::text[], duration_seconds,
      number_of_views, number_of_likes, published_at, live_status, embeddable, is_short, thumbnail, media_url
    FROM unnest(
      ${column((r) => r.video.externalId)}::text[], ${column((r) => r.channelId)}::bigint[],
      ${column((r) => r.video.title)}::text[], ${column((r) => r.video.description)}::text[],
      ${column((r) => toArrayLiteral(r.video.tags))}::text[], ${column((r) => r.video.durationSeconds)}::int[],
      ${column((r) => r.video.numberOfViews)}::bigint[], ${column((r) => r.video.numberOfLikes)}::bigint[],
      ${column((r) => r.video.publishedAt.toISOString())}::timestamptz[], ${column((r) => r.video.liveStatus)}::text[],
      ${column((r) => r.video.embeddable)}::boolean[], ${column((r) => r.video.isShort)}::boolean[],
      ${column((r) => r.video.thumbnail)}::text[], ${column((r) => r.video.mediaUrl)}::text[]
    ) AS t(external_id, channel_id, title, description, tags, duration_seconds, number_of_views, number_of_likes,
           published_at, live_status, embeddable, is_short, thumbnail, media_url)`;
}

/**
 * A channel's details as the service tells them; `refreshed_at` (when its uploads were last read) is not touched, nor
 * a known category by a description that names none (a kept search answer from before categories).
 */
const describedChannelColumns = {
  ...Object.fromEntries(
    (['name', 'description', 'topic', 'thumbnail', 'numberOfFollowers', 'numberOfVideos', 'numberOfViews'] as const).map((key) => [
      key,
      sql.raw(`excluded.${channels[key].name}`),
    ]),
  ),
  category: sql`coalesce(excluded.category, ${channels.category})`,
  stub: sql`false`,
};

/** What a client or a video told of a channel the catalog lacks (decisions/010, 052): stored as a stub. */
export type ChannelStub = Pick<ProviderChannel, 'externalId' | 'name' | 'thumbnail' | 'numberOfFollowers'>;

const olderThan = (key: PublishedKey | undefined): SQL | undefined =>
  key ? sql`(${videos.publishedAt}, ${videos.id}) < (${key.publishedAt.toISOString()}::timestamptz, ${key.id})` : undefined;

/** The only place that reads and writes channels and videos. */
export class CatalogRepository {
  constructor(private readonly db: Database) {}

  /** Runs fn with a repository bound to one transaction: all of its writes land, or none. */
  transaction<T>(fn: (repository: CatalogRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new CatalogRepository(tx as unknown as Database)));
  }

  async findChannel(idOrExternalId: string): Promise<ChannelRow | undefined> {
    const byId = /^\d{1,15}$/.test(idOrExternalId);
    const [row] = await this.db
      .select()
      .from(channels)
      .where(byId ? eq(channels.id, Number(idOrExternalId)) : eq(channels.externalId, idOrExternalId))
      .limit(1);
    return row;
  }

  async upsertChannel(provider: string, channel: ProviderChannel, now = new Date()): Promise<ChannelRow> {
    const values = channelValues(provider, channel, now);
    const [row] = await this.db
      .insert(channels)
      .values(values)
      .onConflictDoUpdate({ target: channels.externalId, set: values })
      .returning();
    return row!;
  }

  /**
   * Stores channels as the service describes them (search results, pasted addresses, popular videos' channels)
   * without marking their uploads as read: a channel stored this way is imported when a sift takes it.
   */
  async describeChannels(provider: string, list: ProviderChannel[]): Promise<ChannelRow[]> {
    if (list.length === 0) return [];
    const unique = [...new Map(list.map((c) => [c.externalId, c])).values()];
    const rows = await this.db
      .insert(channels)
      .values(unique.map((c) => ({ ...channelValues(provider, c, new Date()), refreshedAt: null })))
      .onConflictDoUpdate({ target: channels.externalId, set: describedChannelColumns })
      .returning();
    const byExternalId = new Map(rows.map((r) => [r.externalId, r]));
    return unique.map((c) => byExternalId.get(c.externalId)!);
  }

  async findChannelsByExternalIds(externalIds: string[]): Promise<ChannelRow[]> {
    if (externalIds.length === 0) return [];
    return this.db.select().from(channels).where(inArray(channels.externalId, externalIds));
  }

  async setFeedValidators(channelId: number, validators: UploadValidators): Promise<void> {
    await this.db.update(channels).set({ feedEtag: validators.etag, feedLastModified: validators.lastModified }).where(eq(channels.id, channelId));
  }

  /** Where paging through a channel's uploads on demand stands: the next older page's token, or complete. */
  async setUploadsPaging(channelId: number, nextPageToken: string | null): Promise<void> {
    await this.db
      .update(channels)
      .set({ uploadsPageToken: nextPageToken, uploadsComplete: nextPageToken === null, refreshedAt: sql`coalesce(${channels.refreshedAt}, now())` })
      .where(eq(channels.id, channelId));
  }

  /** The stored videos among these service ids: service id → our id. */
  async videoIdsByExternalIds(externalIds: string[]): Promise<Map<string, number>> {
    if (externalIds.length === 0) return new Map();
    // One array parameter, not one a id: an import asks thousands at a time.
    const rows = await this.db
      .select({ id: videos.id, externalId: videos.externalId })
      .from(videos)
      .where(sql`${videos.externalId} = ANY(${sql.param(externalIds)}::text[])`);
    return new Map(rows.map((r) => [r.externalId, r.id]));
  }

  /** Service ids of the videos published since `since` and still available, newest first (the slow details refresh). */
  async recentVideoIds(provider: string, since: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ externalId: videos.externalId })
      .from(videos)
      .where(and(eq(videos.provider, provider), gte(videos.publishedAt, since), eq(videos.unavailable, false)))
      .orderBy(desc(videos.publishedAt))
      .limit(limit);
    return rows.map((r) => r.externalId);
  }

  /** The service no longer returns these (deleted or private): never played again, kept for the playlists holding them. */
  async markUnavailable(externalIds: string[]): Promise<number> {
    if (externalIds.length === 0) return 0;
    const rows = await this.db
      .update(videos)
      .set({ unavailable: true, embeddable: false })
      .where(and(inArray(videos.externalId, externalIds), eq(videos.unavailable, false)))
      .returning({ id: videos.id });
    return rows.length;
  }

  /** Our ids of the stored channels among these service ids (stubs too): service id → our id. */
  async channelIdsByExternalIds(externalIds: string[]): Promise<Map<string, number>> {
    if (externalIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: channels.id, externalId: channels.externalId })
      .from(channels)
      .where(sql`${channels.externalId} = ANY(${sql.param(externalIds)}::text[])`);
    return new Map(rows.map((r) => [r.externalId, r.id]));
  }

  /**
   * Stores stubs of the channels not stored yet, in one statement whatever their number; stored channels are left as
   * they are. A stub's uploads are not read (`refreshed_at` null) and its description is the service's to give
   * (`stub`). Answers service id → our id of every one of them.
   */
  async insertChannelStubs(provider: string, list: ChannelStub[]): Promise<Map<string, number>> {
    if (list.length === 0) return new Map();
    const unique = [...new Map(list.map((c) => [c.externalId, c])).values()];
    const column = <T>(pick: (c: ChannelStub) => T) => sql.param(unique.map(pick));
    const inserted = rowsOf<{ id: string | number; external_id: string }>(
      await this.db.execute(sql`
        INSERT INTO ${channels} (provider, external_id, name, thumbnail, number_of_followers, stub)
        SELECT ${provider}, external_id, name, thumbnail, number_of_followers, true
        FROM unnest(${column((c) => c.externalId)}::text[], ${column((c) => c.name)}::text[], ${column((c) => c.thumbnail)}::text[],
          ${column((c) => c.numberOfFollowers)}::bigint[]) AS t(external_id, name, thumbnail, number_of_followers)
        ON CONFLICT (external_id) DO NOTHING
        RETURNING id, external_id`),
    );
    const ids = new Map(inserted.map((r) => [r.external_id, Number(r.id)]));
    // The ones stored already (or by someone else meanwhile).
    if (ids.size < unique.length) {
      for (const [externalId, id] of await this.channelIdsByExternalIds(unique.filter((c) => !ids.has(c.externalId)).map((c) => c.externalId))) ids.set(externalId, id);
    }
    return ids;
  }

  async insertChannels(provider: string, list: ProviderChannel[], now = new Date()): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    for (let i = 0; i < list.length; i += INSERT_BATCH) {
      const rows = await this.db
        .insert(channels)
        // A whole catalog is loaded at once: every upload of these channels is stored.
        .values(list.slice(i, i + INSERT_BATCH).map((c) => ({ ...channelValues(provider, c, now), uploadsComplete: true })))
        .returning({ id: channels.id, externalId: channels.externalId });
      for (const r of rows) ids.set(r.externalId, r.id);
    }
    return ids;
  }

  async hasAnyChannel(): Promise<boolean> {
    const rows = await this.db.select({ id: channels.id }).from(channels).limit(1);
    return rows.length > 0;
  }

  /** Most-followed first; an empty query lists every channel. */
  async searchChannels(query: string | undefined, limit: number): Promise<{ rows: ChannelRow[]; total: number }> {
    const where = query ? or(ilike(channels.name, `%${escapeLike(query)}%`), ilike(channels.topic, `${escapeLike(query)}%`)) : undefined;
    const [rows, [count]] = await Promise.all([
      this.db.select().from(channels).where(where).orderBy(desc(channels.numberOfFollowers), channels.id).limit(limit),
      this.db.select({ n: sql<number>`count(*)::int` }).from(channels).where(where),
    ]);
    return { rows, total: count?.n ?? 0 };
  }

  /**
   * Each category's most followed channels that have videos here, `perCategory` at most, in SPEC's order of the
   * categories (`sift_categories.position`); categories without such channels are left out. One statement: per
   * category, the partial index read backwards until `perCategory` channels with a stored video are found (an
   * index probe each).
   */
  async popularChannelsByCategory(perCategory: number): Promise<Array<{ category: { id: string; name: string }; channel: ChannelRow }>> {
    const candidate = alias(channels, 'candidate');
    const popular = this.db
      .select({ id: candidate.id })
      .from(candidate)
      .where(and(eq(candidate.category, siftCategories.id), sql`EXISTS (SELECT 1 FROM ${videos} WHERE ${videos.channelId} = ${candidate.id})`))
      .orderBy(desc(candidate.numberOfFollowers), desc(candidate.id))
      .limit(perCategory)
      .as('popular');
    const rows = await this.db
      .select({ id: siftCategories.id, name: siftCategories.name, channel: channels })
      .from(siftCategories)
      .innerJoinLateral(popular, sql`true`)
      .innerJoin(channels, eq(channels.id, popular.id))
      .orderBy(siftCategories.position, desc(channels.numberOfFollowers), desc(channels.id));
    return rows.map((r) => ({ category: { id: r.id, name: r.name }, channel: r.channel }));
  }

  async findVideo(externalId: string): Promise<VideoCardRow | undefined> {
    const [row] = await this.db
      .select(videoCardColumns)
      .from(videos)
      .innerJoin(channels, eq(channels.id, videos.channelId))
      .where(eq(videos.externalId, externalId))
      .limit(1);
    return row;
  }

  /** Stores videos as the service describes them now; counters and titles of known videos are updated. */
  async upsertVideos(provider: string, list: VideoRow[]): Promise<void> {
    await this.upsertVideosReturningIds(provider, list);
  }

  /** Stores videos as upsertVideos does and answers the ids of the rows that were not stored before. */
  async upsertVideosReturningNew(provider: string, list: VideoRow[]): Promise<number[]> {
    return (await this.upsertVideosReturningIds(provider, list)).inserted;
  }

  /**
   * Stores videos as upsertVideos does, a few thousand a statement, and answers what the caller would otherwise read
   * back: service id → our id of every one, and the ids of the rows that were not stored before (`xmax = 0` holds for
   * a row this statement inserted, not for one it updated), so new uploads are told apart in the same write.
   */
  async upsertVideosReturningIds(provider: string, list: VideoRow[]): Promise<{ ids: Map<string, number>; inserted: number[] }> {
    // A statement may not update one row twice: the last description of a video given twice wins.
    const unique = [...new Map(list.map((r) => [r.video.externalId, r])).values()];
    const ids = new Map<string, number>();
    const inserted: number[] = [];
    for (let i = 0; i < unique.length; i += BULK_BATCH) {
      const result = await this.db.execute(sql`
        ${insertVideoRows(provider, unique.slice(i, i + BULK_BATCH))}
        ON CONFLICT (external_id) DO UPDATE SET ${refreshedVideoColumns}
        RETURNING id, external_id, (xmax = 0) AS inserted`);
      for (const r of rowsOf<{ id: string | number; external_id: string; inserted: boolean }>(result)) {
        const id = Number(r.id);
        ids.set(r.external_id, id);
        if (r.inserted) inserted.push(id);
      }
    }
    return { ids, inserted };
  }

  /**
   * Bulk load for seeding; rows that already exist are left as they are. One INSERT … SELECT FROM unnest(arrays)
   * per batch sends 15 parameters instead of 15 per row, which is several times faster than multi-row VALUES
   * and has no 65,535-parameter ceiling.
   */
  async insertVideos(provider: string, list: VideoRow[]): Promise<void> {
    for (let i = 0; i < list.length; i += BULK_BATCH) {
      await this.db.execute(sql`${insertVideoRows(provider, list.slice(i, i + BULK_BATCH))} ON CONFLICT DO NOTHING`);
    }
  }

  /** Card rows of these videos, in no particular order (a video no longer stored is left out). */
  async videoCards(ids: number[]): Promise<VideoCardRow[]> {
    return this.db
      .select(videoCardColumns)
      .from(videos)
      .innerJoin(channels, eq(channels.id, videos.channelId))
      .where(sql`${videos.id} = ANY(${sql.param(ids)}::bigint[])`);
  }

  /** One page, newest first, of a channel's videos, or of all videos when channelId is undefined. Reads limit + 1 rows so the caller knows whether more follow. */
  /** `hideFor`: leave out what this member watched or dismissed (hideWatched). */
  async pageVideos(channelId: number | undefined, after: PublishedKey | undefined, limit: number, hideFor?: number): Promise<VideoCardRow[]> {
    return this.db
      .select(videoCardColumns)
      .from(videos)
      .innerJoin(channels, eq(channels.id, videos.channelId))
      .where(and(channelId === undefined ? undefined : eq(videos.channelId, channelId), olderThan(after), hideFor === undefined ? undefined : unwatchedBy(hideFor, videos.id)))
      .orderBy(desc(videos.publishedAt), desc(videos.id))
      .limit(limit + 1);
  }

  /** The size of the whole catalog as the video services report it; counting a million rows per request would cost more than it tells. */
  /**
   * The newest video's id: it changes with every arrival, so it stamps the kept pages of lists of videos (decision
   * 014). An index-only read of the primary key's last entry.
   */
  async newestVideoId(): Promise<number> {
    // The stamp of every kept public page, read by each such request: prepared once (infra/db/prepared.ts).
    const statement = prepared(this.db, 'newest_video_id', (db) => db.select({ id: sql<number | null>`max(${videos.id})` }).from(videos));
    const [row] = await statement.execute();
    return Number(row?.id ?? 0);
  }

  async reportedVideoTotal(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`coalesce(sum(${channels.numberOfVideos}), 0)::bigint` }).from(channels);
    return Number(row?.n ?? 0);
  }
}

/** unnest() cannot carry a ragged array of arrays, so each row's tags travel as one PostgreSQL array literal. */
function toArrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
