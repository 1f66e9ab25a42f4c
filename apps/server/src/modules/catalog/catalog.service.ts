import { LRUCache } from 'lru-cache';
import type { Channel, ChannelList, PagedVideos, PopularChannels, ResolvedAddress, Video } from '@sift/contracts';
import pLimit from 'p-limit';
import { SharedRead } from '../../infra/cache/shared-read.js';
import { encodedPageCache } from '../../infra/cache/stamped-cache.js';
import { decodeCursor, encodeCursor } from '../../infra/http/cursor.js';
import { EncodedJson } from '../../infra/http/send-json.js';
import { HttpError, notFound } from '../../infra/http/errors.js';
import type { ProviderChannel, ProviderVideo, VideoProvider } from '../../providers/video-provider.js';
import { VideoServiceUnavailableError } from '../../providers/video-service-errors.js';
import type { VideoCardRow } from '../../infra/db/video-card-columns.js';
import type { CatalogRepository, ChannelRow, ChannelStub } from './catalog.repository.js';
import { presentChannel, presentVideo } from './catalog.presenter.js';
import { VideoCards, type VideoCard } from './video-cards.js';

/** Videos handed to the repository at a time while importing, so a million never sit in memory at once. */
const IMPORT_BATCH = 10_000;
/** A real service's pages read when a sift imports a channel (2 units each on YouTube); older ones come on demand. */
const REMOTE_IMPORT_PAGES = 4;
/** The service's pages one request of a channel page may read when the database has no more (decisions/015). */
const ON_DEMAND_PAGES = 3;
/** Channel feeds read at once during a refresh: the feed is free, but not infinitely patient. */
const FEED_CONCURRENCY = 8;
/** How many channels a channel search asks a real service for (one search.list call). */
const REMOTE_SEARCH_RESULTS = 25;

/**
 * Channels and videos as the API shows them. The database is the catalog; the video provider fills it on
 * demand (an unknown id is looked up at the service and stored) and refreshes a channel when asked.
 */
export class CatalogService {
  constructor(
    private readonly repository: CatalogRepository,
    private readonly provider: VideoProvider,
    private readonly cards = new VideoCards((ids) => repository.videoCards(ids)),
  ) {}

  /**
   * Pages every visitor sees alike (the public feed, channel pages, a video), kept encoded under the newest video's
   * id (decision 014): an arrival anywhere rebuilds them at the next read, in every process; details no stamp covers
   * (a title or count refreshed from the service, a channel's total) show within a minute (StampedCache.MAX_AGE_MS).
   */
  private readonly publicPages = encodedPageCache(32);
  /** Every kept public page and visitor search reads this stamp first: concurrent requests share the read. */
  private readonly newestVideo = new SharedRead(() => this.repository.newestVideoId());

  /** The newest video's id: the stamp of pages that list videos (it changes with every arrival). */
  newestVideoId(): Promise<number> {
    return this.newestVideo.get('');
  }

  private async keptPage(key: string, build: () => Promise<unknown>): Promise<EncodedJson> {
    const stamp = await this.newestVideoId();
    return this.publicPages.get(key, stamp) ?? this.publicPages.set(key, stamp, EncodedJson.of(JSON.stringify(await build())));
  }

  /** GET /api/feeds/public without filters, encoded (the Dashboard of every visitor). */
  encodedAllVideos(limit: number, next?: string): Promise<EncodedJson> {
    return this.keptPage(`all|${limit}|${next ?? ''}`, () => this.allVideos(limit, next));
  }

  /**
   * GET /api/search/channels/{externalId}/videos, encoded. With `hideFor` (a member's hideWatched) the page is that
   * member's own: built each time, never kept.
   */
  async encodedChannelVideos(channelExternalId: string, limit: number, next?: string, hideFor?: number): Promise<EncodedJson> {
    if (hideFor !== undefined) return EncodedJson.of(JSON.stringify(await this.channelVideos(channelExternalId, limit, next, hideFor)));
    return this.keptPage(`channel|${channelExternalId}|${limit}|${next ?? ''}`, () => this.channelVideos(channelExternalId, limit, next));
  }

  /**
   * GET /api/channels/popular, encoded: every category's most followed channels that have videos. Kept as the other
   * public pages are: a channel joins when its first videos arrive, which moves the stamp; follower counts refreshed
   * from the service show within the minute.
   */
  encodedPopularChannels(perCategory: number): Promise<EncodedJson> {
    return this.keptPage(`popular|${perCategory}`, () => this.popularChannels(perCategory));
  }

