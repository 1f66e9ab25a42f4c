import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { rowsOf, type Database } from '../../infra/db/client.js';
import {
  keywordCandidatesCondition,
  keywordRulesCondition,
  dayOf,
  ofChannelsCondition,
  publishedInCondition,
  startOfDay,
  windowEnd,
  type KeywordRules,
} from '../../infra/db/keyword-match.js';
import { asHeavyRead } from '../../infra/db/query-bounds.js';
import { unwatchedBy } from '../../infra/db/unwatched.js';
import { feedTokens, siftVideos, videos } from '../../infra/db/schema.js';
import type { PublishedKey } from '../../infra/http/cursor.js';


/** Narrowing a feed: words of the title, keyword rules (DESIGN §3, the sifts' own matching). */
export interface FeedFilters {
  words: string[];
  rules: KeywordRules;
}

/** Where a feed's videos come from: every channel (the public feed), or some channels and some sifts' matches. */
export type FeedSources = 'everything' | { channelIds: number[]; siftIds: number[] };

const hasRules = (r: KeywordRules) => r.all.length + r.any.length + r.none.length > 0;

/** Conditions over `videos` for the filters; undefined when there are none. */
function filterCondition(filters: FeedFilters): SQL | undefined {
  const parts: SQL[] = filters.words.map((w) => sql`strpos(sift_fold(${videos.title}), sift_fold(${w})) > 0`);
  if (hasRules(filters.rules)) parts.push(keywordRulesCondition(filters.rules));
  return parts.length > 0 ? and(...parts) : undefined;
}

/** What `filterCondition` reads, for a subquery named `videos` whose rows it tests after a sort or a walk. */
const matcherColumns = sql`${videos.title} AS title, ${videos.matchText} AS match_text`;

/**
 * A WHERE condition over `videos` for where a filtered page's videos come from: undefined for every channel, false
 * for no source at all.
 */
