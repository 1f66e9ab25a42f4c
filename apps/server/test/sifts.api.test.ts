import { pagedVideosSchema, siftCategoriesSchema, siftListSchema, siftPreviewSchema, siftSchema, type Sift } from '@sift/contracts';
import { gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { ProviderChannel, ProviderVideo } from '../src/providers/video-provider.js';
import { aMember, call, expectError } from './support/accounts.js';
import { aChannel, aVideo } from './support/factories.js';
import { multipartBody } from './support/multipart.js';
import { useTestApp } from './support/test-app.js';

const t = useTestApp();

type Member = Awaited<ReturnType<typeof aMember>>;
let owner: Member;
let other: Member;
let cooking: ProviderChannel;
let coding: ProviderChannel;

/** A channel and its videos, one hour apart, at the (fake) video service; `store` also puts them in our catalog. */
async function channelWith(videos: Partial<ProviderVideo>[], store = true, startOffsetMinutes = 0): Promise<ProviderChannel> {
  const channel = aChannel({ numberOfVideos: videos.length });
  t.videoService.channels.set(channel.externalId, channel);
  const start = Date.UTC(2026, 9, 1) - startOffsetMinutes * 60_000;
  videos.forEach((v, i) => {
    const video = aVideo(channel, { publishedAt: new Date(start - i * 3_600_000), ...v });
    t.videoService.videos.set(video.externalId, video);
  });
  if (store) await t.services.catalog.syncChannel(channel.externalId, { maxPages: Infinity });
  return channel;
}

const api = <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  call<T>(t.app, { method, url, token, ...(payload === undefined ? {} : { payload: payload as object }) });

async function createSift(token: string, body: Record<string, unknown>): Promise<Sift> {
  const res = await api('POST', '/api/sifts', token, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return siftSchema.parse(res.body);
}

async function feedTitles(sift: string, token?: string): Promise<string[]> {
  const res = await api('GET', `/api/sifts/${sift}/videos?limit=100`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return pagedVideosSchema.parse(res.body).videos.map((v) => v.title);
}

beforeAll(async () => {
  owner = await aMember(t);
  other = await aMember(t);
  cooking = await channelWith([
    { title: 'Pasta carbonara, the real one' },
    { title: 'Best café breakfast', tags: ['coffee'] },
    { title: 'Quick pasta', isShort: true, durationSeconds: 45 },
    { title: 'Live cooking', liveStatus: 'LIVE', durationSeconds: 7200 },
    { title: 'Bread baking basics', description: 'Said to be easy' },
  ]);
  coding = await channelWith([
    { title: 'Learn C++ in one video' },
    { title: 'Node.js streams', description: 'Hello, World! and more' },
    { title: 'AI for cooks', description: 'pasta recipes by a model' },
  ], true, 30);
});

describe('create, read and visibility', () => {
  it('answers 401 to a visitor, and 400 with fields to bad input', async () => {
    expectError(await api('POST', '/api/sifts', undefined, { name: 'x' }), 401);
    expectError(await api('POST', '/api/sifts', owner.token, {}), 400, 'VALIDATION', 'name');
    expectError(await api('POST', '/api/sifts', owner.token, { name: '   ' }), 400, 'VALIDATION', 'name');
    expectError(await api('POST', '/api/sifts', owner.token, { name: 'x'.repeat(101) }), 400, 'VALIDATION', 'name');
    expectError(await api('POST', '/api/sifts', owner.token, { name: 'ok', category: 'nope' }), 400, 'VALIDATION', 'category');
    expectError(await api('POST', '/api/sifts', owner.token, { name: 'ok', keywords: { all: ['!!!'] } }), 400, 'VALIDATION', 'keywords.all.0');
    expectError(await api('POST', '/api/sifts', owner.token, { name: 'ok', keywords: { any: 'pasta' } }), 400, 'VALIDATION');
    expectError(
      await api('POST', '/api/sifts', owner.token, { name: 'ok', filters: { minDurationSeconds: 600, maxDurationSeconds: 60 } }),
      400,
      'VALIDATION',
      'filters.maxDurationSeconds',
    );
    expectError(await api('POST', '/api/sifts', owner.token, { name: 'ok', channels: [{ externalId: 'bad id!' }] }), 400, 'VALIDATION');
  });

  it('creates a sift with channels, keywords, category and filters; Location and hash work', async () => {
    const res = await api('POST', '/api/sifts', owner.token, {
      name: '  Pasta  ',
      description: 'Only pasta',
      category: 'food',
      channels: [{ externalId: cooking.externalId }, { externalId: coding.externalId }],
      keywords: { all: ['pasta'], any: [], none: [] },
      filters: { hideShorts: true, hideLive: false, minDurationSeconds: null, maxDurationSeconds: null },
    });
    expect(res.status).toBe(201);
    const sift = siftSchema.parse(res.body);
    expect(res.headers.location).toBe(`/api/sifts/${sift.id}`);
    expect(sift.name).toBe('Pasta');
    expect(sift.hash).toMatch(/^[A-Za-z0-9]{8,}$/);
    expect(sift.owner.creator).toBe(true);
    expect(sift.public).toBe(false);
    expect(sift.numberOfChannels).toBe(2);
    expect(sift.channels.map((c) => c.externalId)).toEqual([cooking.externalId, coding.externalId]);
    expect(sift.keywords).toEqual({ all: ['pasta'], any: [], none: [] });
    expect(sift.numberOfVideos).toBe(2);
    expect(await feedTitles(sift.hash, owner.token)).toEqual(['Pasta carbonara, the real one', 'AI for cooks']);
    const byId = siftSchema.parse((await api('GET', `/api/sifts/${sift.id}`, owner.token)).body);
    expect(byId.hash).toBe(sift.hash);
  });

  it('hides a private sift from visitors and other members (404), and shows a public one with creator false', async () => {
    const sift = await createSift(owner.token, { name: 'Secret' });
    expectError(await api('GET', `/api/sifts/${sift.hash}`), 404);
    expectError(await api('GET', `/api/sifts/${sift.hash}`, other.token), 404);
    expectError(await api('GET', `/api/sifts/${sift.hash}/videos`), 404);
    expect((await api('POST', `/api/sifts/${sift.hash}/public`, owner.token)).status).toBe(200);
    const seen = siftSchema.parse((await api('GET', `/api/sifts/${sift.hash}`, other.token)).body);
    expect(seen.public).toBe(true);
    expect(seen.owner.creator).toBe(false);
    expect((await api('GET', `/api/sifts/${sift.hash}`)).status).toBe(200);
    expect((await api('GET', `/api/sifts/${sift.hash}/videos`)).status).toBe(200);
    expect((await api('DELETE', `/api/sifts/${sift.hash}/public`, owner.token)).status).toBe(200);
    expectError(await api('GET', `/api/sifts/${sift.hash}`), 404);
    // Made private after a visitor read its feed: the feed is gone for visitors too, not served from a cache.
    expectError(await api('GET', `/api/sifts/${sift.hash}/videos`), 404);
    expect((await api('GET', `/api/sifts/${sift.hash}/videos`, owner.token)).status).toBe(200);
    expectError(await api('GET', '/api/sifts/unknownhash1'), 404);
    expectError(await api('GET', '/api/sifts/bad%20hash'), 400);
  });

  it('lists categories', async () => {
    const categories = siftCategoriesSchema.parse((await api('GET', '/api/sifts/categories')).body);
    expect(categories.length).toBeGreaterThan(10);
    expect(categories.map((c) => c.id)).toContain('technology');
  });
});

describe('permission matrix', () => {
  let sift: Sift;
  beforeAll(async () => {
    sift = await createSift(owner.token, { name: 'Owned', public: true, channels: [{ externalId: cooking.externalId }] });
  });

  const writes = () =>
    [
      ['PUT', `/api/sifts/${sift.id}`, { name: 'Taken' }],
      ['DELETE', `/api/sifts/${sift.id}`, undefined],
      ['POST', `/api/sifts/${sift.id}/public`, undefined],
      ['DELETE', `/api/sifts/${sift.id}/public`, undefined],
      ['POST', `/api/sifts/${sift.id}/channels`, { externalId: coding.externalId }],
      ['DELETE', `/api/sifts/${sift.id}/channels/${cooking.externalId}`, undefined],
    ] as const;

  it('a visitor gets 401 for every write', async () => {
    for (const [method, url, body] of writes()) expectError(await api(method, url, undefined, body), 401);
  });

  it('another member gets 403 for every write on a public sift, and the sift is unchanged', async () => {
    for (const [method, url, body] of writes()) expectError(await api(method, url, other.token, body), 403, 'FORBIDDEN');
    const after = siftSchema.parse((await api('GET', `/api/sifts/${sift.id}`, owner.token)).body);
    expect(after.name).toBe('Owned');
    expect(after.public).toBe(true);
    expect(after.numberOfChannels).toBe(1);
  });

  it('another member may copy a public sift into a private one of their own', async () => {
    const res = await api('POST', `/api/sifts/${sift.hash}/copy`, other.token);
    expect(res.status).toBe(201);
    const copy = siftSchema.parse(res.body);
    expect(copy.owner.creator).toBe(true);
    expect(copy.public).toBe(false);
    expect(copy.channels.map((c) => c.externalId)).toEqual([cooking.externalId]);
    expect(copy.id).not.toBe(sift.id);
  });

  it('copying a private sift of someone else is a 404', async () => {
    const secret = await createSift(owner.token, { name: 'Mine only' });
    expectError(await api('POST', `/api/sifts/${secret.id}/copy`, other.token), 404);
  });
});

describe('rules and the feed', () => {
  it('reflects a rule change in the feed at once', async () => {
    const sift = await createSift(owner.token, { name: 'Rules', channels: [{ externalId: cooking.externalId }, { externalId: coding.externalId }] });
    expect((await feedTitles(sift.hash, owner.token)).length).toBe(8);

    let res = await api('PUT', `/api/sifts/${sift.id}`, owner.token, { keywords: { any: ['pasta', 'c++'], none: ['AI'] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await feedTitles(sift.hash, owner.token)).toEqual(['Pasta carbonara, the real one', 'Learn C++ in one video', 'Quick pasta']);

    res = await api('PUT', `/api/sifts/${sift.id}`, owner.token, { filters: { hideShorts: true } });
    expect(await feedTitles(sift.hash, owner.token)).toEqual(['Pasta carbonara, the real one', 'Learn C++ in one video']);

    res = await api('PUT', `/api/sifts/${sift.id}`, owner.token, { keywords: { all: ['hello world'] }, filters: { hideShorts: false } });
    expect(await feedTitles(sift.hash, owner.token)).toEqual(['Node.js streams']);

    // "said" is not "AI"; "café" matches "cafe".
    res = await api('PUT', `/api/sifts/${sift.id}`, owner.token, { keywords: { any: ['ai', 'CAFE'] } });
    expect(await feedTitles(sift.hash, owner.token)).toEqual(['Best café breakfast', 'AI for cooks']);

    res = await api('PUT', `/api/sifts/${sift.id}`, owner.token, { keywords: {}, filters: { hideLive: true, minDurationSeconds: 100 } });
    expect(await feedTitles(sift.hash, owner.token)).not.toContain('Live cooking');
    expect(await feedTitles(sift.hash, owner.token)).not.toContain('Quick pasta');
  });

  it('adds and removes channels, and the feed follows', async () => {
    const sift = await createSift(owner.token, { name: 'Channels', channels: [{ externalId: cooking.externalId }] });
    let res = await api('POST', `/api/sifts/${sift.id}/channels`, owner.token, { externalId: coding.externalId, name: 'Coding' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(siftSchema.parse(res.body).numberOfChannels).toBe(2);
    expect(await feedTitles(sift.hash, owner.token)).toContain('Learn C++ in one video');
    res = await api('DELETE', `/api/sifts/${sift.id}/channels/${cooking.externalId}`, owner.token);
    expect(res.status).toBe(200);
    expect(await feedTitles(sift.hash, owner.token)).toEqual(['Learn C++ in one video', 'Node.js streams', 'AI for cooks']);
    expectError(await api('DELETE', `/api/sifts/${sift.id}/channels/${cooking.externalId}`, owner.token), 404);
    expectError(await api('POST', `/api/sifts/${sift.id}/channels`, owner.token, { name: 'no id' }), 400, 'VALIDATION', 'externalId');
  });

  it('adds matching videos that arrive later (onVideosArrived) and pages the feed by cursor', async () => {
    const channel = await channelWith(Array.from({ length: 7 }, (_, i) => ({ title: `Episode ${i}` })));
    const sift = await createSift(owner.token, { name: 'Paged', channels: [{ externalId: channel.externalId }], keywords: { all: ['episode'] } });
    // Pages read (and so cached) before the arrival must not hide it.
    const early = pagedVideosSchema.parse((await api('GET', `/api/sifts/${sift.hash}/videos?limit=3`, owner.token)).body);
    expect(early.videos[0]?.title).toBe('Episode 0');
    const late = aVideo(channel, { title: 'Episode late', publishedAt: new Date(Date.UTC(2026, 10, 1)) });
    t.videoService.videos.set(late.externalId, late);
    await t.services.catalog.syncChannel(channel.externalId, { maxPages: Infinity });
    const stored = await t.services.catalog.getVideo(late.externalId);
    const matches = await t.services.sifts.onVideosArrived([stored.id]);
    expect(matches).toEqual([{ siftId: sift.id, videoId: stored.id }]);

    const titles: string[] = [];
    let next: string | null = null;
    do {
      const res = await api('GET', `/api/sifts/${sift.hash}/videos?limit=3${next ? `&next=${next}` : ''}`, owner.token);
      const page = pagedVideosSchema.parse(res.body);
      expect(page.totalResults).toBe(8);
      titles.push(...page.videos.map((v) => v.title));
      next = page.next;
    } while (next);
    expect(titles[0]).toBe('Episode late');
    expect(titles.length).toBe(8);
    expect(new Set(titles).size).toBe(8);
    expectError(await api('GET', `/api/sifts/${sift.hash}/videos?next=garbage`, owner.token), 400, 'VALIDATION', 'next');
    expectError(await api('GET', `/api/sifts/${sift.hash}/videos?limit=101`, owner.token), 400, 'VALIDATION', 'limit');
  });

  it('answers the same page gzipped to a client that takes gzip, and plain to one that does not', async () => {
    const sift = await createSift(owner.token, { name: 'Encodings', public: true, channels: [{ externalId: cooking.externalId }] });
    const url = `/api/sifts/${sift.hash}/videos?limit=3`;
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toContain('application/json');
    const titles = pagedVideosSchema.parse(plain.json()).videos.map((v) => v.title);
    expect(titles).toHaveLength(3);
    // Twice: the first builds the page, the second is the kept one; both decode to the same page.
    for (let i = 0; i < 2; i++) {
      const zipped = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br;q=1, gzip;q=0.8' } });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toContain('accept-encoding');
      expect(pagedVideosSchema.parse(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).videos.map((v) => v.title)).toEqual(titles);
    }
    const refused = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(pagedVideosSchema.parse(refused.json()).videos).toHaveLength(3);
  });

  it('previews rules not saved yet: count and newest videos', async () => {
    const preview = async (body: unknown) => {
      const res = await api('POST', '/api/sifts/preview', undefined, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return siftPreviewSchema.parse(res.body);
    };
    const channels = [cooking.externalId, coding.externalId];
    expect((await preview({ channels })).numberOfVideos).toBe(8);
    const pasta = await preview({ channels, keywords: { all: ['pasta'] } });
    expect(pasta.numberOfVideos).toBe(3);
    expect(pasta.videos.map((v) => v.title)).toEqual(['Pasta carbonara, the real one', 'Quick pasta', 'AI for cooks']);
    expect((await preview({ channels, keywords: { all: ['pasta'] }, filters: { hideShorts: true } })).numberOfVideos).toBe(2);
    expect((await preview({ channels: [] })).numberOfVideos).toBe(0);
    expectError(await api('POST', '/api/sifts/preview', undefined, { channels, keywords: { none: [''] } }), 400, 'VALIDATION');
  });
});

describe('background channel import', () => {
  it('imports a channel the catalog does not know: PENDING_IMPORT … CREATED, usable meanwhile', async () => {
    const fresh = await channelWith([{ title: 'Fresh pasta from afar' }, { title: 'Something else' }], false);
    const sift = await createSift(owner.token, { name: 'Import', channels: [{ externalId: cooking.externalId }], keywords: { all: ['pasta'] } });
    // The import's video listing waits until the feed was read (and kept) without the channel's videos.
    let release!: () => void;
    const feedRead = new Promise<void>((resolve) => (release = resolve));
    const listVideos = t.videoService.listChannelVideos.bind(t.videoService);
    t.videoService.listChannelVideos = async (...args) => (await feedRead, listVideos(...args));
    onTestFinished(() => void (t.videoService.listChannelVideos = listVideos));
    const res = await api('POST', `/api/sifts/${sift.id}/channels`, owner.token, {
      externalId: fresh.externalId,
      name: fresh.name,
      thumbnail: fresh.thumbnail,
      numberOfFollowers: 12,
    });
    expect(res.status).toBe(200);
    const during = siftSchema.parse(res.body);
    expect(['PENDING_IMPORT', 'IMPORTING', 'METADATA_IMPORTED', 'VIDEOS_IMPORTED', 'CREATED']).toContain(during.importStatus);
    expect(during.channels.map((c) => c.externalId)).toContain(fresh.externalId);
    expect(await feedTitles(sift.hash, owner.token)).not.toContain('Fresh pasta from afar');
    release();
    await t.services.jobs.drain();
    const after = siftSchema.parse((await api('GET', `/api/sifts/${sift.hash}`, owner.token)).body);
    expect(after.importStatus).toBe('CREATED');
    expect(after.channels.find((c) => c.externalId === fresh.externalId)?.numberOfVideos).toBe(2);
    expect(await feedTitles(sift.hash, owner.token)).toContain('Fresh pasta from afar');
  });

  it('marks FAILED and drops the channel when the video service does not know it', async () => {
    const sift = await createSift(owner.token, { name: 'Import fails' });
    const res = await api('POST', `/api/sifts/${sift.id}/channels`, owner.token, { externalId: 'UCnobodyknowsthis', name: 'Ghost' });
    expect(res.status).toBe(200);
    await t.services.jobs.drain();
    const after = siftSchema.parse((await api('GET', `/api/sifts/${sift.hash}`, owner.token)).body);
    expect(after.importStatus).toBe('FAILED');
    expect(after.importError).toMatch(/UCnobodyknowsthis/);
    expect(after.channels).toEqual([]);
  });
});

describe('lists and delete', () => {
  it('lists my sifts when logged in, public ones to a visitor, with sort, q and paging', async () => {
    const a = await createSift(other.token, { name: 'Alpha list', public: true });
    const b = await createSift(other.token, { name: 'Beta list' });
    // Accents folded: Émile among the e's, not after z.
    const [e, z] = [await createSift(other.token, { name: 'Émile roster' }), await createSift(other.token, { name: 'zulu roster' })];
    const rosters = siftListSchema.parse((await api('GET', '/api/sifts?following=false&sort=alpha&q=roster', other.token)).body);
    expect(rosters.items.map((s) => s.id)).toEqual([e.id, z.id]);
    const mine = siftListSchema.parse((await api('GET', '/api/sifts?following=false&sort=alpha&q=list', other.token)).body);
    expect(mine.items.map((s) => s.id)).toEqual([a.id, b.id]);
    const visitor = siftListSchema.parse((await api('GET', '/api/sifts?q=list')).body);
    expect(visitor.items.map((s) => s.id)).toEqual([a.id]);
    const first = siftListSchema.parse((await api('GET', '/api/sifts?limit=1&sort=alpha&q=list', other.token)).body);
    expect(first.items.length).toBe(1);
    expect(first.next).not.toBeNull();
    const second = siftListSchema.parse((await api('GET', `/api/sifts?limit=1&sort=alpha&q=list&next=${first.next}`, other.token)).body);
    expect(second.items.map((s) => s.id)).toEqual([b.id]);
    expectError(await api('GET', '/api/sifts?sort=bogus'), 400, 'VALIDATION', 'sort');
    expectError(await api('GET', '/api/sifts?following=maybe'), 400, 'VALIDATION', 'following');
  });

  it('pages by keyset: a sift edited between two pages neither shows twice nor pushes another off the list', async () => {
    const [a, b, c] = [await createSift(other.token, { name: 'Keyset A' }), await createSift(other.token, { name: 'Keyset B' }), await createSift(other.token, { name: 'Keyset C' })];
    const page = async (next?: string) =>
      siftListSchema.parse((await api('GET', `/api/sifts?following=false&q=keyset&limit=1${next ? `&next=${next}` : ''}`, other.token)).body);
    const first = await page();
    expect(first.items.map((s) => s.id)).toEqual([c.id]); // the most recently updated first
    // A is edited: it is now the most recently updated. An offset would now show C again, then B.
    expect((await api('PUT', `/api/sifts/${a.id}`, other.token, { name: 'Keyset A, renamed' })).status).toBe(200);
    const second = await page(first.next!);
    expect(second.items.map((s) => s.id)).toEqual([b.id]);
    expect(second.next).toBeNull();
    // A fresh list has A on top.
    expect((await page()).items.map((s) => s.id)).toEqual([a.id]);
    // A cursor of another sort is refused, not misread.
    expectError(await api('GET', `/api/sifts?following=false&q=keyset&limit=1&sort=alpha&next=${first.next}`, other.token), 400, 'VALIDATION', 'next');
  });

  it('deletes a sift with its matches; then it is gone', async () => {
    const sift = await createSift(owner.token, { name: 'Doomed', channels: [{ externalId: cooking.externalId }] });
    expect((await api('DELETE', `/api/sifts/${sift.hash}`, owner.token)).status).toBe(204);
    expectError(await api('GET', `/api/sifts/${sift.hash}`, owner.token), 404);
    expectError(await api('DELETE', `/api/sifts/${sift.hash}`, owner.token), 404);
  });
});

describe('cover images (by hash)', () => {
  const png = () => sharp({ create: { width: 400, height: 400, channels: 3, background: '#cc6633' } }).png().toBuffer();

  it('sets a 300×300 JPEG cover for the owner only, refuses other types, and removes it', async () => {
    const sift = await createSift(owner.token, { name: 'Covered', public: true });
    const put = async (token: string | undefined, bytes: Buffer, type = 'image/png') => {
      const u = multipartBody('file', 'cover.png', type, bytes);
      return call(t.app, { method: 'PUT', url: `/api/sifts/${sift.hash}/images`, token, payload: u.payload, headers: u.headers });
    };
    expectError(await put(undefined, await png()), 401);
    expectError(await put(other.token, await png()), 403);
    expectError(await put(owner.token, Buffer.from('GIF89a not really')), 415);
    expectError(await api('DELETE', `/api/sifts/${sift.hash}/images`, owner.token), 409);

    const res = await put(owner.token, await png());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const covered = siftSchema.parse(res.body);
    expect(covered.thumbnailType).toBe('custom');
    const image = await t.app.inject({ method: 'GET', url: covered.thumbnail! });
    expect(image.statusCode).toBe(200);
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 300, 300]);

    expectError(await api('DELETE', `/api/sifts/${sift.hash}/images`, other.token), 403);
    const removed = siftSchema.parse((await api('DELETE', `/api/sifts/${sift.hash}/images`, owner.token)).body);
    expect(removed.thumbnailType).toBe('auto');
    expect((await t.app.inject({ method: 'GET', url: covered.thumbnail! })).statusCode).toBe(404);
  });

  it('deletes the cover file with the sift', async () => {
    const sift = await createSift(owner.token, { name: 'Covered, then gone' });
    const u = multipartBody('file', 'cover.png', 'image/png', await png());
    const res = await call(t.app, { method: 'PUT', url: `/api/sifts/${sift.hash}/images`, token: owner.token, payload: u.payload, headers: u.headers });
    const cover = siftSchema.parse(res.body).thumbnail!;
    expect((await t.app.inject({ method: 'GET', url: cover })).statusCode).toBe(200);
    expect((await api('DELETE', `/api/sifts/${sift.hash}`, owner.token)).status).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: cover })).statusCode).toBe(404);
  });
});
