import { apiErrorSchema, channelListSchema, channelSchema, pagedVideosSchema, videoSchema } from '@sift/contracts';
import { describe, expect, it } from 'vitest';
import { aChannel, aVideo, videosOf } from './support/factories.js';
import { useTestApp } from './support/test-app.js';

const t = useTestApp();

/** Puts a channel and its videos at the (fake) video service and lets our server sync them, as the refresh job does. */
async function channelWithVideos(count: number, overrides: Parameters<typeof aChannel>[0] = {}) {
  const channel = aChannel({ numberOfVideos: count, ...overrides });
  const videos = videosOf(channel, count);
  t.videoService.channels.set(channel.externalId, channel);
  for (const v of videos) t.videoService.videos.set(v.externalId, v);
  await t.services.catalog.syncChannel(channel.externalId, { maxPages: Infinity });
  return { channel, videos };
}

async function get(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as unknown, headers: res.headers };
}

function expectError(res: { status: number; body: unknown }, status: number, field?: string) {
  expect(res.status).toBe(status);
  const error = apiErrorSchema.parse(res.body);
  expect(error.status).toBe(status);
  expect(error.message.length).toBeGreaterThan(0);
  if (field) expect(error.fields?.map((f) => f.field)).toContain(field);
}

describe('GET /api/search/channels/{externalId}/videos', () => {
  it('pages a channel newest first by cursor until a short page with no next', async () => {
    const { channel, videos } = await channelWithVideos(120);
    const seen: string[] = [];
    let url = `/api/search/channels/${channel.externalId}/videos`;
    const pageSizes: number[] = [];
    for (;;) {
      const res = await get(url);
      expect(res.status).toBe(200);
      const page = pagedVideosSchema.parse(res.body);
      expect(page.totalResults).toBe(120);
      pageSizes.push(page.videos.length);
      seen.push(...page.videos.map((v) => v.externalId));
      if (!page.next) break;
      url = `/api/search/channels/${channel.externalId}/videos?next=${encodeURIComponent(page.next)}`;
    }
    expect(pageSizes).toEqual([50, 50, 20]);
    expect(seen).toEqual(videos.map((v) => v.externalId));
  });

  it('keeps videos published at the same second in a stable order across pages', async () => {
    const channel = aChannel();
    const sameTime = new Date('2026-09-09T09:09:09Z');
    const videos = Array.from({ length: 7 }, () => aVideo(channel, { publishedAt: sameTime }));
    t.videoService.channels.set(channel.externalId, channel);
    for (const v of videos) t.videoService.videos.set(v.externalId, v);
    await t.services.catalog.syncChannel(channel.externalId);

    const ids: string[] = [];
    let next: string | null = null;
    do {
      const res = await get(`/api/search/channels/${channel.externalId}/videos?limit=3${next ? `&next=${next}` : ''}`);
      const page = pagedVideosSchema.parse(res.body);
      ids.push(...page.videos.map((v) => v.externalId));
      next = page.next;
    } while (next);
    expect(new Set(ids).size).toBe(7);
    expect(ids).toHaveLength(7);
  });

  it('honours limit and rejects limits over 100 with the failing field', async () => {
    const { channel } = await channelWithVideos(5);
    const small = pagedVideosSchema.parse((await get(`/api/search/channels/${channel.externalId}/videos?limit=2`)).body);
    expect(small.videos).toHaveLength(2);
    expect(small.limit).toBe(2);
    expectError(await get(`/api/search/channels/${channel.externalId}/videos?limit=101`), 400, 'limit');
    expectError(await get(`/api/search/channels/${channel.externalId}/videos?limit=0`), 400, 'limit');
    expectError(await get(`/api/search/channels/${channel.externalId}/videos?limit=ten`), 400, 'limit');
  });

  it('rejects a forged cursor with 400 and an unknown channel with 404', async () => {
    const { channel } = await channelWithVideos(3);
    expectError(await get(`/api/search/channels/${channel.externalId}/videos?next=bm90LWEtY3Vyc29y`), 400, 'next');
    expectError(await get('/api/search/channels/UCdoesnotexist000000000/videos'), 404);
    expectError(await get('/api/search/channels/bad%20id!/videos'), 400, 'externalId');
  });

  it('answers an empty channel with an empty last page', async () => {
    const { channel } = await channelWithVideos(0);
    const page = pagedVideosSchema.parse((await get(`/api/search/channels/${channel.externalId}/videos`)).body);
    expect(page).toMatchObject({ videos: [], next: null, totalResults: 0 });
  });
});

