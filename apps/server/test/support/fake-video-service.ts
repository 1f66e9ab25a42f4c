import type { ProviderChannel, ProviderVideo, ProviderVideoPage, VideoProvider } from '../../src/providers/video-provider.js';

/**
 * Stands in for an external video service in API tests: it holds what "the service" knows, so a test can
 * tell what our server stored from what it had to fetch.
 */
export class FakeVideoService implements VideoProvider {
  readonly name = 'fake';
  /** Like the demo: what the tests store is the whole catalog. */
  readonly remote = false;
  readonly channels = new Map<string, ProviderChannel>();
  readonly videos = new Map<string, ProviderVideo>();
  calls = 0;
  /** Every channel id asked for (getChannel, getChannels), in order: what channels.list would have been asked. */
  readonly channelsAsked: string[] = [];

  async getVideo(externalId: string) {
    this.calls++;
    return this.videos.get(externalId) ?? null;
  }

  async getVideos(externalIds: string[]) {
    this.calls++;
    return externalIds.flatMap((id) => (this.videos.has(id) ? [this.videos.get(id)!] : []));
  }

  async getChannels(externalIds: string[]) {
    this.calls++;
    this.channelsAsked.push(...externalIds);
    return externalIds.flatMap((id) => (this.channels.has(id) ? [this.channels.get(id)!] : []));
  }

  async getChannel(externalId: string) {
    this.calls++;
    this.channelsAsked.push(externalId);
    return this.channels.get(externalId) ?? null;
  }

  async listChannelVideos(channelExternalId: string): Promise<ProviderVideoPage> {
    this.calls++;
    const videos = [...this.videos.values()].filter((v) => v.channelExternalId === channelExternalId);
    return { videos, nextPageToken: null };
  }

  async searchChannels(query: string, limit: number) {
    this.calls++;
    return [...this.channels.values()].filter((c) => c.name.toLowerCase().includes(query.toLowerCase())).slice(0, limit);
  }
}
