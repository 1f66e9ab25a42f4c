import { playlistListSchema, playlistSchema, playlistVideosSchema, type Playlist, type PlaylistVideos } from '@sift/contracts';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProviderVideo } from '../src/providers/video-provider.js';
import { aMember, call, expectError } from './support/accounts.js';
import { aChannel, videosOf } from './support/factories.js';
import { multipartBody } from './support/multipart.js';
import { useTestApp } from './support/test-app.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sift-playlists-'));
const t = useTestApp({ accounts: { dataDir } });

let videos: ProviderVideo[] = [];
let owner: { token: string; user: { watchLater: { id: number } | null } };
let other: { token: string };

beforeAll(async () => {
  const channel = aChannel({ numberOfVideos: 30 });
  videos = videosOf(channel, 30);
  t.videoService.channels.set(channel.externalId, channel);
  for (const v of videos) t.videoService.videos.set(v.externalId, v);
  await t.services.catalog.syncChannel(channel.externalId, { maxPages: Infinity });
  owner = (await aMember(t)) as typeof owner;
  other = await aMember(t);
});

const url = (id: number | string, rest = '') => `/api/playlists/${id}${rest}`;

async function create(token: string, name = 'Road trip'): Promise<Playlist> {
  const res = await call<Playlist>(t.app, { method: 'POST', url: '/api/playlists', token, payload: { name } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.headers.location).toBe(`/api/playlists/${res.body.id}`);
  return playlistSchema.parse(res.body);
}

async function add(token: string, id: number | string, video: ProviderVideo) {
  return call<{ itemId: number }>(t.app, { method: 'POST', url: url(id, '/videos'), token, payload: { externalId: video.externalId } });
}

async function order(id: number | string, token?: string, query = 'limit=100'): Promise<PlaylistVideos> {
  const res = await call(t.app, { method: 'GET', url: url(id, `/videos?${query}`), token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return playlistVideosSchema.parse(res.body);
}

const ids = (page: PlaylistVideos) => page.videos.map((v) => v.externalId);

async function png() {
  return sharp({ create: { width: 400, height: 400, channels: 3, background: '#3366cc' } }).png().toBuffer();
}

describe('creating, reading, listing', () => {
  it('creates a private playlist for its owner, readable by them only', async () => {
    const p = await create(owner.token, '  Jazz nights ');
    expect(p).toMatchObject({ name: 'Jazz nights', public: false, isWatchLater: false, numberOfVideos: 0, thumbnail: null, thumbnailType: 'auto' });
    expect(p.owner.creator).toBe(true);
    expect((await call(t.app, { method: 'GET', url: url(p.id), token: owner.token })).status).toBe(200);
    expectError(await call(t.app, { method: 'GET', url: url(p.id), token: other.token }), 404, 'NOT_FOUND');
    expectError(await call(t.app, { method: 'GET', url: url(p.id) }), 404, 'NOT_FOUND');
    expectError(await call(t.app, { method: 'GET', url: url(p.id, '/videos') }), 404, 'NOT_FOUND');
  });

  it('refuses bad input with the failing field, and visitors with 401', async () => {
    expectError(await call(t.app, { method: 'POST', url: '/api/playlists', token: owner.token, payload: { name: '   ' } }), 400, 'VALIDATION', 'name');
    expectError(await call(t.app, { method: 'POST', url: '/api/playlists', token: owner.token, payload: { name: 'x'.repeat(101) } }), 400, 'VALIDATION', 'name');
    expectError(await call(t.app, { method: 'POST', url: '/api/playlists', token: owner.token, payload: {} }), 400, 'VALIDATION', 'name');
    expectError(await call(t.app, { method: 'POST', url: '/api/playlists', payload: { name: 'Mine' } }), 401);
    expectError(await call(t.app, { method: 'GET', url: '/api/playlists' }), 401);
    expectError(await call(t.app, { method: 'GET', url: url('abc'), token: owner.token }), 404, 'NOT_FOUND'); // no playlist has that id (issue 17)
    expectError(await call(t.app, { method: 'GET', url: url(999999), token: owner.token }), 404);
    expectError(await call(t.app, { method: 'GET', url: '/api/playlists?sort=random', token: owner.token }), 400, 'VALIDATION', 'sort');
    expectError(await call(t.app, { method: 'GET', url: '/api/playlists?limit=101', token: owner.token }), 400, 'VALIDATION', 'limit');
    expectError(await call(t.app, { method: 'GET', url: '/api/playlists?next=bm9wZQ', token: owner.token }), 400, 'VALIDATION', 'next');
    const p = await create(owner.token);
    expectError(await call(t.app, { method: 'PUT', url: url(p.id), token: owner.token, payload: { backgroundColor: 'red' } }), 400, 'VALIDATION', 'backgroundColor');
    expectError(await call(t.app, { method: 'PUT', url: url(p.id), token: owner.token, payload: { owner: 5 } }), 400, 'VALIDATION');
    expectError(await call(t.app, { method: 'POST', url: url(p.id, '/videos'), token: owner.token, payload: { externalId: 'no such/id' } }), 400, 'VALIDATION', 'externalId');
    expectError(await call(t.app, { method: 'POST', url: url(p.id, '/videos'), token: owner.token, payload: { externalId: 'unknownvid' } }), 404);
    expectError(await call(t.app, { method: 'PUT', url: url(p.id, '/videos'), token: owner.token, payload: { itemId: 1, position: -1 } }), 400, 'VALIDATION', 'position');
    expectError(await call(t.app, { method: 'GET', url: url(p.id, '/videos?type=movie'), token: owner.token }), 400, 'VALIDATION', 'type');
    expectError(await call(t.app, { method: 'PUT', url: url(p.id, '/videos'), token: owner.token, payload: { itemId: 'one', position: 0 } }), 400, 'VALIDATION', 'itemId');
    expectError(await call(t.app, { method: 'PUT', url: url(p.id, '/videos'), token: owner.token, payload: { itemId: 1e20, position: 1e20 } }), 400, 'VALIDATION', 'itemId');
    expectError(await call(t.app, { method: 'GET', url: url('123456789012345'), token: owner.token }), 404);
    expectError(await call(t.app, { method: 'DELETE', url: url(p.id, '/videos/123456789012345'), token: owner.token }), 404);
    expectError(await call(t.app, { method: 'DELETE', url: url(p.id, '/videos/bad%20id'), token: owner.token }), 400, 'VALIDATION', 'videoId');
    expectError(await call(t.app, { method: 'GET', url: url(p.id, '/videos?next=%7B%7D'), token: owner.token }), 400, 'VALIDATION', 'next');
    expectError(await call(t.app, { method: 'POST', url: url(999999, '/follows'), token: owner.token }), 404);
    expectError(await call(t.app, { method: 'POST', url: url(999999, '/copy'), token: owner.token }), 404);
    expectError(await call(t.app, { method: 'DELETE', url: url(999999, '/images'), token: owner.token }), 404);
    expectError(await call(t.app, { method: 'PUT', url: url(p.id), token: owner.token, payload: { name: 'ok', playbackRate: '3' } }), 400, 'VALIDATION', 'playbackRate');
    expectError(await call(t.app, { method: 'POST', url: '/api/playlists', token: owner.token, payload: { name: 'ok', description: 'd'.repeat(1001) } }), 400, 'VALIDATION', 'description');
  });

  it('lists own playlists by every sort with cursor paging, and the followed ones', async () => {
    const member = await aMember(t);
    const names = ['banana', 'Apple', 'cherry', 'zucchini', 'Éclair'];
    const made: Playlist[] = [];
    for (const name of names) {
      made.push(await create(member.token, name));
      await new Promise((resolve) => setTimeout(resolve, 3)); // distinct creation times
    }
    for (let i = 0; i < 3; i++) expect((await add(member.token, made[2]!.id, videos[i]!)).status).toBe(201);
    expect((await add(member.token, made[0]!.id, videos[0]!)).status).toBe(201);

    const all = async (sort: string, q = '') => {
      const seen: string[] = [];
      let next: string | null = null;
      do {
        const qs = new URLSearchParams({ limit: '2', sort, ...(q ? { q } : {}), ...(next ? { next } : {}) });
        const res = await call(t.app, { method: 'GET', url: `/api/playlists?${qs}`, token: member.token });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const page = playlistListSchema.parse(res.body);
        seen.push(...page.items.map((p) => p.name));
        next = page.next;
      } while (next);
      return seen;
    };
    // Accents folded: Éclair among the e's, not after z.
    expect(await all('alpha')).toEqual(['Apple', 'banana', 'cherry', 'Éclair', 'zucchini']);
    expect(await all('created')).toEqual(['Éclair', 'zucchini', 'cherry', 'Apple', 'banana']);
    expect((await all('videos')).slice(0, 2)).toEqual(['cherry', 'banana']);
    expect(await all('')).toHaveLength(5);
    expect(await all('alpha', 'ECLA')).toEqual(['Éclair']);
    expect(await all('alpha', '100%')).toEqual([]);

    // Following: only what is visible to the follower.
    await call(t.app, { method: 'POST', url: url(made[1]!.id, '/public'), token: member.token });
    const followed = await call<Playlist>(t.app, { method: 'POST', url: url(made[1]!.id, '/follows'), token: other.token });
    expect(followed.status).toBe(200);
    expect(followed.body).toMatchObject({ follow: true, numberOfFollowers: 1 });
    expectError(await call(t.app, { method: 'POST', url: url(made[2]!.id, '/follows'), token: other.token }), 404);
    expectError(await call(t.app, { method: 'POST', url: url(made[1]!.id, '/follows'), token: member.token }), 409);
    const list = await call<{ items: Playlist[] }>(t.app, { method: 'GET', url: '/api/playlists?following=true', token: other.token });
    expect(list.body.items.map((p) => p.name)).toEqual(['Apple']);
    expect((await call<Playlist>(t.app, { method: 'DELETE', url: url(made[1]!.id, '/follows'), token: other.token })).body.follow).toBe(false);
  });
});

describe('Watch later', () => {
  it('is the member’s from sign-up, addressable as wl, and keeps its rules', async () => {
    const wlId = owner.user.watchLater!.id;
    const wl = await call<Playlist>(t.app, { method: 'GET', url: url('wl'), token: owner.token });
    expect(wl.body).toMatchObject({ id: wlId, isWatchLater: true, name: 'Watch later', public: false });
    expectError(await call(t.app, { method: 'GET', url: url('wl') }), 401);
    expectError(await call(t.app, { method: 'GET', url: url(wlId), token: other.token }), 404);
    expectError(await call(t.app, { method: 'PUT', url: url('wl'), token: owner.token, payload: { name: 'Later' } }), 403, 'WATCH_LATER');
    // By its number too (a rename checks ownership and Watch later inside the UPDATE), and nothing changed.
    expectError(await call(t.app, { method: 'PUT', url: url(wlId), token: owner.token, payload: { name: 'Later' } }), 403, 'WATCH_LATER');
    expect((await call<Playlist>(t.app, { method: 'GET', url: url('wl'), token: owner.token })).body.name).toBe('Watch later');
    expectError(await call(t.app, { method: 'DELETE', url: url(wlId), token: owner.token }), 403, 'WATCH_LATER');
    expectError(await call(t.app, { method: 'POST', url: url('wl', '/public'), token: owner.token }), 403, 'WATCH_LATER');
    const upload = multipartBody('file', 'a.png', 'image/png', await png());
    expectError(await call(t.app, { method: 'PUT', url: url('wl', '/images'), token: owner.token, payload: upload.payload, headers: upload.headers }), 403, 'WATCH_LATER');

    expect((await add(owner.token, 'wl', videos[5]!)).status).toBe(201);
    expectError(await add(owner.token, 'wl', videos[5]!), 409, 'ALREADY_IN_PLAYLIST');
    const page = await order('wl', owner.token);
    expect(page.videos).toHaveLength(1);
    expect(page.videos[0]).toMatchObject({ externalId: videos[5]!.externalId, watchLater: true });
    expect((await call<{ externalIds: string[] }>(t.app, { method: 'GET', url: url('wl', '/video-ids'), token: owner.token })).body.externalIds).toEqual([
      videos[5]!.externalId,
    ]);
    // Watch later is not among "my playlists".
    const mine = await call<{ items: Playlist[] }>(t.app, { method: 'GET', url: '/api/playlists?limit=100', token: owner.token });
    expect(mine.body.items.some((p) => p.isWatchLater)).toBe(false);
  });
});

describe('the permission matrix', () => {
  const upload = async () => multipartBody('file', 'cover.png', 'image/png', await png());
  type Mutation = { name: string; run: (id: number, token?: string) => Promise<{ status: number; body: unknown }>; ok: number };
  const mutations: Mutation[] = [
    { name: 'rename', ok: 200, run: (id, token) => call(t.app, { method: 'PUT', url: url(id), token, payload: { name: 'Renamed', description: 'd' } }) },
    { name: 'make public', ok: 200, run: (id, token) => call(t.app, { method: 'POST', url: url(id, '/public'), token }) },
    { name: 'add a video', ok: 201, run: (id, token) => add(token!, id, videos[9]!) },
    { name: 'move a video', ok: 204, run: async (id, token) => call(t.app, { method: 'PUT', url: url(id, '/videos'), token, payload: { itemId: firstItem.get(id)!, position: 1 } }) },
    { name: 'remove a video', ok: 204, run: (id, token) => call(t.app, { method: 'DELETE', url: url(id, `/videos/${videos[0]!.externalId}`), token }) },
    { name: 'set the cover', ok: 200, run: async (id, token) => { const u = await upload(); return call(t.app, { method: 'PUT', url: url(id, '/images'), token, payload: u.payload, headers: u.headers }); } },
    { name: 'remove the cover', ok: 200, run: (id, token) => call(t.app, { method: 'DELETE', url: url(id, '/images'), token }) },
    { name: 'make private', ok: 200, run: (id, token) => call(t.app, { method: 'DELETE', url: url(id, '/public'), token }) },
    { name: 'delete', ok: 204, run: (id, token) => call(t.app, { method: 'DELETE', url: url(id), token }) },
  ];
  const firstItem = new Map<number, number>();

  /** A playlist with two videos (and a custom cover), public or private. */
  async function fixture(isPublic: boolean) {
    const p = await create(owner.token, isPublic ? 'Public one' : 'Private one');
    firstItem.set(p.id, (await add(owner.token, p.id, videos[0]!)).body.itemId);
    await add(owner.token, p.id, videos[1]!);
    const u = await upload();
    expect((await call(t.app, { method: 'PUT', url: url(p.id, '/images'), token: owner.token, payload: u.payload, headers: u.headers })).status).toBe(200);
    if (isPublic) await call(t.app, { method: 'POST', url: url(p.id, '/public'), token: owner.token });
    return p.id;
  }

  for (const m of mutations) {
    it(`${m.name}: visitor 401, other user 403 (public) / 404 (private), owner succeeds`, async () => {
      const pub = await fixture(true);
      const priv = await fixture(false);
      expectError((await m.run(pub)) as never, 401);
      expectError((await m.run(pub, other.token)) as never, 403, 'FORBIDDEN');
      expectError((await m.run(priv, other.token)) as never, 404, 'NOT_FOUND');
      const res = await m.run(priv, owner.token);
      expect(res.status, `${m.name}: ${JSON.stringify(res.body)}`).toBe(m.ok);
    });
  }

  it('a visitor reads a public playlist and its videos, but not a private one', async () => {
    const pub = await fixture(true);
    const seen = await call<Playlist>(t.app, { method: 'GET', url: url(pub) });
    expect(seen.status).toBe(200);
    expect(seen.body.owner.creator).toBe(false);
    expect(seen.body.thumbnail).toMatch(/^\/media\/uploads\/playlists\//);
    expect(ids(await order(pub))).toEqual([videos[0]!.externalId, videos[1]!.externalId]);
  });

  it('anyone logged in copies what they can see, privately and in the same order', async () => {
    const pub = await fixture(true);
    const res = await call<Playlist>(t.app, { method: 'POST', url: url(pub, '/copy'), token: other.token });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Public one (copy)', public: false, numberOfVideos: 2, owner: { creator: true } });
    expect(ids(await order(res.body.id, other.token))).toEqual([videos[0]!.externalId, videos[1]!.externalId]);
    expectError(await call(t.app, { method: 'POST', url: url(await fixture(false), '/copy'), token: other.token }), 404);
    expectError(await call(t.app, { method: 'POST', url: url(pub, '/copy') }), 401);
  });
});

describe('entries', () => {
  it('moves one entry anywhere and removes by video id', async () => {
    const p = await create(owner.token, 'Order');
    const items: number[] = [];
    for (let i = 0; i < 6; i++) items.push((await add(owner.token, p.id, videos[i]!)).body.itemId);
    const move = (itemId: number, position: number) =>
      call(t.app, { method: 'PUT', url: url(p.id, '/videos'), token: owner.token, payload: { itemId, position } });
    const v = (i: number) => videos[i]!.externalId;
    expect((await move(items[5]!, 0)).status).toBe(204);
    expect(ids(await order(p.id, owner.token))).toEqual([v(5), v(0), v(1), v(2), v(3), v(4)]);
    await move(items[5]!, 99);
    expect(ids(await order(p.id, owner.token))).toEqual([v(0), v(1), v(2), v(3), v(4), v(5)]);
    await move(items[0]!, 3);
    expect(ids(await order(p.id, owner.token))).toEqual([v(1), v(2), v(3), v(0), v(4), v(5)]);
    // Many moves into one gap end in a renumbering, never in a wrong order.
    for (let i = 0; i < 60; i++) await move(i % 2 ? items[4]! : items[5]!, 1);
    const after = ids(await order(p.id, owner.token));
    expect(new Set(after).size).toBe(6);
    expect(after[0]).toBe(v(1));
    expectError(await move(123456789, 0), 404);

    expect((await call(t.app, { method: 'DELETE', url: url(p.id, `/videos/${v(2)}`), token: owner.token })).status).toBe(204);
    expectError(await call(t.app, { method: 'DELETE', url: url(p.id, `/videos/${v(2)}`), token: owner.token }), 404);
    const page = await order(p.id, owner.token);
    expect(page.totalResults).toBe(5);
    expect((await call<Playlist>(t.app, { method: 'GET', url: url(p.id), token: owner.token })).body.numberOfVideos).toBe(5);
    // The automatic cover is the first video's thumbnail.
    expect((await call<Playlist>(t.app, { method: 'GET', url: url(p.id), token: owner.token })).body.thumbnail).toBe(page.videos[0]!.thumbnail);
  });

  it('pages videos by cursor until a short page, and filters by text and type', async () => {
    const p = await create(owner.token, 'Long');
    for (let i = 0; i < 25; i++) await add(owner.token, p.id, videos[i]!);
    const seen: string[] = [];
    let next: string | null = null;
    let pages = 0;
    do {
      const page = await order(p.id, owner.token, `limit=10${next ? `&next=${next}` : ''}`);
      seen.push(...ids(page));
      next = page.next;
      pages++;
    } while (next);
    expect(pages).toBe(3);
    expect(seen).toEqual(videos.slice(0, 25).map((v) => v.externalId));
    const one = await order(p.id, owner.token, `q=${videos[3]!.externalId.toUpperCase()}`);
    expect(ids(one)).toEqual([videos[3]!.externalId]);
    expect(one.totalResults).toBe(1);
    expect((await order(p.id, owner.token, 'type=short')).videos).toEqual([]);
  });

  it('keeps every item of concurrent adds', async () => {
    const p = await create(owner.token, 'Busy');
    const results = await Promise.all(videos.slice(0, 20).map((v, i) => add(i % 2 ? owner.token : owner.token, p.id, v)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const page = await order(p.id, owner.token);
    expect(new Set(ids(page))).toEqual(new Set(videos.slice(0, 20).map((v) => v.externalId)));
    expect((await call<Playlist>(t.app, { method: 'GET', url: url(p.id), token: owner.token })).body.numberOfVideos).toBe(20);
    // The same video twice at once: exactly one lands.
    const twice = await Promise.all([add(owner.token, p.id, videos[25]!), add(owner.token, p.id, videos[25]!)]);
    expect(twice.map((r) => r.status).sort()).toEqual([201, 409]);
  });
});

describe('cover images', () => {
  it('stores a PNG as a 300×300 JPEG, serves it, and removes it back to auto', async () => {
    const p = await create(owner.token, 'Covered');
    const u = multipartBody('file', 'cover.png', 'image/png', await png());
    const set = await call<Playlist>(t.app, { method: 'PUT', url: url(p.id, '/images'), token: owner.token, payload: u.payload, headers: u.headers });
    expect(set.status).toBe(200);
    expect(set.body.thumbnailType).toBe('custom');
    const served = await t.app.inject({ method: 'GET', url: set.body.thumbnail! });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 300, 300]);

    const removed = await call<Playlist>(t.app, { method: 'DELETE', url: url(p.id, '/images'), token: owner.token });
    expect(removed.body).toMatchObject({ thumbnailType: 'auto', thumbnail: null });
    expect((await t.app.inject({ method: 'GET', url: set.body.thumbnail! })).statusCode).toBe(404);
    expectError(await call(t.app, { method: 'DELETE', url: url(p.id, '/images'), token: owner.token }), 409, 'IMAGE_AUTO');
  });

  it('refuses a GIF, a PNG renamed .jpg with broken bytes and a 20 MB file with clear messages', async () => {
    const p = await create(owner.token, 'Picky');
    const put = (file: ReturnType<typeof multipartBody>) =>
      call(t.app, { method: 'PUT', url: url(p.id, '/images'), token: owner.token, payload: file.payload, headers: file.headers });
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    expect(expectError(await put(multipartBody('file', 'a.gif', 'image/gif', gif)), 415).message).toBe('Only JPG and PNG images are accepted');
    const broken = Buffer.concat([(await png()).subarray(0, 50), Buffer.from('garbage')]);
    expect(expectError(await put(multipartBody('file', 'photo.jpg', 'image/jpeg', broken)), 400).message).toBe('The PNG image is damaged or cannot be read');
    const huge = Buffer.concat([await png(), Buffer.alloc(20 * 1024 * 1024)]);
    expect(expectError(await put(multipartBody('file', 'big.png', 'image/png', huge)), 413).message).toBe('The file is too large: at most 5 MB');
    expectError(await call(t.app, { method: 'PUT', url: url(p.id, '/images'), token: owner.token, payload: { file: 'x' } }), 400, 'VALIDATION', 'file');
    expect((await call<Playlist>(t.app, { method: 'GET', url: url(p.id), token: owner.token })).body.thumbnailType).toBe('auto');
  });
});
