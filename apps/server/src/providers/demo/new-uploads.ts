import type { ProviderChannel, ProviderVideo, ProviderVideoPage, VideoProvider } from '../video-provider.js';
import { generateVideos } from './catalog.js';

export interface NewUploadsOptions {
  /** Uploads are published after this moment only (the process start: earlier ones are the seeded catalog). */
  since: Date;
  /** Minutes between two uploads of one channel; each channel is offset by its id, so uploads spread out. */
  intervalMinutes: number;
  clock?: () => Date;
}

const MINUTE = 60_000;

/** FNV-1a: a stable 32-bit number from a text (seeds and offsets). */
function fnv(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/**
 * The demo video service publishing over time (issue 7): every channel uploads a new generated video every
 * `intervalMinutes` (offset per channel) after `since`, so the refresh job, sift matching and notifications have
 * new videos to work on without a network. Wraps the demo provider: a channel's first page of uploads starts
 * with what it published since; everything else is the wrapped provider's.
 */
export class DemoWithNewUploads implements VideoProvider {
  readonly name: string;
  readonly remote: boolean;
  private readonly made = new Map<string, ProviderVideo>();
  private readonly clock: () => Date;

  constructor(
    private readonly base: VideoProvider,
    private readonly options: NewUploadsOptions,
  ) {
    this.name = base.name;
    this.remote = base.remote;
    this.clock = options.clock ?? (() => new Date());
  }

  /** The uploads of a channel published in (since, now], newest first. */
  uploadsOf(channel: ProviderChannel): ProviderVideo[] {
    const interval = this.options.intervalMinutes * MINUTE;
    const offset = fnv(channel.externalId) % interval;
    const since = this.options.since.getTime();
    const now = this.clock().getTime();
    const out: ProviderVideo[] = [];
    // Slot k is published at k * interval + offset (epoch-aligned, so restarts agree on the times).
    for (let k = Math.floor((now - offset) / interval); k * interval + offset > since && out.length < 50; k--) {
      const at = new Date(k * interval + offset);
      if (at.getTime() > now) continue;
      out.push(this.upload(channel, k, at));
    }
    return out;
  }

  private upload(channel: ProviderChannel, slot: number, at: Date): ProviderVideo {
    const key = `${channel.externalId}:${slot}`;
    let video = this.made.get(key);
    if (!video) {
      const [generated] = [...generateVideos([channel], { total: 1, seed: fnv(key), now: at })];
      // Published now, so among the newest: it embeds, as the catalog's newest videos do (isAmongNewest).
      video = { ...generated!, publishedAt: at, liveStatus: 'NONE', embeddable: true };
      this.made.set(key, video);
      this.made.set(video.externalId, video);
    }
    return { ...video, tags: [...video.tags], publishedAt: new Date(video.publishedAt.getTime()) };
  }

  async getVideo(externalId: string): Promise<ProviderVideo | null> {
    const made = this.made.get(externalId);
    if (made) return { ...made, tags: [...made.tags], publishedAt: new Date(made.publishedAt.getTime()) };
    return this.base.getVideo(externalId);
  }

  async getVideos(externalIds: string[]): Promise<ProviderVideo[]> {
    const found = await Promise.all(externalIds.map((id) => this.getVideo(id)));
    return found.filter((video): video is ProviderVideo => video !== null);
  }

  getChannel(externalId: string): Promise<ProviderChannel | null> {
    return this.base.getChannel(externalId);
  }

  getChannels(externalIds: string[]): Promise<ProviderChannel[]> {
    return this.base.getChannels(externalIds);
  }

  async listChannelVideos(channelExternalId: string, pageToken?: string): Promise<ProviderVideoPage> {
    const page = await this.base.listChannelVideos(channelExternalId, pageToken);
    if (pageToken !== undefined) return page;
    const channel = await this.base.getChannel(channelExternalId);
    if (!channel) return page;
    return { ...page, videos: [...this.uploadsOf(channel), ...page.videos] };
  }

  searchChannels(query: string, limit: number): Promise<ProviderChannel[]> {
    return this.base.searchChannels(query, limit);
  }
}
