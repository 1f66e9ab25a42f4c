import { channelSchema, historyPageSchema, importStartedSchema, memberImportSchema, type MemberImport } from '@sift/contracts';
import { unzipSync, strFromU8 } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_SKIP_REASONS } from '../src/modules/imports/imports.service.js';
import type { ProviderChannel, ProviderVideo } from '../src/providers/video-provider.js';
import { aMember, call } from './support/accounts.js';
import { aChannel, aVideo } from './support/factories.js';
import { multipartBody } from './support/multipart.js';
import { useTestApp } from './support/test-app.js';

/**
 * Issue 30 "Bring it, take it": the watch history of an export file becomes the member's history — the videos looked
 * up as the catalog does, the ones the video service does not have listed, nothing added twice, nothing recorded while
 * history is paused — and Sift's own data.zip carries it out and back. Each format's reading is its parser's unit test.
 */
const t = useTestApp();
type Member = Awaited<ReturnType<typeof aMember>>;

async function importFile(member: Member, bytes: Buffer | Uint8Array, filename = 'export'): Promise<MemberImport> {
  const body = multipartBody('file', filename, 'application/octet-stream', Buffer.from(bytes));
  const res = await call(t.app, { method: 'POST', url: '/api/me/imports', token: member.token, payload: body.payload, headers: body.headers });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const started = importStartedSchema.parse(res.body);
  await t.services.jobs.drain();
  return memberImportSchema.parse((await call(t.app, { method: 'GET', url: `/api/me/imports/${started.id}`, token: member.token })).body);
}

async function historyOf(member: Member) {
  const res = await call(t.app, { method: 'GET', url: '/api/me/history?limit=50', token: member.token });
  expect(res.status).toBe(200);
  return historyPageSchema.parse(res.body).items.map((i) => ({ id: i.externalId, watchedAt: i.watchedAt, watched: i.watched, position: i.position }));
}

let channel: ProviderChannel;
let videos: ProviderVideo[];
/** An id the video service does not know (deleted, or never was). */
const GONE = 'zzzzzzzzzz0';

const watchUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;
/** Takeout's watch-history.json, newest first, with an ad and a video that no longer exists. */
const takeoutHistory = () =>
  Buffer.from(
    JSON.stringify([
      { header: 'YouTube', title: `Watched ${videos[0]!.title}`, titleUrl: watchUrl(videos[0]!.externalId), time: '2026-11-20T18:00:00.000Z', products: ['YouTube'] },
      { header: 'YouTube', title: 'Watched Shoes', titleUrl: watchUrl(videos[3]!.externalId), time: '2026-11-20T17:59:00.000Z', products: ['YouTube'], details: [{ name: 'From Google Ads' }] },
      { header: 'YouTube', title: `Watched ${videos[1]!.title}`, titleUrl: watchUrl(videos[1]!.externalId), time: '2026-11-19T09:00:00.000Z', products: ['YouTube'] },
      { header: 'YouTube', title: 'Watched a lost one', titleUrl: watchUrl(GONE), time: '2026-11-18T09:00:00.000Z', products: ['YouTube'] },
    ]),
  );

beforeAll(() => {
  channel = aChannel({ name: 'Lathes' });
  t.videoService.channels.set(channel.externalId, channel);
  videos = [1, 2, 3, 4].map((n) => aVideo(channel, { title: `Turning part ${n}`, durationSeconds: 600 }));
  for (const v of videos) t.videoService.videos.set(v.externalId, v);
});

