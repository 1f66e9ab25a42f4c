import { describe, expect, it } from 'vitest';
import type { ProviderVideo } from '../video-provider.js';
import { normaliseForSearch } from './catalog.js';
import { DEMO_PAGE_SIZE, DemoProvider, InvalidPageTokenError } from './demo-provider.js';

const NOW = new Date('2025-06-01T12:00:00Z');
const provider = new DemoProvider({ now: NOW });
const channels = provider.listChannels();
const biggest = channels[0];
if (!biggest) throw new Error('the demo catalog has no channels');

async function allUploads(channelExternalId: string): Promise<{ videos: ProviderVideo[]; pages: number }> {
  const videos: ProviderVideo[] = [];
  let token: string | undefined;
  let pages = 0;
  do {
    const page = await provider.listChannelVideos(channelExternalId, token);
    expect(page.videos.length).toBeLessThanOrEqual(DEMO_PAGE_SIZE);
    videos.push(...page.videos);
    token = page.nextPageToken ?? undefined;
    pages++;
  } while (token !== undefined);
  return { videos, pages };
}

describe('DemoProvider', () => {
  it('is named "demo" and serves the default catalog', () => {
    expect(provider.name).toBe('demo');
    expect(channels).toHaveLength(48);
    expect(channels.reduce((sum, channel) => sum + channel.numberOfVideos, 0)).toBe(4_800);
  });

  it('finds channels and videos by externalId, and null for unknown ids', async () => {
    const channel = await provider.getChannel(biggest.externalId);
    expect(channel).toEqual(biggest);
    const [first] = (await provider.listChannelVideos(biggest.externalId)).videos;
    if (!first) throw new Error('the biggest channel has no videos');
    expect(await provider.getVideo(first.externalId)).toEqual(first);
    expect(await provider.getVideo('nope')).toBeNull();
    expect(await provider.getChannel('UCnope')).toBeNull();
  });

  it('hands out copies, so callers cannot change the catalog', async () => {
    const channel = await provider.getChannel(biggest.externalId);
    if (!channel) throw new Error('missing channel');
    channel.name = 'Changed';
    const [video] = (await provider.listChannelVideos(biggest.externalId)).videos;
    if (!video) throw new Error('missing video');
    video.tags.push('changed');
    video.publishedAt.setTime(0);
    expect((await provider.getChannel(biggest.externalId))?.name).toBe(biggest.name);
    const again = await provider.getVideo(video.externalId);
    expect(again?.tags).not.toContain('changed');
    expect(again?.publishedAt.getTime()).not.toBe(0);
  });

  it("pages a channel's uploads newest first, 50 at a time, to the last one", async () => {
    for (const channel of channels.slice(0, 6)) {
      const { videos, pages } = await allUploads(channel.externalId);
      expect(videos).toHaveLength(channel.numberOfVideos);
      expect(pages).toBe(Math.max(1, Math.ceil(channel.numberOfVideos / DEMO_PAGE_SIZE)));
      expect(new Set(videos.map((video) => video.externalId)).size).toBe(videos.length);
      for (const video of videos) expect(video.channelExternalId).toBe(channel.externalId);
      for (let i = 1; i < videos.length; i++) {
        expect(videos[i - 1]?.publishedAt.getTime()).toBeGreaterThanOrEqual(videos[i]?.publishedAt.getTime() ?? 0);
      }
    }
  });

  it('gives an unknown channel an empty last page', async () => {
    expect(await provider.listChannelVideos('UCnope')).toEqual({ videos: [], nextPageToken: null });
  });

  it('rejects page tokens it did not issue, or issued for another channel', async () => {
    const page = await provider.listChannelVideos(biggest.externalId);
    const token = page.nextPageToken;
    if (token === null) throw new Error('expected a second page');
    expect(token).not.toContain(biggest.externalId);
    const other = channels[1];
    if (!other) throw new Error('missing second channel');
    await expect(provider.listChannelVideos(other.externalId, token)).rejects.toBeInstanceOf(InvalidPageTokenError);
    for (const bad of ['', 'garbage!', Buffer.from(`${biggest.externalId}:0`).toString('base64url'),
      Buffer.from(`${biggest.externalId}:99999`).toString('base64url'), 'x'.repeat(500)]) {
      await expect(provider.listChannelVideos(biggest.externalId, bad)).rejects.toBeInstanceOf(InvalidPageTokenError);
    }
  });

  describe('searchChannels', () => {
    it('matches a substring of the name ignoring case, most followers first', async () => {
      const found = await provider.searchChannels('S', 100);
      expect(found.length).toBeGreaterThan(1);
      for (const channel of found) expect(channel.name.toLowerCase()).toContain('s');
      for (let i = 1; i < found.length; i++) {
        expect(found[i - 1]?.numberOfFollowers).toBeGreaterThanOrEqual(found[i]?.numberOfFollowers ?? 0);
      }
      const word = biggest.name.split(' ').at(-1) ?? '';
      expect((await provider.searchChannels(`  ${word.toUpperCase()} `, 5)).map((c) => c.externalId)).toContain(
        biggest.externalId,
      );
    });

    it('ignores accents both ways', async () => {
      const accented = channels.find((channel) => normaliseForSearch(channel.name) !== channel.name.toLowerCase());
      if (!accented) throw new Error('the default catalog should have a channel with an accented name');
      const plain = normaliseForSearch(accented.name);
      expect((await provider.searchChannels(plain, 48)).map((c) => c.externalId)).toContain(accented.externalId);
      expect((await provider.searchChannels(accented.name.toUpperCase(), 48)).map((c) => c.externalId)).toContain(
        accented.externalId,
      );
    });

    it('respects the limit and finds nothing for no match', async () => {
      expect(await provider.searchChannels('', 3)).toEqual(channels.slice(0, 3));
      expect(await provider.searchChannels('a', 0)).toEqual([]);
      expect(await provider.searchChannels('a', -5)).toEqual([]);
      expect(await provider.searchChannels('zzzz-no-such-channel', 10)).toEqual([]);
    });
  });
});