  async popularChannels(perCategory: number): Promise<PopularChannels> {
    const categories: PopularChannels['categories'] = [];
    for (const { category, channel } of await this.repository.popularChannelsByCategory(perCategory)) {
      const last = categories.at(-1);
      if (last?.id === category.id) last.channels.push(presentChannel(channel));
      else categories.push({ ...category, channels: [presentChannel(channel)] });
    }
    return { categories };
  }

  /** GET /api/videos/{externalId}, encoded. */
  encodedVideo(externalId: string): Promise<EncodedJson> {
    return this.keptPage(`video|${externalId}`, () => this.getVideo(externalId));
  }

  /** The cards of stored videos by id, in that order (kept for a while: video-cards.ts); unknown ids are left out. */
  videoCards(ids: number[]): Promise<VideoCard[]> {
    return this.cards.get(ids);
  }

  async getChannel(idOrExternalId: string, options: { refresh?: boolean } = {}): Promise<Channel> {
    if (options.refresh) return this.syncChannel(idOrExternalId);
    return presentChannel(await this.findOrFetchChannel(idOrExternalId));
  }

  /**
   * Every channel search box: a pasted address, handle or id finds that channel (a video's address, its channel);
   * words search the database, and on a real service its channel search too (its answers kept a day).
   */
  async searchChannels(query: string | undefined, limit: number): Promise<ChannelList> {
    const text = query?.trim() ?? '';
    const reference = text && this.provider.resolve ? await this.provider.resolve(text) : undefined;
    if (reference) {
      let channel: ChannelRow | undefined;
      if (reference.type === 'channel') [channel] = await this.repository.describeChannels(this.provider.name, [reference.channel]);
      if (reference.type === 'video') {
        const video = await this.getVideo(reference.externalId).catch((error: unknown) => ignoreNotFound(error));
        channel = video ? await this.repository.findChannel(video.channelExternalId) : undefined;
      }
      return channel ? { items: [presentChannel(channel)], totalResults: 1 } : { items: [], totalResults: 0 };
    }
    if (!text || !this.provider.remote) {
      const { rows, total } = await this.repository.searchChannels(text || undefined, limit);
      return { items: rows.map(presentChannel), totalResults: total };
    }
    const stored = await this.repository.searchChannels(text, limit);
    let found: ChannelRow[] = [];
    try {
      found = await this.storeRemoteChannelMatches(text);
    } catch (error) {
      // The service cannot be asked (quota, outage): what the database found still answers; nothing found says why.
      if (!(error instanceof VideoServiceUnavailableError) || stored.rows.length === 0) throw error;
    }
    const seen = new Set(found.map((c) => c.id));
    const rows = [...found, ...stored.rows.filter((c) => !seen.has(c.id))].slice(0, limit);
    return { items: rows.map(presentChannel), totalResults: Math.max(rows.length, stored.total) };
  }

  /**
   * The channels a real service finds for these words, stored (their uploads not yet read), so that every search
   * of the database finds them too: the channel search boxes and the header search (`SearchService`'s remote seam).
   */
  async storeRemoteChannelMatches(text: string): Promise<ChannelRow[]> {
    if (!this.provider.remote || !text.trim()) return [];
    return this.repository.describeChannels(this.provider.name, await this.provider.searchChannels(text, REMOTE_SEARCH_RESULTS));
  }

  /**
   * What a pasted address names (the header search opens a video or a channel by it): fetched and stored when the
   * catalog lacks it. `none` when the text is not an address; 404 when the service does not know what it names.
   */
  async resolveAddress(text: string): Promise<ResolvedAddress> {
    const reference = this.provider.resolve ? await this.provider.resolve(text.trim()) : undefined;
    if (!reference) {
      // The demo knows no addresses, but its ids are as good as one.
      const stored = (await this.repository.findVideo(text.trim())) ?? null;
      return stored ? { type: 'video', externalId: stored.video.externalId } : { type: 'none', externalId: null };
    }
    if (reference.type === 'unknown') throw notFound('Channel or video');
    if (reference.type === 'video') return { type: 'video', externalId: (await this.getVideo(reference.externalId)).externalId };
    const [channel] = await this.repository.describeChannels(this.provider.name, [reference.channel]);
    return { type: 'channel', externalId: channel!.externalId };
  }

