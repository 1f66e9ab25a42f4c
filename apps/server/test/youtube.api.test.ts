import {
  channelListSchema,
  channelSchema,
  feedSchema,
  historyPageSchema,
  importStartedSchema,
  memberImportSchema,
  pagedVideosSchema,
  popularChannelsSchema,
  resolvedAddressSchema,
  siftSchema,
  videoSchema,
  type Sift,
} from '@sift/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queueDueRefreshes, refreshChannels } from '../src/jobs/new-videos.js';
import { createYouTubeProvider, type YouTubeProvider } from '../src/providers/youtube/index.js';
import { aMember, call, expectError } from './support/accounts.js';
import { multipartBody } from './support/multipart.js';
import { useTestApp } from './support/test-app.js';
import { YouTubeStandIn, type StandInVideo } from './support/youtube-stand-in.js';

/**
 * The YouTube provider end to end, through the real HTTP layer, against a local stand-in that speaks the Data API v3's
 * and the channel feed's documented shapes (test/support/youtube-stand-in.ts). Every figure of units below is what
 * the Data API documents: a list call 1, a search 100.
 */
const standIn = new YouTubeStandIn();
const logged: string[] = [];
const QUOTA = 2000;
let provider: YouTubeProvider;

beforeAll(() => standIn.start());
afterAll(() => standIn.stop());

const t = useTestApp({
  videoProvider: (database) => {
    provider = createYouTubeProvider(
      { apiKey: 'stand-in-key', apiUrl: standIn.apiUrl, feedsUrl: standIn.feedsUrl, quotaPerDay: QUOTA, region: 'US' },
      database.db,
      { warn: (_obj, msg) => logged.push(`warn ${msg}`), error: (_obj, msg) => logged.push(`error ${msg}`) },
      { timeoutMs: 700 },
    );
    return provider;
  },
});

const get = (url: string, token?: string) => call(t.app, { method: 'GET', url, token });

let sequence = 0;
/** A channel id (UC + 22) and video ids (11) of the service's alphabet, unique per call. */
const channelId = () => `UC${String(++sequence).padStart(4, '0')}${'x'.repeat(18)}`;
const videoId = () => `v${String(++sequence).padStart(10, '0')}`;

/** A channel at the service with `count` uploads, one hour apart, the newest first at `newest`. */
function aServiceChannel(count: number, options: { handle?: string; title?: string; newest?: Date; topicCategories?: string[] } = {}) {
  const id = channelId();
  standIn.addChannel({
    id,
    title: options.title ?? `Stand-in channel ${id.slice(2, 6)}`,
    handle: options.handle,
    subscriberCount: 12_345,
    viewCount: 99_000,
    topicCategories: options.topicCategories,
  });
  const newest = options.newest ?? new Date('2026-11-01T12:00:00Z');
  const videos: StandInVideo[] = [];
  for (let i = 0; i < count; i++) {
    const video: StandInVideo = {
      id: videoId(),
      channelId: id,
      title: `Upload ${i} of ${id.slice(2, 6)}`,
      description: 'An upload.',
      tags: ['stand-in'],
      duration: 'PT4M13S',
      publishedAt: new Date(newest.getTime() - i * 3_600_000).toISOString(),
      viewCount: 1000 + i,
      likeCount: 10,
    };
    standIn.addVideo(video);
    videos.push(video);
  }
  return { id, videos };
}

const dataApiCalls = (endpoint?: string) => standIn.calls.filter((c) => !endpoint || c.endpoint === endpoint).length;

beforeEach(() => {
  standIn.failAll(null);
  standIn.resetCounters();
});

