import type { Feed, FeedQuery, PagedVideos, PersonalFeedQuery } from '@sift/contracts';
import { feedPageSize } from '@sift/contracts';
import { EncodedPageCache } from '../../infra/cache/encoded-page-cache.js';
import { decodeCursor, encodeCursor, type PublishedKey } from '../../infra/http/cursor.js';
import { badRequest } from '../../infra/http/errors.js';
import type { EncodedJson } from '../../infra/http/send-json.js';
import { hashToken, newToken } from '../../infra/security/tokens.js';
import { presentVideo } from '../catalog/catalog.presenter.js';
import type { CatalogService } from '../catalog/catalog.service.js';
import type { FeedSourceIds, SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import { isFiltered, type FeedFilters, type FeedsRepository, type FeedSources, type FeedVideoRow } from './feeds.repository.js';

/**
 * The public feed and the personal feed (SPEC §3 "Feed", §7 "Feeds"; decisions/012-subscriptions.md). Both take the
 * generic feed parameters; the personal feed is the followed channels' videos and the followed sifts' matches,
 * newest first, each video once, paged by the (published_at, id) keyset so videos arriving meanwhile never shift
 * a later page (they are newer than the cursor).
 */
export class FeedsService {
  constructor(
    private readonly repository: FeedsRepository,
    private readonly subscriptions: SubscriptionsService,
    private readonly catalog: CatalogService,
    private readonly pageCache = new EncodedPageCache({ maxBytes: 64 * 1024 * 1024, maxAgeMs: 60_000 }),
  ) {}

  async publicFeed(query: FeedQuery): Promise<PagedVideos> {
    const limit = feedPageSize(query);
    const plain = !isFiltered(filtersOf(query)) && query.itemId === undefined && query.itemBefore === undefined && query.itemBeforeExternal === undefined;
    // The plain public feed is the catalog's newest videos, with the catalog's reported total.
    if (plain) return this.catalog.allVideos(limit, query.next);
    const rows = await this.repository.page('everything', await this.start(query), limit, filtersOf(query));
    return toPage(rows, limit);
  }

  /**
   * The member's feed page, encoded. A page built before is answered while what it depends on is unchanged (the
   * stamp of FeedsRepository.personalFeedStamp, read first: one short statement instead of the page's three).
   */
  async encodedPersonalFeed(userId: number, query: PersonalFeedQuery): Promise<EncodedJson> {
    const key = `${userId}:${JSON.stringify(query)}`;
    const stamp = await this.repository.personalFeedStamp(userId);
    return this.pageCache.get(key, stamp) ?? this.pageCache.set(key, stamp, await this.personalFeed(userId, query));
  }

  async personalFeed(userId: number, query: PersonalFeedQuery): Promise<Feed> {
    const limit = feedPageSize(query);
    const after = await this.start(query);
    const filters = filtersOf(query);
    const narrowed = query.subscriptionIds.length > 0;
    const firstPage = query.next === undefined;
    // The message bar compares a narrowed or filtered first page with the member's whole feed.
    const compare = firstPage && (narrowed || isFiltered(filters));
    const [sources, all] = await Promise.all([
      this.subscriptions.feedSources(userId, query.subscriptionIds),
      compare && narrowed ? this.subscriptions.feedSources(userId, []) : undefined,
    ]);
    // The page and (first page only) the filter chips at once. Asked for subscriptions that are not (or no longer)
    // the member's followed ones: nothing to show from them.
    const [rows, chips] = await Promise.all([
      narrowed && sources.channelIds.length + sources.siftIds.length === 0 ? [] : this.repository.page(sources, after, limit, filters),
      firstPage ? this.subscriptions.feedFilters(userId) : undefined,
    ]);
    const page = toPage(rows, limit);
    return {
      videoFeedItems: page,
      subscriptionFilters: chips?.channels ?? [],
      feedSubscriptionFilters: chips?.sifts ?? [],
      additionalResults: compare ? await this.hasMoreOutside(all ?? sources, after, limit, page) : false,
    };
  }

  /** Videos of the unfiltered feed that the filtered first page leaves out, within the same window. */
  private async hasMoreOutside(sources: FeedSourceIds, after: PublishedKey | undefined, limit: number, filtered: PagedVideos): Promise<boolean> {
    const all = await this.repository.page(sources, after, limit, NO_FILTERS);
    const shown = new Set(filtered.videos.map((v) => v.id));
    const oldestShown = filtered.videos.at(-1);
    return all.some((row) => {
      if (shown.has(row.video.id)) return false;
      // Past the end of a filtered page that has more: the next filtered page may still bring it.
      if (filtered.next && oldestShown && row.video.publishedAt.toISOString() < oldestShown.publishedAt) return false;
      return true;
    });
  }

  /** Where a page starts: the cursor, else just after itemBefore / itemBeforeExternal, else at itemId. */
  private async start(query: FeedQuery): Promise<PublishedKey | undefined> {
    if (query.next) return decodeCursor(query.next);
    if (query.itemBefore !== undefined || query.itemBeforeExternal !== undefined) {
      const key = await this.repository.videoKey(query.itemBefore !== undefined ? { id: query.itemBefore } : { externalId: query.itemBeforeExternal! });
      if (!key) throw badRequest('itemBefore names no video', [{ field: query.itemBefore !== undefined ? 'itemBefore' : 'itemBeforeExternal', message: 'is unknown' }]);
      return key;
    }
    if (query.itemId !== undefined) {
      const key = await this.repository.videoKey({ id: query.itemId });
      if (!key) throw badRequest('itemId names no video', [{ field: 'itemId', message: 'is unknown' }]);
      // Ids are whole numbers: "older than (date, id + 1)" starts the page at the video itself.
      return { publishedAt: key.publishedAt, id: key.id + 1 };
    }
    return undefined;
  }

  /**
   * A new private token for the member's personal Atom feed, replacing the old one. Only its hash is stored, so
   * the address is shown once, when made (like an API key); losing it means making a new one.
   */
  async newFeedToken(userId: number): Promise<string> {
    const token = newToken();
    await this.repository.setFeedToken(userId, hashToken(token));
    return token;
  }

  feedTokenCreatedAt(userId: number): Promise<Date | undefined> {
    return this.repository.feedTokenCreatedAt(userId);
  }

  /** Turns the private address off: the token is forgotten. Answers whether there was one. */
  deleteFeedToken(userId: number): Promise<boolean> {
    return this.repository.deleteFeedToken(userId);
  }

  userOfFeedToken(token: string): Promise<number | undefined> {
    return this.repository.userOfFeedToken(hashToken(token));
  }

  /** Raw page for the Atom feeds (newest first, no filters). */
  async latest(sources: FeedSources, limit: number): Promise<FeedVideoRow[]> {
    return (await this.repository.page(sources, undefined, limit, NO_FILTERS)).slice(0, limit);
  }
}

const NO_FILTERS: FeedFilters = { words: [], rules: { all: [], any: [], none: [] } };

/** all / any / none minus the keywords switched off (excludedAll / excludedAny / excludedNone); title words. */
export function filtersOf(query: FeedQuery): FeedFilters {
  const minus = (list: string[], excluded: string[]) => {
    const off = new Set(excluded.map((k) => k.toLowerCase()));
    return list.filter((k) => !off.has(k.toLowerCase()));
  };
  return {
    words: (query.filterText ?? '').split(/\s+/).filter((w) => w.length > 0).slice(0, 10),
    rules: { all: minus(query.all, query.excludedAll), any: minus(query.any, query.excludedAny), none: minus(query.none, query.excludedNone) },
  };
}

function toPage(rows: FeedVideoRow[], limit: number): PagedVideos {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const hasMore = rows.length > limit && last !== undefined;
  return {
    videos: page.map(presentVideo),
    // A lower bound: counting a feed would cost more than a page; a list is complete when a page is short (SPEC §4).
    totalResults: page.length + (hasMore ? 1 : 0),
    next: hasMore ? encodeCursor({ publishedAt: last.video.publishedAt, id: last.video.id }) : null,
    limit,
  };
}
