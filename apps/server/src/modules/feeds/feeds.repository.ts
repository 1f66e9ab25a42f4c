import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { rowsOf, type Database } from '../../infra/db/client.js';
import { keywordRulesCondition, type KeywordRules } from '../../infra/db/keyword-match.js';
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

  constructor(private readonly db: Database) {}

  /**
   * The keys of a page, newest first: limit + 1 of them, so the caller knows whether more follow. Only keys: the
   * cards come from the catalog (CatalogService.videoCards), which keeps those it showed before.
   */
  async pageKeys(sources: FeedSources, after: PublishedKey | undefined, limit: number, filters: FeedFilters, hideFor?: number): Promise<PublishedKey[]> {
    const filter = filterCondition(filters);
    // A filter is evaluated row by row, newest first, until a page matches: a rare word reads far more than a page.
    return filter ? asHeavyRead(() => this.readPageKeys(sources, after, limit, filter, hideFor)) : this.readPageKeys(sources, after, limit, undefined, hideFor);
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