  async getVideo(externalId: string): Promise<Video> {
    const stored = await this.repository.findVideo(externalId);
    if (stored) return presentVideo(stored);
    const fetched = await this.provider.getVideo(externalId);
    if (!fetched) throw notFound('Video');
    const channel = await this.findOrFetchChannel(fetched.channelExternalId);
    await this.repository.upsertVideos(this.provider.name, [{ channelId: channel.id, video: fetched }]);
    const row = await this.repository.findVideo(externalId);
    if (!row) throw notFound('Video');
    return presentVideo(row);
  }

  /**
   * Brings a channel and its newest uploads up to date from the video service: the work of a sift's channel import,
   * and of `r=1`. Reads at most maxPages of the service's pages (fewer on a metered service: older ones come on
   * demand when someone pages that far).
   */
  async syncChannel(externalId: string, options: { maxPages?: number } = {}): Promise<Channel> {
    const channel = await this.refreshChannel(externalId);
    const maxPages = Math.min(options.maxPages ?? 1, this.provider.remote ? REMOTE_IMPORT_PAGES : Infinity);
    let pageToken: string | undefined;
    let complete = false;
    for (let page = 0; page < maxPages; page++) {
      const result = await this.provider.listChannelVideos(channel.externalId, pageToken);
      await this.repository.upsertVideos(this.provider.name, result.videos.map((video) => ({ channelId: channel.id, video })));
      if (!result.nextPageToken) {
        complete = true;
        break;
      }
      pageToken = result.nextPageToken;
    }
    // Paging on demand starts where this left off, unless it has already gone further.
    if (complete || (!channel.uploadsComplete && channel.uploadsPageToken === null)) await this.repository.setUploadsPaging(channel.id, complete ? null : pageToken!);
    return presentChannel(channel);
  }

  /**
   * The refresh job's work for a group of channels: their new uploads from the video service, stored once; answers
   * the ids of videos the catalog did not have. A service with a free listing of new uploads (YouTube's channel
   * feed, sent as a conditional request) is asked only for the details of ids not yet known, 50 to a call, across
   * the whole group: that is what keeps a thousand channels within a few percent of the daily quota.
   */
  async refreshUploads(externalIds: string[]): Promise<number[]> {
    const latestUploads = this.provider.latestUploads?.bind(this.provider);
    if (!latestUploads) {
      const fresh: number[] = [];
      for (const externalId of externalIds) fresh.push(...(await this.fetchNewUploads(externalId)));
      return fresh;
    }
    const channels = await this.repository.findChannelsByExternalIds(externalIds);
    const channelOf = new Map<string, number>(); // video externalId → our channel id
    let unavailable: unknown = null;
    const limit = pLimit(FEED_CONCURRENCY);
    await Promise.all(
      channels.map((channel) =>
        limit(async () => {
          const validators = channel.feedEtag || channel.feedLastModified ? { etag: channel.feedEtag, lastModified: channel.feedLastModified } : null;
          try {
            const latest = await latestUploads(channel.externalId, validators);
            if (latest.status !== 'ok') return;
            await this.repository.setFeedValidators(channel.id, latest.validators);
            for (const id of latest.videoIds) channelOf.set(id, channel.id);
          } catch (error) {
            unavailable = error; // one channel's feed failing does not hold up the others
          }
        }),
      ),
    );
    const known = await this.repository.videoIdsByExternalIds([...channelOf.keys()]);
    const unknown = [...channelOf.keys()].filter((id) => !known.has(id));
    const videos = unknown.length > 0 ? await this.provider.getVideos(unknown) : [];
    const fresh = await this.repository.upsertVideosReturningNew(
      this.provider.name,
      videos.map((video) => ({ channelId: channelOf.get(video.externalId)!, video })),
    );
    if (fresh.length === 0 && unavailable && channels.length === 1) throw unavailable;
    return fresh;
  }

  /**
   * One channel's newest page of uploads, the way a service without a free listing is refreshed (the demo): the
   * channel and its newest page from the video service, stored once; answers the ids of videos that are new.
   */
  private async fetchNewUploads(externalId: string): Promise<number[]> {
    const stored = await this.repository.findChannel(externalId);
    const fetched = await this.provider.getChannel(stored?.externalId ?? externalId);
    const channel = fetched ? await this.repository.upsertChannel(this.provider.name, fetched) : stored;
    if (!channel) return [];
    const page = await this.provider.listChannelVideos(channel.externalId);
    return this.repository.upsertVideosReturningNew(this.provider.name, page.videos.map((video) => ({ channelId: channel.id, video })));
  }

