import { and, asc, desc, eq, gt, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf, type Database } from '../../infra/db/client.js';
import { prepared } from '../../infra/db/prepared.js';
import { keywordRulesCondition, typeFiltersCondition, type KeywordRules, type TypeFilters } from '../../infra/db/keyword-match.js';
import { asHeavyRead } from '../../infra/db/query-bounds.js';
import { channels, siftCategories, siftChannels, siftDirectory, siftKeywords, sifts, siftVideos, subscriptions, users, videos } from '../../infra/db/schema.js';
import { siftCover } from '../../infra/db/sift-cover.js';
import type { ListKey, PublishedKey } from '../../infra/http/cursor.js';
import { marksVersionOf, unwatchedBy, unwatchedCount } from '../../infra/db/unwatched.js';
import { videoCardColumns, type VideoCardRow } from '../../infra/db/video-card-columns.js';
import { SiftMatchesRepository } from './sift-matches.repository.js';

export type SiftRow = typeof sifts.$inferSelect;
export type SiftChannelRow = Pick<typeof channels.$inferSelect, keyof typeof channelColumns>;
export type SiftImportStatus = SiftRow['importStatus'];

/** A sift with what its card shows besides its own columns. */
export interface SiftWithCounts {
  sift: SiftRow;
  ownerUuid: string;
  ownerFirstName: string;
  ownerLastName: string;
  numberOfChannels: number;
  numberOfFollowers: number;
  numberOfVideos: number;
  /** The one image of the sift (siftCover). */
  cover: string | null;
}


/** A sift by our id (digits) or by its hash (always has a letter). */
const isSiftId = (idOrHash: string) => /^\d{1,15}$/.test(idOrHash);
const siftKey = (idOrHash: string): SQL => (isSiftId(idOrHash) ? eq(sifts.id, Number(idOrHash)) : eq(sifts.hash, idOrHash));

/** Matches counted for a card stop here: a sift with more shows "10K+"-like counts without reading them all. */
export const MATCH_COUNT_LIMIT = 10_000;

const withCounts = {
  sift: sifts,
  ownerUuid: users.uuid,
  ownerFirstName: users.firstName,
  ownerLastName: users.lastName,
  numberOfChannels: sql<number>`(SELECT count(*)::int FROM ${siftChannels} WHERE ${siftChannels.siftId} = ${sifts.id})`,
  // Kept by the follows' trigger (migration 0017): the same count as the follows not opted out.
  numberOfFollowers: sifts.numberOfFollowers,
  numberOfVideos: sql<number>`(SELECT count(*)::int FROM (SELECT 1 FROM ${siftVideos} WHERE ${siftVideos.siftId} = ${sifts.id} LIMIT ${MATCH_COUNT_LIMIT}) AS m)`,
  cover: siftCover,
};

export interface SiftListFilter {
  /** Only this owner's sifts (all of them). */
  ownerId?: number;
  /** Only public sifts this member follows. */
  followerId?: number;
  /** Only public sifts. */
  publicOnly: boolean;
  q: string | undefined;
  sort: SiftSort;
  /** Where the page starts: after this (sort value, id), from `sortValue` of the last item shown. */
  after: ListKey | undefined;
  limit: number;
}

export type SiftSort = '' | 'created' | 'videos' | 'alpha';

/**
 * What each sort of a list of sifts orders by, then by id (a keyset: a page starts after the last one's value and
 * id, so a sift edited, made or removed meanwhile never shifts the next page). Times in whole epoch milliseconds,
 * the precision a cursor carries; names ascending, the rest newest or largest first.
 */
const SORT_VALUE: Record<SiftSort, SQL> = {
  '': sql`(extract(epoch from date_trunc('milliseconds', ${sifts.updatedAt})) * 1000)::bigint`,
  created: sql`(extract(epoch from date_trunc('milliseconds', ${sifts.createdAt})) * 1000)::bigint`,
  videos: withCounts.numberOfVideos,
  // Case and accents folded as search folds them (sift_fold): "Économie" among the e's, not after z.
  alpha: sql`sift_fold(${sifts.name})`,
};