describe('channel search boxes resolve what people paste', () => {
  it('finds a channel by its address, handle, bare id, /channel/ address and a video address (its channel)', async () => {
    const { id, videos } = aServiceChannel(3, { handle: '@pastryatlas', title: 'Pastry Atlas' });
    for (const pasted of [
      'https://www.youtube.com/@pastryatlas',
      '@PastryAtlas',
      'm.youtube.com/@pastryatlas/videos',
      id,
      `https://youtube.com/channel/${id}?si=abc`,
      `https://youtu.be/${videos[0]!.id}?t=42`,
    ]) {
      const res = await get(`/api/public/v01/channel/search?q=${encodeURIComponent(pasted)}`);
      expect(res.status, pasted).toBe(200);
      const list = channelListSchema.parse(res.body);
      expect(list.items.map((c) => c.externalId), pasted).toEqual([id]);
      expect(list.items[0]!.name).toBe('Pastry Atlas');
      expect(list.items[0]!.numberOfFollowers).toBe(12_345);
    }
    // No search.list for any of these: a handle or id is a 1-unit channels.list.
    expect(dataApiCalls('search')).toBe(0);
  });

  it('answers an empty list for an address the service does not know', async () => {
    const res = await get(`/api/public/v01/channel/search?q=${encodeURIComponent('https://www.youtube.com/@nobodyhere')}`);
    expect(res.status).toBe(200);
    expect(channelListSchema.parse(res.body).items).toEqual([]);
  });

  it('searches words at the service (100 units) and keeps the answer a day: the same search again costs nothing', async () => {
    const { id } = aServiceChannel(1, { title: 'Sourdough Science Lab' });
    const first = channelListSchema.parse((await get('/api/public/v01/channel/search?q=sourdough%20science')).body);
    expect(first.items.map((c) => c.externalId)).toContain(id);
    expect(dataApiCalls('search')).toBe(1);
    const unitsAfterFirst = standIn.units;
    const second = channelListSchema.parse((await get('/api/public/v01/channel/search?q=Sourdough%20Science')).body);
    expect(second.items.map((c) => c.externalId)).toContain(id);
    expect(standIn.units).toBe(unitsAfterFirst);
  });
});

describe('the header search', () => {
  it('finds channels YouTube finds for the words, beside what the catalog has', async () => {
    const { id } = aServiceChannel(1, { title: 'Glacier Kayak Diaries' });
    const res = await get('/api/search?q=glacier%20kayak&type=channels');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(JSON.stringify(res.body)).toContain(id);
  });

  it('answers from the catalog when YouTube cannot be asked', async () => {
    const { id } = aServiceChannel(1, { title: 'Fjord Ferry Log' });
    expect(JSON.stringify((await get('/api/search?q=fjord%20ferry&type=channels')).body)).toContain(id);
    standIn.failAll('backendError');
    // Other words (no kept answer): YouTube is asked, fails, and the catalog's match still answers.
    const res = await get('/api/search?q=ferry%20log&type=channels');
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).toContain(id);
  });
});

describe('a channel page', () => {
  it('pages through every upload, reading the next service page when the database has no more, and a page read once costs nothing after', async () => {
    const { id, videos } = aServiceChannel(120);
    const seen: string[] = [];
    let url = `/api/search/channels/${id}/videos?limit=48`;
    for (;;) {
      const res = await get(url);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const page = pagedVideosSchema.parse(res.body);
      seen.push(...page.videos.map((v) => v.externalId));
      if (!page.next) break;
      url = `/api/search/channels/${id}/videos?limit=48&next=${page.next}`;
    }
    expect(seen).toEqual(videos.map((v) => v.id));
    // 120 uploads = 3 playlist pages of 50, each with one videos.list: channels.list + 6 calls.
    expect(dataApiCalls('playlistItems')).toBe(3);
    expect(dataApiCalls('videos')).toBe(3);
    const before = standIn.calls.length;
    expect((await get(`/api/search/channels/${id}/videos?limit=48`)).status).toBe(200);
    expect(standIn.calls.length).toBe(before);
  });

  it('404s a channel the service does not know, without a 500', async () => {
    expectError(await get(`/api/search/channels/${channelId()}/videos`), 404);
    expectError(await get(`/api/search/channels/UCnot-a-channel/videos`), 404);
  });
});

