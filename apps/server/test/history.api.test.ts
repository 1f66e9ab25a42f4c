import {
  continueWatchingSchema,
  feedSchema,
  hiddenPageSchema,
  historyPageSchema,
  markAllWatchedResultSchema,
  pagedVideosSchema,
  playlistVideosSchema,
  searchResultsSchema,
  siftListSchema,
  subscriptionListSchema,
  videoSchema,
  type HistoryPage,
  type PagedVideos,
  type Sift,
  type Video,
} from '@sift/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { hiddenVideos, historySettings, users, watchHistory } from '../src/infra/db/schema.js';
import type { ProviderVideo } from '../src/providers/video-provider.js';
import { aMember, call, expectError } from './support/accounts.js';
import { aChannel, aVideo, videosOf } from './support/factories.js';
import { useTestApp } from './support/test-app.js';

const t = useTestApp();

/** 120 ten-minute videos, newest first, an hour apart; and a live one, the newest of all. */
let videos: ProviderVideo[] = [];
let live: ProviderVideo;
let channelId: string;
let watcher: { token: string };
let other: { token: string };
let sift: Sift;

beforeAll(async () => {
  const channel = aChannel({ numberOfVideos: 121 });
  channelId = channel.externalId;
  videos = videosOf(channel, 120).map((v) => ({ ...v, durationSeconds: 600 }));
  live = aVideo(channel, { liveStatus: 'LIVE', durationSeconds: 0, publishedAt: new Date('2026-10-02T12:00:00Z') });
  t.videoService.channels.set(channel.externalId, channel);
  for (const v of [live, ...videos]) t.videoService.videos.set(v.externalId, v);
  await t.services.catalog.syncChannel(channel.externalId, { maxPages: Infinity });
  watcher = await aMember(t);
  other = await aMember(t);
  const created = await call<Sift>(t.app, { method: 'POST', url: '/api/sifts', token: watcher.token, payload: { name: 'All of it', public: true, channels: [{ externalId: channelId }] } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  sift = created.body;
  expect((await call(t.app, { method: 'POST', url: '/api/subscriptions', token: watcher.token, payload: { externalId: channelId } })).status).toBeLessThan(300);
});

const progress = (token: string | undefined, externalId: string, payload: object) => call(t.app, { method: 'PUT', url: `/api/me/history/${externalId}`, token, payload });

async function historyOf(token: string, query = ''): Promise<HistoryPage> {
  const res = await call(t.app, { method: 'GET', url: `/api/me/history?${query}`, token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return historyPageSchema.parse(res.body);
}

async function card(externalId: string, token?: string): Promise<Video> {
  const res = await call(t.app, { method: 'GET', url: `/api/videos/${externalId}`, token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return videoSchema.parse(res.body);
}

async function clear(token: string) {
  expect((await call(t.app, { method: 'DELETE', url: '/api/me/history', token })).status).toBe(204);
}

describe('visitors', () => {
  it('hear 401 on every history call, whatever they send', async () => {
    const id = videos[0]!.externalId;
    const calls: Array<[string, string, object?]> = [
      ['PUT', `/api/me/history/${id}`, { position: 'nonsense' }],
      ['POST', `/api/me/history/${id}/watched`],
      ['DELETE', `/api/me/history/${id}/watched`],
      ['POST', `/api/me/hidden/${id}`],
      ['DELETE', `/api/me/hidden/${id}`],
      ['GET', '/api/me/history?limit=9999'],
      ['DELETE', `/api/me/history/${id}`],
      ['DELETE', '/api/me/history'],
      ['GET', '/api/me/history/settings'],
      ['PUT', '/api/me/history/settings', { paused: 'yes' }],
      ['GET', '/api/me/continue-watching'],
      ['GET', '/api/me/hidden?limit=9999'],
      ['POST', `/api/sifts/${sift.id}/watched`],
      ['POST', '/api/me/feeds/videos/watched'],
    ];
    for (const [method, url, payload] of calls) expectError(await call(t.app, { method: method as 'GET', url, payload }), 401, 'UNAUTHENTICATED');
  });

  it('get cards without marks, and hideWatched is ignored for them', async () => {
    expect(await card(videos[0]!.externalId)).toMatchObject({ watched: false, position: null });
    const res = await call(t.app, { method: 'GET', url: `/api/sifts/${sift.hash}/videos?limit=5&hideWatched=true` });
    expect(pagedVideosSchema.parse(res.body).videos.map((v) => v.externalId)).toEqual([live, ...videos].slice(0, 5).map((v) => v.externalId));
  });
});

describe('progress and resume', () => {
  it('records where the member stopped, once per video, newest first, and shows it on their cards only', async () => {
    const [a, b] = videos;
    expect((await progress(watcher.token, a!.externalId, { position: 30 })).status).toBe(204);
    expect((await progress(watcher.token, a!.externalId, { position: 125.7, duration: 600 })).status).toBe(204);
    expect((await progress(watcher.token, b!.externalId, { position: 60 })).status).toBe(204);
    const page = await historyOf(watcher.token);
    expect(page.items.map((i) => [i.externalId, i.position, i.watched])).toEqual([
      [b!.externalId, 60, false],
      [a!.externalId, 125, false],
    ]);
    expect(page.items[1]).toMatchObject({ duration: 600, positionOf: 600, title: a!.title });
    expect(page.items[0]!.positionOf).toBeUndefined();
    expect(Date.parse(page.items[0]!.watchedAt)).toBeGreaterThan(Date.now() - 60_000);
    // The card says how far in of the length the player knew (a demo clip's 30 s, a listed length's rounding).
    expect(await card(a!.externalId, watcher.token)).toMatchObject({ watched: false, position: 125, positionOf: 600 });
    expect((await card(b!.externalId, watcher.token)).positionOf).toBeUndefined();
    expect((await card(a!.externalId, other.token)).positionOf).toBeUndefined();
    expect(await card(a!.externalId, other.token)).toMatchObject({ watched: false, position: null });
    expect(await card(a!.externalId)).toMatchObject({ watched: false, position: null });
    const resume = continueWatchingSchema.parse((await call(t.app, { method: 'GET', url: '/api/me/continue-watching?limit=10', token: watcher.token })).body);
    expect(resume.items.map((i) => i.externalId)).toEqual([b!.externalId, a!.externalId]);
    await clear(watcher.token);
  });

  it('counts a video watched within its last 30 s (or past 95 %) and starts it over', async () => {
    const v = videos[2]!;
    await progress(watcher.token, v.externalId, { position: 571, duration: 600 });
    expect((await historyOf(watcher.token)).items[0]).toMatchObject({ externalId: v.externalId, watched: true, position: 0 });
    expect(await card(v.externalId, watcher.token)).toMatchObject({ watched: true, position: null });
    const resume = continueWatchingSchema.parse((await call(t.app, { method: 'GET', url: '/api/me/continue-watching', token: watcher.token })).body);
    expect(resume.items).toEqual([]);
    // Without a duration from the player, the catalog's decides (600 s: 569 is not yet the end).
    await progress(watcher.token, videos[3]!.externalId, { position: 569 });
    expect(await card(videos[3]!.externalId, watcher.token)).toMatchObject({ watched: false, position: 569 });
    await clear(watcher.token);
  });

  it('keeps no position for a live video', async () => {
    await progress(watcher.token, live.externalId, { position: 4000 });
    expect((await historyOf(watcher.token)).items[0]).toMatchObject({ externalId: live.externalId, position: null, watched: false });
    expect(await card(live.externalId, watcher.token)).toMatchObject({ position: null });
    await clear(watcher.token);
  });

  it('answers 404 for a video the catalog does not have and 400 for bad progress', async () => {
    expectError(await progress(watcher.token, 'nosuchvideo', { position: 1 }), 404, 'NOT_FOUND');
    expectError(await call(t.app, { method: 'POST', url: '/api/me/history/nosuchvideo/watched', token: watcher.token }), 404, 'NOT_FOUND');
    expectError(await call(t.app, { method: 'POST', url: '/api/me/hidden/nosuchvideo', token: watcher.token }), 404, 'NOT_FOUND');
    expectError(await progress(watcher.token, videos[0]!.externalId, { position: -1 }), 400, 'VALIDATION', 'position');
    expectError(await progress(watcher.token, videos[0]!.externalId, { position: 1, duration: 'long' }), 400, 'VALIDATION', 'duration');
    expectError(await progress(watcher.token, 'bad id!', { position: 1 }), 400, 'VALIDATION', 'externalId');
    expectError(await call(t.app, { method: 'GET', url: '/api/me/history?next=bm9wZQ', token: watcher.token }), 400, 'VALIDATION', 'next');
  });
});

describe('pausing', () => {
  it('records nothing while paused (still 204), and again once resumed', async () => {
    const settings = (token: string) => call<{ paused: boolean }>(t.app, { method: 'GET', url: '/api/me/history/settings', token });
    expect((await settings(watcher.token)).body).toEqual({ paused: false });
    const paused = await call(t.app, { method: 'PUT', url: '/api/me/history/settings', token: watcher.token, payload: { paused: true } });
    expect(paused.body).toEqual({ paused: true });
    expect((await settings(watcher.token)).body).toEqual({ paused: true });
    expect((await settings(other.token)).body).toEqual({ paused: false });
    expect((await progress(watcher.token, videos[5]!.externalId, { position: 100 })).status).toBe(204);
    expect((await historyOf(watcher.token)).items).toEqual([]);
    expect(await card(videos[5]!.externalId, watcher.token)).toMatchObject({ position: null });
    await call(t.app, { method: 'PUT', url: '/api/me/history/settings', token: watcher.token, payload: { paused: false } });
    await progress(watcher.token, videos[5]!.externalId, { position: 100 });
    expect((await historyOf(watcher.token)).items.map((i) => i.position)).toEqual([100]);
    await clear(watcher.token);
  });
});

describe('marks, removal and clearing', () => {
  it('marks and unmarks watched; another member sees none of it and cannot remove it', async () => {
    const v = videos[7]!;
    expect((await call(t.app, { method: 'POST', url: `/api/me/history/${v.externalId}/watched`, token: watcher.token })).status).toBe(204);
    expect(await card(v.externalId, watcher.token)).toMatchObject({ watched: true });
    expect((await historyOf(other.token)).items).toEqual([]);
    expectError(await call(t.app, { method: 'DELETE', url: `/api/me/history/${v.externalId}`, token: other.token }), 404, 'NOT_FOUND');
    expect((await call(t.app, { method: 'DELETE', url: `/api/me/history/${v.externalId}/watched`, token: watcher.token })).status).toBe(204);
    expect(await card(v.externalId, watcher.token)).toMatchObject({ watched: false, position: null });
    expect((await call(t.app, { method: 'DELETE', url: `/api/me/history/${v.externalId}`, token: watcher.token })).status).toBe(204);
    expect((await historyOf(watcher.token)).items).toEqual([]);
    expectError(await call(t.app, { method: 'DELETE', url: `/api/me/history/${v.externalId}`, token: watcher.token }), 404, 'NOT_FOUND');
  });

  it('clears the history and leaves playlists and Watch later alone', async () => {
    const member = await aMember(t);
    const v = videos[8]!;
    expect((await call(t.app, { method: 'POST', url: '/api/playlists/wl/videos', token: member.token, payload: { externalId: v.externalId } })).status).toBeLessThan(300);
    const playlist = await call<{ id: number }>(t.app, { method: 'POST', url: '/api/playlists', token: member.token, payload: { name: 'Keep' } });
    await call(t.app, { method: 'POST', url: `/api/playlists/${playlist.body.id}/videos`, token: member.token, payload: { externalId: v.externalId } });
    await progress(member.token, v.externalId, { position: 42 });
    await clear(member.token);
    expect((await historyOf(member.token)).items).toEqual([]);
    for (const id of ['wl', String(playlist.body.id)]) {
      const page = playlistVideosSchema.parse((await call(t.app, { method: 'GET', url: `/api/playlists/${id}/videos`, token: member.token })).body);
      expect(page.videos.map((x) => x.externalId)).toEqual([v.externalId]);
    }
  });

  it('pages the history with a cursor and searches titles and channel names', async () => {
    const member = await aMember(t);
    for (const v of videos.slice(10, 15)) await progress(member.token, v.externalId, { position: 10 });
    const first = await historyOf(member.token, 'limit=3');
    expect(first.items).toHaveLength(3);
    const second = await historyOf(member.token, `limit=3&next=${first.next}`);
    expect(second.next).toBeNull();
    const all = [...first.items, ...second.items].map((i) => i.externalId);
    expect(all).toEqual(videos.slice(10, 15).reverse().map((v) => v.externalId));
    expect((await historyOf(member.token, `q=${encodeURIComponent(videos[12]!.title.toUpperCase())}`)).items.map((i) => i.externalId)).toEqual([videos[12]!.externalId]);
    expect((await historyOf(member.token, `q=${encodeURIComponent(`channel ${channelId}`)}`)).items).toHaveLength(5);
    expect((await historyOf(member.token, 'q=nothing-like-it')).items).toEqual([]);
  });
});

describe('dismissals', () => {
  const hiddenOf = async (token: string, query = '') => {
    const res = await call(t.app, { method: 'GET', url: `/api/me/hidden?${query}`, token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return hiddenPageSchema.parse(res.body);
  };

  it('are listed newest first, a page at a time, to be undone one by one; nobody else sees them', async () => {
    const member = await aMember(t);
    const dismissed = videos.slice(60, 65);
    for (const v of dismissed) expect((await call(t.app, { method: 'POST', url: `/api/me/hidden/${v.externalId}`, token: member.token })).status).toBe(204);
    // Hiding twice changes nothing.
    expect((await call(t.app, { method: 'POST', url: `/api/me/hidden/${dismissed[0]!.externalId}`, token: member.token })).status).toBe(204);
    const first = await hiddenOf(member.token, 'limit=3');
    expect(first.items).toHaveLength(3);
    expect(first.items[0]).toMatchObject({ type: 'video', title: dismissed[4]!.title });
    const second = await hiddenOf(member.token, `limit=3&next=${first.next}`);
    expect(second.next).toBeNull();
    expect([...first.items, ...second.items].map((i) => i.externalId)).toEqual(dismissed.map((v) => v.externalId).reverse());
    expect((await hiddenOf(other.token)).items.map((i) => i.externalId)).not.toContain(dismissed[0]!.externalId);

    expect((await call(t.app, { method: 'DELETE', url: `/api/me/hidden/${dismissed[2]!.externalId}`, token: member.token })).status).toBe(204);
    expect((await hiddenOf(member.token)).items.map((i) => i.externalId)).toEqual([4, 3, 1, 0].map((i) => dismissed[i]!.externalId));
    // Clearing the history leaves dismissals alone.
    await clear(member.token);
    expect((await hiddenOf(member.token)).items).toHaveLength(4);
  });
});

describe('hideWatched', () => {
  /** Every page of a list with hideWatched=true, 10 at a time: each full but the last. */
  async function pages(url: (next: string | null) => string, token: string, pick: (body: unknown) => { videos: Video[]; next: string | null }) {
    const seen: string[] = [];
    let next: string | null = null;
    for (let i = 0; i < 50; i++) {
      const res = await call(t.app, { method: 'GET', url: url(next), token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const page = pick(res.body);
      if (page.next) expect(page.videos).toHaveLength(10);
      seen.push(...page.videos.map((v) => v.externalId));
      next = page.next;
      if (!next) break;
    }
    return seen;
  }

  it('leaves out watched and dismissed videos in full pages, never repeating or skipping one', async () => {
    const member = await aMember(t);
    const s = await call<Sift>(t.app, { method: 'POST', url: '/api/sifts', token: member.token, payload: { name: 'Mine', channels: [{ externalId: channelId }] } });
    await call(t.app, { method: 'POST', url: '/api/subscriptions', token: member.token, payload: { externalId: channelId } });
    const all = [live, ...videos];
    // Most of the newest 50 watched (the worst case of an inbox), every third after, and a few dismissed.
    const watchedIds = all.filter((_, i) => (i < 50 && i % 10 !== 0) || i % 3 === 0);
    const hiddenIds = [all[10]!, all[20]!, all[101]!];
    for (const v of watchedIds) await call(t.app, { method: 'POST', url: `/api/me/history/${v.externalId}/watched`, token: member.token });
    for (const v of hiddenIds) expect((await call(t.app, { method: 'POST', url: `/api/me/hidden/${v.externalId}`, token: member.token })).status).toBe(204);
    const left = new Set([...watchedIds, ...hiddenIds].map((v) => v.externalId));
    const expected = all.map((v) => v.externalId).filter((id) => !left.has(id));
    const q = (next: string | null) => `limit=10&hideWatched=true${next ? `&next=${next}` : ''}`;
    const paged = (body: unknown) => pagedVideosSchema.parse(body);

    expect(await pages((n) => `/api/sifts/${s.body.hash}/videos?${q(n)}`, member.token, paged)).toEqual(expected);
    expect(await pages((n) => `/api/search/channels/${channelId}/videos?${q(n)}`, member.token, paged)).toEqual(expected);
    expect(await pages((n) => `/api/feeds/public?${q(n)}`, member.token, paged)).toEqual(expected);
    expect(await pages((n) => `/api/me/feeds/videos?${q(n)}`, member.token, (body) => feedSchema.parse(body).videoFeedItems)).toEqual(expected);

    // Unmarked and undismissed, a video comes back; without hideWatched everything shows, with its marks.
    await call(t.app, { method: 'DELETE', url: `/api/me/history/${all[1]!.externalId}/watched`, token: member.token });
    await call(t.app, { method: 'DELETE', url: `/api/me/hidden/${all[10]!.externalId}`, token: member.token });
    const top = pagedVideosSchema.parse((await call(t.app, { method: 'GET', url: `/api/sifts/${s.body.hash}/videos?${q(null)}`, token: member.token })).body);
    expect(top.videos.slice(0, 3).map((v) => v.externalId)).toEqual([all[1]!.externalId, all[10]!.externalId, all[40]!.externalId]);
    // The sift's count of matches would include what is left out: the total is the page's lower bound.
    expect(top.totalResults).toBe(11);
    // The member's kept pages follow their marks (decisions/055): the feed's first page, read before, shows them too.
    const feedTop = feedSchema.parse((await call(t.app, { method: 'GET', url: `/api/me/feeds/videos?${q(null)}`, token: member.token })).body).videoFeedItems;
    expect(feedTop.videos.slice(0, 3).map((v) => v.externalId)).toEqual([all[1]!.externalId, all[10]!.externalId, all[40]!.externalId]);
    const plain = pagedVideosSchema.parse((await call(t.app, { method: 'GET', url: `/api/sifts/${s.body.hash}/videos?limit=3`, token: member.token })).body);
    expect(plain.videos.map((v) => [v.externalId, v.watched])).toEqual([
      [all[0]!.externalId, true],
      [all[1]!.externalId, false],
      [all[2]!.externalId, true],
    ]);
  });
});

describe('hideWatched on a feed mostly watched', () => {
  it('pages through the time windows it reads back from now, never repeating or skipping an unwatched video', async () => {
    // 150 videos of a followed channel, 7 hours apart back from now, of which the member watched 9 of every 10: the
    // personal feed reads them a time window at a time (decisions/055), and pages of 5 cut across the windows.
    const member = await aMember(t);
    const channel = aChannel({ numberOfVideos: 150 });
    t.videoService.channels.set(channel.externalId, channel);
    const spread = videosOf(channel, 150).map((v, i) => ({ ...v, publishedAt: new Date(Date.now() - 60_000 - i * 7 * 3_600_000) }));
    for (const v of spread) t.videoService.videos.set(v.externalId, v);
    await t.services.catalog.syncChannel(channel.externalId, { maxPages: Infinity });
    await call(t.app, { method: 'POST', url: '/api/subscriptions', token: member.token, payload: { externalId: channel.externalId } });
    for (const [i, v] of spread.entries()) {
      if (i % 10 !== 3) await call(t.app, { method: 'POST', url: `/api/me/history/${v.externalId}/watched`, token: member.token });
    }
    const expected = spread.filter((_, i) => i % 10 === 3).map((v) => v.externalId);

    const seen: string[] = [];
    let next: string | null = null;
    do {
      const res: { status: number; body: unknown } = await call(t.app, { method: 'GET', url: `/api/me/feeds/videos?limit=5&hideWatched=true${next ? `&next=${next}` : ''}`, token: member.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const page: PagedVideos = feedSchema.parse(res.body).videoFeedItems;
      if (page.next) expect(page.videos).toHaveLength(5);
      seen.push(...page.videos.map((v) => v.externalId));
      next = page.next;
    } while (next && seen.length <= expected.length);
    expect(seen).toEqual(expected);
  });
});

describe('mark all as watched', () => {
  it('marks a sift’s videos (before a time, or all) and a member’s feed', async () => {
    const member = await aMember(t);
    const before = videos[99]!.publishedAt.toISOString();
    const some = await call(t.app, { method: 'POST', url: `/api/sifts/${sift.hash}/watched?before=${encodeURIComponent(before)}`, token: member.token });
    expect(markAllWatchedResultSchema.parse(some.body)).toEqual({ marked: 20 });
    const rest = await call(t.app, { method: 'POST', url: `/api/sifts/${sift.id}/watched`, token: member.token });
    expect(rest.body).toEqual({ marked: 121 });
    const empty = pagedVideosSchema.parse((await call(t.app, { method: 'GET', url: `/api/sifts/${sift.hash}/videos?hideWatched=true`, token: member.token })).body);
    expect(empty).toMatchObject({ videos: [], next: null });
    expectError(await call(t.app, { method: 'POST', url: '/api/sifts/999999/watched', token: member.token }), 404, 'NOT_FOUND');
    expectError(await call(t.app, { method: 'POST', url: `/api/sifts/${sift.id}/watched?before=yesterday`, token: member.token }), 400, 'VALIDATION', 'before');

    const follower = await aMember(t);
    expect((await call(t.app, { method: 'POST', url: '/api/me/feeds/videos/watched', token: follower.token })).body).toEqual({ marked: 0 });
    await call(t.app, { method: 'POST', url: '/api/subscriptions', token: follower.token, payload: { externalId: channelId } });
    expect((await call(t.app, { method: 'POST', url: '/api/me/feeds/videos/watched', token: follower.token })).body).toEqual({ marked: 121 });
    expect((await historyOf(follower.token, 'limit=100')).items.every((i) => i.watched)).toBe(true);
  });

  it('refuses a private sift of someone else', async () => {
    const owner = await aMember(t);
    const hidden = await call<Sift>(t.app, { method: 'POST', url: '/api/sifts', token: owner.token, payload: { name: 'Private', channels: [{ externalId: channelId }] } });
    expectError(await call(t.app, { method: 'POST', url: `/api/sifts/${hidden.body.id}/watched`, token: other.token }), 404, 'NOT_FOUND');
  });
});

describe('cards a member receives', () => {
  it('carry watched and position on search results and playlists', async () => {
    const member = await aMember(t);
    const v = videos[30]!;
    await progress(member.token, v.externalId, { position: 77, duration: 300 });
    const search = searchResultsSchema.parse((await call(t.app, { method: 'GET', url: `/api/search?q=${encodeURIComponent(v.title)}&types=video`, token: member.token })).body);
    const found = search.items.find((i) => i.type === 'video' && i.externalId === v.externalId);
    expect(found).toMatchObject({ watched: false, position: 77, positionOf: 300 });
    await call(t.app, { method: 'POST', url: '/api/playlists/wl/videos', token: member.token, payload: { externalId: v.externalId } });
    const wl = playlistVideosSchema.parse((await call(t.app, { method: 'GET', url: '/api/playlists/wl/videos', token: member.token })).body);
    expect(wl.videos[0]).toMatchObject({ externalId: v.externalId, position: 77, positionOf: 300, watched: false });
  });
});

describe('unwatched counts', () => {
  it('count what arrived since the follow, less what the member watched or dismissed, up to 100', async () => {
    const member = await aMember(t);
    const channel = aChannel({ numberOfVideos: 105 });
    t.videoService.channels.set(channel.externalId, channel);
    const old = videosOf(channel, 3, new Date('2026-01-01T00:00:00Z'));
    for (const v of old) t.videoService.videos.set(v.externalId, v);
    await t.services.catalog.syncChannel(channel.externalId, { maxPages: Infinity });
    const follow = await call<{ id: number }>(t.app, { method: 'POST', url: '/api/subscriptions', token: member.token, payload: { externalId: channel.externalId } });
    const own = await call<Sift>(t.app, { method: 'POST', url: '/api/sifts', token: member.token, payload: { name: 'Inbox', channels: [{ externalId: channel.externalId }] } });
    const counts = async () => {
      const subs = subscriptionListSchema.parse((await call(t.app, { method: 'GET', url: '/api/subscriptions', token: member.token })).body);
      const sifts = siftListSchema.parse((await call(t.app, { method: 'GET', url: '/api/sifts', token: member.token })).body);
      return [subs.items.find((s) => s.id === follow.body.id)?.unwatchedCount, sifts.items.find((s) => s.id === own.body.id)?.unwatchedCount];
    };
    expect(await counts()).toEqual([0, 0]);

    // 102 uploads after the follow (an hour apart, the oldest nine hours ahead).
    const fresh = videosOf(channel, 102, new Date(Date.now() + 110 * 3_600_000));
    for (const v of fresh) t.videoService.videos.set(v.externalId, v);
    await t.services.catalog.syncChannel(channel.externalId, { maxPages: Infinity });
    const ids = await Promise.all(fresh.map(async (v) => (await card(v.externalId)).id));
    await t.services.sifts.onVideosArrived(ids);
    expect(await counts()).toEqual([100, 100]);
    await call(t.app, { method: 'POST', url: `/api/me/history/${fresh[0]!.externalId}/watched`, token: member.token });
    await call(t.app, { method: 'POST', url: `/api/me/hidden/${fresh[1]!.externalId}`, token: member.token });
    await call(t.app, { method: 'POST', url: `/api/me/history/${old[0]!.externalId}/watched`, token: member.token });
    expect(await counts()).toEqual([100, 100]);
    await call(t.app, { method: 'POST', url: `/api/me/history/${fresh[2]!.externalId}/watched`, token: member.token });
    expect(await counts()).toEqual([99, 99]);
    // Progress alone is not watching it.
    await progress(member.token, fresh[3]!.externalId, { position: 10 });
    expect(await counts()).toEqual([99, 99]);

    // The counts are kept between reads (decisions/055): every change of what the member watched or dismissed shows
    // at the next read — the end of a video reached, unmarked, removed from the history, dismissed, the history cleared.
    await progress(member.token, fresh[3]!.externalId, { position: 595, duration: 600 });
    expect(await counts()).toEqual([98, 98]);
    await call(t.app, { method: 'DELETE', url: `/api/me/history/${fresh[3]!.externalId}/watched`, token: member.token });
    expect(await counts()).toEqual([99, 99]);
    expect((await call(t.app, { method: 'DELETE', url: `/api/me/history/${fresh[2]!.externalId}`, token: member.token })).status).toBe(204);
    expect(await counts()).toEqual([100, 100]);
    await call(t.app, { method: 'POST', url: `/api/me/hidden/${fresh[4]!.externalId}`, token: member.token });
    expect(await counts()).toEqual([99, 99]);
    await clear(member.token);
    expect(await counts()).toEqual([100, 100]);
    // Another member's marks leave them as they are.
    await call(t.app, { method: 'POST', url: `/api/me/hidden/${fresh[5]!.externalId}`, token: other.token });
    expect(await counts()).toEqual([100, 100]);
    // A visitor's list of public sifts carries none.
    const visitor = siftListSchema.parse((await call(t.app, { method: 'GET', url: '/api/sifts' })).body);
    expect(visitor.items.every((s) => s.unwatchedCount === undefined)).toBe(true);
  });
});

describe('deleting the account', () => {
  it('deletes the history, the dismissals and the pause with it', async () => {
    const member = await aMember(t);
    await progress(member.token, videos[40]!.externalId, { position: 12 });
    await call(t.app, { method: 'POST', url: `/api/me/hidden/${videos[41]!.externalId}`, token: member.token });
    await call(t.app, { method: 'PUT', url: '/api/me/history/settings', token: member.token, payload: { paused: true } });
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.uuid, member.user.uuid!));
    const rowsOf = async () =>
      Promise.all([watchHistory, hiddenVideos, historySettings].map(async (table) => (await t.database.db.select().from(table).where(eq(table.userId, row!.id))).length));
    expect(await rowsOf()).toEqual([1, 1, 1]);
    expect((await call(t.app, { method: 'PUT', url: '/api/users/delete', token: member.token, payload: { reason: 'bye' } })).status).toBe(204);
    expect(await rowsOf()).toEqual([0, 0, 0]);
  });
});
