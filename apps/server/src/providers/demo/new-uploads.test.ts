import { describe, expect, it } from 'vitest';
import { DemoProvider } from './demo-provider.js';
import { DemoWithNewUploads } from './new-uploads.js';

describe('demo provider publishing over time', () => {
  const since = new Date('2026-11-22T08:00:00Z');
  const base = new DemoProvider({ now: since, channelsCount: 4, videosTotal: 40 });

  it('publishes one new video per channel per interval after the start, newest first, stable across calls', async () => {
    let now = new Date(since.getTime());
    const live = new DemoWithNewUploads(base, { since, intervalMinutes: 60, clock: () => now });
    const [channel] = base.listChannels();
    const atStart = await live.listChannelVideos(channel!.externalId);
    expect(atStart.videos.filter((v) => v.publishedAt > since)).toHaveLength(0);

    now = new Date(since.getTime() + 3 * 3_600_000 + 1);
    const later = await live.listChannelVideos(channel!.externalId);
    const fresh = later.videos.filter((v) => v.publishedAt > since);
    expect(fresh).toHaveLength(3);
    expect(fresh.map((v) => v.publishedAt.getTime())).toEqual([...fresh.map((v) => v.publishedAt.getTime())].sort((a, b) => b - a));
    expect(fresh.every((v) => v.channelExternalId === channel!.externalId && v.liveStatus === 'NONE')).toBe(true);
    // The same uploads on every call, and each one known by id.
    const again = await live.listChannelVideos(channel!.externalId);
    expect(again.videos.slice(0, 3).map((v) => v.externalId)).toEqual(fresh.map((v) => v.externalId));
    expect((await live.getVideo(fresh[0]!.externalId))?.title).toBe(fresh[0]!.title);
    // Later pages are the wrapped provider's.
    expect(later.nextPageToken).toBe(atStart.nextPageToken);
  });
});
