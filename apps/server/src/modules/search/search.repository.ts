import { and, asc, desc, eq, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import { rowsOf, type Database } from '../../infra/db/client.js';
import {
  channels,
  playlistFollows,
  playlistItems,
  playlists,
  searchLexemes,
  siftChannels,
  sifts,
  subscriptions,
  users,
  videos,
} from '../../infra/db/schema.js';
import { siftCover } from '../../infra/db/sift-cover.js';

export type ResultKind = 'channel' | 'video' | 'sift' | 'playlist';

// Cards never need a channel's search vector (a kilobyte of text per row): every column but that.
const { searchVector: _channelVector, ...channelColumns } = getTableColumns(channels);
export type ChannelRow = Omit<typeof channels.$inferSelect, 'searchVector'>;

/**
 * The text of a search as tsquery text: first as search-text.ts writes it, then as `prepareText` gives it back
 * (case and accents folded, stop words gone), which is what every other statement takes.
 */
export interface TextQuery {
  match: string;
  exact: string;
  /**
   * As search-text.ts wrote it, not yet folded: statements fold it themselves (`to_tsquery('sift', sift_fold(…))`,
   * immutable, so the planner still sees the folded value). Lets a statement start before `prepareText` answers.
   */
  unfolded?: boolean;
}

/** The most whole words a typed prefix is expanded into; a prefix that begins more is read as a prefix. */
export const PREFIX_EXPANSION = 64;

/** The folded text and what the videos' words (search_lexemes) and dates say about it: see `prepareText`. */
export interface PreparedText extends TextQuery {
  /** The prefix lexeme of `match` (the word being typed, folded), when there is exactly one. */
  prefix: string | null;
  /** The video words the prefix begins, up to PREFIX_EXPANSION + 1 (more than the limit: too many to expand). */
  expansion: string[];
  /** The lexemes of `exact` that no video has: `exact` matches no video when there is one. */
  missing: string[];
  /** The months (UTC, as year × 12 + month − 1) of the newest and the oldest video; null without videos. */
  newestMonth: number | null;
  oldestMonth: number | null;
}

/**
 * One possible result, with everything any sort needs and nothing a card needs (cards are read for one page
 * only, by id). Numbers are plain doubles computed the same way on every request, so the rank cursor can
 * compare them exactly.
 */
export interface Candidate {
  kind: ResultKind;
  id: number;
  /** Text relevance (0 without a query). */
  score: number;
  /** Followers (channels, sifts, playlists) or views (videos): the tie-breaker of equally relevant results. */
  popularity: number;
  /** Publication (videos) or creation time, epoch ms. */
  recency: number;
  /** What "Num of videos" sorts by; only filled for that sort. */
  count: number;
  /** Case- and accent-folded name; only filled for the alphabetical sort. */
  name: string;
  /** Whether it matches the text as whole words (videos matched by a prefix say so; everything else is true). */
  whole: boolean;
}

export interface CandidateOptions {
  /** What the sort needs beyond score, popularity and recency. */
  needs: { count: boolean; name: boolean };
  /** The caller, whose private sifts and playlists are found too. */
  viewerId: number | null;
  /** Only this person's sifts and playlists. */
  ownerUuid: string | undefined;
}

/** ts_rank weights for {D, C, B, A}: title/name (A) far above tags/topic (B) above description (C). */
const WEIGHTS = sql.raw(`'{0.05, 0.1, 0.4, 1.0}'::float4[]`);
/**
 * A folded tsquery (from prepareText) as a plain parameter: the planner sees its value, so it estimates how much
 * it matches, and nothing is folded or parsed again per statement.
 */
const tsquery = (folded: string) => sql`${folded}::tsquery`;
/** One of the query's texts as a tsquery, folded by the statement itself when the query is not yet folded. */
const textOf = (query: TextQuery, text: string) => (query.unfolded ? sql`to_tsquery('sift', sift_fold(${text}))` : tsquery(text));
/** A prefix operand in tsquery text ('tardig':*) and any operand ('black'); the lexeme is the first group. */
const PREFIX_OPERAND = `'([^']*)':\\*`;
const OPERAND = `'([^']*)'`;

function score(vector: SQL, query: TextQuery | null): SQL {
  if (!query) return sql`0::float8`;
  // Whole-word matches get a bonus over prefix-only ones, so "cat" ranks cats above categories. Without a prefix
  // both ranks are one: r + 0.5 r and 1.5 r are the same double (a float4 rank has room to spare), one call cheaper.
  if (query.match === query.exact) return sql`(1.5 * ts_rank(${WEIGHTS}, ${vector}, ${textOf(query, query.exact)}))::float8`;
  return sql`(ts_rank(${WEIGHTS}, ${vector}, ${textOf(query, query.match)}) + 0.5 * ts_rank(${WEIGHTS}, ${vector}, ${textOf(query, query.exact)}))::float8`;
}
const epochMs = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;
const folded = (needed: boolean, column: SQL) => (needed ? sql`sift_fold(${column})` : sql`''`);

interface CandidateRow {
  id: number | string;
  score: number | string;
  popularity: number | string;
  recency: number | string;
  count: number | string;
  name: string;
  whole?: boolean;
}

function toCandidates(kind: ResultKind, result: unknown): Candidate[] {
  // Both drivers answer { rows }; int8 and numeric come back as strings from node-postgres, numbers from PGlite.
  return (result as { rows: CandidateRow[] }).rows.map((r) => ({
    kind,
    id: Number(r.id),
    score: Number(r.score),
    popularity: Number(r.popularity),
    recency: Number(r.recency),
    count: Number(r.count),
    name: r.name,
    whole: r.whole ?? true,
  }));
}

/** The only place that reads the search indexes (and the cards of one page of results). */
export class SearchRepository {
  /**
   * Whether statements sent together run at the same time: on a PostgreSQL pool they do; PGlite runs one at a
   * time on the event loop, so a statement sent on a guess is only extra work there.
   */
  readonly concurrent: boolean;

  constructor(private readonly db: Database) {
    this.concurrent = !(db instanceof PgliteDatabase);
  }

  /**
   * The parsed text as the database reads it, through the same `sift_fold` and `sift` configuration that built
   * the vectors (empty strings when nothing is left: stop words only match nothing), and in the same round trip
   * what the search needs to plan its video statements: the words the prefix begins and the words of `exact`
   * no video has (from search_lexemes, one index range and a lookup per word), and the newest and oldest
   * videos' months (two index probes). Everything later takes these as plain parameters, so the planner sees
   * real values.
   */
  async prepareText(query: TextQuery): Promise<PreparedText> {
    const result = await this.db.execute(sql`
      WITH q AS (
        SELECT to_tsquery('sift', sift_fold(${query.match}))::text AS match, to_tsquery('sift', sift_fold(${query.exact}))::text AS exact
      ), p AS (
        SELECT m[1] AS prefix FROM q, regexp_matches(q.match, ${PREFIX_OPERAND}, 'g') AS m
      ), span AS (
        SELECT max(published_at) AT TIME ZONE 'UTC' AS newest, min(published_at) AT TIME ZONE 'UTC' AS oldest FROM ${videos}
      )
      SELECT q.match, q.exact, (SELECT array_agg(prefix) FROM p) AS prefixes,
        (SELECT array_agg(e.lexeme) FROM (
          SELECT l.lexeme FROM p, ${searchLexemes} l
          WHERE (SELECT count(*) FROM p) = 1 AND l.lexeme >= p.prefix AND l.lexeme < p.prefix || chr(1114111)
          LIMIT ${PREFIX_EXPANSION + 1}) e) AS expansion,
        (SELECT array_agg(w[1]) FROM regexp_matches(q.exact, ${OPERAND}, 'g') AS w
          WHERE NOT EXISTS (SELECT 1 FROM ${searchLexemes} l WHERE l.lexeme = w[1])) AS missing,
        (extract(year FROM span.newest) * 12 + extract(month FROM span.newest) - 1)::int AS newest_month,
        (extract(year FROM span.oldest) * 12 + extract(month FROM span.oldest) - 1)::int AS oldest_month
      FROM q, span`);
    const [row] = (
      result as unknown as {
        rows: {
          match: string | null;
          exact: string | null;
          prefixes: string[] | null;
          expansion: string[] | null;
          missing: string[] | null;
          newest_month: number | null;
          oldest_month: number | null;
        }[];
      }
    ).rows;
    const prefixes = row?.prefixes ?? [];
    return {
      match: row?.match ?? '',
      exact: row?.exact ?? '',
      prefix: prefixes.length === 1 ? prefixes[0]! : null,
      expansion: row?.expansion ?? [],
      missing: row?.missing ?? [],
      newestMonth: row?.newest_month ?? null,
      oldestMonth: row?.oldest_month ?? null,
    };
  }

  /**
   * Videos matching `match` (tsquery text), at most `cap`, taken in the index's order (no ORDER BY: a LIMIT under
   * ORDER BY published_at is the plan that walks the whole date index when the words match little or nothing).
   * A recency window is part of `match` itself (`words & ('~202611' | '~202610')`: every video's vector carries
   * the lexeme of its month), so it stays inside the one GIN condition. Scored against the whole query.
   */
  async matchingVideos(
    match: string | SQL,
    query: TextQuery,
    cap: number,
    needs: CandidateOptions['needs'],
    /** Flag the rows that also match this (whole words) in `whole`. */
    flagWhole?: string,
  ): Promise<Candidate[]> {
    const result = await this.db.execute(sql`
      SELECT v.id, ${score(sql`v.search_vector`, query)} AS score, v.number_of_views AS popularity,
        ${epochMs(sql`v.published_at`)} AS recency, v.number_of_views AS count, ${folded(needs.name, sql`v.title`)} AS name
        ${flagWhole ? sql`, v.search_vector @@ ${tsquery(flagWhole)} AS whole` : sql``}
      FROM (
        SELECT id, search_vector, number_of_views, published_at, title FROM ${videos}
        WHERE ${typeof match === 'string' ? sql`search_vector @@ ${tsquery(match)}` : match}
        LIMIT ${cap}
      ) v`);
    return toCandidates('video', result);
  }

  /**
   * The whole words of a text not yet folded in one month (`~YYYYMM`): the first video statement of a search,
   * started beside `prepareText` (the service checks the month against the one prepareText reads). Text of stop
   * words only folds to an empty tsquery, which `&&` would turn into "the whole month": such text reads nothing.
   */
  async videosInMonth(text: TextQuery, month: string, cap: number, needs: CandidateOptions['needs']): Promise<Candidate[]> {
    const whole = textOf(text, text.exact);
    return this.matchingVideos(sql`numnode(${whole}) > 0 AND search_vector @@ (${whole} && ${tsquery(month)})`, text, cap, needs);
  }

  /**
   * Whether any of these kinds has a result for the text (or at all, without text): the "results outside your
   * filters" probe. Videos may take their own form of the text (the prefix expanded into whole words). One statement; each kind stops at its first row, and the first kind found ends it.
   */
  async anyMatch(kinds: ResultKind[], match: string | null, options: CandidateOptions, videoMatch: string | null = match): Promise<boolean> {
    if (kinds.length === 0) return false;
    const matches = (column: SQL, text = match) => (text === null ? sql`true` : sql`${column} @@ ${tsquery(text)}`);
    const probes = kinds.map(
      (kind) =>
        ({
          video: sql`EXISTS (SELECT 1 FROM ${videos} v WHERE ${matches(sql`v.search_vector`, videoMatch)})`,
          channel: sql`EXISTS (SELECT 1 FROM ${channels} c WHERE ${matches(sql`c.search_vector`)})`,
          sift: sql`EXISTS (SELECT 1 FROM ${sifts} s JOIN ${users} u ON u.id = s.owner_id
            WHERE ${this.visible(sql`s`, options)} AND ${matches(sql`s.search_vector`)})`,
          playlist: sql`EXISTS (SELECT 1 FROM ${playlists} p JOIN ${users} u ON u.id = p.owner_id
            WHERE NOT p.is_watch_later AND ${this.visible(sql`p`, options)} AND ${matches(sql`p.search_vector`)})`,
        })[kind],
    );
    const result = await this.db.execute(sql`SELECT (${sql.join(probes, sql` OR `)}) AS found`);
    return rowsOf<{ found: boolean }>(result)[0]?.found === true;
  }

  /**
   * Channels as cards for recommendations: good matches first, from at most `among` matching ones (a common word
   * matches thousands of channels; recommending needs good ones, not the very best); without a query, the most
   * followed.
   */
  async channelRows(query: TextQuery | null, count: number, among = 200): Promise<ChannelRow[]> {
    if (!query) return this.db.select(channelColumns).from(channels).orderBy(desc(channels.numberOfFollowers), asc(channels.id)).limit(count);
    const matching = this.db
      .select({ id: channels.id, vector: channels.searchVector })
      .from(channels)
      .where(sql`${channels.searchVector} @@ ${textOf(query, query.match)}`)
      .limit(among)
      .as('m');
    return this.db
      .select(channelColumns)
      .from(matching)
      .innerJoin(channels, eq(channels.id, matching.id))
      .orderBy(desc(score(sql`${matching.vector}`, query)), desc(channels.numberOfFollowers), asc(channels.id))
      .limit(count);
  }

  /** Without a query: the newest videos (reads the date index backwards, `cap` rows). */
  async newestVideos(cap: number, needs: CandidateOptions['needs']): Promise<Candidate[]> {
    const result = await this.db.execute(sql`
      SELECT v.id, 0::float8 AS score, v.number_of_views AS popularity, ${epochMs(sql`v.published_at`)} AS recency,
        v.number_of_views AS count, ${folded(needs.name, sql`v.title`)} AS name
      FROM ${videos} v ORDER BY v.published_at DESC, v.id DESC LIMIT ${cap}`);
    return toCandidates('video', result);
  }

  /**
   * Channels matching the text, best first (without a query: the most followed). Channels are few next to
   * videos (one per creator), so every match is ranked before the cap applies.
   */
  async channelCandidates(query: TextQuery | null, cap: number, needs: CandidateOptions['needs']): Promise<Candidate[]> {
    const where = query ? sql`WHERE c.search_vector @@ ${textOf(query, query.match)}` : sql``;
    const result = await this.db.execute(sql`
      SELECT c.id, ${score(sql`c.search_vector`, query)} AS score, c.number_of_followers AS popularity,
        ${epochMs(sql`c.created_at`)} AS recency, c.number_of_videos AS count, ${folded(needs.name, sql`c.name`)} AS name
      FROM ${channels} c ${where}
      ORDER BY 2 DESC, c.number_of_followers DESC, c.id
      LIMIT ${cap}`);
    return toCandidates('channel', result);
  }

  async siftCandidates(query: TextQuery | null, cap: number, options: CandidateOptions): Promise<Candidate[]> {
    const { needs } = options;
    const count = needs.count
      ? sql`(SELECT coalesce(sum(ch.number_of_videos), 0) FROM ${siftChannels} sc JOIN ${channels} ch ON ch.id = sc.channel_id WHERE sc.sift_id = s.id)`
      : sql`0`;
    const result = await this.db.execute(sql`
      SELECT s.id, ${score(sql`s.search_vector`, query)} AS score,
        (SELECT count(*) FROM ${subscriptions} f WHERE f.sift_id = s.id AND NOT f.opt_out) AS popularity,
        ${epochMs(sql`s.created_at`)} AS recency, ${count} AS count, ${folded(needs.name, sql`s.name`)} AS name
      FROM ${sifts} s JOIN ${users} u ON u.id = s.owner_id
      WHERE ${this.visible(sql`s`, options)} ${query ? sql`AND s.search_vector @@ ${textOf(query, query.match)}` : sql``}
      ORDER BY 2 DESC, s.created_at DESC, s.id DESC
      LIMIT ${cap}`);
    return toCandidates('sift', result);
  }

  async playlistCandidates(query: TextQuery | null, cap: number, options: CandidateOptions): Promise<Candidate[]> {
    const { needs } = options;
    const count = needs.count ? sql`(SELECT count(*) FROM ${playlistItems} i WHERE i.playlist_id = p.id)` : sql`0`;
    const result = await this.db.execute(sql`
      SELECT p.id, ${score(sql`p.search_vector`, query)} AS score,
        (SELECT count(*) FROM ${playlistFollows} f WHERE f.playlist_id = p.id) AS popularity,
        ${epochMs(sql`p.created_at`)} AS recency, ${count} AS count, ${folded(needs.name, sql`p.name`)} AS name
      FROM ${playlists} p JOIN ${users} u ON u.id = p.owner_id
      WHERE NOT p.is_watch_later AND ${this.visible(sql`p`, options)} ${query ? sql`AND p.search_vector @@ ${textOf(query, query.match)}` : sql``}
      ORDER BY 2 DESC, p.created_at DESC, p.id DESC
      LIMIT ${cap}`);
    return toCandidates('playlist', result);
  }

  /** Public, or the caller's own; never of an account that is deactivated or deleted; of one owner when asked. */
  private visible(alias: SQL, options: CandidateOptions): SQL {
    const mine = options.viewerId === null ? sql`false` : sql`${alias}.owner_id = ${options.viewerId}`;
    return sql`u.deactivated_at IS NULL AND u.deleted_at IS NULL AND (${alias}.public OR ${mine})${
      options.ownerUuid ? sql` AND u.uuid = ${options.ownerUuid}` : sql``
    }`;
  }

  // ---- cards of one page ----------------------------------------------------------------------------------------

  async channelsByIds(ids: number[]): Promise<ChannelRow[]> {
    if (ids.length === 0) return [];
    return this.db.select(channelColumns).from(channels).where(inArray(channels.id, ids));
  }

  async siftsByIds(ids: number[]) {
    if (ids.length === 0) return [];
    return this.db
      .select({
        sift: sifts,
        owner: { uuid: users.uuid, firstName: users.firstName, lastName: users.lastName },
        numberOfChannels: sql<number>`(SELECT count(*) FROM ${siftChannels} sc WHERE sc.sift_id = ${sifts.id})`.mapWith(Number),
        numberOfFollowers: sql<number>`(SELECT count(*) FROM ${subscriptions} f WHERE f.sift_id = ${sifts.id} AND NOT f.opt_out)`.mapWith(Number),
        numberOfVideos: sql<number>`(SELECT coalesce(sum(ch.number_of_videos), 0) FROM ${siftChannels} sc JOIN ${channels} ch ON ch.id = sc.channel_id WHERE sc.sift_id = ${sifts.id})`.mapWith(Number),
        cover: siftCover,
      })
      .from(sifts)
      .innerJoin(users, eq(users.id, sifts.ownerId))
      .where(inArray(sifts.id, ids));
  }

  async playlistsByIds(ids: number[]) {
    if (ids.length === 0) return [];
    return this.db
      .select({
        playlist: playlists,
        owner: { uuid: users.uuid, firstName: users.firstName, lastName: users.lastName },
        numberOfVideos: sql<number>`(SELECT count(*) FROM ${playlistItems} i WHERE i.playlist_id = ${playlists.id})`.mapWith(Number),
        // An automatic cover is the first video's thumbnail.
        firstVideoThumbnail: sql<string | null>`(SELECT v.thumbnail FROM ${playlistItems} i JOIN ${videos} v ON v.id = i.video_id WHERE i.playlist_id = ${playlists.id} ORDER BY i.position, i.id LIMIT 1)`,
      })
      .from(playlists)
      .innerJoin(users, eq(users.id, playlists.ownerId))
      .where(inArray(playlists.id, ids));
  }

  /** Something to watch when a search finds nothing: the most viewed of the newest videos. */
  async popularRecentVideoIds(count: number, among = 200): Promise<number[]> {
    const result = await this.db.execute(sql`
      SELECT id FROM (SELECT id, number_of_views FROM ${videos} ORDER BY published_at DESC, id DESC LIMIT ${among}) v
      ORDER BY number_of_views DESC, id DESC LIMIT ${count}`);
    return rowsOf<{ id: number | string }>(result).map((r) => Number(r.id));
  }

  /** A person's public name, for their profile page; undefined for no such (active) person. */
  async publicUser(uuid: string) {
    const [row] = await this.db
      .select({ uuid: users.uuid, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(and(eq(users.uuid, uuid), isNull(users.deactivatedAt), isNull(users.deletedAt)))
      .limit(1);
    return row;
  }
}
