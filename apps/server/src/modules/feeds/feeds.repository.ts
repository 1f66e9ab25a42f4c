import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from '../../infra/db/client.js';
import { keywordRulesCondition, type KeywordRules } from '../../infra/db/keyword-match.js';
import { asHeavyRead } from '../../infra/db/query-bounds.js';
import { unwatchedBy } from '../../infra/db/unwatched.js';
import { feedTokens, sifts, siftVideos, subscriptions, videos } from '../../infra/db/schema.js';
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

/** What a member's feed page depends on (FeedsRepository.personalFeedStamp). */
export interface PersonalFeedStamp {
  subscriptions: string;
  videos: string;
}

export const isFiltered = (filters: FeedFilters) => filters.words.length > 0 || hasRules(filters.rules);

/**
 * The feeds' reads (decisions/012-subscriptions.md). A personal page is two index-ordered reads merged: the newest
 * videos of the followed channels (`videos_published_idx` walked backwards, or the channel index, as the planner
 * finds cheaper) and, per followed sift, the newest rows of its materialised matches (`sift_videos_feed_idx`, one
 * range per sift). Each part reads at most limit + 1 rows; UNION removes a video that both bring.
 */
export class FeedsRepository {
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
    const videoFilter = and(filter, hideFor === undefined ? undefined : unwatchedBy(hideFor, videos.id));
    const olderVideo = after ? sql`(${videos.publishedAt}, ${videos.id}) < (${after.publishedAt.toISOString()}::timestamptz, ${after.id})` : undefined;
    if (sources === 'everything') {
      return this.db
        .select({ id: videos.id, publishedAt: videos.publishedAt })
        .from(videos)
        .where(and(olderVideo, videoFilter))
        .orderBy(desc(videos.publishedAt), desc(videos.id))
        .limit(n);
    }

    const parts: SQL[] = [];
    if (sources.channelIds.length > 0) {
      parts.push(sql`(SELECT ${videos.id} AS id, ${videos.publishedAt} AS published_at FROM ${videos}
        WHERE ${videos.channelId} = ANY(${sql.param(sources.channelIds)}::bigint[]) AND ${and(olderVideo, videoFilter) ?? sql`true`}
        ORDER BY ${videos.publishedAt} DESC, ${videos.id} DESC LIMIT ${n})`);
    }
    if (sources.siftIds.length > 0) {
      const olderMatch = after
        ? sql`(${siftVideos.publishedAt}, ${siftVideos.videoId}) < (${after.publishedAt.toISOString()}::timestamptz, ${after.id})`
        : sql`true`;
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

  /**
   * What a member's feed page depends on (decision 014), read before the page it guards. `subscriptions`: the
   * member's subscriptions (a follow, unfollow, mute or frequency change moves their count or newest updated_at)
   * and each followed sift's visibility and owner — what the filter chips depend on. `videos`: the newest video id
   * of the catalog (any arrival) and each followed sift's feed version.
   */
  async personalFeedStamp(userId: number): Promise<PersonalFeedStamp> {
    const result = await this.db.execute(sql`
      WITH followed AS (
        SELECT ${sifts.id} AS id, ${sifts.feedVersion} AS version, ${sifts.public} AS public, ${sifts.ownerId} AS owner
        FROM ${subscriptions} JOIN ${sifts} ON ${sifts.id} = ${subscriptions.siftId} WHERE ${subscriptions.userId} = ${userId}
      )
      SELECT
        (SELECT count(*) || '.' || coalesce(max(${subscriptions.updatedAt})::text, '') FROM ${subscriptions} WHERE ${subscriptions.userId} = ${userId})
          || '|' || coalesce((SELECT string_agg(id || '.' || public || '.' || owner, ',' ORDER BY id) FROM followed), '') AS subscriptions,
        coalesce((SELECT max(${videos.id}) FROM ${videos})::text, '')
          || '|' || coalesce((SELECT string_agg(id || '.' || version, ',' ORDER BY id) FROM followed), '') AS videos`);
    const row = rowsOf<PersonalFeedStamp>(result)[0];
    return { subscriptions: row?.subscriptions ?? '', videos: row?.videos ?? '' };
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
