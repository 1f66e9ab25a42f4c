import { AUTH_TOKEN_HEADER, feedSchema, pagedVideosSchema, siftSchema, subscriptionListSchema, subscriptionSchema, type Feed, type Sift, type Subscription } from '@sift/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/infra/db/client.js';
import { queueDueRefreshes, refreshFollowedChannel } from '../src/jobs/new-videos.js';
import type { ProviderChannel, ProviderVideo } from '../src/providers/video-provider.js';
import { aMember, call, expectError, login } from './support/accounts.js';
import { aChannel, aVideo } from './support/factories.js';
import { useTestApp } from './support/test-app.js';

const t = useTestApp();
type Member = Awaited<ReturnType<typeof aMember>>;

const api = <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  call<T>(t.app, { method, url, token, ...(payload === undefined ? {} : { payload: payload as object }) });

let hour = 0;
/** A channel at the (fake) video service with videos one hour apart, newer for every call; stored in the catalog. */
async function channelWith(titles: string[]): Promise<ProviderChannel> {
  const channel = aChannel({ numberOfVideos: titles.length });
  t.videoService.channels.set(channel.externalId, channel);
  for (const title of titles) addVideo(channel, { title });
  await t.services.catalog.syncChannel(channel.externalId, { maxPages: Infinity });
  return channel;
}

function addVideo(channel: ProviderChannel, overrides: Partial<ProviderVideo>): ProviderVideo {
  const video = aVideo(channel, { publishedAt: new Date(Date.UTC(2026, 0, 1) + ++hour * 3_600_000), ...overrides });
  t.videoService.videos.set(video.externalId, video);
  return video;
}

async function follow(token: string, channel: ProviderChannel, frequency?: string) {
  return api<Subscription>('POST', '/api/subscriptions', token, { externalId: channel.externalId, ...(frequency ? { frequency } : {}) });
}

