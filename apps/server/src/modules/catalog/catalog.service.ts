import type { Channel, ChannelList, PagedVideos, Video } from '@sift/contracts';
import { decodeCursor, encodeCursor } from '../../infra/http/cursor.js';
import { notFound } from '../../infra/http/errors.js';
import type { ProviderChannel, ProviderVideo, VideoProvider } from '../../providers/video-provider.js';
import type { VideoCardRow } from '../../infra/db/video-card-columns.js';
import type { CatalogRepository, ChannelRow } from './catalog.repository.js';
import { presentChannel, presentVideo } from './catalog.presenter.js';
import { VideoCards, type VideoCard } from './video-cards.js';

/** Videos handed to the repository at a time while importing, so a million never sit in memory at once. */
const IMPORT_BATCH = 10_000;

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

  /** The cards of stored videos by id, in that order (kept for a while: video-cards.ts); unknown ids are left out. */
  videoCards(ids: number[]): Promise<VideoCard[]> {
    return this.cards.get(ids);
  }

  async getChannel(idOrExternalId: string, options: { refresh?: boolean } = {}): Promise<Channel> {
    if (options.refresh) return this.syncChannel(idOrExternalId);
    return presentChannel(await this.findOrFetchChannel(idOrExternalId));
  }

  async searchChannels(query: string | undefined, limit: number): Promise<ChannelList> {
    const { rows, total } = await this.repository.searchChannels(query || undefined, limit);
    return { items: rows.map(presentChannel), totalResults: total };
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
   * Brings a channel and its newest uploads up to date from the video service: the work of the channel
   * refresh job, and of `r=1`. Reads at most maxPages of the service's pages.
   */
  async syncChannel(externalId: string, options: { maxPages?: number } = {}): Promise<Channel> {
    const channel = await this.refreshChannel(externalId);
    let pageToken: string | undefined;
    for (let page = 0; page < (options.maxPages ?? 1); page++) {
      const result = await this.provider.listChannelVideos(channel.externalId, pageToken);
      await this.repository.upsertVideos(this.provider.name, result.videos.map((video) => ({ channelId: channel.id, video })));
      if (!result.nextPageToken) break;
      pageToken = result.nextPageToken;
    }
    return presentChannel(channel);
  }

  /**
   * The channel refresh job's work: the channel and its newest page of uploads from the video service, stored
   * once; answers the ids of videos the catalog did not have (new uploads). Unknown to the service: nothing new.
   */
  async fetchNewUploads(externalId: string): Promise<number[]> {
    const stored = await this.repository.findChannel(externalId);
    const fetched = await this.provider.getChannel(stored?.externalId ?? externalId);
    const channel = fetched ? await this.repository.upsertChannel(this.provider.name, fetched) : stored;
    if (!channel) return [];
    const page = await this.provider.listChannelVideos(channel.externalId);
    return this.repository.upsertVideosReturningNew(this.provider.name, page.videos.map((video) => ({ channelId: channel.id, video })));
  }

  async channelVideos(channelExternalId: string, limit: number, next?: string): Promise<PagedVideos> {
    const after = next ? decodeCursor(next) : undefined;
    const channel = await this.findOrFetchChannel(channelExternalId);
    const rows = await this.repository.pageVideos(channel.id, after, limit);
    return toPage(rows, limit, channel.numberOfVideos);
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

  /** A channel the catalog has stored, or null; never asks the video service. */
  async findStoredChannel(idOrExternalId: string): Promise<Channel | null> {
    const row = await this.repository.findChannel(idOrExternalId);
    return row ? presentChannel(row) : null;
  }

  /**
   * Stores what a client knows of a channel the catalog does not have yet (a sift's background import fills in
   * the rest); an existing channel is left as it is. Answers the stored channel.
   */
  async storeChannelStub(stub: Pick<ProviderChannel, 'externalId' | 'name' | 'thumbnail' | 'numberOfFollowers'>): Promise<Channel> {
    const existing = await this.repository.findChannel(stub.externalId);
    if (existing) return presentChannel(existing);
    const channel: ProviderChannel = { ...stub, description: '', topic: null, numberOfVideos: 0, numberOfViews: 0 };
    return presentChannel(await this.repository.insertChannelIfMissing(this.provider.name, channel));
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

  private async findOrFetchChannel(idOrExternalId: string): Promise<ChannelRow> {
    return (await this.repository.findChannel(idOrExternalId)) ?? this.refreshChannel(idOrExternalId);
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

function toPage(rows: VideoCardRow[], limit: number, totalResults: number): PagedVideos {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const hasMore = rows.length > limit && last !== undefined;
  return {
    videos: page.map(presentVideo),
    totalResults: Math.max(totalResults, page.length),
    next: hasMore ? encodeCursor({ publishedAt: last.video.publishedAt, id: last.video.id }) : null,
    limit,
  };
}