  /**
   * The slow refresh (decisions/015): titles, counts, embeddability and live state of the videos published in the
   * last `days`, 50 to a call; those the service no longer returns (deleted, private) are marked unavailable.
   */
  async refreshRecentVideos(days: number, limit: number, now = new Date()): Promise<{ refreshed: number; unavailable: number }> {
    if (!this.provider.remote) return { refreshed: 0, unavailable: 0 };
    const ids = await this.repository.recentVideoIds(this.provider.name, new Date(now.getTime() - days * 86_400_000), limit);
    if (ids.length === 0) return { refreshed: 0, unavailable: 0 };
    const videos = await this.provider.getVideos(ids);
    await this.storeVideos(videos, await this.repository.findChannelsByExternalIds([...new Set(videos.map((v) => v.channelExternalId))]));
    const returned = new Set(videos.map((v) => v.externalId));
    return { refreshed: videos.length, unavailable: await this.repository.markUnavailable(ids.filter((id) => !returned.has(id))) };
  }

  /**
   * A fresh instance on a real service shows its most popular videos (and their channels in the channel strip)
   * until people follow channels: 2 units. Answers how many videos were stored.
   */
  async importPopular(limit = 50): Promise<number> {
    if (!this.provider.popularVideos) return 0;
    const videos = await this.provider.popularVideos(limit);
    const channels = await this.repository.describeChannels(this.provider.name, await this.provider.getChannels([...new Set(videos.map((v) => v.channelExternalId))]));
    return this.storeVideos(videos, channels);
  }

  /** Stores the videos whose channel is among `channels` (the rest are left out); answers how many were stored. */
  private async storeVideos(videos: ProviderVideo[], channels: ChannelRow[]): Promise<number> {
    const ids = new Map(channels.map((c) => [c.externalId, c.id]));
    const rows = videos.filter((v) => ids.has(v.channelExternalId)).map((video) => ({ channelId: ids.get(video.channelExternalId)!, video }));
    await this.repository.upsertVideos(this.provider.name, rows);
    return rows.length;
  }

  /**
   * A channel's videos, newest first. When the database runs out before the page is full and the service has older
   * uploads not yet stored, their next pages are read and stored first: a channel's page pages through everything
   * it ever uploaded, and a page read once is read from the database after that.
   */
  async channelVideos(channelExternalId: string, limit: number, next?: string, hideFor?: number): Promise<PagedVideos> {
    const after = next ? decodeCursor(next) : undefined;
    let channel = await this.findOrFetchChannel(channelExternalId);
    let rows = await this.repository.pageVideos(channel.id, after, limit, hideFor);
    for (let read = 0; rows.length <= limit && !channel.uploadsComplete && read < ON_DEMAND_PAGES; read++) {
      const page = await this.provider.listChannelVideos(channel.externalId, channel.uploadsPageToken ?? undefined);
      await this.repository.upsertVideos(this.provider.name, page.videos.map((video) => ({ channelId: channel.id, video })));
      await this.repository.setUploadsPaging(channel.id, page.nextPageToken);
      channel = { ...channel, uploadsPageToken: page.nextPageToken, uploadsComplete: page.nextPageToken === null };
      rows = await this.repository.pageVideos(channel.id, after, limit, hideFor);
    }
    // With hideWatched the channel's count includes what is left out: the page's lower bound instead (as the feeds').
    return toPage(rows, limit, hideFor === undefined ? channel.numberOfVideos : 0, hideFor !== undefined);
  }

  /** Our id of a channel by its service id (fetched from the service when unknown; 404 when it knows none). */
  async channelId(channelExternalId: string): Promise<number> {
    return (await this.findOrFetchChannel(channelExternalId)).id;
  }

  /** Every channel's videos, newest first: the public feed a visitor sees on the Dashboard. */
  async allVideos(limit: number, next?: string): Promise<PagedVideos> {
    const after = next ? decodeCursor(next) : undefined;
    const [rows, total] = await Promise.all([
      this.repository.pageVideos(undefined, after, limit),
      this.repository.reportedVideoTotal(),
    ]);
    return toPage(rows, limit, total);
  }

