import { describe, expect, it } from 'vitest';
import { generateCatalog } from './catalog.js';
import { DemoProvider } from './demo-provider.js';
import { UNLISTED_DEMO_CHANNELS } from './unlisted.js';

const NOW = new Date('2026-11-01T00:00:00Z');

describe('unlisted demo channels', () => {
  const provider = new DemoProvider({ now: NOW });
  const unlisted = provider.listUnlistedChannels();

  it('are known to the provider by id, with uploads, but not seeded, listed or searched', async () => {
    expect(unlisted).toHaveLength(UNLISTED_DEMO_CHANNELS);
    const seeded = new Set(generateCatalog({ now: NOW }).channels.map((c) => c.externalId));
    const listed = new Set(provider.listChannels().map((c) => c.externalId));
    for (const channel of unlisted) {
      expect(seeded.has(channel.externalId)).toBe(false);
      expect(listed.has(channel.externalId)).toBe(false);
      expect(await provider.getChannel(channel.externalId)).toMatchObject({ externalId: channel.externalId, name: channel.name });
      const page = await provider.listChannelVideos(channel.externalId);
      expect(page.videos.length).toBeGreaterThan(0);
      expect(page.videos.every((v) => v.channelExternalId === channel.externalId)).toBe(true);
      expect((await provider.searchChannels(channel.name, 100)).map((c) => c.externalId)).not.toContain(channel.externalId);
    }
  });
});
