import type { ProviderChannel, ProviderVideo, ProviderVideoPage, VideoProvider } from '../video-provider.js';
import { generateCatalog, normaliseForSearch, type GenerateCatalogOptions } from './catalog.js';
import { unlistedDemoCatalog } from './unlisted.js';

export const DEMO_PAGE_SIZE = 50;

/** Thrown for a pageToken this provider did not issue, so the caller can answer 400 rather than 500. */
export class InvalidPageTokenError extends Error {
  constructor(token: string) {
    super(`Not a demo page token: ${JSON.stringify(token.slice(0, 40))}`);
    this.name = 'InvalidPageTokenError';
  }
}

/**
 * The embedded default video service (DESIGN §2): serves the generated catalog from memory, so Sift works offline
 * with no API key. Answers are copies, so callers cannot change the catalog by mutating what they get back.
 */
interface DemoIndex {
  channelsById: Map<string, ProviderChannel>;
  videosById: Map<string, ProviderVideo>;
  /** Each channel's uploads, newest first, as on the real service. */
  uploadsByChannel: Map<string, ProviderVideo[]>;
  searchIndex: { key: string; channel: ProviderChannel }[];
}

function buildIndex(options: GenerateCatalogOptions): DemoIndex {
  const { channels, videos: listedVideos } = generateCatalog(options);
  // The unlisted channels are known by id (getChannel, their uploads) but not listed or searched: only someone who
  // has their id (a sift adding them) brings them into the catalog.
  const unlisted = unlistedDemoCatalog(options.now);
  const videos = [...listedVideos, ...unlisted.videos];
  const index: DemoIndex = { channelsById: new Map(), videosById: new Map(), uploadsByChannel: new Map(), searchIndex: [] };
  for (const channel of unlisted.channels) {
    index.channelsById.set(channel.externalId, channel);
    index.uploadsByChannel.set(channel.externalId, []);
  }
  for (const channel of channels) {
    index.channelsById.set(channel.externalId, channel);
    index.uploadsByChannel.set(channel.externalId, []);
  }
  for (const video of videos) {
    index.videosById.set(video.externalId, video);
    index.uploadsByChannel.get(video.channelExternalId)?.push(video);
  }
  for (const uploads of index.uploadsByChannel.values()) uploads.sort(newestFirst);
  // Most followers first once, so a search is a filter and never a sort.
  index.searchIndex = [...channels]
    .sort((a, b) => b.numberOfFollowers - a.numberOfFollowers || a.name.localeCompare(b.name))
    .map((channel) => ({ key: normaliseForSearch(channel.name), channel }));
  return index;
}

export class DemoProvider implements VideoProvider {
  readonly name = 'demo';
  /** Seeded whole: searches and channel pages read the database alone. */
  readonly remote = false;
  private index: DemoIndex | undefined;

  /**
   * `now` anchors publication dates (the catalog spans the two years before it); the rest defaults to the demo
   * size. The catalog is generated on first use: a server whose database is already seeded rarely asks, and
   * its start should not wait for it.
   */
  constructor(private readonly options: GenerateCatalogOptions) {}

  private get catalog(): DemoIndex {
    return (this.index ??= buildIndex(this.options));
  }

  /** Channels the service knows that the seeded catalog does not (issue 6's background import runs on them). */
  listUnlistedChannels(): ProviderChannel[] {
    return unlistedDemoCatalog(this.options.now).channels;
  }

  /** Every channel, most followers first; for seeding and tests. */
  listChannels(): ProviderChannel[] {
    return this.catalog.searchIndex.map(({ channel }) => copyChannel(channel));
  }

  async getVideo(externalId: string): Promise<ProviderVideo | null> {
    const video = this.catalog.videosById.get(externalId);
    return video ? copyVideo(video) : null;
  }

  async getVideos(externalIds: string[]): Promise<ProviderVideo[]> {
    return externalIds.flatMap((id) => {
      const video = this.catalog.videosById.get(id);
      return video ? [copyVideo(video)] : [];
    });
  }

  async getChannel(externalId: string): Promise<ProviderChannel | null> {
    const channel = this.catalog.channelsById.get(externalId);
    return channel ? copyChannel(channel) : null;
  }

  async getChannels(externalIds: string[]): Promise<ProviderChannel[]> {
    return externalIds.flatMap((id) => {
      const channel = this.catalog.channelsById.get(id);
      return channel ? [copyChannel(channel)] : [];
    });
  }

  /** An unknown channel has no uploads (an empty last page); a token this provider did not issue throws. */
  async listChannelVideos(channelExternalId: string, pageToken?: string): Promise<ProviderVideoPage> {
    const uploads = this.catalog.uploadsByChannel.get(channelExternalId) ?? [];
    const offset = pageToken === undefined ? 0 : decodePageToken(pageToken, channelExternalId, uploads.length);
    const end = offset + DEMO_PAGE_SIZE;
    return {
      videos: uploads.slice(offset, end).map(copyVideo),
      nextPageToken: end < uploads.length ? encodePageToken(channelExternalId, end) : null,
    };
  }

  /** Case- and accent-insensitive substring match on the name ("zoe" finds "Zoë"), most followers first. */
  async searchChannels(query: string, limit: number): Promise<ProviderChannel[]> {
    const wanted = normaliseForSearch(query.trim());
    const max = Number.isFinite(limit) ? Math.max(0, Math.floor(limit)) : 0;
    const found: ProviderChannel[] = [];
    for (const { key, channel } of this.catalog.searchIndex) {
      if (found.length >= max) break;
      if (key.includes(wanted)) found.push(copyChannel(channel));
    }
    return found;
  }
}

function newestFirst(a: ProviderVideo, b: ProviderVideo): number {
  return b.publishedAt.getTime() - a.publishedAt.getTime() || (a.externalId < b.externalId ? -1 : 1);
}

/**
 * Opaque to callers, like the real service's tokens. The channel id is bound in so that a token from one
 * channel's listing cannot be replayed against another's. The catalog is immutable, so an offset is stable.
 */
function encodePageToken(channelExternalId: string, offset: number): string {
  return Buffer.from(`${channelExternalId}:${offset}`).toString('base64url');
}

function decodePageToken(token: string, channelExternalId: string, uploadsCount: number): number {
  const decoded = /^[A-Za-z0-9_-]{1,200}$/.test(token) ? Buffer.from(token, 'base64url').toString('utf8') : '';
  const match = /^(.+):([1-9][0-9]{0,8})$/.exec(decoded);
  const offset = Number(match?.[2]);
  if (!match || match[1] !== channelExternalId || offset >= uploadsCount) throw new InvalidPageTokenError(token);
  return offset;
}

function copyVideo(video: ProviderVideo): ProviderVideo {
  return { ...video, tags: [...video.tags], publishedAt: new Date(video.publishedAt.getTime()) };
}

function copyChannel(channel: ProviderChannel): ProviderChannel {
  return { ...channel };
}