  /**
   * Many channels by service id (channels to follow: an import, a YouTube account's subscriptions): the stored ones
   * from the database, the others — stubs too, whose description a follow needs — from the video service in as few
   * calls as it allows (YouTube: 50 ids a unit) and stored without their uploads, which the refresh reads for free
   * from their feeds. Answers the channels found by service id; ids the service does not know are absent (a stub it
   * no longer describes stays as it is, and is found).
   */
  async ensureChannels(externalIds: string[]): Promise<Map<string, { id: number; name: string }>> {
    const found = new Map<string, { id: number; name: string }>();
    const stubs: ChannelRow[] = [];
    for (const row of await this.repository.findChannelsByExternalIds(externalIds)) {
      if (row.stub) stubs.push(row);
      else found.set(row.externalId, { id: row.id, name: row.name });
    }
    const unknown = externalIds.filter((id) => !found.has(id));
    if (unknown.length > 0) {
      for (const row of await this.repository.describeChannels(this.provider.name, await this.provider.getChannels(unknown))) {
        found.set(row.externalId, { id: row.id, name: row.name });
      }
    }
    for (const row of stubs) if (!found.has(row.externalId)) found.set(row.externalId, { id: row.id, name: row.name });
    return found;
  }

  /**
   * Many videos by service id (an import, a YouTube playlist): the stored ones, and the others fetched (50 a call on
   * YouTube) and stored. Their channels are not asked of the service: one the catalog lacks is stored as a stub from
   * what the video tells of it (YouTube's snippet: id and name; decisions/052), described when someone needs it.
   * Answers service id → our id for those found (deleted and private videos are absent) and the ids of the videos
   * new to the catalog, for the sifts to take in.
   */
  async ensureVideos(externalIds: string[]): Promise<{ ids: Map<string, number>; stored: number[] }> {
    const ids = await this.repository.videoIdsByExternalIds(externalIds);
    const unknown = externalIds.filter((id) => !ids.has(id));
    if (unknown.length === 0) return { ids, stored: [] };
    const fetched = await this.provider.getVideos(unknown);
    const channelsOf = await this.channelsOfVideos(fetched);
    const stored = await this.repository.upsertVideosReturningIds(
      this.provider.name,
      fetched.flatMap((video) => {
        const channelId = channelsOf.get(video.channelExternalId);
        return channelId === undefined ? [] : [{ channelId, video }];
      }),
    );
    for (const [externalId, id] of stored.ids) ids.set(externalId, id);
    return { ids, stored: stored.inserted };
  }

  /** Our ids of these videos' channels: the stored ones (stubs too), and stubs stored now for the others. */
  private async channelsOfVideos(videos: ProviderVideo[]): Promise<Map<string, number>> {
    const ids = await this.repository.channelIdsByExternalIds([...new Set(videos.map((v) => v.channelExternalId))]);
    // A video that names no channel cannot be stored (as when the service did not know its channel).
    const missing = videos.filter((v) => v.channelExternalId !== '' && !ids.has(v.channelExternalId));
    if (missing.length === 0) return ids;
    const stubs = missing.map((v) => ({ externalId: v.channelExternalId, name: v.channelName || v.channelExternalId, thumbnail: '', numberOfFollowers: 0 }));
    for (const [externalId, id] of await this.repository.insertChannelStubs(this.provider.name, stubs)) ids.set(externalId, id);
    return ids;
  }

  /** A channel the catalog has stored, or null; never asks the video service. */
  /** A video the catalog holds, never asked of the service (a link preview must not spend quota on any id). */
  async findStoredVideo(externalId: string): Promise<Video | null> {
    const row = await this.repository.findVideo(externalId);
    return row ? presentVideo(row) : null;
  }

  /**
   * Whether the database holds the video service's whole catalog (the demo, seeded whole): then a channel or video it
   * lacks does not exist. A real service's catalog is far larger than what is stored.
   */
  get storesWholeCatalog(): boolean {
    return !this.provider.remote;
  }

  async findStoredChannel(idOrExternalId: string): Promise<Channel | null> {
    const row = await this.repository.findChannel(idOrExternalId);
    return row ? presentChannel(row) : null;
  }

  /**
   * Stores what a client knows of a channel the catalog does not have yet (a sift's background import fills in
   * the rest); an existing channel is left as it is. Answers the stored channel.
   */
  async storeChannelStub(stub: ChannelStub): Promise<Channel> {
    const existing = await this.repository.findChannel(stub.externalId);
    if (existing) return presentChannel(existing);
    await this.repository.insertChannelStubs(this.provider.name, [stub]);
    return presentChannel((await this.repository.findChannel(stub.externalId))!);
  }

  /** The channel's details from the video service, stored; 404 when the service does not know it. */
  async importChannelMetadata(externalId: string): Promise<Channel> {
    const fetched = await this.provider.getChannel(externalId);
    if (!fetched) throw notFound('Channel');
    return presentChannel(await this.repository.upsertChannel(this.provider.name, fetched));
  }