describe('videos as the Data API describes them', () => {
  it('maps durations, string counts, hidden likes, missing tags, live and upcoming, embeddability, Shorts and thumbnails', async () => {
    const { id } = aServiceChannel(0);
    const base = { channelId: id, publishedAt: '2026-10-10T10:00:00Z', viewCount: 5 };
    const cases: Array<[StandInVideo, Record<string, unknown>]> = [
      [{ ...base, id: videoId(), title: 'Long', duration: 'P1DT2H3M4S', tags: ['a', 'b'], likeCount: 7 }, { durationSeconds: 93_784, tags: ['a', 'b'], numberOfLikes: 7, isShort: false }],
      [{ ...base, id: videoId(), title: 'Hidden likes, no tags', duration: 'PT1H2M3S' }, { durationSeconds: 3723, tags: [], numberOfLikes: 0 }],
      [{ ...base, id: videoId(), title: 'On air', duration: 'P0D', liveBroadcastContent: 'live' }, { durationSeconds: 0, liveStatus: 'LIVE', isShort: false }],
      [{ ...base, id: videoId(), title: 'Premiere soon', duration: 'P0D', liveBroadcastContent: 'upcoming' }, { liveStatus: 'LIVE' }],
      [{ ...base, id: videoId(), title: 'Not embeddable', duration: 'PT3M', embeddable: false }, { embeddable: false }],
      [{ ...base, id: videoId(), title: 'Tiny clip', duration: 'PT42S' }, { isShort: true, durationSeconds: 42 }],
      [{ ...base, id: videoId(), title: 'Two minutes #Shorts', duration: 'PT2M' }, { isShort: true }],
      [{ ...base, id: videoId(), title: 'Two minutes', duration: 'PT2M' }, { isShort: false }],
    ];
    for (const [video, expected] of cases) {
      standIn.addVideo({ ...video, thumbnailKeys: ['default', 'medium', 'high'] });
      const res = await get(`/api/videos/${video.id}`);
      expect(res.status, video.title).toBe(200);
      const shown = videoSchema.parse(res.body);
      expect(shown, video.title).toMatchObject({ provider: 'youtube', mediaUrl: null, channelExternalId: id, numberOfViews: 5, ...expected });
      expect(shown.thumbnail, video.title).toMatch(/hqdefault|high/);
    }
  });

  it('fetches a shared video the catalog lacks with its channel, and 404s an id the service does not know', async () => {
    const { id, videos } = aServiceChannel(2);
    const res = await get(`/api/videos/${videos[1]!.id}`);
    expect(res.status).toBe(200);
    expect(videoSchema.parse(res.body).channelExternalId).toBe(id);
    expect((await get(`/api/search/channels/${id}`)).status).toBe(200);
    expectError(await get(`/api/videos/${videoId()}`), 404);
  });

  it('opens a pasted video address through the resolve call, and says none for plain words', async () => {
    const { videos } = aServiceChannel(1);
    const res = await get(`/api/public/v01/resolve?q=${encodeURIComponent(`https://www.youtube.com/watch?v=${videos[0]!.id}&t=42s`)}`);
    expect(resolvedAddressSchema.parse(res.body)).toEqual({ type: 'video', externalId: videos[0]!.id });
    expect(resolvedAddressSchema.parse((await get('/api/public/v01/resolve?q=pasta')).body)).toEqual({ type: 'none', externalId: null });
    expectError(await get(`/api/public/v01/resolve?q=${encodeURIComponent(`https://youtu.be/${videoId()}`)}`), 404);
  });
});

describe('keeping up with new uploads through the channel feed', () => {
  it('brings a new upload to a sift and to a follower’s feed for one videos.list unit, and a quiet feed answers 304', async () => {
    const member = await aMember(t);
    const { id } = aServiceChannel(5, { newest: new Date(Date.now() - 3_600_000) });
    // Follow it and put it in a sift that keeps only videos about kites.
    expect((await call(t.app, { method: 'POST', url: '/api/subscriptions', token: member.token, payload: { externalId: id } })).status).toBe(201);
    const created = await call(t.app, { method: 'POST', url: '/api/sifts', token: member.token, payload: { name: 'Kites', public: true, channels: [{ externalId: id }], keywords: { all: ['kite'], any: [], none: [] } } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await t.services.jobs.drain();
    const sift: Sift = siftSchema.parse(created.body);

    // First cycle: the feed is read (its validators kept); the five uploads are known already or stored now.
    await queueDueRefreshes(t.services, { refreshMinutes: 15 }, new Date(Date.now() + 3_600_000));
    await t.services.jobs.drain();
    standIn.resetCounters();

    const upload: StandInVideo = { id: videoId(), channelId: id, title: 'Stunt kite in a storm', duration: 'PT9M', publishedAt: new Date().toISOString(), viewCount: 1, tags: ['kites'] };
    standIn.addVideo(upload);
    await queueDueRefreshes(t.services, { refreshMinutes: 15 }, new Date(Date.now() + 2 * 3_600_000));
    await t.services.jobs.drain();
    expect(standIn.feedRequests).toBeGreaterThanOrEqual(1);
    expect(dataApiCalls()).toBe(1); // one videos.list for the one new id
    expect(dataApiCalls('videos')).toBe(1);

    const feed = feedSchema.parse((await get('/api/me/feeds/videos', member.token)).body);
    expect(feed.videoFeedItems.videos.map((v) => v.externalId)).toContain(upload.id);
    const siftVideos = pagedVideosSchema.parse((await get(`/api/sifts/${sift.hash}/videos?limit=100`)).body);
    expect(siftVideos.videos.map((v) => v.externalId)).toEqual([upload.id]);

    // Nothing new: the feed answers 304 and no unit is spent.
    standIn.resetCounters();
    await queueDueRefreshes(t.services, { refreshMinutes: 15 }, new Date(Date.now() + 3 * 3_600_000));
    await t.services.jobs.drain();
    expect(standIn.feedNotModified).toBeGreaterThanOrEqual(1);
    expect(dataApiCalls()).toBe(0);
  });

  it('following a channel found by a search shows its uploads at once, and its first refresh takes none of them for news', async () => {
    const member = await aMember(t);
    const { id, videos } = aServiceChannel(5, { title: 'Quiet Harbour Films', newest: new Date(Date.now() - 3_600_000) });
    expect(channelListSchema.parse((await get('/api/public/v01/channel/search?q=quiet%20harbour')).body).items[0]?.externalId).toBe(id);
    const followed = await call(t.app, { method: 'POST', url: '/api/subscriptions', token: member.token, payload: { externalId: id, frequency: 'IMMEDIATE' } });
    expect(followed.status, JSON.stringify(followed.body)).toBe(201);
    const feed = feedSchema.parse((await get('/api/me/feeds/videos', member.token)).body);
    expect(feed.videoFeedItems.videos.map((v) => v.externalId)).toContain(videos[0]!.id);
    expect(await refreshChannels(t.services, [id])).toEqual([]);
  });

  it('marks a video YouTube no longer returns as unavailable (not playable) on the slow refresh', async () => {
    const { videos } = aServiceChannel(2, { newest: new Date(Date.now() - 3_600_000) });
    const gone = videos[0]!.id;
    expect(videoSchema.parse((await get(`/api/videos/${gone}`)).body).embeddable).toBe(true);
    expect(videoSchema.parse((await get(`/api/videos/${videos[1]!.id}`)).body).embeddable).toBe(true);
    standIn.removeVideo(gone);
    const result = await t.services.catalog.refreshRecentVideos(3, 2500);
    expect(result.unavailable).toBeGreaterThanOrEqual(1);
    expect(videoSchema.parse((await get(`/api/videos/${gone}`)).body).embeddable).toBe(false);
    expect(videoSchema.parse((await get(`/api/videos/${videos[1]!.id}`)).body).embeddable).toBe(true);
  });
});

describe('importing a watch history', () => {
  it("asks channels.list for the followed channels only: the history's channels are stored by the videos' channelTitle and described on their page's first visit", async () => {
    const followed = aServiceChannel(1, { title: 'Followed Forge' });
    const seen = aServiceChannel(2, { title: 'Seen In Passing' });
    const member = await aMember(t);
    // Invidious's export: subscriptions, the watch history (ids, oldest first), preferences, playlists.
    const file = { subscriptions: [followed.id], watch_history: [...seen.videos, ...followed.videos].map((v) => v.id).reverse(), preferences: {}, playlists: [] };
    const body = multipartBody('file', 'subscription_manager.json', 'application/json', Buffer.from(JSON.stringify(file)));
    const started = await call(t.app, { method: 'POST', url: '/api/me/imports', token: member.token, payload: body.payload, headers: body.headers });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    await t.services.jobs.drain();
    const done = memberImportSchema.parse((await get(`/api/me/imports/${importStartedSchema.parse(started.body).id}`, member.token)).body);
    expect(done.counts).toMatchObject({ channels: 1, history: 3 });
    const channelsAsked = () => standIn.calls.filter((c) => c.endpoint === 'channels').map((c) => c.params.id);
    expect(channelsAsked()).toEqual([followed.id]);

    const history = historyPageSchema.parse((await get('/api/me/history?limit=50', member.token)).body);
    expect(history.items.map((i) => [i.channelExternalId, i.channelName])).toEqual([
      [seen.id, 'Seen In Passing'],
      [seen.id, 'Seen In Passing'],
      [followed.id, 'Followed Forge'],
    ]);
    const page = channelSchema.parse((await get(`/api/search/channels/${seen.id}`)).body);
    expect(page).toMatchObject({ name: 'Seen In Passing', numberOfFollowers: 12_345 });
    expect(page.thumbnail).not.toBe('');
    expect(channelsAsked()).toEqual([followed.id, seen.id]);
  });
});

describe('a fresh instance', () => {
  it("fills the public feed, the channel strip and the onboarding's popular channels from the most popular videos (2 units)", async () => {
    const wiki = (topic: string) => `https://en.wikipedia.org/wiki/${topic}`;
    const { id } = aServiceChannel(0, { title: 'Very Popular', topicCategories: [wiki('Music'), wiki('Pop_music')] });
    for (let i = 0; i < 3; i++) standIn.addVideo({ id: videoId(), channelId: id, title: `Hit ${i}`, publishedAt: '2026-11-20T12:00:00Z', viewCount: 1_000_000_000 + i });
    standIn.resetCounters();
    expect(await t.services.catalog.importPopular()).toBeGreaterThan(0);
    expect(standIn.units).toBe(2);
    const feed = pagedVideosSchema.parse((await get('/api/feeds/public?limit=100')).body);
    expect(feed.videos.some((v) => v.channelExternalId === id)).toBe(true);
    const strip = channelListSchema.parse((await get('/api/public/v01/channel/search?limit=100')).body);
    expect(strip.items.map((c) => c.externalId)).toContain(id);
    // Its topics (YouTube's topicDetails, asked for in the same channels.list call) put it under Music.
    const popular = popularChannelsSchema.parse((await get('/api/channels/popular?perCategory=12')).body);
    expect(popular.categories.find((c) => c.id === 'music')?.channels.map((c) => c.externalId)).toContain(id);
  });
});

describe('quota and failures', () => {
  it('answers 503 with Retry-After when YouTube fails or does not answer in time, and what is stored keeps answering', async () => {
    const { videos } = aServiceChannel(1);
    expect((await get(`/api/videos/${videos[0]!.id}`)).status).toBe(200);
    standIn.failAll('backendError');
    const failed = await get(`/api/videos/${videoId()}`);
    expectError(failed, 503, 'VIDEO_SERVICE_UNAVAILABLE');
    expect(Number(failed.headers['retry-after'])).toBeGreaterThan(0);
    standIn.failAll('timeout');
    const started = Date.now();
    expectError(await get(`/api/public/v01/channel/search?q=${channelId()}`), 503, 'VIDEO_SERVICE_UNAVAILABLE');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await get(`/api/videos/${videos[0]!.id}`)).status).toBe(200);
  });

  it('keeps half of the day for the refresh: searches stop there, list calls go on, stored matches still answer', async () => {
    const spent = (await provider.quota()).spent;
    // Searches may bring the day to QUOTA / 2 = 200; the file has spent `spent` so far.
    const searches = Math.max(0, Math.floor((QUOTA / 2 - spent) / 101));
    for (let i = 0; i < searches; i++) await get(`/api/public/v01/channel/search?q=share${i}`);
    const { id } = aServiceChannel(1, { title: 'Share Test Channel' });
    const refused = await get('/api/public/v01/channel/search?q=something%20else%20entirely');
    expectError(refused, 503, 'VIDEO_SERVICE_QUOTA_EXHAUSTED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A list call still fits.
    expect((await get(`/api/public/v01/channel/search?q=${id}`)).status).toBe(200);
    // Words the catalog can answer still answer, from the catalog.
    const stored = channelListSchema.parse((await get('/api/public/v01/channel/search?q=Share%20Test')).body);
    expect(stored.items.map((c) => c.externalId)).toEqual([id]);
  });

  it('stops calling when YouTube says the quota is exceeded, until midnight Pacific', async () => {
    aServiceChannel(1);
    standIn.failNext('quotaExceeded');
    const res = await get(`/api/public/v01/channel/search?q=${channelId()}`);
    expectError(res, 503, 'VIDEO_SERVICE_QUOTA_EXHAUSTED');
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(25 * 3600);
    const calls = standIn.calls.length;
    expectError(await get(`/api/videos/${videoId()}`), 503, 'VIDEO_SERVICE_QUOTA_EXHAUSTED');
    expect(standIn.calls.length).toBe(calls); // not even asked
    const quota = await provider.quota();
    expect(quota.spent).toBe(QUOTA);
  });
});

describe('a key YouTube refuses', () => {
  const refused = new YouTubeStandIn({ apiKey: 'another-key' });
  const messages: string[] = [];
  beforeAll(() => refused.start());
  afterAll(() => refused.stop());

  it('logs one clear line and answers 503, not 500, while the stored catalog keeps answering', async () => {
    const database = t.database;
    const wrongKey = createYouTubeProvider(
      { apiKey: 'stand-in-key', apiUrl: refused.apiUrl, feedsUrl: refused.feedsUrl, quotaPerDay: 1_000_000, region: 'US' },
      database.db,
      { warn: (_o, msg) => messages.push(msg), error: (_o, msg) => messages.push(msg) },
    );
    const search = wrongKey.searchChannels('anything', 5);
    await expect(search).rejects.toMatchObject({ status: 503, code: 'VIDEO_SERVICE_KEY_REFUSED' });
    await expect(wrongKey.getVideo(videoId())).rejects.toMatchObject({ status: 503, code: 'VIDEO_SERVICE_KEY_REFUSED' });
    expect(messages.filter((m) => /refused YOUTUBE_API_KEY/.test(m))).toHaveLength(1);
    expect(refused.calls.length).toBe(1); // the second call was not sent
  });
});
