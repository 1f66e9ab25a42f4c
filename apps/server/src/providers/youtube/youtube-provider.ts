import type { KeptAnswers } from '../provider-state.repository.js';
import type {
  LatestUploads,
  ProviderChannel,
  ProviderVideo,
  ProviderVideoPage,
  ResolvedReference,
  UploadValidators,
  VideoProvider,
} from '../video-provider.js';
import type { AccountPage, VideoServiceAccount } from '../video-service-account.js';
import { VideoServiceUnavailableError } from '../video-service-errors.js';
import { CHANNEL_ID_PATTERN, parseChannelReference, parseVideoReference, VIDEO_ID_PATTERN } from './addresses.js';
import { fetchChannelFeed } from './channel-feed.js';
import { MAX_PER_CALL, type YouTubeDataApi } from './data-api.js';
import { channelFromSearchResult, toAccountPlaylist, toAccountSubscription, toProviderChannel, toProviderVideo, uploadsPlaylistId } from './mapping.js';
import type { QuotaLedger, QuotaStatus } from './quota.js';

/** Read-only access to the member's YouTube account: subscriptions, playlists and their items (DESIGN §7). */
export const YOUTUBE_READONLY_SCOPE = 'https://www.googleapis.com/auth/youtube.readonly';

/** A channel search costs 100 units: its answer is kept a day (decisions/015). */
const SEARCH_KEPT_MS = 24 * 60 * 60_000;

export interface YouTubeProviderOptions {
  api: YouTubeDataApi;
  ledger: QuotaLedger;
  /** Answers kept in the database (channel searches). */
  kept: KeptAnswers;
  /** YOUTUBE_FEEDS_URL: the channel feed, `?channel_id=UC…` is added. */
  feedsUrl: string;
  /** YOUTUBE_REGION: the most popular videos of this region fill a fresh instance. */
  region: string;
  timeoutMs: number;
}

/**
 * Calls of one lookup in flight at once. Each still counts its unit before it goes (the ledger refuses what would pass
 * the day's budget, whatever runs beside it); four hide most of the service's round trips (a 25,000-video history
 * is 497 calls) without one import's lookups crowding out everyone else's.
 */
const CALLS_AT_ONCE = 4;

/**
 * Items by id, MAX_PER_CALL ids a call (one unit each), up to CALLS_AT_ONCE calls at a time: ids that cannot be the
 * service's are not sent, each id once, items the mapping cannot read are left out, and the answer keeps the ids'
 * order. After a failed call no further call starts.
 */
async function inBatches<Item, T>(ids: string[], valid: RegExp, list: (batch: string[]) => Promise<Item[]>, map: (item: Item) => T | null): Promise<T[]> {
  const wanted = [...new Set(ids.filter((id) => valid.test(id)))];
  const batches: string[][] = [];
  for (let i = 0; i < wanted.length; i += MAX_PER_CALL) batches.push(wanted.slice(i, i + MAX_PER_CALL));
  const answers: Item[][] = new Array<Item[]>(batches.length);
  let next = 0;
  let failed = false;
  const caller = async () => {
    while (!failed && next < batches.length) {
      const index = next++;
      try {
        answers[index] = await list(batches[index]!);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CALLS_AT_ONCE, batches.length) }, caller));
  const out: T[] = [];
  for (const items of answers) {
    for (const item of items) {
      const mapped = map(item);
      if (mapped !== null) out.push(mapped);
    }
  }
  return out;
}

/**
 * YouTube behind the VideoProvider interface: the Data API v3 for what needs it (metered: list 1 unit, search 100)
 * and the public channel feed (free) to see new uploads. Ids that cannot be YouTube's are answered without a call.
 */
export class YouTubeProvider implements VideoProvider {
  readonly name = 'youtube';
  readonly remote = true;
  readonly accountScope = YOUTUBE_READONLY_SCOPE;

  constructor(private readonly options: YouTubeProviderOptions) {}

  quota(): Promise<QuotaStatus> {
    return this.options.ledger.status();
  }

  async getVideo(externalId: string): Promise<ProviderVideo | null> {
    const [video] = await this.getVideos([externalId]);
    return video ?? null;
  }

  getVideos(externalIds: string[]): Promise<ProviderVideo[]> {
    return inBatches(externalIds, VIDEO_ID_PATTERN, (batch) => this.options.api.videos(batch), toProviderVideo);
  }

  async getChannel(externalId: string): Promise<ProviderChannel | null> {
    const [channel] = await this.getChannels([externalId]);
    return channel ?? null;
  }

  getChannels(externalIds: string[]): Promise<ProviderChannel[]> {
    return inBatches(externalIds, CHANNEL_ID_PATTERN, (batch) => this.options.api.channels({ id: batch }), toProviderChannel);
  }