/** What discovery lists show: public sifts of active accounts (as search finds them; decisions/044). */
const activeOwner = and(isNull(users.deactivatedAt), isNull(users.deletedAt));
/** `public` as it stands in the partial indexes' predicate (not a parameter), so every plan can read them. */
const isPublic = sql`${sifts.public}`;
const listed = and(isPublic, activeOwner);
/** Most followed first, then newest id: the order of every discovery list (sifts_public_*_idx read backwards). */
const byFollowers = [desc(sifts.numberOfFollowers), desc(sifts.id)] as const;
const afterFollowers = (after: ListKey | undefined) => (after ? sql`(${sifts.numberOfFollowers}, ${sifts.id}) < (${after.value}, ${after.id})` : undefined);
const channelIdOf = (externalId: string) => sql`(SELECT ${channels.id} FROM ${channels} WHERE ${channels.externalId} = ${externalId})`;

/** A row of a discovery list: the card's columns, and how many the whole list holds. */
export type ListedSift = SiftWithCounts & { total: number };

/** The only place that reads and writes sifts, their channels, keywords and categories. */
export class SiftsRepository {
  readonly matches: SiftMatchesRepository;

  constructor(private readonly db: Database) {
    this.matches = new SiftMatchesRepository(db);
  }

  /** Runs fn with a repository bound to one transaction: all of its writes land, or none. */
  transaction<T>(fn: (repository: SiftsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new SiftsRepository(tx as unknown as Database)));
  }

  async find(idOrHash: string): Promise<SiftWithCounts | undefined> {
    const [row] = await this.db
      .select(withCounts)
      .from(sifts)
      .innerJoin(users, eq(users.id, sifts.ownerId))
      .where(siftKey(idOrHash))
      .limit(1);
    return row;
  }

  /** Who may see the sift's feed, and the version of what it shows (checked against a cached page). */
  async findForFeed(idOrHash: string): Promise<{ id: number; ownerId: number; public: boolean; feedVersion: number } | undefined> {
    // The stamp of a kept sift page, read by each request for it: prepared once per key kind (infra/db/prepared.ts).
    const byId = isSiftId(idOrHash);
    const name = byId ? 'sift_feed_stamp_by_id' : 'sift_feed_stamp_by_hash';
    const statement = prepared(this.db, name, (db) =>
      db
        .select({ id: sifts.id, ownerId: sifts.ownerId, public: sifts.public, feedVersion: sifts.feedVersion })
        .from(sifts)
        .where(byId ? eq(sifts.id, sql.placeholder('key')) : eq(sifts.hash, sql.placeholder('key')))
        .limit(1),
    );
    const [row] = await statement.execute({ key: byId ? Number(idOrHash) : idOrHash });
    return row;
  }

  /** The sift's row locked for the rest of the transaction (writers of one sift queue up). */
  async lock(id: number): Promise<SiftRow | undefined> {
    const [row] = await this.db.select().from(sifts).where(eq(sifts.id, id)).for('update');
    return row;
  }

  async list(filter: SiftListFilter): Promise<{ rows: Array<SiftWithCounts & { sortValue: string | number }>; total: number }> {
    const conditions: (SQL | undefined)[] = [
      filter.ownerId !== undefined ? eq(sifts.ownerId, filter.ownerId) : undefined,
      // As the partial indexes' predicate says it, so a visitor's A-Z page reads sifts_public_name_idx in order.
      filter.publicOnly ? isPublic : undefined,
      filter.followerId !== undefined
        ? sql`EXISTS (SELECT 1 FROM ${subscriptions} WHERE ${subscriptions.siftId} = ${sifts.id} AND ${subscriptions.userId} = ${filter.followerId} AND NOT ${subscriptions.optOut})`
        : undefined,
      filter.q ? or(ilike(sifts.name, `%${escapeLike(filter.q)}%`), ilike(sifts.description, `%${escapeLike(filter.q)}%`)) : undefined,
    ];
    const where = and(...conditions);
    const value = SORT_VALUE[filter.sort];
    const ascending = filter.sort === 'alpha';
    const after = filter.after && (ascending ? sql`(${value}, ${sifts.id}) > (${filter.after.value}, ${filter.after.id})` : sql`(${value}, ${sifts.id}) < (${filter.after.value}, ${filter.after.id})`);
    const [rows, [count]] = await Promise.all([
      this.db
        .select({ ...withCounts, sortValue: sql<string | number>`${value}` })
        .from(sifts)
        .innerJoin(users, eq(users.id, sifts.ownerId))
        .where(and(where, after))
        .orderBy(ascending ? asc(value) : desc(value), ascending ? asc(sifts.id) : desc(sifts.id))
        .limit(filter.limit + 1),
      this.db.select({ n: sql<number>`count(*)::int` }).from(sifts).where(where),
    ]);
    return { rows, total: count?.n ?? 0 };
  }

  /**
   * The version of every list of public sifts (`sift_directory`, moved by the triggers of migration 0017 in the
   * transaction of each change those lists show): the stamp of kept discovery pages. Prepared: read by each of them.
   */
  async directoryVersion(): Promise<number> {
    const statement = prepared(this.db, 'sift_directory_version', (db) => db.select({ version: siftDirectory.version }).from(siftDirectory).limit(1));
    const [row] = await statement.execute();
    return Number(row?.version ?? 0);
  }

  /**
   * GET /api/sifts?channel=: the public sifts that include the channel, most followed first, with how many there are.
   * One statement: the channel's entries of `sift_channels_channel_idx` (channel, sift), read from the index alone, with
   * the public ones' followers (counted for the total); ordered whole (a few hundred for a popular channel, `OFFSET 0` keeping that order),
   * then a nested loop in that order gives the first limit + 1 of active owners their cards (counts and covers are
   * read for those alone). The statement itself: awaited, its rows (bench/sift-discovery.ts explains it).
   */
  publicWithChannel(channelExternalId: string, after: ListKey | undefined, limit: number) {
    // Referenced twice (the count, the page), so PostgreSQL reads the channel's sifts once.
    const candidates = this.db.$with('candidates').as(
      this.db
        .select({ id: sifts.id, ownerId: sql<number>`${sifts.ownerId}`.as('owner_id'), followers: sql<number>`${sifts.numberOfFollowers}`.as('followers') })
        .from(siftChannels)
        .innerJoin(sifts, eq(sifts.id, siftChannels.siftId))
        .where(and(sql`${siftChannels.channelId} = ${channelIdOf(channelExternalId)}`, isPublic)),
    );
    const total = sql<number>`(SELECT count(*)::int FROM ${candidates} c JOIN ${users} u ON u.id = c.owner_id WHERE u.deactivated_at IS NULL AND u.deleted_at IS NULL)`.mapWith(Number);
    const ranked = this.db
      .select({ id: candidates.id, followers: candidates.followers })
      .from(candidates)
      .where(after ? sql`(${candidates.followers}, ${candidates.id}) < (${after.value}, ${after.id})` : undefined)
      .orderBy(desc(candidates.followers), desc(candidates.id))
      .offset(0)
      .as('ranked');
    return this.db
      .with(candidates)
      .select({ ...withCounts, total })
      .from(ranked)
      .innerJoin(sifts, eq(sifts.id, ranked.id))
      .innerJoin(users, eq(users.id, sifts.ownerId))
      .where(activeOwner)
      .orderBy(desc(ranked.followers), desc(ranked.id))
      .limit(limit + 1);
  }

  /** GET /api/sifts?category=: the category's public sifts, most followed first (`sifts_public_category_idx`); reads limit + 1. */
  async publicInCategory(category: string, after: ListKey | undefined, limit: number): Promise<ListedSift[]> {
    const total = sql<number>`(SELECT count(*)::int FROM ${sifts} s JOIN ${users} u ON u.id = s.owner_id
      WHERE s.category = ${category} AND s.public AND u.deactivated_at IS NULL AND u.deleted_at IS NULL)`.mapWith(Number);
    return this.db
      .select({ ...withCounts, total })
      .from(sifts)
      .innerJoin(users, eq(users.id, sifts.ownerId))
      .where(and(eq(sifts.category, category), listed, afterFollowers(after)))
      .orderBy(...byFollowers)
      .limit(limit + 1);
  }

  /**
   * The public sifts sharing channels with this one, most shared first, then most followed: ids and counts only, the
   * first `size`. The costly part of similar sifts (a popular channel is in hundreds of sifts), so the service keeps it
   * under the sift's own channels (decisions/053). One statement: the sift's channels (its primary key), the other
   * sifts of each (`sift_channels_channel_idx`, index only), counted per sift, the public ones
   * (`sifts_public_followers_idx`) ordered whole.
   */
  similarRanking(siftId: number, size: number) {
    const mine = alias(siftChannels, 'mine');
    const overlap = this.db
      .select({ siftId: siftChannels.siftId, shared: sql<number>`count(*)::int`.as('shared') })
      .from(mine)
      .innerJoin(siftChannels, and(eq(siftChannels.channelId, mine.channelId), ne(siftChannels.siftId, mine.siftId)))
      .where(eq(mine.siftId, siftId))
      .groupBy(siftChannels.siftId)
      .as('overlap');
    return this.db
      .select({ id: sifts.id, shared: overlap.shared })
      .from(overlap)
      .innerJoin(sifts, eq(sifts.id, overlap.siftId))
      .where(isPublic)
      .orderBy(desc(overlap.shared), ...byFollowers)
      .limit(size);
  }

  /**
   * The cards of the first `limit` of the given sifts (in their order) that are listed now (public, of an active
   * owner): the ranking above may be a minute old, who may be listed never is. By primary key, a few dozen rows
   * checked; the cards' counts are read for the `limit` kept only (PostgreSQL computes them after the limit).
   */
  async listedAmong(ids: number[], limit: number): Promise<SiftWithCounts[]> {
    if (ids.length === 0) return [];
    return this.db
      .select(withCounts)
      .from(sifts)
      .innerJoin(users, eq(users.id, sifts.ownerId))
      .where(and(inArray(sifts.id, ids), listed))
      .orderBy(sql`array_position(${sql.param(ids)}::bigint[], ${sifts.id})`)
      .limit(limit);
  }

  /** Explore's rows: the most followed public sifts, and those made since `since`, newest first. */
  async explore(limit: number, since: Date): Promise<{ mostFollowed: SiftWithCounts[]; newest: SiftWithCounts[] }> {
    const [mostFollowed, newest] = await Promise.all([
      this.db.select(withCounts).from(sifts).innerJoin(users, eq(users.id, sifts.ownerId)).where(listed).orderBy(...byFollowers).limit(limit),
      this.db
        .select(withCounts)
        .from(sifts)
        .innerJoin(users, eq(users.id, sifts.ownerId))
        .where(and(listed, gt(sifts.createdAt, since)))
        .orderBy(desc(sifts.createdAt), desc(sifts.id))
        .limit(limit),
    ]);
    return { mostFollowed, newest };
  }

  /** The categories that have public sifts, in their order, with how many (`sifts_public_category_idx`). */
  async publicCategories(): Promise<Array<{ id: string; name: string; numberOfSifts: number }>> {
    return this.db
      .select({ id: siftCategories.id, name: siftCategories.name, numberOfSifts: sql<number>`count(*)::int`.mapWith(Number) })
      .from(siftCategories)
      .innerJoin(sifts, eq(sifts.category, siftCategories.id))
      .innerJoin(users, eq(users.id, sifts.ownerId))
      .where(listed)
      .groupBy(siftCategories.id, siftCategories.name, siftCategories.position)
      .orderBy(asc(siftCategories.position));
  }

  async channelsOf(siftId: number): Promise<SiftChannelRow[]> {
    return this.db
      .select(channelColumns)
      .from(siftChannels)
      .innerJoin(channels, eq(channels.id, siftChannels.channelId))
      .where(eq(siftChannels.siftId, siftId))
      .orderBy(asc(siftChannels.createdAt), asc(channels.id));
  }

  async keywordsOf(siftId: number): Promise<KeywordRules> {
    const rows = await this.db
      .select({ rule: siftKeywords.rule, keyword: siftKeywords.keyword })
      .from(siftKeywords)
      .where(eq(siftKeywords.siftId, siftId))
      .orderBy(asc(siftKeywords.id));
    const rules: KeywordRules = { all: [], any: [], none: [] };
    for (const r of rows) rules[r.rule].push(r.keyword);
    return rules;
  }

  /** The owner's oldest sift of exactly this name: where an import of a group goes again. */
  async findOwnedByName(ownerId: number, name: string): Promise<number | undefined> {
    const [row] = await this.db
      .select({ id: sifts.id })
      .from(sifts)
      .where(and(eq(sifts.ownerId, ownerId), eq(sifts.name, name)))
      .orderBy(asc(sifts.id))
      .limit(1);
    return row?.id;
  }

  async insert(values: typeof sifts.$inferInsert): Promise<SiftRow | undefined> {
    const [row] = await this.db.insert(sifts).values(values).onConflictDoNothing({ target: sifts.hash }).returning();
    return row;
  }

  async update(id: number, values: Partial<typeof sifts.$inferInsert>): Promise<void> {
    await this.db
      .update(sifts)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(sifts.id, id));
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(sifts).where(eq(sifts.id, id));
  }

  async replaceKeywords(siftId: number, rules: KeywordRules): Promise<void> {
    await this.db.delete(siftKeywords).where(eq(siftKeywords.siftId, siftId));
    const rows = (['all', 'any', 'none'] as const).flatMap((rule) => rules[rule].map((keyword) => ({ siftId, rule, keyword })));
    if (rows.length > 0) await this.db.insert(siftKeywords).values(rows).onConflictDoNothing();
  }

  async replaceChannels(siftId: number, channelIds: number[]): Promise<void> {
    await this.db.delete(siftChannels).where(eq(siftChannels.siftId, siftId));
    await this.addChannels(siftId, channelIds);
  }

  /** Adds channels (in this order); ones already there stay. Answers how many were new. */
  async addChannels(siftId: number, channelIds: number[]): Promise<number> {
    if (channelIds.length === 0) return 0;
    const now = Date.now();
    // Distinct creation times keep the order people added them in.
    const rows = channelIds.map((channelId, i) => ({ siftId, channelId, createdAt: new Date(now + i) }));
    const inserted = await this.db.insert(siftChannels).values(rows).onConflictDoNothing().returning({ id: siftChannels.channelId });
    return inserted.length;
  }

  async removeChannel(siftId: number, channelId: number): Promise<boolean> {
    const removed = await this.db
      .delete(siftChannels)
      .where(and(eq(siftChannels.siftId, siftId), eq(siftChannels.channelId, channelId)))
      .returning({ id: siftChannels.channelId });
    return removed.length > 0;
  }

  async countChannels(siftId: number): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(siftChannels).where(eq(siftChannels.siftId, siftId));
    return row?.n ?? 0;
  }

  async setImportStatus(siftId: number, status: SiftImportStatus, error: string | null = null): Promise<void> {
    await this.db.update(sifts).set({ importStatus: status, importError: error }).where(eq(sifts.id, siftId));
  }

  /**
   * One page of the sift's feed, newest first: an index range of sift_videos (decisions/011). Reads limit + 1. Each
   * row also carries the sift's feed version and (capped) number of matches, read once by the same statement, so
   * they describe exactly this page.
   */
  async pageVideos(
    idOrHash: string,
    after: PublishedKey | undefined,
    limit: number,
    /** hideWatched: leave out what this member watched or dismissed (in the statement, so the page stays full). */
    hideFor?: number,
  ): Promise<Array<VideoCardRow & { feedVersion: number; numberOfVideos: number }>> {
    // By id, or by hash through the unique index: the page need not wait for the sift's own row.
    const siftId = isSiftId(idOrHash) ? sql`${Number(idOrHash)}::bigint` : sql`(SELECT ${sifts.id} FROM ${sifts} WHERE ${sifts.hash} = ${idOrHash})`;
    return this.db
      .select({
        ...videoCardColumns,
        // Not correlated with the row: evaluated once per statement.
        feedVersion: sql<number>`(SELECT ${sifts.feedVersion} FROM ${sifts} WHERE ${sifts.id} = ${siftId})`.mapWith(Number),
        numberOfVideos: sql<number>`(SELECT count(*)::int FROM (SELECT 1 FROM ${siftVideos} WHERE ${siftVideos.siftId} = ${siftId} LIMIT ${MATCH_COUNT_LIMIT}) AS m)`.mapWith(Number),
      })
      .from(siftVideos)
      .innerJoin(videos, eq(videos.id, siftVideos.videoId))
      .innerJoin(channels, eq(channels.id, videos.channelId))
      .where(
        and(
          sql`${siftVideos.siftId} = ${siftId}`,
          after
            ? sql`(${siftVideos.publishedAt}, ${siftVideos.videoId}) < (${after.publishedAt.toISOString()}::timestamptz, ${after.id})`
            : undefined,
          hideFor === undefined ? undefined : unwatchedBy(hideFor, siftVideos.videoId),
        ),
      )
      .orderBy(desc(siftVideos.publishedAt), desc(siftVideos.videoId))
      .limit(limit + 1);
  }

  /**
   * A member's inbox count of each of these sifts (issue 30): matches published since they followed it, or, for a
   * sift they do not follow (their own), since it was made.
   */
  async unwatchedCounts(userId: number, siftIds: number[]): Promise<Map<number, number>> {
    if (siftIds.length === 0) return new Map();
    const since = sql`coalesce((SELECT ${subscriptions.createdAt} FROM ${subscriptions} WHERE ${subscriptions.userId} = ${userId} AND ${subscriptions.siftId} = ${sifts.id}), ${sifts.createdAt})`;
    const rows = await this.db
      .select({ id: sifts.id, count: unwatchedCount(userId, { siftId: sifts.id }, since) })
      .from(sifts)
      .where(inArray(sifts.id, siftIds));
    return new Map(rows.map((r) => [r.id, r.count]));
  }

  /**
   * What the member's inbox counts of these sifts depend on: their marks version, each sift's feed version and when
   * they followed it (since when it counts). One short statement.
   */
  async unwatchedCountsStamp(userId: number, siftIds: number[]): Promise<string> {
    const result = await this.db.execute(sql`
      SELECT ${marksVersionOf(userId)} || '|' || coalesce(string_agg(s.id || '.' || s.feed_version || '.' || coalesce(f.created_at::text, ''), ',' ORDER BY s.id), '') AS stamp
      FROM ${sifts} AS s LEFT JOIN ${subscriptions} AS f ON f.sift_id = s.id AND f.user_id = ${userId}
      WHERE s.id = ANY(${sql.param(siftIds)}::bigint[])`);
    return rowsOf<{ stamp: string }>(result)[0]?.stamp ?? '';
  }

  /** The member's marks version (decisions/055): what their hideWatched pages are kept under. */
  async marksVersion(userId: number): Promise<string> {
    const result = await this.db.execute(sql`SELECT ${marksVersionOf(userId)} AS marks`);
    return rowsOf<{ marks: string }>(result)[0]?.marks ?? '0';
  }

  /** The ids of a sift's newest matches published before `before` (all, without it): "mark all as watched". */
  async newestMatchIds(siftId: number, before: Date | undefined, limit: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: siftVideos.videoId })
      .from(siftVideos)
      .where(and(eq(siftVideos.siftId, siftId), before ? sql`${siftVideos.publishedAt} < ${before.toISOString()}::timestamptz` : undefined))
      .orderBy(desc(siftVideos.publishedAt), desc(siftVideos.videoId))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /** Rules not saved yet, over these channels: how many videos match (up to countLimit + 1) and the newest few. */
  async preview(
    channelIds: number[],
    rules: KeywordRules,
    filters: TypeFilters,
    limit: number,
    countLimit: number,
  ): Promise<{ count: number; rows: VideoCardRow[] }> {
    if (channelIds.length === 0) return { count: 0, rows: [] };
    const where = and(inArray(videos.channelId, channelIds), keywordRulesCondition(rules), typeFiltersCondition(filters));
    const cards = (condition: SQL | undefined) => this.db.select(videoCardColumns).from(videos).innerJoin(channels, eq(channels.id, videos.channelId)).where(condition);
    // Every video of the channels is tried against the rules once (up to countLimit + 1 matches), and the newest of
    // the matches are taken from those: a heavy read. Counted and listed by two statements, the matcher ran twice over
    // the channels' videos, and the list's (ORDER BY date LIMIT 5) walked the whole catalog's date index for a rare
    // word: 2.4 s at a million videos (bench/sift-preview.ts, issue 32).
    const matched = this.db.select({ id: videos.id, publishedAt: videos.publishedAt }).from(videos).where(where).limit(countLimit + 1);
    return asHeavyRead(async () => {
      const found = rowsOf<{ id: number | string; n: number }>(
        await this.db.execute(
          sql`WITH matched AS MATERIALIZED (${matched}) SELECT id, (SELECT count(*) FROM matched)::int AS n FROM matched ORDER BY published_at DESC, id DESC LIMIT ${Math.max(limit, 1)}`,
        ),
      );
      const count = found[0]?.n ?? 0;
      if (limit === 0 || count === 0) return { count, rows: [] };
      // Past the count's bound the newest matches may be beyond what was tried: the list is read in date order then.
      if (count > countLimit) return { count, rows: await cards(where).orderBy(desc(videos.publishedAt), desc(videos.id)).limit(limit) };
      const ids = found.map((f) => Number(f.id));
      const byId = new Map((await cards(inArray(videos.id, ids))).map((c) => [c.video.id, c]));
      return { count, rows: ids.map((id) => byId.get(id)).filter((c): c is VideoCardRow => c !== undefined) };
    });
  }

  /** Every sift the member owns, oldest first (the personal-data export). */
  async ownedForExport(ownerId: number) {
    return this.db
      .select({
        id: sifts.id,
        name: sifts.name,
        description: sifts.description,
        public: sifts.public,
        category: sifts.category,
        hideShorts: sifts.hideShorts,
        hideLive: sifts.hideLive,
        minDurationSeconds: sifts.minDurationSeconds,
        maxDurationSeconds: sifts.maxDurationSeconds,
      })
      .from(sifts)
      .where(eq(sifts.ownerId, ownerId))
      .orderBy(asc(sifts.createdAt), asc(sifts.id));
  }

  /** The keywords of every sift the member owns, in one statement (the export). */
  async ownedKeywordsForExport(ownerId: number) {
    return this.db
      .select({ siftId: siftKeywords.siftId, rule: siftKeywords.rule, keyword: siftKeywords.keyword })
      .from(siftKeywords)
      .innerJoin(sifts, eq(sifts.id, siftKeywords.siftId))
      .where(eq(sifts.ownerId, ownerId))
      .orderBy(asc(siftKeywords.id));
  }

  /** The channels of every sift the member owns, in one statement, each sift's in the order they were added (the export). */
  async ownedChannelsForExport(ownerId: number) {
    return this.db
      .select({ siftId: siftChannels.siftId, externalId: channels.externalId, name: channels.name })
      .from(siftChannels)
      .innerJoin(sifts, eq(sifts.id, siftChannels.siftId))
      .innerJoin(channels, eq(channels.id, siftChannels.channelId))
      .where(eq(sifts.ownerId, ownerId))
      .orderBy(asc(siftChannels.siftId), asc(siftChannels.createdAt), asc(channels.id));
  }

  async categories(): Promise<{ id: string; name: string }[]> {
    return this.db.select({ id: siftCategories.id, name: siftCategories.name }).from(siftCategories).orderBy(asc(siftCategories.position));
  }

  async categoryExists(id: string): Promise<boolean> {
    const rows = await this.db.select({ id: siftCategories.id }).from(siftCategories).where(eq(siftCategories.id, id)).limit(1);
    return rows.length > 0;
  }
}

const channelColumns = {
  id: channels.id,
  provider: channels.provider,
  externalId: channels.externalId,
  name: channels.name,
  description: channels.description,
  topic: channels.topic,
  thumbnail: channels.thumbnail,
  numberOfFollowers: channels.numberOfFollowers,
  numberOfVideos: channels.numberOfVideos,
  numberOfViews: channels.numberOfViews,
  refreshedAt: channels.refreshedAt,
  createdAt: channels.createdAt,
  searchVector: channels.searchVector,
};

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