function sourceCondition(sources: FeedSources, options: { indexed: boolean } = { indexed: true }): SQL | undefined | false {
  if (sources === 'everything') return undefined;
  const parts: SQL[] = [];
  // `channel_id + 0` is the same test that no index answers: the rows at hand are tested, none are looked up.
  const channel = options.indexed ? sql`${videos.channelId}` : sql`(${videos.channelId} + 0)`;
  if (sources.channelIds.length > 0) parts.push(sql`${channel} = ANY(${sql.param(sources.channelIds)}::bigint[])`);
  if (sources.siftIds.length > 0) {
    parts.push(sql`EXISTS (SELECT 1 FROM ${siftVideos} WHERE ${siftVideos.videoId} = ${videos.id} AND ${siftVideos.siftId} = ANY(${sql.param(sources.siftIds)}::bigint[]))`);
  }
  return parts.length === 0 ? false : parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` OR `)})`;
}

export const isFiltered = (filters: FeedFilters) => filters.words.length > 0 || hasRules(filters.rules);

/** Videos strictly older than the cursor, in the feeds' (published_at, id) order. */
const olderThan = (after: PublishedKey | undefined): SQL | undefined =>
  after ? sql`(${videos.publishedAt}, ${videos.id}) < (${after.publishedAt.toISOString()}::timestamptz, ${after.id})` : undefined;

/**
 * hideWatched pages read by time windows (FeedsRepository.unwatchedKeys): the first a day back from the cursor, each
 * next one wider by what the last one yielded (×2 to ×16); the eighth reaches back to the first video.
 */
const FIRST_WINDOW_MS = 24 * 3_600_000;
const MAX_WINDOW_GROWTH = 16;
const MAX_WINDOWS = 8;
/** A member's next first window (FeedsRepository.windowHints) is at most a year wide. */
const MAX_WINDOW_HINT_MS = 365 * 24 * 3_600_000;

/**
 * A filter the index cannot select for (`none` alone, title words alone) is a walk of at most this many of the
 * source's newest rows after the cursor (decisions/054): enough for a page unless the filter leaves out over 97 % of
 * the videos; the matcher costs about 25 µs a row at most, so the walk about 50 ms at worst.
 */
export const FILTER_WALK_MAX_ROWS = 2_000;
/** How much longer the next window of a filtered read is when the last ones found nothing. */
export const WINDOW_GROWTH = 4;
/** The next window is sized to find what the page lacks at the rate found so far, times this margin. */
export const WINDOW_MARGIN = 2;
/** Up to this many channels a filtered feed selects its candidates by channel in the index (a channel's page). */
export const INDEXED_CHANNELS_MAX = 8;
/**
 * The first window of a filtered read of the whole catalog holds about this many videos at the catalog's mean rate
 * (a feed of some channels: four times as many), and never less than a day (four): a day at 1,000,000 videos over two
 * years, where a common word fills its page; a third of the demo catalog's history, so a small catalog is read in one
 * or two windows instead of a dozen one-day ones (decisions/060).
 */
export const FIRST_WINDOW_VIDEOS = 1_000;

/** When the catalog's videos were published, and about how many there are (an upper bound: ids are never reused). */
interface PublishedSpan {
  newest: Date;
  oldest: Date;
  videos: number;
}

/** The keys of a filtered page and, when a bounded walk ended before the page was full, where it stopped. */
export interface FilteredKeys {
  keys: PublishedKey[];
  /** The last row the walk read: the next page starts after it (set only when fewer than a page's keys were found). */
  stoppedAt?: PublishedKey;
}

/**
 * The feeds' reads (decisions/012-subscriptions.md). A personal page is two index-ordered reads merged: the newest
 * videos of the followed channels (`videos_published_idx` walked backwards, or the channel index, as the planner
 * finds cheaper) and, per followed sift, the newest rows of its materialised matches (`sift_videos_feed_idx`, one
 * range per sift). Each part reads at most limit + 1 rows; UNION removes a video that both bring.
 */
export class FeedsRepository {
  /**
   * How far back the member's last hideWatched page had to read (ms), by member: where their next one starts its first
   * window. A hint only (each window's rows are exact whatever its width): it spares the windows that would find
   * little, each of which costs a descent into every followed channel's index.
   */
  private readonly windowHints = new LRUCache<number, number>({ max: 10_000 });
  /** The catalog's span, kept (shared while read) under the newest video's id it was read at: it moves only with an arrival. */
  private keptSpan?: { stamp: number; span: Promise<PublishedSpan | undefined> };

  /** `firstWindowVideos`: FIRST_WINDOW_VIDEOS, or fewer to read a small catalog as a large one is read (tests). */
  constructor(
    private readonly db: Database,
    private readonly options: { firstWindowVideos: number } = { firstWindowVideos: FIRST_WINDOW_VIDEOS },
  ) {}

  /**
   * The keys of a page, newest first: limit + 1 of them, so the caller knows whether more follow. Only keys: the
   * cards come from the catalog (CatalogService.videoCards), which keeps those it showed before.
   */
  async pageKeys(sources: FeedSources, after: PublishedKey | undefined, limit: number, filters: FeedFilters, hideFor?: number): Promise<PublishedKey[]> {
    return isFiltered(filters) ? (await this.filteredPageKeys(sources, after, limit, filters, hideFor)).keys : this.readPageKeys(sources, after, limit, undefined, hideFor);
  }

  /**
   * The keys of a filtered page, newest first, limit + 1 of them (decisions/054). The one exact matcher
   * (`keywordRulesCondition`, title words) decides, on a bounded number of rows:
   * - with `all` / `any` keywords, the candidates `videos_keyword_idx` gives for them (within a channel's own, for a
   *   channel's page), window by window of whole days back from the cursor's day, each window's sorted by
   *   (published_at, id) and confirmed by the matcher until the page is full. The windows follow each other in key
   *   order, so pages neither repeat nor skip a video; a word no video has costs three index probes that read no row;
   * - without (`none` alone, title words alone) nothing can be selected from an index: a walk of at most
   *   FILTER_WALK_MAX_ROWS of the source's rows, and `stoppedAt` says where it stopped.
   * `catalogStamp`, the newest video's id when the caller read it: the catalog's span is kept under it.
   */
  async filteredPageKeys(sources: FeedSources, after: PublishedKey | undefined, limit: number, filters: FeedFilters, hideFor?: number, catalogStamp?: number): Promise<FilteredKeys> {
    const n = limit + 1;
    const exact = filterCondition(filters) ?? sql`true`;
    const source = sourceCondition(sources);
    if (source === false) return { keys: [] };
    const older = olderThan(after);
    const unwatched = hideFor === undefined ? undefined : unwatchedBy(hideFor, videos.id);
    const words = keywordCandidatesCondition(filters.rules);
    // The walk reads up to FILTER_WALK_MAX_ROWS rows through the matcher (tens of ms): it takes its turn in the heavy
    // lane (decision 037). The index reads below are a few thousand candidates at most, like any other page.
    if (!words) return asHeavyRead(() => this.walk(sources, after, and(older, unwatched), exact, n, FILTER_WALK_MAX_ROWS, hideFor));
    // A channel's page (or a feed of a few channels) intersects the words with its channels inside the index, and its
    // candidates are few: its whole history is one read. The index tests every candidate against each channel of
    // the list (500 channels: 40 ms a window), so a feed of many channels takes the words' candidates across the
    // catalog, window by window, and keeps its own on the rows.
    const fewChannels = sources !== 'everything' && sources.siftIds.length === 0 && sources.channelIds.length <= INDEXED_CHANNELS_MAX;
    let candidates = fewChannels ? and(words, ofChannelsCondition(sources.channelIds))! : words;

    // The source is tested on the candidates' rows before they are sorted, written so the planner cannot read the
    // followed channels' index too (25,000 entries for 500 channels) to intersect; hideWatched and the matcher on the
    // sorted ones, until the page is full.
    const ofSource = sourceCondition(sources, { indexed: false });
    const kept = and(unwatched, exact)!;
    if (fewChannels) return { keys: await this.confirmedCandidates(and(candidates, older)!, kept, n) }; // the channel's whole history
    if (ofSource) candidates = and(candidates, ofSource)!;
    const span = await this.publishedSpan(catalogStamp);
    if (!span) return { keys: [] };
    const keys: PublishedKey[] = [];
    const newestDay = dayOf(after && after.publishedAt < span.newest ? after.publishedAt : span.newest);
    const oldestDay = dayOf(span.oldest);
    // Windows of whole UTC days back from the cursor's day, which follow each other. The first holds about
    // FIRST_WINDOW_VIDEOS of the catalog (a common word fills its page there), four times as many for a feed of some
    // channels (they are a small part of it); the next are sized by the matches per day found so far, with a margin,
    // or four times longer when none were.
    let day = newestDay;
    const scale = sources === 'everything' ? 1 : 4;
    const perDay = span.videos / Math.max(1, dayOf(span.newest) - oldestDay + 1);
    let length = Math.max(scale, Math.ceil((scale * this.options.firstWindowVideos) / perDay));
    for (let windows = 1; keys.length < n && day >= oldestDay; windows++) {
      const last = windowEnd(day, Math.max(oldestDay, day - length + 1), oldestDay);
      keys.push(...(await this.confirmedCandidates(and(candidates, publishedInCondition(day, last), older)!, kept, n - keys.length)));
      day = last - 1;
      if (keys.length >= n || day < oldestDay) break;
      const read = newestDay - day;
      if (keys.length === 0 && windows === 2) {
        // Nothing in the first windows: a rare word (or one no video has). Its candidates anywhere before are few, so
        // one read takes them all.
        const before = sql`(${videos.publishedAt}, ${videos.id}) < (${startOfDay(day + 1).toISOString()}::timestamptz, 0)`;
        keys.push(...(await this.confirmedCandidates(and(candidates, older, before)!, kept, n)));
        break;
      }
      length = keys.length === 0 ? read * WINDOW_GROWTH : Math.ceil(((n - keys.length) * read * WINDOW_MARGIN) / keys.length);
    }
    return { keys };
  }

  /**
   * The source's newest rows after the cursor, at most `rows` of them, those the exact matcher accepts, at most `n`:
   * it stops at the n-th. With fewer, `stoppedAt` is the last row read when the walk read all `rows`.
   */
  private async walk(sources: FeedSources, after: PublishedKey | undefined, narrow: SQL | undefined, exact: SQL, n: number, rows: number, hideFor: number | undefined): Promise<FilteredKeys> {
    if (sources !== 'everything') {
      // A member's channels and sifts are read as their unfiltered page reads them (their own indexes), a chunk of
      // keys at a time, then the matcher on those rows: one statement over the catalog's date index would read every
      // followed video's row to sort them.
      const keys: PublishedKey[] = [];
      let from = after;
      for (let read = 0; read < rows; read += 2 * n) {
        const size = Math.min(2 * n, rows - read);
        const chunk = await this.readPageKeys(sources, from, size - 1, undefined, hideFor);
        if (chunk.length === 0) return { keys };
        const result = await this.db.execute(sql`SELECT ${videos.id} AS id FROM ${videos} WHERE ${videos.id} = ANY(${sql.param(chunk.map((k) => k.id))}::bigint[]) AND ${exact}`);
        const matched = new Set(rowsOf<{ id: string | number }>(result).map((r) => Number(r.id)));
        keys.push(...chunk.filter((k) => matched.has(k.id)));
        if (keys.length >= n) return { keys: keys.slice(0, n) };
        if (chunk.length < size) return { keys }; // the source has no more
        from = chunk.at(-1);
      }
      return { keys, stoppedAt: from };
    }
    const result = await this.db.execute(sql`
      SELECT id, published_at, matched, read FROM (
        SELECT ${videos.id} AS id, ${videos.publishedAt} AS published_at, ${matcherColumns},
          row_number() OVER (ORDER BY ${videos.publishedAt} DESC, ${videos.id} DESC) AS read
        FROM ${videos} WHERE ${narrow ?? sql`true`}
        ORDER BY ${videos.publishedAt} DESC, ${videos.id} DESC LIMIT ${rows}
      ) AS videos, LATERAL (SELECT ${exact} AS matched) AS m
      WHERE matched OR read = ${rows}
      ORDER BY published_at DESC, id DESC
      LIMIT ${n}`);
    const read = rowsOf<{ id: string | number; published_at: string | Date; matched: boolean; read: string | number }>(result);
    const keys = read.filter((r) => r.matched).map((r) => ({ id: Number(r.id), publishedAt: new Date(r.published_at) }));
    const last = read.at(-1);
    return keys.length < n && last && Number(last.read) === rows ? { keys, stoppedAt: { id: Number(last.id), publishedAt: new Date(last.published_at) } } : { keys };
  }

  /** The candidates `where` selects (through `videos_keyword_idx`), newest first, those `kept` keeps (the exact matcher), at most `n`. */
  private async confirmedCandidates(where: SQL, kept: SQL, n: number): Promise<PublishedKey[]> {
    // OFFSET 0 keeps `kept` above the sort: it reads the candidates in key order and stops at the n-th match.
    const result = await this.db.execute(sql`
      SELECT id, published_at FROM (
        SELECT ${videos.id} AS id, ${videos.publishedAt} AS published_at, ${matcherColumns}, ${videos.channelId} AS channel_id
        FROM ${videos} WHERE ${where}
        ORDER BY ${videos.publishedAt} DESC, ${videos.id} DESC OFFSET 0
      ) AS videos
      WHERE ${kept}
      ORDER BY published_at DESC, id DESC
      LIMIT ${n}`);
    return rowsOf<{ id: string | number; published_at: string | Date }>(result).map((r) => ({ id: Number(r.id), publishedAt: new Date(r.published_at) }));
  }

  /** The catalog's span, kept under `stamp` when given (a caller that read no stamp reads it afresh). */
  private publishedSpan(stamp: number | undefined): Promise<PublishedSpan | undefined> {
    if (stamp === undefined) return this.readPublishedSpan();
    if (this.keptSpan?.stamp !== stamp) {
      const span = this.readPublishedSpan();
      this.keptSpan = { stamp, span };
      // A failed read is not kept: the next request reads again.
      span.catch(() => {
        if (this.keptSpan?.span === span) this.keptSpan = undefined;
      });
    }
    return this.keptSpan.span;
  }

  /** The publication moments of the newest and the oldest video, and the span of their ids: four index probes. */
  private async readPublishedSpan(): Promise<PublishedSpan | undefined> {
    const result = await this.db.execute(
      sql`SELECT max(${videos.publishedAt}) AS newest, min(${videos.publishedAt}) AS oldest, max(${videos.id}) - min(${videos.id}) + 1 AS videos FROM ${videos}`,
    );
    const row = rowsOf<{ newest: string | Date | null; oldest: string | Date | null; videos: string | number | null }>(result)[0];
    if (!row?.newest || !row.oldest) return undefined;
    return { newest: new Date(row.newest), oldest: new Date(row.oldest), videos: Number(row.videos) };
  }

  /** `hideFor` (hideWatched): the member's watched and dismissed videos are left out inside each part, so the page stays full. */
  private async readPageKeys(sources: FeedSources, after: PublishedKey | undefined, limit: number, filter: SQL | undefined, hideFor: number | undefined): Promise<PublishedKey[]> {
    const n = limit + 1;
    if (sources === 'everything') {
      return this.db
        .select({ id: videos.id, publishedAt: videos.publishedAt })
        .from(videos)
        .where(and(olderThan(after), filter, hideFor === undefined ? undefined : unwatchedBy(hideFor, videos.id)))
        .orderBy(desc(videos.publishedAt), desc(videos.id))
        .limit(n);
    }
    if (hideFor !== undefined) return this.unwatchedKeys(sources, after, n, filter, hideFor);
    return this.sourcesKeys(sources, after, undefined, n, filter, undefined);
  }

  /**
   * A hideWatched page of followed channels and sifts, read by time windows going back from the cursor (decisions/055).
   * A member who watched most of what they follow would otherwise have each part walk past everything they watched,
   * and the channels' part walk the whole catalog's date index for the few followed rows among it. Each window reads
   * only the followed channels' and sifts' rows of its dates (their own indexes); the next window is wider by what the
   * last one yielded, so a member who watched 49 of every 50 reads a few windows, not the catalog.
   */
  private async unwatchedKeys(sources: { channelIds: number[]; siftIds: number[] }, after: PublishedKey | undefined, n: number, filter: SQL | undefined, hideFor: number): Promise<PublishedKey[]> {
    const keys: PublishedKey[] = [];
    const start = after?.publishedAt.getTime() ?? Date.now();
    let upper = after;
    let width = this.windowHints.get(hideFor) ?? FIRST_WINDOW_MS;
    for (let window = 1; keys.length < n; window++) {
      // The first window ends at the cursor or is open towards the future (a premiere can be dated ahead); the last has no start.
      const from = window === MAX_WINDOWS ? undefined : new Date((upper?.publishedAt.getTime() ?? start) - width);
      const needed = n - keys.length;
      const found = await this.sourcesKeys(sources, upper, from, needed, filter, hideFor);
      keys.push(...found);
      if (from === undefined) break;
      // Strictly before `from`: ids are positive, so (published_at, id) < (from, 0) is published_at < from.
      upper = { publishedAt: from, id: 0 };
      width *= Math.min(MAX_WINDOW_GROWTH, Math.max(2, (1.5 * (needed - found.length)) / Math.max(1, found.length)));
    }
    const oldest = keys.at(-1);
    if (keys.length === n && oldest) this.windowHints.set(hideFor, Math.min(MAX_WINDOW_HINT_MS, Math.max(FIRST_WINDOW_MS, 1.2 * (start - oldest.publishedAt.getTime()))));
    return keys;
  }

  /**
   * The newest n keys of some channels and sifts, older than `after` and (when given) not older than `from`. Without
   * `hideFor`, the channels' part walks the catalog's date index (index-only) or the channel index, as the planner
   * finds cheaper; with it, each channel's own index range is read (LATERAL), so only followed rows are probed.
   */
  private async sourcesKeys(
    sources: { channelIds: number[]; siftIds: number[] },
    after: PublishedKey | undefined,
    from: Date | undefined,
    n: number,
    filter: SQL | undefined,
    hideFor: number | undefined,
  ): Promise<PublishedKey[]> {
    const parts: SQL[] = [];
    if (sources.channelIds.length > 0) {
      const since = from ? sql`${videos.publishedAt} >= ${from.toISOString()}::timestamptz` : undefined;
      const conditions = and(olderThan(after), since, filter, hideFor === undefined ? undefined : unwatchedBy(hideFor, videos.id)) ?? sql`true`;
      parts.push(
        hideFor === undefined
          ? sql`(SELECT ${videos.id} AS id, ${videos.publishedAt} AS published_at FROM ${videos}
            WHERE ${videos.channelId} = ANY(${sql.param(sources.channelIds)}::bigint[]) AND ${conditions}
            ORDER BY ${videos.publishedAt} DESC, ${videos.id} DESC LIMIT ${n})`
          : sql`(SELECT v.id, v.published_at FROM unnest(${sql.param(sources.channelIds)}::bigint[]) AS c(id)
            CROSS JOIN LATERAL (
              SELECT ${videos.id} AS id, ${videos.publishedAt} AS published_at FROM ${videos}
              WHERE ${videos.channelId} = c.id AND ${conditions}
              ORDER BY ${videos.publishedAt} DESC, ${videos.id} DESC LIMIT ${n}
            ) AS v)`,
      );
    }
    if (sources.siftIds.length > 0) {
      const olderMatch = and(
        after ? sql`(${siftVideos.publishedAt}, ${siftVideos.videoId}) < (${after.publishedAt.toISOString()}::timestamptz, ${after.id})` : undefined,
        from ? sql`${siftVideos.publishedAt} >= ${from.toISOString()}::timestamptz` : undefined,
      ) ?? sql`true`;
      const join = filter ? sql`JOIN ${videos} ON ${videos.id} = ${siftVideos.videoId} AND ${filter}` : sql``;
      const unwatched = hideFor === undefined ? sql`true` : unwatchedBy(hideFor, siftVideos.videoId);
      parts.push(sql`(SELECT m.id, m.published_at FROM unnest(${sql.param(sources.siftIds)}::bigint[]) AS s(id)
        CROSS JOIN LATERAL (
          SELECT ${siftVideos.videoId} AS id, ${siftVideos.publishedAt} AS published_at FROM ${siftVideos} ${join}
          WHERE ${siftVideos.siftId} = s.id AND ${olderMatch} AND ${unwatched}
          ORDER BY ${siftVideos.publishedAt} DESC, ${siftVideos.videoId} DESC LIMIT ${n}
        ) AS m)`);
    }
    if (parts.length === 0) return [];
    const result = await this.db.execute(
      sql`SELECT id, published_at FROM (${sql.join(parts, sql` UNION `)}) AS picked ORDER BY published_at DESC, id DESC LIMIT ${n}`,
    );
    // Raw rows: int8 comes back as a string from node-postgres, timestamptz as a string or a Date.
    return rowsOf<{ id: string | number; published_at: string | Date }>(result).map((r) => ({ id: Number(r.id), publishedAt: new Date(r.published_at) }));
  }

  /** The position of a video in every feed's order, by our id or the service's. */
  async videoKey(by: { id: number } | { externalId: string }): Promise<PublishedKey | undefined> {
    const [row] = await this.db
      .select({ id: videos.id, publishedAt: videos.publishedAt })
      .from(videos)
      .where('id' in by ? eq(videos.id, by.id) : eq(videos.externalId, by.externalId))
      .limit(1);
    return row;
  }

  /** When the member's current feed token was made, if there is one. */
  async feedTokenCreatedAt(userId: number): Promise<Date | undefined> {
    const [row] = await this.db.select({ createdAt: feedTokens.createdAt }).from(feedTokens).where(eq(feedTokens.userId, userId)).limit(1);
    return row?.createdAt;
  }

  /** Stores the hash of the member's feed token, replacing the one there was. */
  async setFeedToken(userId: number, tokenHash: string): Promise<void> {
    await this.db
      .insert(feedTokens)
      .values({ userId, tokenHash })
      .onConflictDoUpdate({ target: feedTokens.userId, set: { tokenHash, createdAt: sql`now()` } });
  }

  /** Forgets the member's feed token (its address stops working). Answers whether there was one. */
  async deleteFeedToken(userId: number): Promise<boolean> {
    const rows = await this.db.delete(feedTokens).where(eq(feedTokens.userId, userId)).returning({ userId: feedTokens.userId });
    return rows.length > 0;
  }

  async userOfFeedToken(tokenHash: string): Promise<number | undefined> {
    const [row] = await this.db.select({ userId: feedTokens.userId }).from(feedTokens).where(eq(feedTokens.tokenHash, tokenHash)).limit(1);
    return row?.userId;
  }
}
