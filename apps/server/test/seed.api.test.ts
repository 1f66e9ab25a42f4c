import { channelListSchema, pagedVideosSchema, popularChannelsSchema, siftExploreSchema, similarSiftsSchema, videoSchema } from '@sift/contracts';
import { describe, expect, it } from 'vitest';
import { seedDemoCatalog } from '../src/jobs/seed-demo-catalog.js';
import { aChannel, aVideo } from './support/factories.js';
import { SEEDING_TIMEOUT_MS, useTestApp } from './support/test-app.js';

const t = useTestApp();

describe('importing a catalog (the bulk path of the demo seed and the benchmark)', () => {
  it('stores every video with its tags intact, once, in one go', async () => {
    const channel = aChannel({ numberOfVideos: 2 });
    const tricky = aVideo(channel, { tags: ['say "hi"', 'back\\slash', 'a,b', '{braces}', 'café'], title: 'Tricky tags' });
    const plain = aVideo(channel, { tags: [] });
    expect(await t.services.catalog.importCatalog('fake', [channel], [tricky, plain])).toBe(true);

    const stored = videoSchema.parse((await t.app.inject(`/api/videos/${tricky.externalId}`)).json());
    expect(stored.tags).toEqual(tricky.tags);
    expect(videoSchema.parse((await t.app.inject(`/api/videos/${plain.externalId}`)).json()).tags).toEqual([]);

    // A catalog that already has channels is never imported over.
    expect(await t.services.catalog.importCatalog('fake', [aChannel()], [])).toBe(false);
    expect(await seedDemoCatalog(t.services)).toBe(false);
  });

  it('rolls back the whole import when a video names an unknown channel', async () => {
    const fresh = await import('./support/test-database.js').then((m) => m.openTestDatabase());
    try {
      const { createServices } = await import('../src/app.js');
      const services = createServices({ db: fresh.db, provider: t.videoService });
      const channel = aChannel();
      const orphan = aVideo(aChannel());
      await expect(services.catalog.importCatalog('fake', [channel], [aVideo(channel), orphan])).rejects.toThrow(/unknown channel/);
      expect((await services.catalog.searchChannels(undefined, 10)).totalResults).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});

describe('first start on embedded defaults', () => {
  it('seeds the demo catalog: 48 channels, 4,800 videos, six curated public sifts that share channels, three playlists and the welcome message', async () => {
    const fresh = await import('./support/test-database.js').then((m) => m.openTestDatabase());
    try {
      const { buildApp } = await import('../src/app.js');
      const { app, services } = await buildApp({ db: fresh.db, provider: t.videoService, appName: 'Sift' });
      expect(await seedDemoCatalog(services)).toBe(true);
      const channels = channelListSchema.parse((await app.inject('/api/public/v01/channel/search?limit=100')).json());
      expect(channels.totalResults).toBe(48);
      expect(new Set(channels.items.map((c) => c.topic)).size).toBeGreaterThanOrEqual(8);
      // The onboarding offers them by category (issue 31): each of the ten topics is one of SPEC's categories.
      const popular = popularChannelsSchema.parse((await app.inject('/api/channels/popular?perCategory=12')).json());
      expect(popular.categories.map((c) => c.id)).toEqual(['technology', 'science', 'education', 'music', 'gaming', 'food', 'travel', 'health', 'business', 'diy']);
      expect(popular.categories.flatMap((c) => c.channels)).toHaveLength(48);
      const feed = pagedVideosSchema.parse((await app.inject('/api/feeds/public?limit=100')).json());
      expect(feed.totalResults).toBe(4800);
      // A visitor finds the curators' public sifts, each showing videos.
      const sifts = (await app.inject('/api/sifts')).json() as { items: Array<{ name: string; public: boolean; numberOfVideos: number; hash: string }> };
      expect(sifts.items.map((s) => s.name).sort()).toEqual([
        'Active travel',
        'Beginner workouts',
        'Bread and pastry',
        'Space, explained',
        'The science of food',
        'Weeknight cooking',
      ]);
      for (const sift of sifts.items) {
        expect(sift.public).toBe(true);
        expect(sift.numberOfVideos).toBeGreaterThan(0);
        expect(pagedVideosSchema.parse((await app.inject(`/api/sifts/${sift.hash}/videos`)).json()).videos.length).toBeGreaterThan(0);
      }
      // Explore has them by category, and a sift page finds the ones that share its channels (issue 31).
      const explore = siftExploreSchema.parse((await app.inject('/api/sifts/explore')).json());
      expect(explore.categories.map((c) => [c.id, c.numberOfSifts])).toEqual([['science', 2], ['food', 2], ['travel', 1], ['health', 1]]);
      // The curators follow some of each other's sifts (without mails).
      expect(explore.mostFollowed.map((s) => [s.name, s.numberOfFollowers]).slice(0, 4)).toEqual([
        ['Space, explained', 2],
        ['Weeknight cooking', 2],
        ['Bread and pastry', 1],
        ['Beginner workouts', 1],
      ]);
      const cooking = sifts.items.find((s) => s.name === 'Weeknight cooking')!;
      const similar = similarSiftsSchema.parse((await app.inject(`/api/sifts/${cooking.hash}/similar`)).json());
      expect(similar.items.map((s) => [s.name, s.sharedChannels])).toEqual([['Bread and pastry', 2], ['The science of food', 1]]);
      // And their public playlists, each of videos that play here.
      const found = (await app.inject('/api/search?q=kitchen&type=playlists')).json() as { items: Array<{ id: number; name: string; public: boolean; numberOfVideos: number }> };
      expect(found.items).toEqual([expect.objectContaining({ name: 'Sunday kitchen', public: true, numberOfVideos: 8 })]);
      const entries = (await app.inject(`/api/playlists/${found.items[0]!.id}/videos`)).json() as { videos: Array<{ embeddable: boolean }> };
      expect(entries.videos).toHaveLength(8);
      expect(entries.videos.every((v) => v.embeddable)).toBe(true);
      const messages = (await app.inject('/api/public/v01/content/messages?pageId=44')).json() as { pageLocations: { info: unknown[] }[] };
      expect(messages.pageLocations[0]!.info).toHaveLength(1);
      expect(await seedDemoCatalog(services)).toBe(false);
      await app.close();
    } finally {
      await fresh.close();
    }
  }, SEEDING_TIMEOUT_MS);
});
