import type { ProviderChannel, ProviderVideo, ProviderVideoPage, VideoProvider } from '../../src/providers/video-provider.js';

/**
 * Stands in for an external video service in API tests: it holds what "the service" knows, so a test can
 * tell what our server stored from what it had to fetch.
 */
export class FakeVideoService implements VideoProvider {
  readonly name = 'fake';
  readonly channels = new Map<string, ProviderChannel>();
  readonly videos = new Map<string, ProviderVideo>();
  calls = 0;

  async getVideo(externalId: string) {
    this.calls++;
    return this.videos.get(externalId) ?? null;
  }

  async getChannel(externalId: string) {
    this.calls++;
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
