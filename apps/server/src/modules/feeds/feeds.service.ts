import type { Feed, FeedQuery, PagedVideos, PersonalFeedQuery } from '@sift/contracts';
import { feedPageSize } from '@sift/contracts';
import { EncodedPageCache } from '../../infra/cache/encoded-page-cache.js';
import { decodeCursor, encodeCursor, type PublishedKey } from '../../infra/http/cursor.js';
import { badRequest } from '../../infra/http/errors.js';
import { EncodedJson } from '../../infra/http/send-json.js';
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
    private readonly pageCache = new EncodedPageCache(64),
    private readonly chipsCache = new EncodedPageCache(16),
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
   * The member's feed page (SPEC §3 "Feed"), encoded. A page built before is answered while what it depends on is
   * unchanged (FeedsRepository.personalFeedStamp, read first: one short statement instead of the page's three).
   * The filter chips are kept apart under the subscriptions' part of the stamp alone: a new video or a sift's new
   * match changes the page, not the hundreds of chips a first page carries.
   */
  async encodedPersonalFeed(userId: number, query: PersonalFeedQuery): Promise<EncodedJson> {
    const key = `${userId}:${JSON.stringify(query)}`;
    const stamp = await this.repository.personalFeedStamp(userId);
    const both = `${stamp.subscriptions}|${stamp.videos}`;
    const kept = this.pageCache.get(key, both);
    if (kept) return kept;
    const firstPage = query.next === undefined;
    const [{ page, additionalResults }, chips] = await Promise.all([
      this.personalPage(userId, query),
      firstPage ? this.encodedChips(userId, stamp.subscriptions) : NO_CHIPS,
    ]);
    // Spliced, not re-encoded: `chips` is the JSON object {"subscriptionFilters":…,"feedSubscriptionFilters":…}.
    const json = `{"videoFeedItems":${JSON.stringify(page)},"additionalResults":${additionalResults},${chips.json.slice(1)}`;
    return this.pageCache.set(key, both, new EncodedJson(json));
  }

  /** The filter chips as JSON, kept while the member's subscriptions are unchanged. */
  private async encodedChips(userId: number, subscriptionsStamp: string): Promise<EncodedJson> {
    const key = String(userId);
    const kept = this.chipsCache.get(key, subscriptionsStamp);
    if (kept) return kept;
    const chips = await this.subscriptions.feedFilters(userId);
    const value: Pick<Feed, 'subscriptionFilters' | 'feedSubscriptionFilters'> = { subscriptionFilters: chips.channels, feedSubscriptionFilters: chips.sifts };
    return this.chipsCache.set(key, subscriptionsStamp, new EncodedJson(JSON.stringify(value)));
  }

  /** A page of the member's feed and, on a narrowed or filtered first page, whether the message bar shows. */
  private async personalPage(userId: number, query: PersonalFeedQuery): Promise<{ page: PagedVideos; additionalResults: boolean }> {
    const limit = feedPageSize(query);
    const after = await this.start(query);
    const filters = filtersOf(query);
    const narrowed = query.subscriptionIds.length > 0;
    // The message bar compares a narrowed or filtered first page with the member's whole feed.
    const compare = query.next === undefined && (narrowed || isFiltered(filters));
    const [sources, all] = await Promise.all([
      this.subscriptions.feedSources(userId, query.subscriptionIds),
      compare && narrowed ? this.subscriptions.feedSources(userId, []) : undefined,
    ]);
    // Asked for subscriptions that are not (or no longer) the member's followed ones: nothing to show from them.
    const rows = narrowed && sources.channelIds.length + sources.siftIds.length === 0 ? [] : await this.repository.page(sources, after, limit, filters);
    const page = toPage(rows, limit);
    return { page, additionalResults: compare ? await this.hasMoreOutside(all ?? sources, after, limit, page) : false };
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
/** Pages after the first carry no chips (the client has them). */
const NO_CHIPS = new EncodedJson('{"subscriptionFilters":[],"feedSubscriptionFilters":[]}');

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