  /** One page of the uploads playlist (newest first) and the videos on it: 2 units for up to 50 videos. */
  async listChannelVideos(channelExternalId: string, pageToken?: string): Promise<ProviderVideoPage> {
    if (!CHANNEL_ID_PATTERN.test(channelExternalId)) return { videos: [], nextPageToken: null };
    const page = await this.options.api.playlistItems(uploadsPlaylistId(channelExternalId), pageToken);
    if (!page) return { videos: [], nextPageToken: null };
    const byId = new Map((await this.getVideos(page.videoIds)).map((v) => [v.externalId, v]));
    // Playlist order is the channel's order; an upload that is private or gone is left out.
    const videos = page.videoIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    return { videos, nextPageToken: page.nextPageToken };
  }

  /** search.list type=channel (100 units), then channels.list for their counts (1 unit); the answer is kept a day. */
  async searchChannels(query: string, limit: number): Promise<ProviderChannel[]> {
    // YouTube refuses very long queries (400); nobody types 200 characters of a channel's name.
    const wanted = query.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, 200);
    const max = Math.max(1, Math.min(Math.floor(limit) || 1, MAX_PER_CALL));
    if (!wanted) return [];
    const key = `youtube:search:channel:${max}:${wanted}`;
    const kept = await this.options.kept.get(key);
    if (kept !== null) return JSON.parse(kept) as ProviderChannel[];
    const found = (await this.options.api.searchChannels(wanted, max)).map(channelFromSearchResult).filter((c) => c !== null);
    const detailed = new Map((await this.getChannels(found.map((c) => c.externalId))).map((c) => [c.externalId, c]));
    const channels = found.map((c) => detailed.get(c.externalId)).filter((c): c is ProviderChannel => c !== undefined);
    await this.options.kept.put(key, JSON.stringify(channels), SEARCH_KEPT_MS);
    return channels;
  }

  /** The channel's public feed: the 15 newest uploads by id, free, and a 304 when nothing changed. */
  async latestUploads(channelExternalId: string, validators: UploadValidators | null): Promise<LatestUploads> {
    if (!CHANNEL_ID_PATTERN.test(channelExternalId)) return { status: 'unknown-channel' };
    try {
      const result = await fetchChannelFeed(this.options.feedsUrl, channelExternalId, validators, { timeoutMs: this.options.timeoutMs });
      if (result.status !== 'ok') return result;
      return { status: 'ok', videoIds: result.entries.map((e) => e.videoId), validators: result.validators };
    } catch {
      throw new VideoServiceUnavailableError('unavailable', "YouTube's channel feed did not answer. Please try again in a moment.", 60);
    }
  }

  /** Addresses, handles and ids people paste: a video is told by its id alone; a channel is looked up (1 unit). */
  async resolve(input: string): Promise<ResolvedReference | undefined> {
    const videoId = parseVideoReference(input);
    if (videoId) return { type: 'video', externalId: videoId };
    const reference = parseChannelReference(input);
    if (!reference) return undefined;
    const api = this.options.api;
    let items;
    switch (reference.kind) {
      case 'id':
        items = await api.channels({ id: [reference.id] });
        break;
      case 'handle':
        items = await api.channels({ forHandle: reference.handle });
        break;
      case 'username':
        items = await api.channels({ forUsername: reference.name });
        break;
      case 'custom':
        // The API cannot look up /c/ names; most became handles of the same name, the rest are legacy usernames.
        items = await api.channels({ forHandle: `@${reference.name}` });
        if (items.length === 0) items = await api.channels({ forUsername: reference.name });
        break;
    }
    const channel = items.map(toProviderChannel).find((c) => c !== null);
    return channel ? { type: 'channel', channel } : { type: 'unknown' };
  }

  async popularVideos(limit: number): Promise<ProviderVideo[]> {
    return (await this.options.api.mostPopular(this.options.region, limit)).map(toProviderVideo).filter((v) => v !== null);
  }

  /** The member's account through their access token: every call 1 unit, 50 items a page. */
  account(accessToken: string): VideoServiceAccount {
    const api = this.options.api;
    const pageOf = <T>(items: T[], data: { nextPageToken?: string | null; pageInfo?: { totalResults?: number | null } }): AccountPage<T> => ({
      items,
      nextPageToken: data.nextPageToken ?? null,
      totalResults: data.pageInfo?.totalResults ?? items.length,
    });
    return {
      check: async () => {
        await api.myChannels(accessToken);
      },
      subscriptions: async (pageToken) => {
        const data = await api.mySubscriptions(accessToken, pageToken);
        return pageOf((data.items ?? []).map(toAccountSubscription).filter((s) => s !== null), data);
      },
      playlists: async (pageToken) => {
        const data = await api.myPlaylists(accessToken, pageToken);
        return pageOf((data.items ?? []).map(toAccountPlaylist).filter((p) => p !== null), data);
      },
      playlistVideos: async (playlistId, pageToken) => {
        const data = await api.accountPlaylistItems(accessToken, playlistId, pageToken);
        if (!data) return null;
        // A deleted or private entry still has its id: it is looked up with the rest, and left out there.
        const ids = (data.items ?? []).map((item) => item.contentDetails?.videoId).filter((id): id is string => !!id && VIDEO_ID_PATTERN.test(id));
        return pageOf(ids, data);
      },
    };
  }
}
