import { popularChannelsSchema, type PopularChannels } from '@sift/contracts';
import { describe, expect, it } from 'vitest';
import type { ProviderChannel } from '../src/providers/video-provider.js';
import { call, expectError } from './support/accounts.js';
import { aChannel, videosOf } from './support/factories.js';
import { useTestApp } from './support/test-app.js';

/**
 * GET /api/channels/popular (issue 31 item 8, decisions/047): the onboarding's channels to follow, each category's most
 * followed channels that have videos here, in SPEC's order of the categories. The answer is kept under the newest
 * video's id: each test reads it before the change it makes, so a kept answer that hid the change would fail it.
 */
const t = useTestApp();

/** A channel at the (fake) video service, synced as a sift's import does: its details and `videos` uploads stored. */
async function stored(overrides: Partial<ProviderChannel>, videos = 2): Promise<ProviderChannel> {
  const channel = aChannel({ numberOfVideos: videos, ...overrides });
  t.videoService.channels.set(channel.externalId, channel);
  for (const v of videosOf(channel, videos)) t.videoService.videos.set(v.externalId, v);
  await t.services.catalog.syncChannel(channel.externalId, { maxPages: Infinity });
  return channel;
}

async function popular(query = ''): Promise<PopularChannels> {
  const res = await t.app.inject({ method: 'GET', url: `/api/channels/popular${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return popularChannelsSchema.parse(res.json());
}

const names = (answer: PopularChannels, category: string) => answer.categories.find((c) => c.id === category)?.channels.map((c) => c.name);

describe('GET /api/channels/popular', () => {
  it("lists each category's most followed channels with videos, categories in SPEC's order, empty ones left out", async () => {
    expect((await popular()).categories).toEqual([]);
    await stored({ name: 'Soup Daily', category: 'food', numberOfFollowers: 1_000 });
    await stored({ name: 'Bread Lab', category: 'food', numberOfFollowers: 5_000 });
    await stored({ name: 'Knife Skills', category: 'food', numberOfFollowers: 3_000 });
    // Most followed of all, but nothing to watch here yet: a new member following it would see nothing.
    await stored({ name: 'Empty Kitchen', category: 'food', numberOfFollowers: 90_000 }, 0);
    await stored({ name: 'Star Charts', category: 'science', numberOfFollowers: 200 });
    await stored({ name: 'Nowhere In Particular', category: null, numberOfFollowers: 1_000_000 });

    const answer = await popular('?perCategory=2');
    // Science (position 3) before Food & cooking (position 10); a category without channels is not listed.
    expect(answer.categories.map((c) => [c.id, c.name])).toEqual([
      ['science', 'Science'],
      ['food', 'Food & cooking'],
    ]);
    expect(names(answer, 'food')).toEqual(['Bread Lab', 'Knife Skills']);
    expect(names(answer, 'science')).toEqual(['Star Charts']);
    // Whole channel cards, as the channel search answers them.
    const bread = answer.categories[1]!.channels[0]!;
    expect(bread).toMatchObject({ type: 'channel', name: 'Bread Lab', numberOfFollowers: 5_000, numberOfVideos: 2 });
    // Four a category unless asked.
    expect(names(await popular(), 'food')).toEqual(['Bread Lab', 'Knife Skills', 'Soup Daily']);
  });

  it('shows a channel as soon as its first videos arrive (the kept answer is not served past them)', async () => {
    expect(names(await popular(), 'music')).toBeUndefined();
    const channel = await stored({ name: 'Late Arrival', category: 'music', numberOfFollowers: 10 }, 0);
    expect(names(await popular(), 'music')).toBeUndefined();
    const [upload] = videosOf(channel, 1, new Date('2026-11-20T12:00:00Z'));
    t.videoService.videos.set(upload!.externalId, upload!);
    await t.services.catalog.syncChannel(channel.externalId);
    expect(names(await popular(), 'music')).toEqual(['Late Arrival']);
  });

  it('moves a channel to the category the service describes it with now', async () => {
    const channel = await stored({ name: 'Trail Notes', category: 'travel', numberOfFollowers: 50 });
    expect(names(await popular(), 'travel')).toEqual(['Trail Notes']);
    await stored({ ...channel, category: 'nature', numberOfFollowers: 60 });
    const answer = await popular();
    expect(names(answer, 'travel')).toBeUndefined();
    expect(names(answer, 'nature')).toEqual(['Trail Notes']);
  });

  it('refuses a perCategory out of bounds', async () => {
    for (const bad of ['0', '13', 'x']) {
      expectError(await call(t.app, { method: 'GET', url: `/api/channels/popular?perCategory=${bad}` }), 400, undefined, 'perCategory');
    }
  });
});