async function feed(token: string, query = ''): Promise<Feed> {
  const res = await api('GET', `/api/me/feeds/videos?${query}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return feedSchema.parse(res.body);
}
const titles = (f: Feed) => f.videoFeedItems.videos.map((v) => v.title);

async function createSift(token: string, body: Record<string, unknown>): Promise<Sift> {
  const res = await api('POST', '/api/sifts', token, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await t.services.jobs.drain();
  return siftSchema.parse(res.body);
}

let member: Member;
let other: Member;
let news: ProviderChannel;
let cooking: ProviderChannel;
let music: ProviderChannel;

beforeAll(async () => {
  member = await aMember(t);
  other = await aMember(t);
  news = await channelWith(['News one', 'News two', 'News three']);
  cooking = await channelWith(['Pasta night', 'Bread basics', 'Pasta salad']);
  music = await channelWith(['Jazz evening', 'Pasta song']);
});

describe('401 for visitors', () => {
  it('refuses every follow and feed call without a token', async () => {
    expectError(await api('POST', '/api/subscriptions', undefined, { externalId: news.externalId }), 401);
    expectError(await api('POST', '/api/subscriptions/sifts', undefined, { sifts: ['abc'] }), 401);
    expectError(await api('GET', '/api/subscriptions'), 401);
    expectError(await api('PUT', '/api/subscriptions/1', undefined, { frequency: 'NONE' }), 401);
    expectError(await api('DELETE', '/api/subscriptions/1'), 401);
    expectError(await api('POST', '/api/subscriptions/1/unmute'), 401);
    expectError(await api('GET', '/api/me/feeds/videos'), 401);
    expectError(await api('GET', '/api/me/feeds/token'), 401);
  });
});

describe('follow, update, mute, unfollow', () => {
  it('validates input: 400 with fields, 404 for an unknown channel', async () => {
    const m = await aMember(t);
    expectError(await api('POST', '/api/subscriptions', m.token, {}), 400, 'VALIDATION', 'channelId');
    expectError(await api('POST', '/api/subscriptions', m.token, { channelId: 1, externalId: 'x' }), 400, 'VALIDATION');
    expectError(await api('POST', '/api/subscriptions', m.token, { externalId: news.externalId, frequency: 'HOURLY' }), 400, 'VALIDATION', 'frequency');
    expectError(await api('POST', '/api/subscriptions', m.token, { externalId: 'UCnobodyknows' }), 404);
    expectError(await api('POST', '/api/subscriptions/sifts', m.token, { sifts: [] }), 400, 'VALIDATION', 'sifts');
    expectError(await api('PUT', '/api/subscriptions/abc', m.token, { frequency: 'NONE' }), 400, 'VALIDATION', 'id');
    expectError(await api('PUT', '/api/subscriptions/1', m.token, {}), 400, 'VALIDATION', 'frequency');
    expectError(await api('PUT', '/api/subscriptions/999999', m.token, { frequency: 'NONE' }), 404);
    expect((await api<{ items: unknown[] }>('GET', '/api/subscriptions', m.token)).body.items).toEqual([]);
  });

  it('creates a WEEKLY subscription, then updates it instead of making another', async () => {
    const m = await aMember(t);
    const first = await follow(m.token, news);
    expect(first.status).toBe(201);
    const created = subscriptionSchema.parse(first.body);
    expect(created).toMatchObject({ frequency: 'WEEKLY', muted: false, optOut: false, isNew: false, target: { type: 'channel', externalId: news.externalId, name: news.name } });
    expect(first.headers.location).toBe(`/api/subscriptions/${created.id}`);

    const again = await follow(m.token, news, 'DAILY');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: created.id, frequency: 'DAILY' });
    // Following again without a frequency keeps the chosen one.
    expect((await follow(m.token, news)).body).toMatchObject({ id: created.id, frequency: 'DAILY' });
    // By our id works as well.
    const byId = await api<Subscription>('POST', '/api/subscriptions', m.token, { channelId: created.target.id });
    expect(byId.body.id).toBe(created.id);
    const list = subscriptionListSchema.parse((await api('GET', '/api/subscriptions', m.token)).body);
    expect(list.items.map((s) => s.id)).toEqual([created.id]);
  });

  it('writes nothing for a Follow that changes nothing, so the feed kept for the member stays valid', async () => {
    const m = await aMember(t);
    const { id } = subscriptionSchema.parse((await follow(m.token, news, 'DAILY')).body);
    const stamp = async () => rowsOf<{ at: string }>(await t.database.db.execute(sql`SELECT updated_at::text AS at FROM subscriptions WHERE id = ${id}`))[0]?.at;
    const before = await stamp();
    expect((await follow(m.token, news)).body).toMatchObject({ id, frequency: 'DAILY' });
    expect((await follow(m.token, news, 'DAILY')).status).toBe(200);
    expect(await stamp()).toEqual(before);
    // A change still writes.
    expect((await follow(m.token, news, 'IMMEDIATE')).body).toMatchObject({ id, frequency: 'IMMEDIATE' });
    expect(await stamp()).not.toEqual(before);
  });

  it('changes the frequency, mutes and unmutes; following a muted one unmutes it', async () => {
    const m = await aMember(t);
    const s = subscriptionSchema.parse((await follow(m.token, cooking)).body);
    for (const frequency of ['NONE', 'IMMEDIATE', 'DAILY', 'WEEKLY'] as const) {
      expect((await api('PUT', `/api/subscriptions/${s.id}`, m.token, { frequency })).body).toMatchObject({ frequency });
    }
    expect((await api('PUT', `/api/subscriptions/${s.id}`, m.token, { muted: true })).body).toMatchObject({ muted: true });
    expect(titles(await feed(m.token))).toEqual([]);
    expect((await api('POST', `/api/subscriptions/${s.id}/unmute`, m.token)).body).toMatchObject({ muted: false });
    expect(titles(await feed(m.token))).toContain('Pasta night');
    await api('PUT', `/api/subscriptions/${s.id}`, m.token, { muted: true });
    const back = await follow(m.token, cooking);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ id: s.id, muted: false });
  });

  it('unfollow removes it from lists and the feed and marks optOut; following again updates that row with WEEKLY', async () => {
    const m = await aMember(t);
    const s = subscriptionSchema.parse((await follow(m.token, music, 'IMMEDIATE')).body);
    expect((await api('DELETE', `/api/subscriptions/${s.id}`, m.token)).status).toBe(204);
    expect((await api<{ items: unknown[] }>('GET', '/api/subscriptions', m.token)).body.items).toEqual([]);
    expect(titles(await feed(m.token))).toEqual([]);
    const back = await follow(m.token, music);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ id: s.id, optOut: false, frequency: 'WEEKLY' });
  });

  it("does not even show someone else's subscription (404, as for none)", async () => {
    const s = subscriptionSchema.parse((await follow(other.token, news)).body);
    expectError(await api('PUT', `/api/subscriptions/${s.id}`, member.token, { frequency: 'NONE' }), 404);
    expectError(await api('DELETE', `/api/subscriptions/${s.id}`, member.token), 404);
    expectError(await api('POST', `/api/subscriptions/${s.id}/unmute`, member.token), 404);
    expect((await api<{ items: Subscription[] }>('GET', '/api/subscriptions', other.token)).body.items[0]).toMatchObject({ frequency: 'WEEKLY' });
  });

  it('two concurrent follows of one channel make one subscription', async () => {
    const m = await aMember(t);
    const results = await Promise.all([follow(m.token, news), follow(m.token, news), follow(m.token, news)]);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect((await api<{ items: unknown[] }>('GET', '/api/subscriptions', m.token)).body.items).toHaveLength(1);
  });
});

describe('sifts (multi-subscription)', () => {
  it('follows public sifts by hash or id, refuses a private sift of someone else (404) and changes nothing then', async () => {
    const m = await aMember(t);
    const open = await createSift(other.token, { name: 'Pasta everywhere', public: true, channels: [{ externalId: cooking.externalId }, { externalId: music.externalId }], keywords: { all: ['pasta'] } });
    const hidden = await createSift(other.token, { name: 'Hidden', channels: [{ externalId: news.externalId }] });
    expectError(await api('POST', '/api/subscriptions/sifts', m.token, { sifts: [open.hash, hidden.hash] }), 404);
    expect((await api<{ items: unknown[] }>('GET', '/api/subscriptions', m.token)).body.items).toEqual([]);

    const res = await api<{ items: Subscription[] }>('POST', '/api/subscriptions/sifts', m.token, { sifts: [open.hash, String(open.id)], frequency: 'DAILY' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({ frequency: 'DAILY', target: { type: 'sift', id: open.id, externalId: open.hash, name: 'Pasta everywhere' } });

    // The sift's matches are in the feed: only pasta videos of its channels.
    expect(titles(await feed(m.token)).sort()).toEqual(['Pasta night', 'Pasta salad', 'Pasta song']);

    // Made private: followers lose its future updates (and its videos in the feed); the owner keeps them.
    expect((await api('DELETE', `/api/sifts/${open.hash}/public`, other.token)).status).toBe(200);
    expect(titles(await feed(m.token))).toEqual([]);
    expect((await feed(m.token)).feedSubscriptionFilters).toEqual([]);
    expect((await api('POST', `/api/sifts/${open.hash}/public`, other.token)).status).toBe(200);
  });
});

describe('POST / DELETE /api/sifts/{id}/follows', () => {
  it('follows and unfollows one sift as its subscription; visitors 401, a private sift of another 404', async () => {
    const m = await aMember(t);
    const open = await createSift(other.token, { name: 'Jazz only', public: true, channels: [{ externalId: music.externalId }], keywords: { all: ['jazz'] } });
    const hidden = await createSift(other.token, { name: 'Secret jazz', channels: [{ externalId: music.externalId }] });
    expectError(await api('POST', `/api/sifts/${open.hash}/follows`), 401);
    expectError(await api('DELETE', `/api/sifts/${open.hash}/follows`), 401);
    expectError(await api('POST', `/api/sifts/${hidden.hash}/follows`, m.token), 404);
    expectError(await api('POST', '/api/sifts/not%20a%20hash/follows', m.token), 400);

    const followed = await api<Subscription>('POST', `/api/sifts/${open.hash}/follows`, m.token);
    expect(followed.status, JSON.stringify(followed.body)).toBe(200);
    expect(subscriptionSchema.parse(followed.body)).toMatchObject({ frequency: 'WEEKLY', target: { type: 'sift', id: open.id } });
    expect(titles(await feed(m.token))).toEqual(['Jazz evening']);

    expect((await api('DELETE', `/api/sifts/${open.id}/follows`, m.token)).status).toBe(204);
    expect((await api<{ items: unknown[] }>('GET', '/api/subscriptions', m.token)).body.items).toEqual([]);
    expect(titles(await feed(m.token))).toEqual([]);
    // Unfollowing what one does not follow is no error.
    expect((await api('DELETE', `/api/sifts/${open.id}/follows`, m.token)).status).toBe(204);
  });

  it("refuses to follow one's own sift (409 OWN_SIFT) by either call, follows nothing then, and counts no follower", async () => {
    const owner = await aMember(t);
    const own = await createSift(owner.token, { name: 'My own jazz', public: true, channels: [{ externalId: music.externalId }] });
    const theirs = await createSift(other.token, { name: 'Their jazz', public: true, channels: [{ externalId: music.externalId }] });
    expectError(await api('POST', `/api/sifts/${own.hash}/follows`, owner.token), 409, 'OWN_SIFT');
    expectError(await api('POST', `/api/sifts/${own.id}/follows`, owner.token), 409, 'OWN_SIFT');
    // All or none: someone else's sift beside it is not followed either.
    expectError(await api('POST', '/api/subscriptions/sifts', owner.token, { sifts: [theirs.hash, own.hash] }), 409, 'OWN_SIFT');
    expect((await api<{ items: unknown[] }>('GET', '/api/subscriptions', owner.token)).body.items).toEqual([]);
    expect(siftSchema.parse((await api('GET', `/api/sifts/${own.hash}`, owner.token)).body).numberOfFollowers).toBe(0);
    // Someone else's sift alone: followed as before.
    expect((await api('POST', `/api/sifts/${theirs.hash}/follows`, owner.token)).status).toBe(200);
  });
});

describe('the personal feed', () => {
  let m: Member;
  let sift: Sift;
  let channelSub: Subscription;
  let siftSub: Subscription;

  beforeAll(async () => {
    m = await aMember(t);
    channelSub = subscriptionSchema.parse((await follow(m.token, news)).body);
    sift = await createSift(other.token, { name: 'Pasta', public: true, channels: [{ externalId: cooking.externalId }, { externalId: music.externalId }], keywords: { any: ['pasta'] } });
    siftSub = (await api<{ items: Subscription[] }>('POST', '/api/subscriptions/sifts', m.token, { sifts: [sift.hash] })).body.items[0]!;
  });

  it('is the followed channels and sifts, newest first, each video once, with filter chips', async () => {
    const f = await feed(m.token);
    const all = [...f.videoFeedItems.videos];
    expect(all.map((v) => v.title)).toEqual(['Pasta song', 'Pasta salad', 'Pasta night', 'News three', 'News two', 'News one']);
    const keys = all.map((v) => [v.publishedAt, v.id] as const);
    expect([...keys].sort((a, b) => (a[0] === b[0] ? b[1] - a[1] : a[0] < b[0] ? 1 : -1))).toEqual(keys);
    expect(f.subscriptionFilters.map((c) => c.subscriptionId)).toEqual([channelSub.id]);
    expect(f.feedSubscriptionFilters.map((c) => c.target.externalId)).toEqual([sift.hash]);
    expect(f.additionalResults).toBe(false);

    // Following the sift's channel as well brings its other videos, but no video twice.
    const both = subscriptionSchema.parse((await follow(m.token, cooking)).body);
    const twice = titles(await feed(m.token));
    expect(twice.filter((x) => x === 'Pasta night')).toHaveLength(1);
    expect(twice).toContain('Bread basics');
    await api('DELETE', `/api/subscriptions/${both.id}`, m.token);
  });

  it('narrows to chosen subscriptions and says when results lie outside the filters', async () => {
    const onlySift = await feed(m.token, `subscriptionIds=${siftSub.id}`);
    expect(titles(onlySift)).toEqual(['Pasta song', 'Pasta salad', 'Pasta night']);
    expect(onlySift.additionalResults).toBe(true);
    expect(titles(await feed(m.token, `subscriptionIds=${channelSub.id},${siftSub.id}`))).toHaveLength(6);
    // Someone else's subscription id narrows to nothing.
    const foreign = subscriptionSchema.parse((await follow(other.token, music)).body);
    expect(titles(await feed(m.token, `subscriptionIds=${foreign.id}`))).toEqual([]);
    expectError(await api('GET', '/api/me/feeds/videos?subscriptionIds=abc', m.token), 400, 'VALIDATION', 'subscriptionIds.0');
  });

  it('takes the generic feed parameters: filterText, keyword rules minus excluded ones, itemId / itemBefore', async () => {
    expect(titles(await feed(m.token, 'filterText=NEWS%20t'))).toEqual(['News three', 'News two']);
    expect(titles(await feed(m.token, 'any=salad,song'))).toEqual(['Pasta song', 'Pasta salad']);
    expect(titles(await feed(m.token, 'all=pasta&none=song'))).toEqual(['Pasta salad', 'Pasta night']);
    expect(titles(await feed(m.token, 'all=pasta&none=song&excludedNone=song'))).toEqual(['Pasta song', 'Pasta salad', 'Pasta night']);
    const f = await feed(m.token, 'filterText=news');
    expect(f.additionalResults).toBe(true);
    const all = (await feed(m.token)).videoFeedItems.videos;
    expect(titles(await feed(m.token, `itemId=${all[2]!.id}&itemsPerPage=2`))).toEqual(['Pasta night', 'News three']);
    expect(titles(await feed(m.token, `itemBefore=${all[2]!.id}&itemsPerPage=2`))).toEqual(['News three', 'News two']);
    expect(titles(await feed(m.token, `itemBeforeExternal=${all[4]!.externalId}`))).toEqual(['News one']);
    expectError(await api('GET', '/api/me/feeds/videos?itemBefore=999999999', m.token), 400, 'VALIDATION', 'itemBefore');
    expectError(await api('GET', '/api/me/feeds/videos?itemsPerPage=101', m.token), 400, 'VALIDATION', 'itemsPerPage');
    expectError(await api('GET', '/api/me/feeds/videos?next=nonsense', m.token), 400, 'VALIDATION', 'next');
  });

  it('pages by cursor without duplicates or gaps while new videos arrive between pages', async () => {
    const first = await feed(m.token, 'itemsPerPage=2');
    expect(first.videoFeedItems.next).not.toBeNull();
    // New uploads arrive: a news video and a pasta video (which the sift matches).
    addVideo(news, { title: 'News four' });
    addVideo(cooking, { title: 'Pasta bake' });
    expect(await refreshFollowedChannel(t.services, news.externalId)).toHaveLength(1);
    expect(await refreshFollowedChannel(t.services, cooking.externalId)).toHaveLength(1);
    // Refreshing again finds nothing new.
    expect(await refreshFollowedChannel(t.services, cooking.externalId)).toHaveLength(0);

    const seen = [...titles(first)];
    let next = first.videoFeedItems.next;
    while (next) {
      const page = await feed(m.token, `itemsPerPage=2&next=${encodeURIComponent(next)}`);
      expect(page.subscriptionFilters).toEqual([]);
      seen.push(...titles(page));
      next = page.videoFeedItems.next;
    }
    expect(seen).toEqual(['Pasta song', 'Pasta salad', 'Pasta night', 'News three', 'News two', 'News one']);
    // The new videos are on top of a fresh first page.
    expect(titles(await feed(m.token, 'itemsPerPage=3'))).toEqual(['Pasta bake', 'News four', 'Pasta song']);
  });

  it('answers at once what changed since the same page was last read: a new video, a sift rule, a sift made private, a mute', async () => {
    const pasta = async () => titles(await feed(m.token)).filter((x) => x.startsWith('Pasta'));
    const newsTitles = async () => titles(await feed(m.token)).filter((x) => x.startsWith('News'));
    expect(await pasta()).toContain('Pasta song');
    addVideo(news, { title: 'News five' });
    await refreshFollowedChannel(t.services, news.externalId);
    expect(titles(await feed(m.token))[0]).toBe('News five');

    expect((await api('PUT', `/api/sifts/${sift.id}`, other.token, { keywords: { any: ['salad'] } })).status).toBe(200);
    expect(await pasta()).toEqual(['Pasta salad']);
    expect((await api('DELETE', `/api/sifts/${sift.hash}/public`, other.token)).status).toBe(200);
    expect(await pasta()).toEqual([]);
    expect((await feed(m.token)).feedSubscriptionFilters).toEqual([]);
    expect((await api('POST', `/api/sifts/${sift.hash}/public`, other.token)).status).toBe(200);
    expect(await pasta()).toEqual(['Pasta salad']);

    expect((await api('PUT', `/api/subscriptions/${channelSub.id}`, m.token, { muted: true })).status).toBe(200);
    expect(await newsTitles()).toEqual([]);
    expect((await feed(m.token)).subscriptionFilters.find((c) => c.subscriptionId === channelSub.id)?.muted).toBe(true);
    expect((await api('POST', `/api/subscriptions/${channelSub.id}/unmute`, m.token)).status).toBe(200);
    expect(await newsTitles()).toContain('News five');
    expect((await api('PUT', `/api/sifts/${sift.id}`, other.token, { keywords: { any: ['pasta'] } })).status).toBe(200);
  });

  it("is a 401 once the session ended, though the feed's stamp was already being read for that token", async () => {
    const reader = await aMember(t);
    await follow(reader.token, news);
    expect(titles(await feed(reader.token))).toContain('News one');
    expect((await api('POST', '/api/logout', reader.token)).status).toBe(204);
    expectError(await api('GET', '/api/me/feeds/videos', reader.token), 401, 'UNAUTHENTICATED');
    // The member logs in again: a new token, the same feed.
    const again = (await login(t.app, reader.email, reader.password)).headers[AUTH_TOKEN_HEADER] as string;
    expect(titles(await feed(again))).toContain('News one');
  });
});

describe('the scheduled refresh', () => {
  it('refreshes followed channels and the channels of followed sifts through the job queue, once each', async () => {
    const m = await aMember(t);
    const direct = await channelWith(['Direct old']);
    const viaSift = await channelWith(['Via sift old']);
    const unfollowed = await channelWith(['Nobody follows this']);
    await follow(m.token, direct);
    const sift = await createSift(other.token, { name: 'Via', public: true, channels: [{ externalId: viaSift.externalId }] });
    await api('POST', '/api/subscriptions/sifts', m.token, { sifts: [sift.hash] });
    addVideo(direct, { title: 'Direct new' });
    addVideo(viaSift, { title: 'Via sift new' });
    addVideo(unfollowed, { title: 'Unfollowed new' });

    // Everything stored before "now + 1 hour" is due; each channel is queued once, then refreshed by the job.
    const due = await queueDueRefreshes(t.services, { refreshMinutes: 15 }, new Date(Date.now() + 3_600_000));
    expect(due).toBeGreaterThanOrEqual(2);
    await t.services.jobs.drain();
    const seen = titles(await feed(m.token, 'itemsPerPage=100'));
    expect(seen).toContain('Direct new');
    expect(seen).toContain('Via sift new');
    expect(seen).not.toContain('Unfollowed new');
    // Just refreshed: nothing is due within the interval.
    expect(await queueDueRefreshes(t.services, { refreshMinutes: 15 })).toBe(0);
  });
});

describe('the public feed', () => {
  it('lists the newest videos for visitors, with the generic parameters', async () => {
    const res = await api('GET', '/api/feeds/public?itemsPerPage=3');
    expect(res.status).toBe(200);
    const page = pagedVideosSchema.parse(res.body);
    expect(page.videos).toHaveLength(3);
    const filtered = pagedVideosSchema.parse((await api('GET', '/api/feeds/public?filterText=jazz')).body);
    expect(filtered.videos.map((v) => v.title)).toEqual(['Jazz evening']);
    const rules = pagedVideosSchema.parse((await api('GET', '/api/feeds/public?all=pasta&none=salad,song,bake')).body);
    expect(rules.videos.map((v) => v.title)).toEqual(['Pasta night']);
    expectError(await api('GET', '/api/feeds/public?limit=0'), 400, 'VALIDATION', 'limit');
  });
});

describe('Atom feeds', () => {
  it('serves a public sift as Atom, 404 for a private one', async () => {
    const open = await createSift(other.token, { name: 'Jazz & more', public: true, channels: [{ externalId: music.externalId }] });
    const res = await t.app.inject({ method: 'GET', url: `/api/sifts/${open.hash}/feed.atom` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/atom+xml');
    expect(res.body).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(res.body).toContain('<title>Jazz &amp; more · Sift</title>');
    expect(res.body).toContain('<title>Jazz evening</title>');
    expect(res.body).toContain('http://sift.test/watch?v=');
    const hidden = await createSift(other.token, { name: 'Private', channels: [{ externalId: music.externalId }] });
    expect((await t.app.inject({ method: 'GET', url: `/api/sifts/${hidden.hash}/feed.atom` })).statusCode).toBe(404);
  });

  it('serves a public playlist as Atom, 404 while it is private', async () => {
    const created = await api<{ id: number }>('POST', '/api/playlists', other.token, { name: 'Evening <mix>' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = String(created.headers.location).split('/').pop()!;
    const video = [...t.videoService.videos.values()].find((v) => v.title === 'Jazz evening')!;
    expect((await api('POST', `/api/playlists/${id}/videos`, other.token, { externalId: video.externalId })).status).toBeLessThan(300);
    expect((await t.app.inject({ method: 'GET', url: `/api/playlists/${id}/feed.atom` })).statusCode).toBe(404);
    expect((await api('POST', `/api/playlists/${id}/public`, other.token)).status).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: `/api/playlists/${id}/feed.atom` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Evening &lt;mix&gt; · Sift</title>');
    expect(res.body).toContain('<title>Jazz evening</title>');
  });

  it("serves a member's feed behind a private token that can be replaced", async () => {
    const m = await aMember(t);
    await follow(m.token, music);
    expect((await api('GET', '/api/me/feeds/token', m.token)).body).toEqual({ exists: false, createdAt: null });
    const token = await api<{ url: string }>('POST', '/api/me/feeds/token', m.token);
    expect(token.body.url).toMatch(/^http:\/\/sift\.test\/api\/feeds\/personal\/[A-Za-z0-9_-]+\/feed\.atom$/);
    // Only the hash is kept: the address is not shown again, nor stored readable.
    expect((await api('GET', '/api/me/feeds/token', m.token)).body).toMatchObject({ exists: true });
    const secret = token.body.url.split('/').at(-2)!;
    const stored = await t.database.db.execute(sql`SELECT token_hash FROM feed_tokens`);
    expect(JSON.stringify(stored)).not.toContain(secret);
    const path = token.body.url.replace('http://sift.test', '');
    const res = await t.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Jazz evening</title>');
    const renewed = await api<{ url: string }>('POST', '/api/me/feeds/token', m.token);
    expect(renewed.body.url).not.toBe(token.body.url);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/feeds/personal/short/feed.atom' })).statusCode).toBe(400);

    // Turned off: the address stops working and none exists; turning it off again is no error.
    const renewedPath = renewed.body.url.replace('http://sift.test', '');
    expect((await t.app.inject({ method: 'GET', url: renewedPath })).statusCode).toBe(200);
    expectError(await api('DELETE', '/api/me/feeds/token'), 401);
    expect((await api('DELETE', '/api/me/feeds/token', other.token)).status).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: renewedPath })).statusCode).toBe(200);
    expect((await api('DELETE', '/api/me/feeds/token', m.token)).status).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: renewedPath })).statusCode).toBe(404);
    expect((await api('GET', '/api/me/feeds/token', m.token)).body).toEqual({ exists: false, createdAt: null });
    expect((await api('DELETE', '/api/me/feeds/token', m.token)).status).toBe(204);
  });
});