  async isEmpty(): Promise<boolean> {
    return !(await this.repository.hasAnyChannel());
  }

  /**
   * Loads a whole catalog (the demo seed, or the benchmark's million videos) in one transaction, so a start
   * that is killed half-way leaves an empty catalog that the next start seeds again, never half of one.
   * Returns false, changing nothing, when the catalog already has channels.
   */
  async importCatalog(providerName: string, channels: ProviderChannel[], videos: Iterable<ProviderVideo>): Promise<boolean> {
    return this.repository.transaction(async (repository) => {
      if (await repository.hasAnyChannel()) return false;
      const channelIds = await repository.insertChannels(providerName, channels);
      let batch: { channelId: number; video: ProviderVideo }[] = [];
      for (const video of videos) {
        const channelId = channelIds.get(video.channelExternalId);
        if (channelId === undefined) throw new Error(`Video ${video.externalId} names unknown channel ${video.channelExternalId}`);
        batch.push({ channelId, video });
        if (batch.length === IMPORT_BATCH) {
          await repository.insertVideos(providerName, batch);
          batch = [];
        }
      }
      await repository.insertVideos(providerName, batch);
      return true;
    });
  }

  /**
   * A stored channel, or the service's description of it stored now (its uploads not yet read). A stub (known only
   * through its videos, or from a client) is described here, on the first visit of its page (decisions/052).
   */
  private async findOrFetchChannel(idOrExternalId: string): Promise<ChannelRow> {
    const stored = await this.repository.findChannel(idOrExternalId);
    if (stored) return stored.stub ? this.describeStub(stored) : stored;
    const fetched = await this.provider.getChannel(idOrExternalId);
    if (!fetched) throw notFound('Channel');
    const [described] = await this.repository.describeChannels(this.provider.name, [fetched]);
    return described!;
  }

  /** Stubs being described: a channel page's requests (the channel, its videos) come together and share the call. */
  private readonly describing = new Map<string, Promise<ChannelRow>>();

  /**
   * Stubs the service said it no longer knows, not asked again for a day (each ask is 1 unit on YouTube, and a gone
   * channel's page may be visited often). Per process: in a cluster each node asks at most once a day.
   */
  private readonly goneStubs = new LRUCache<string, true>({ max: 10_000, ttl: 24 * 3_600_000 });

  /**
   * A stub's description from the video service (1 unit on YouTube), stored; the stub as it is when the service no
   * longer knows the channel (asked again after a day) or cannot be asked now (the page shows what is known; a later
   * visit tries again).
   */
  private describeStub(stub: ChannelRow): Promise<ChannelRow> {
    if (this.goneStubs.has(stub.externalId)) return Promise.resolve(stub);
    const underWay = this.describing.get(stub.externalId);
    if (underWay) return underWay;
    const described = (async () => {
      try {
        const fetched = await this.provider.getChannel(stub.externalId);
        if (!fetched) this.goneStubs.set(stub.externalId, true);
        return fetched ? (await this.repository.describeChannels(this.provider.name, [fetched]))[0]! : stub;
      } catch (error) {
        if (error instanceof VideoServiceUnavailableError) return stub;
        throw error;
      }
    })().finally(() => this.describing.delete(stub.externalId));
    this.describing.set(stub.externalId, described);
    return described;
  }

  private async refreshChannel(idOrExternalId: string): Promise<ChannelRow> {
    const stored = await this.repository.findChannel(idOrExternalId);
    const fetched = await this.provider.getChannel(stored?.externalId ?? idOrExternalId);
    if (!fetched) {
      if (stored) return stored; // The service no longer knows it; keep what we have rather than lose it.
      throw notFound('Channel');
    }
    return this.repository.upsertChannel(this.provider.name, fetched);
  }
}

function ignoreNotFound(error: unknown): null {
  if (error instanceof HttpError && error.status === 404) return null;
  throw error;
}

function toPage(rows: VideoCardRow[], limit: number, totalResults: number, lowerBound = false): PagedVideos {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const hasMore = rows.length > limit && last !== undefined;
  return {
    videos: page.map(presentVideo),
    totalResults: Math.max(totalResults, page.length + (lowerBound && hasMore ? 1 : 0)),
    next: hasMore ? encodeCursor({ publishedAt: last.video.publishedAt, id: last.video.id }) : null,
    limit,
  };
}