describe('importing a watch history', () => {
  it("makes Takeout's watched videos the member's history, at their times, lists what it could not find, and adds nothing twice", async () => {
    const member = await aMember(t);
    const done = await importFile(member, takeoutHistory(), 'watch-history.json');
    expect(done.status).toBe('CREATED');
    expect(done.counts).toMatchObject({ history: 2, channels: 0 });
    expect(done.skipped).toEqual(
      expect.arrayContaining([{ item: 'Watch history: 1 video', reason: IMPORT_SKIP_REASONS.historyUnknown }, expect.objectContaining({ item: 'Watch history: 1 ad' })]),
    );
    const expected = [
      { id: videos[0]!.externalId, watchedAt: '2026-11-20T18:00:00.000Z', watched: true, position: 0 },
      { id: videos[1]!.externalId, watchedAt: '2026-11-19T09:00:00.000Z', watched: true, position: 0 },
    ];
    expect(await historyOf(member)).toEqual(expected);

    const again = await importFile(member, takeoutHistory(), 'watch-history.json');
    expect(again.counts.history).toBe(0);
    expect(await historyOf(member)).toEqual(expected);
  });

  it('keeps where a FreeTube history stopped: an unfinished video is in Continue watching, a finished one is watched', async () => {
    const member = await aMember(t);
    const line = (v: ProviderVideo, watchProgress: number, timeWatched: number) =>
      JSON.stringify({ videoId: v.externalId, title: v.title, author: 'Lathes', authorId: channel.externalId, lengthSeconds: 600, watchProgress, timeWatched, isLive: false, type: 'video', _id: v.externalId });
    const file = Buffer.from(`${line(videos[2]!, 125.4, Date.parse('2026-11-21T10:00:00Z'))}\n${line(videos[3]!, 590, Date.parse('2026-11-20T10:00:00Z'))}\n`);
    const done = await importFile(member, file, 'history.db');
    expect(done.counts.history).toBe(2);
    expect(await historyOf(member)).toEqual([
      { id: videos[2]!.externalId, watchedAt: '2026-11-21T10:00:00.000Z', watched: false, position: 125 },
      { id: videos[3]!.externalId, watchedAt: '2026-11-20T10:00:00.000Z', watched: true, position: 0 },
    ]);
    const continuing = await call(t.app, { method: 'GET', url: '/api/me/continue-watching?limit=10', token: member.token });
    expect((continuing.body as { items: { externalId: string }[] }).items.map((i) => i.externalId)).toEqual([videos[2]!.externalId]);
  });

  it('records nothing while history is paused, and says so', async () => {
    const member = await aMember(t);
    expect((await call(t.app, { method: 'PUT', url: '/api/me/history/settings', token: member.token, payload: { paused: true } })).status).toBe(200);
    const done = await importFile(member, takeoutHistory(), 'watch-history.json');
    expect(done.status).toBe('CREATED');
    expect(done.counts.history).toBe(0);
    expect(done.skipped).toContainEqual({ item: 'Watch history (3 videos)', reason: IMPORT_SKIP_REASONS.historyPaused });
    expect(await historyOf(member)).toEqual([]);
  });

  it("asks the video service for the followed channels only: a channel known through the history is stored by the name its videos give, and described on its page's first visit", async () => {
    const followed = aChannel({ name: 'Followed Forge', numberOfFollowers: 7_000 });
    const seenOnly = aChannel({ name: 'Seen in passing', description: 'Knots and splices.', numberOfFollowers: 4_321 });
    for (const c of [followed, seenOnly]) t.videoService.channels.set(c.externalId, c);
    const watched = [aVideo(seenOnly, { title: 'A bowline, fast' }), aVideo(seenOnly, { title: 'An eye splice' }), aVideo(followed, { title: 'Forge welding' })];
    for (const v of watched) t.videoService.videos.set(v.externalId, v);
    // Invidious's export: subscriptions, the watch history (ids, oldest first), preferences, playlists.
    const file = Buffer.from(
      JSON.stringify({ subscriptions: [followed.externalId], watch_history: watched.map((v) => v.externalId).reverse(), preferences: { locale: 'en-US' }, playlists: [] }),
    );
    const member = await aMember(t);
    const asked = t.videoService.channelsAsked.length;
    const done = await importFile(member, file, 'subscription_manager.json');
    expect(done.status).toBe('CREATED');
    expect(done.counts).toMatchObject({ channels: 1, history: 3 });
    // (The follow's first refresh asks for its channel too, on a service without free feeds like this one.)
    const askedOf = () => [...new Set(t.videoService.channelsAsked.slice(asked))];
    expect(askedOf()).toEqual([followed.externalId]);

    // The history shows the channel by the name its videos gave; its page asks the service once and shows the rest.
    const history = historyPageSchema.parse((await call(t.app, { method: 'GET', url: '/api/me/history?limit=50', token: member.token })).body);
    expect(history.items.map((i) => [i.title, i.channelName])).toEqual([
      ['A bowline, fast', 'Seen in passing'],
      ['An eye splice', 'Seen in passing'],
      ['Forge welding', 'Followed Forge'],
    ]);
    const page = async () => channelSchema.parse((await call(t.app, { method: 'GET', url: `/api/search/channels/${seenOnly.externalId}` })).body);
    expect(await page()).toMatchObject({ name: 'Seen in passing', description: 'Knots and splices.', numberOfFollowers: 4_321, thumbnail: seenOnly.thumbnail });
    expect(await page()).toMatchObject({ description: 'Knots and splices.' });
    expect(t.videoService.channelsAsked.filter((id) => id === seenOnly.externalId)).toHaveLength(1);
  });

  it('asks about a channel the service no longer has once, not on every visit of its page', async () => {
    const gone = aChannel({ name: 'Gone Gardens' });
    const video = aVideo(gone, { title: 'Last upload' });
    t.videoService.videos.set(video.externalId, video);
    const member = await aMember(t);
    const done = await importFile(member, Buffer.from(JSON.stringify({ subscriptions: [], watch_history: [video.externalId], playlists: [] })), 'subscription_manager.json');
    expect(done.counts).toMatchObject({ history: 1 });
    const asked = () => t.videoService.channelsAsked.filter((id) => id === gone.externalId).length;
    for (let visit = 0; visit < 3; visit++) {
      const page = await call(t.app, { method: 'GET', url: `/api/search/channels/${gone.externalId}` });
      expect(page.status).toBe(200);
      expect(channelSchema.parse(page.body)).toMatchObject({ name: 'Gone Gardens' });
    }
    expect(asked()).toBe(1);
  });

  it("carries the history out in data.zip's history.json and back in, with positions and marks", async () => {
    const member = await aMember(t);
    await importFile(member, takeoutHistory(), 'watch-history.json');
    expect((await call(t.app, { method: 'PUT', url: `/api/me/history/${videos[2]!.externalId}`, token: member.token, payload: { position: 200, duration: 600 } })).status).toBe(204);
    const res = await t.app.inject({ method: 'GET', url: '/api/me/exports/data.zip', headers: { authorization: `Bearer ${member.token}` } });
    expect(res.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const history = JSON.parse(strFromU8(files['history.json']!)) as { videoId: string; watched: boolean; position: number | null }[];
    expect(history.map((h) => [h.videoId, h.watched, h.position])).toEqual([
      [videos[2]!.externalId, false, 200],
      [videos[0]!.externalId, true, 0],
      [videos[1]!.externalId, true, 0],
    ]);
    expect(strFromU8(files['README.txt']!)).toContain('history.json');

    const other = await aMember(t);
    const back = await importFile(other, res.rawPayload, 'sift-data.zip');
    expect(back.counts.history).toBe(3);
    expect(await historyOf(other)).toEqual(await historyOf(member));

    // The same history for FreeTube (its "Import history" reads NeDB lines with every key it asks for), which Sift
    // reads back as FreeTube's too.
    const freetube = strFromU8(files['freetube-history.db']!).trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(freetube.map((r) => [r.videoId, r.watchProgress])).toEqual([
      [videos[2]!.externalId, 200],
      [videos[0]!.externalId, videos[0]!.durationSeconds],
      [videos[1]!.externalId, videos[1]!.durationSeconds],
    ]);
    for (const record of freetube) {
      expect(Object.keys(record).sort()).toEqual(
        ['_id', 'author', 'authorId', 'description', 'isLive', 'lengthSeconds', 'published', 'timeWatched', 'title', 'type', 'videoId', 'viewCount', 'watchProgress'],
      );
    }
    expect(freetube[0]).toMatchObject({ authorId: videos[2]!.channelExternalId, type: 'video', isLive: false });
    expect(strFromU8(files['README.txt']!)).toContain('freetube-history.db');
    const third = await aMember(t);
    const fromFreeTube = await importFile(third, Buffer.from(files['freetube-history.db']!), 'history.db');
    expect(fromFreeTube.format).toBe('FREETUBE_DB');
    expect((await historyOf(third)).map((h) => [h.id, h.watched])).toEqual((await historyOf(member)).map((h) => [h.id, h.watched]));
  });
});