describe('GET /api/videos/{externalId}', () => {
  it('returns a stored video with its channel', async () => {
    const { channel, videos } = await channelWithVideos(2, { name: 'Ramen Lab' });
    const res = await get(`/api/videos/${videos[0]!.externalId}`);
    expect(res.status).toBe(200);
    const video = videoSchema.parse(res.body);
    expect(video).toMatchObject({
      externalId: videos[0]!.externalId,
      title: videos[0]!.title,
      channelExternalId: channel.externalId,
      channelName: 'Ramen Lab',
      publishedAt: videos[0]!.publishedAt.toISOString(),
      type: 'video',
    });
  });

  it('fetches a video it has never seen from the video service, and stores it', async () => {
    const channel = aChannel();
    const video = aVideo(channel, { title: 'Fetched on demand' });
    t.videoService.channels.set(channel.externalId, channel);
    t.videoService.videos.set(video.externalId, video);
    const first = await get(`/api/videos/${video.externalId}`);
    expect(videoSchema.parse(first.body).title).toBe('Fetched on demand');
    t.videoService.videos.delete(video.externalId);
    const again = await get(`/api/videos/${video.externalId}`);
    expect(again.status).toBe(200);
  });

  it('404s an unknown video and 400s a malformed id', async () => {
    expectError(await get('/api/videos/nope0000000'), 404);
    expectError(await get(`/api/videos/${'x'.repeat(65)}`), 400, 'externalId');
    expectError(await get('/api/videos/%3Cscript%3E'), 400, 'externalId');
  });
});

describe('GET /api/content/channels/{id} and /api/search/channels/{id}', () => {
  it('finds a channel by externalId and by numeric id', async () => {
    const { channel } = await channelWithVideos(1, { name: 'Night Sky Notes', numberOfFollowers: 4321 });
    const byExternal = channelSchema.parse((await get(`/api/content/channels/${channel.externalId}`)).body);
    expect(byExternal).toMatchObject({ name: 'Night Sky Notes', numberOfFollowers: 4321, subscriberCount: 4321, follow: false });
    const byId = channelSchema.parse((await get(`/api/search/channels/${byExternal.id}`)).body);
    expect(byId.externalId).toBe(channel.externalId);
  });

  it('r=1 refreshes the channel from the video service', async () => {
    const { channel } = await channelWithVideos(1, { numberOfFollowers: 10 });
    t.videoService.channels.set(channel.externalId, { ...channel, numberOfFollowers: 99 });
    expect(channelSchema.parse((await get(`/api/content/channels/${channel.externalId}`)).body).numberOfFollowers).toBe(10);
    expect(channelSchema.parse((await get(`/api/content/channels/${channel.externalId}?r=1`)).body).numberOfFollowers).toBe(99);
    expect(channelSchema.parse((await get(`/api/content/channels/${channel.externalId}`)).body).numberOfFollowers).toBe(99);
    expectError(await get(`/api/content/channels/${channel.externalId}?r=maybe`), 400, 'r');
  });

  it('404s an unknown channel', async () => {
    expectError(await get('/api/content/channels/UCunknown0000000000000'), 404);
    expectError(await get('/api/search/channels/987654321'), 404);
  });
});

describe('GET /api/public/v01/channel/search', () => {
  it('finds channels by part of their name, whatever the case, most followed first', async () => {
    await channelWithVideos(0, { name: 'Zebra Woodworks', numberOfFollowers: 10 });
    await channelWithVideos(0, { name: 'The WOODWORKS Guild', numberOfFollowers: 5000 });
    const list = channelListSchema.parse((await get('/api/public/v01/channel/search?q=woodworks')).body);
    expect(list.items.map((c) => c.name)).toEqual(['The WOODWORKS Guild', 'Zebra Woodworks']);
    expect(list.totalResults).toBe(2);
  });

  it('treats LIKE wildcards in q as text', async () => {
    await channelWithVideos(0, { name: '100% Pure Maths' });
    const list = channelListSchema.parse((await get('/api/public/v01/channel/search?q=%25')).body);
    expect(list.items.map((c) => c.name)).toEqual(['100% Pure Maths']);
  });

  it('lists channels when q is empty, and validates limit', async () => {
    const list = channelListSchema.parse((await get('/api/public/v01/channel/search?limit=2')).body);
    expect(list.items).toHaveLength(2);
    expect(list.totalResults).toBeGreaterThanOrEqual(2);
    expectError(await get('/api/public/v01/channel/search?q=a&limit=1000'), 400, 'limit');
    expectError(await get(`/api/public/v01/channel/search?q=${'a'.repeat(2001)}`), 400, 'q');
  });
});

describe('GET /api/feeds/public', () => {
  it('lists the newest videos across channels and pages to the end', async () => {
    const a = await channelWithVideos(3);
    const newest = aVideo(a.channel, { publishedAt: new Date('2099-01-01T00:00:00Z'), title: 'From the future' });
    t.videoService.videos.set(newest.externalId, newest);
    await t.services.catalog.syncChannel(a.channel.externalId);
    const first = pagedVideosSchema.parse((await get('/api/feeds/public?limit=2')).body);
    expect(first.videos[0]!.title).toBe('From the future');
    expect(first.next).not.toBeNull();
    const dates = first.videos.map((v) => v.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expectError(await get('/api/feeds/public?limit=500'), 400, 'limit');
  });
});

describe('errors', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    expectError(await get('/api/no/such/thing'), 404);
  });
});
