import type { Feed, FeedQuery, PersonalFeedQuery, Video } from '@sift/contracts';
import { feedPageSize } from '@sift/contracts';
import { encodedPageCache, StampedCache } from '../../infra/cache/stamped-cache.js';
import { foldKeyword } from '../../infra/db/keyword-match.js';
import { decodeCursor, encodeCursor, type PublishedKey } from '../../infra/http/cursor.js';
import { badRequest } from '../../infra/http/errors.js';
import { EncodedJson, JsonTail } from '../../infra/http/send-json.js';
import { hashToken, newToken } from '../../infra/security/tokens.js';
import type { CatalogService } from '../catalog/catalog.service.js';
import type { VideoCard } from '../catalog/video-cards.js';
import type { FeedSourceIds, FollowsStamp, SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import { isFiltered, type FeedFilters, type FeedsRepository, type FeedSources, type FilteredKeys } from './feeds.repository.js';

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
    private readonly pageCache = encodedPageCache(64),
    private readonly chipsCache = new StampedCache<JsonTail>(16, (chips) => chips.size),
    private readonly sourcesCache = new StampedCache<FeedSourceIds>(4, (s) => 8 * (s.channelIds.length + s.siftIds.length)),
    /**
     * Filtered pages every visitor sees alike (the public feed, a channel's page), kept encoded under the newest
     * video's id like the catalog's public pages (decision 014), by their normalised filter: 16 MiB, least recently
     * used first (a few hundred pages).
     */
    private readonly filteredPages = encodedPageCache(16),
  ) {}

  /**
   * GET /api/feeds/public, encoded. The plain feed (no filters, no item to start from) is the catalog's newest
   * videos with its reported total, the same for every visitor: kept encoded by the catalog. Filtered ones are built.
   */
  async encodedPublicFeed(query: FeedQuery, viewerId?: number): Promise<EncodedJson> {
    // hideWatched is the member's own page; a visitor's is ignored.
    const hideFor = query.hideWatched ? viewerId : undefined;
    const plain = !isFiltered(filtersOf(query)) && query.itemId === undefined && query.itemBefore === undefined && query.itemBeforeExternal === undefined && hideFor === undefined;
    if (plain) return this.catalog.encodedAllVideos(feedPageSize(query), query.next);
    return this.keptFilteredPage(`all|${pageKey(query)}`, (stamp) => this.filteredPublicFeed(query, hideFor, stamp), hideFor);
  }

  private async filteredPublicFeed(query: FeedQuery, hideFor: number | undefined, catalogStamp: number | undefined): Promise<string> {
    const limit = feedPageSize(query);
    const window = pageWindow(await this.keys('everything', await this.start(query), limit, filtersOf(query), hideFor, catalogStamp), limit);
    return pageJson(await this.catalog.videoCards(window.shown.map((k) => k.id)), window, limit);
  }

  /**
   * A filtered page every visitor sees alike, kept under the newest video's id (an arrival anywhere may join it) and
   * its normalised filter; `build` gets the stamp (the catalog's span is kept under it). A member's hideWatched page is
   * theirs: built each time, without the stamp.
   */
  private async keptFilteredPage(key: string, build: (catalogStamp?: number) => Promise<string>, hideFor: number | undefined): Promise<EncodedJson> {
    if (hideFor !== undefined) return EncodedJson.of(await build());
    const stamp = await this.catalog.newestVideoId();
    return this.filteredPages.get(key, stamp) ?? this.filteredPages.set(key, stamp, EncodedJson.of(await build(stamp)));
  }

  /**
   * GET /api/search/channels/{externalId}/videos with the feed parameters (SPEC §7): the channel's stored videos the
   * filter keeps, newest first (the unfiltered page, which also reads older uploads from the service on demand, is
   * the catalog's).
   */
  async encodedChannelFeed(channelExternalId: string, query: FeedQuery, viewerId?: number): Promise<EncodedJson> {
    const hideFor = query.hideWatched ? viewerId : undefined;
    const limit = feedPageSize(query);
    return this.keptFilteredPage(
      `channel|${channelExternalId}|${pageKey(query)}`,
      async (catalogStamp) => {
        const channelId = await this.catalog.channelId(channelExternalId);
        const window = pageWindow(await this.keys({ channelIds: [channelId], siftIds: [] }, await this.start(query), limit, filtersOf(query), hideFor, catalogStamp), limit);
        return pageJson(await this.catalog.videoCards(window.shown.map((k) => k.id)), window, limit);
      },
      hideFor,
    );
  }

  /**
   * The member's feed page (SPEC §3 "Feed"), encoded. A page built before is answered while what it depends on is
   * unchanged (the member's FollowsStamp, read first: one short statement instead of the page's two).
   * The filter chips and the page's sources are kept apart under the subscriptions' part of the stamp alone: a new
   * video or a sift's new match changes the page, not the hundreds of chips a first page carries nor what it reads.
   */
  async encodedPersonalFeed(userId: number, query: PersonalFeedQuery, stampRead = this.personalFeedStamp(userId)): Promise<EncodedJson> {
    const key = `${userId}:${JSON.stringify(query)}`;
    const stamp = await stampRead;
    // With hideWatched the page depends on what the member watched or dismissed too: kept under their marks version,
    // which a position saved mid-video does not move (decisions/055).
    const at = `${stamp.subscriptions}|${stamp.videos}` + (query.hideWatched ? `|${stamp.marks}` : '');
    const kept = this.pageCache.get(key, at);
    if (kept) return kept;
    const firstPage = query.next === undefined;
    const [{ page, additionalResults }, chips] = await Promise.all([
      this.personalPage(userId, query, stamp.subscriptions),
      firstPage ? this.encodedChips(userId, stamp.subscriptions) : NO_CHIPS,
    ]);
    // The page is made of kept video cards' JSON; the chips ("subscriptionFilters":…,"feedSubscriptionFilters":…})
    // follow already compressed.
    const body = EncodedJson.spliced(`{"videoFeedItems":${page},"additionalResults":${additionalResults},`, chips);
    return this.pageCache.set(key, at, body);
  }

  /** What the member's feed page depends on; `encodedPersonalFeed` takes it already started (feeds/stamp-prefetch.ts). */
  personalFeedStamp(userId: number): Promise<FollowsStamp> {
    return this.subscriptions.followsStamp(userId);
  }

  /** The filter chips, the end of a first page's JSON, kept (compressed too) while the member's subscriptions are unchanged. */
  private async encodedChips(userId: number, subscriptionsStamp: string): Promise<JsonTail> {
    const key = String(userId);
    const kept = this.chipsCache.get(key, subscriptionsStamp);
    if (kept) return kept;
    const chips = await this.subscriptions.feedFilters(userId);
    const value: Pick<Feed, 'subscriptionFilters' | 'feedSubscriptionFilters'> = { subscriptionFilters: chips.channels, feedSubscriptionFilters: chips.sifts };
    return this.chipsCache.set(key, subscriptionsStamp, new JsonTail(JSON.stringify(value)));
  }

  /**
   * A page of the member's feed as JSON (PagedVideos) and, on a narrowed or filtered first page, whether the
   * message bar shows. The page's keys are read, its cards taken from the catalog's (most are kept from before).
   */
  private async personalPage(userId: number, query: PersonalFeedQuery, subscriptionsStamp: string): Promise<{ page: string; additionalResults: boolean }> {
    const limit = feedPageSize(query);
    const after = await this.start(query);
    const filters = filtersOf(query);
    const hideFor = query.hideWatched ? userId : undefined;
    const narrowed = query.subscriptionIds.length > 0;
    // The message bar compares a narrowed or filtered first page with the member's whole feed.
    const compare = query.next === undefined && (narrowed || isFiltered(filters));
    const [sources, all] = await Promise.all([
      this.feedSources(userId, query.subscriptionIds, subscriptionsStamp),
      compare && narrowed ? this.feedSources(userId, [], subscriptionsStamp) : undefined,
    ]);
    // Asked for subscriptions that are not (or no longer) the member's followed ones: nothing to show from them.
    const keys: FilteredKeys = narrowed && sources.channelIds.length + sources.siftIds.length === 0 ? { keys: [] } : await this.keys(sources, after, limit, filters, hideFor);
    const window = pageWindow(keys, limit);
    const [cards, additionalResults] = await Promise.all([
      this.catalog.videoCards(window.shown.map((k) => k.id)),
      compare ? this.hasMoreOutside(all ?? sources, after, limit, window, hideFor) : false,
    ]);
    return { page: pageJson(cards, window, limit), additionalResults };
  }

  /** A page's keys: the filtered read (decisions/054) when there is a filter; `catalogStamp`, the newest video's id if read. */
  private async keys(sources: FeedSources, after: PublishedKey | undefined, limit: number, filters: FeedFilters, hideFor: number | undefined, catalogStamp?: number): Promise<FilteredKeys> {
    if (isFiltered(filters)) return this.repository.filteredPageKeys(sources, after, limit, filters, hideFor, catalogStamp);
    return { keys: await this.repository.pageKeys(sources, after, limit, NO_FILTERS, hideFor) };
  }

  /** The channels and sifts a page reads (all followed ones, or `only` these subscriptions), kept while the member's subscriptions are unchanged. */
  private async feedSources(userId: number, only: number[], subscriptionsStamp: string): Promise<FeedSourceIds> {
    const key = `${userId}:${only.join(',')}`;
    return this.sourcesCache.get(key, subscriptionsStamp) ?? this.sourcesCache.set(key, subscriptionsStamp, await this.subscriptions.feedSources(userId, only));
  }

  /** Videos of the unfiltered feed that the filtered first page leaves out, within the same window. */
  private async hasMoreOutside(sources: FeedSourceIds, after: PublishedKey | undefined, limit: number, filtered: PageWindow, hideFor: number | undefined): Promise<boolean> {
    const all = await this.repository.pageKeys(sources, after, limit, NO_FILTERS, hideFor);
    const shown = new Set(filtered.shown.map((k) => k.id));
    const oldestShown = filtered.shown.at(-1);
    return all.some((key) => {
      if (shown.has(key.id)) return false;
      // Past the end of a filtered page that has more: the next filtered page may still bring it.
      if (filtered.next && oldestShown && key.publishedAt < oldestShown.publishedAt) return false;
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

  /** "Mark all as watched" on the member's feed: its newest videos (published before `before`, if given). */
  async newestVideoIds(userId: number, before: Date | undefined, max: number): Promise<number[]> {
    const sources = await this.subscriptions.feedSources(userId);
    // Ids are whole numbers below 2^53: "older than (before, that)" is every video published before `before`.
    const after = before ? { publishedAt: before, id: Number.MAX_SAFE_INTEGER } : undefined;
    return (await this.repository.pageKeys(sources, after, max - 1, NO_FILTERS)).map((k) => k.id);
  }

  /** The newest videos of some channels and sifts, for the Atom feeds (no filters). */
  async latest(sources: FeedSources, limit: number): Promise<Video[]> {
    const keys = (await this.repository.pageKeys(sources, undefined, limit, NO_FILTERS)).slice(0, limit);
    return (await this.catalog.videoCards(keys.map((k) => k.id))).map((c) => c.video);
  }
}

const NO_FILTERS: FeedFilters = { words: [], rules: { all: [], any: [], none: [] } };
/** Pages after the first carry no chips (the client has them). */
const NO_CHIPS = new JsonTail('{"subscriptionFilters":[],"feedSubscriptionFilters":[]}');

/** Whether a feed query filters (title words or keyword rules left after the excluded ones). */
export const isFilteredQuery = (query: FeedQuery): boolean => isFiltered(filtersOf(query));

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

/** A page's JSON (PagedVideos) from its kept cards' JSON: the cards are not encoded again. */
const pageJson = (cards: VideoCard[], window: PageWindow, limit: number): string =>
  `{"videos":[${cards.map((c) => c.json).join(',')}],"totalResults":${window.totalResults},"next":${JSON.stringify(window.next)},"limit":${limit}}`;

/** The keys a page shows (of the limit + 1 read), its cursor and its total. */
interface PageWindow {
  shown: PublishedKey[];
  next: string | null;
  totalResults: number;
}

/**
 * What a kept filtered page is kept by: its size, where it starts (a cursor, or an item, named by that item) and its
 * filter however it was written (keywords folded like the matcher, each list de-duplicated and sorted).
 */
function pageKey(query: FeedQuery): string {
  const filters = filtersOf(query);
  const list = (keywords: string[]) => [...new Set(keywords.map(foldKeyword))].sort();
  const start = [query.next, query.itemId, query.itemBefore, query.itemBeforeExternal].map((x) => x ?? '').join('|');
  return JSON.stringify([feedPageSize(query), start, list(filters.words), list(filters.rules.all), list(filters.rules.any), list(filters.rules.none)]);
}

/**
 * The keys a page shows (of the limit + 1 read), its cursor and its total. A filtered read that stopped at its bound
 * (`stoppedAt`, decisions/054) continues after the last row it read.
 */
function pageWindow(read: PublishedKey[] | FilteredKeys, limit: number): PageWindow {
  const { keys, stoppedAt } = Array.isArray(read) ? { keys: read, stoppedAt: undefined } : read;
  const shown = keys.slice(0, limit);
  const last = shown.at(-1);
  const hasMore = keys.length > limit && last !== undefined;
  if (!hasMore && stoppedAt) return { shown, next: encodeCursor(stoppedAt), totalResults: shown.length + 1 };
  return {
    shown,
    next: hasMore ? encodeCursor(last) : null,
    // A lower bound: counting a feed would cost more than a page; a list is complete when a page is short (SPEC §4).
    totalResults: shown.length + (hasMore ? 1 : 0),
  };
}
