import { publicUserSchema, searchResultsSchema, type SearchItem, type SearchResults } from '@sift/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { playlistItems, playlists, siftChannels, sifts, users, videos as videosTable } from '../src/infra/db/schema.js';
import type { ProviderChannel, ProviderVideo } from '../src/providers/video-provider.js';
import { aMember, call, expectError } from './support/accounts.js';
import { aChannel, aVideo } from './support/factories.js';
import { useTestApp } from './support/test-app.js';

const t = useTestApp();

/** Puts a channel and these videos at the (fake) video service and lets our server store them. */
async function channelWith(overrides: Partial<ProviderChannel>, videos: Partial<ProviderVideo>[] = []) {
  const channel = aChannel({ numberOfVideos: videos.length, ...overrides });
  const made = videos.map((v) => aVideo(channel, v));
  t.videoService.channels.set(channel.externalId, channel);
  for (const v of made) t.videoService.videos.set(v.externalId, v);
  await t.services.catalog.syncChannel(channel.externalId, { maxPages: Infinity });
  return { channel, videos: made };
}

async function search(params: Record<string, string | number>, token?: string) {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
  return call<unknown>(t.app, { method: 'GET', url: `/api/search?${qs}`, token });
}

async function results(params: Record<string, string | number>, token?: string): Promise<SearchResults> {
  const res = await search(params, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return searchResultsSchema.parse(res.body);
}

/** Every page of a search, following `next` until it is null. */
async function allPages(params: Record<string, string | number>, token?: string) {
  const pages: SearchResults[] = [];
  let next: string | null = null;
  do {
    const page = await results(next ? { ...params, next } : params, token);
    pages.push(page);
    next = page.next;
  } while (next && pages.length < 50);
  return { pages, items: pages.flatMap((p) => p.items) };
}

const names = (items: SearchItem[]) => items.map((i) => i.name);
const keyOf = (i: SearchItem) => `${i.type}:${i.id}`;

let siftSequence = 0;
async function aSift(ownerId: number, values: { name: string; description?: string; public?: boolean; channelIds?: number[] }) {
  const [row] = await t.database.db
    .insert(sifts)
    .values({ hash: `hash${String(++siftSequence).padStart(6, '0')}`, ownerId, name: values.name, description: values.description ?? '', public: values.public ?? true })
    .returning();
  for (const channelId of values.channelIds ?? []) await t.database.db.insert(siftChannels).values({ siftId: row!.id, channelId });
  return row!;
}

async function aPlaylist(ownerId: number, values: { name: string; description?: string; public?: boolean; videoIds?: number[] }) {
  const [row] = await t.database.db
    .insert(playlists)
    .values({ ownerId, name: values.name, description: values.description ?? '', public: values.public ?? true })
    .returning();
  let position = 0;
  for (const videoId of values.videoIds ?? []) await t.database.db.insert(playlistItems).values({ playlistId: row!.id, videoId, position: position++ });
  return row!;
}

async function userId(uuid: string): Promise<number> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.uuid, uuid));
  return row!.id;
}

async function videoId(externalId: string): Promise<number> {
  const [row] = await t.database.db.select({ id: videosTable.id }).from(videosTable).where(eq(videosTable.externalId, externalId));
  return row!.id;
}

describe('GET /api/search: parameters', () => {
  it('answers 400 naming the field for every bad parameter', async () => {
    expectError(await search({ type: 'people' }), 400, 'VALIDATION', 'type');
    expectError(await search({ sort: 'newest' }), 400, 'VALIDATION', 'sort');
    expectError(await search({ limit: 0 }), 400, 'VALIDATION', 'limit');
    expectError(await search({ limit: 101 }), 400, 'VALIDATION', 'limit');
    expectError(await search({ limit: 'ten' }), 400, 'VALIDATION', 'limit');
    expectError(await search({ ownerId: 'not-a-uuid' }), 400, 'VALIDATION', 'ownerId');
    expectError(await search({ q: 'x'.repeat(201) }), 400, 'VALIDATION', 'q');
    expectError(await search({ q: 'ab '.repeat(500) }), 400, 'VALIDATION', 'q');
    expectError(await search({ q: Array.from({ length: 13 }, (_, i) => `word${i}`).join(' ') }), 400, 'VALIDATION', 'q');
    expectError(await search({ next: 'bm90LWEtY3Vyc29y' }), 400, 'VALIDATION', 'next');
    expectError(await search({ next: '%%%' }), 400, 'VALIDATION', 'next');
  });

  it('takes a missing or empty type as all and an empty sort as relevance; limit defaults to 50', async () => {
    const page = await results({ type: '', sort: '' });
    expect(page.limit).toBe(50);
    expect(await results({})).toMatchObject({ limit: 50 });
  });

  it('answers text without a single word with no results, never an error', async () => {
    for (const q of ['?!?', '"', '---', '()&|!:*']) {
      const page = await results({ q });
      expect(page).toMatchObject({ items: [], totalResults: 0, next: null, moreOutsideFilters: false });
    }
  });

  it('refuses a cursor of another search', async () => {
    await channelWith({ name: 'Cursorville One' }, [{ title: 'cursorville a' }, { title: 'cursorville b' }, { title: 'cursorville c' }]);
    const first = await results({ q: 'cursorville', type: 'videos', limit: 1 });
    expect(first.next).not.toBeNull();
    expectError(await search({ q: 'cursorville', type: 'videos', limit: 1, sort: 'alpha', next: first.next! }), 400, 'VALIDATION', 'next');
    expectError(await search({ q: 'other', type: 'videos', limit: 1, next: first.next! }), 400, 'VALIDATION', 'next');
    expect((await results({ q: 'cursorville', type: 'videos', limit: 1, next: first.next! })).items).toHaveLength(1);
  });
});

describe('GET /api/search: matching', () => {
  beforeAll(async () => {
    await channelWith({ name: 'Pâtisserie Nord', topic: 'Cooking', description: 'Desserts.' }, [
      { title: 'Crème Brûlée Masterclass', description: 'Custard and caramel.', tags: ['dessert'] },
      { title: 'Straße Food of Berlin', description: 'Currywurst.', tags: ['travel'] },
      { title: 'MINECRAFT castle build', description: 'Blocks.', tags: ['gaming'] },
      { title: 'Black holes explained', description: 'Gravity.', tags: ['science'] },
      { title: 'Black cats at night', description: 'Felines.', tags: ['animals'] },
      { title: 'Holes in black paper', description: 'Craft.', tags: ['craft'] },
    ]);
  });

  it('ignores case and accents on both sides', async () => {
    for (const q of ['creme brulee', 'CRÈME', 'Crême BRÛLÉE', 'brulee']) {
      expect(names((await results({ q, type: 'videos' })).items), q).toEqual(['Crème Brûlée Masterclass']);
    }
    expect(names((await results({ q: 'strasse', type: 'videos' })).items)).toEqual(['Straße Food of Berlin']);
    expect(names((await results({ q: 'patisserie', type: 'channels' })).items)).toEqual(['Pâtisserie Nord']);
  });

  it('matches word prefixes as they are typed', async () => {
    expect(names((await results({ q: 'minecr', type: 'videos' })).items)).toEqual(['MINECRAFT castle build']);
    expect(names((await results({ q: 'brûl', type: 'videos' })).items)).toEqual(['Crème Brûlée Masterclass']);
  });

  it('narrows with every word, and a quoted phrase keeps its order', async () => {
    expect(names((await results({ q: 'black', type: 'videos' })).items).sort()).toEqual(['Black cats at night', 'Black holes explained', 'Holes in black paper']);
    expect(names((await results({ q: 'black holes', type: 'videos' })).items).sort()).toEqual(['Black holes explained', 'Holes in black paper']);
    expect(names((await results({ q: '"black holes"', type: 'videos' })).items)).toEqual(['Black holes explained']);
    expect(names((await results({ q: '"holes black"', type: 'videos' })).items)).toEqual([]);
  });

  it('finds channels by name and by topic', async () => {
    expect(names((await results({ q: 'nord', type: 'channels' })).items)).toEqual(['Pâtisserie Nord']);
    expect(names((await results({ q: 'cooking', type: 'channels' })).items)).toContain('Pâtisserie Nord');
  });

  it('matches tags and descriptions too, and ranks a title match above a tag match above a description match', async () => {
    await channelWith({ name: 'Ranking Channel' }, [
      { title: 'Only in the description', description: 'zephyrine zephyrine zephyrine zephyrine', tags: ['x'] },
      { title: 'Zephyrine in the title', description: 'Nothing here.', tags: ['x'] },
      { title: 'Only in the tags', description: 'Nothing here.', tags: ['zephyrine'] },
    ]);
    const page = await results({ q: 'zephyrine', type: 'videos' });
    expect(names(page.items)).toEqual(['Zephyrine in the title', 'Only in the tags', 'Only in the description']);
  });

  it('matches videos by whole words first, and by the word being typed when nothing matches it whole', async () => {
    await channelWith({ name: 'Prefix Channel' }, [
      { title: 'Quillography for beginners', tags: [] },
      { title: 'Quill pens', tags: [] },
    ]);
    expect(names((await results({ q: 'quill', type: 'videos' })).items)).toEqual(['Quill pens']);
    expect(names((await results({ q: 'quillog', type: 'videos' })).items)).toEqual(['Quillography for beginners']);
    expect(names((await results({ q: 'qui', type: 'videos' })).items).sort()).toEqual(['Quill pens', 'Quillography for beginners']);
  });

  it('matches channels by prefix too, ranking whole-word matches first', async () => {
    await channelWith({ name: 'Quillography Club', numberOfFollowers: 1_000_000 });
    await channelWith({ name: 'Quill Society', numberOfFollowers: 10 });
    expect(names((await results({ q: 'quill', type: 'channels' })).items)).toEqual(['Quill Society', 'Quillography Club']);
  });

  it('does not match stop words alone, but finds them inside a phrase query', async () => {
    expect((await results({ q: 'the', type: 'videos' })).items).toEqual([]);
    expect(names((await results({ q: '"holes in black"', type: 'videos' })).items)).toEqual(['Holes in black paper']);
  });
});

describe('GET /api/search: types, sorts and paging', () => {
  let member: Awaited<ReturnType<typeof aMember>>;
  let memberId: number;

  beforeAll(async () => {
    member = await aMember(t);
    memberId = await userId(member.user.uuid!);
    const base = new Date('2026-06-15T12:00:00Z').getTime();
    const { channel, videos } = await channelWith(
      { name: 'Volcano Watch', topic: 'Science', numberOfVideos: 23, numberOfFollowers: 900 },
      Array.from({ length: 23 }, (_, i) => ({
        title: `Volcano diary ${String.fromCharCode(65 + ((i * 7) % 23))} day ${i}`,
        publishedAt: new Date(base - i * 86_400_000),
        numberOfViews: 1000 + ((i * 37) % 23) * 10,
      })),
    );
    await channelWith({ name: 'Volcanic Rocks', topic: 'Geology', numberOfVideos: 4, numberOfFollowers: 50 });
    const channelRow = await t.services.catalog.getChannel(channel.externalId);
    await aSift(memberId, { name: 'Volcano sift', description: 'Eruptions', channelIds: [channelRow.id] });
    await aPlaylist(memberId, { name: 'Volcano playlist', videoIds: [await videoId(videos[0]!.externalId), await videoId(videos[1]!.externalId)] });
  });

  it('pages every sort to the end by cursor, without a duplicate or a gap', async () => {
    for (const sort of ['', 'created', 'videos', 'alpha']) {
      const { pages, items } = await allPages({ q: 'volcano', sort, limit: 5 });
      const expected = pages[0]!.totalResults;
      expect(expected, sort).toBe(23 + 1 + 1 + 1); // videos, a channel, a sift, a playlist
      expect(items.map(keyOf), sort).toHaveLength(expected);
      expect(new Set(items.map(keyOf)).size, sort).toBe(expected);
      expect(pages.at(-1)!.next).toBeNull();
      expect(pages.slice(0, -1).every((p) => p.items.length === 5 && p.next !== null)).toBe(true);
    }
  });

  it('each type answers only its kind, all mixes them', async () => {
    const kinds = async (type: string) => new Set((await allPages({ q: 'volcano', type, limit: 100 })).items.map((i) => i.type));
    expect(await kinds('videos')).toEqual(new Set(['video']));
    expect(await kinds('channels')).toEqual(new Set(['channel']));
    expect(await kinds('sifts')).toEqual(new Set(['sift']));
    expect(await kinds('playlists')).toEqual(new Set(['playlist']));
    expect(await kinds('all')).toEqual(new Set(['video', 'channel', 'sift', 'playlist']));
  });

  it('combo is one mixed page: a few of each kind, then videos', async () => {
    const page = await results({ q: 'volcano', type: 'combo', limit: 10 });
    expect(page.next).toBeNull();
    expect(page.items).toHaveLength(10);
    expect(page.items.slice(0, 3).map((i) => i.type)).toEqual(['channel', 'sift', 'playlist']);
    expect(page.items.slice(3).every((i) => i.type === 'video')).toBe(true);
  });

  it('sorts by creation (newest first), by number of videos and alphabetically, ignoring case and accents', async () => {
    const created = (await allPages({ q: 'volcano', type: 'videos', sort: 'created', limit: 7 })).items;
    const times = created.map((v) => (v.type === 'video' ? v.publishedAt : ''));
    expect(times).toEqual([...times].sort().reverse());

    const byVideos = (await results({ q: 'volcan', type: 'channels', sort: 'videos' })).items;
    expect(names(byVideos)).toEqual(['Volcano Watch', 'Volcanic Rocks']);

    const alpha = names((await allPages({ q: 'volcano', type: 'videos', sort: 'alpha', limit: 6 })).items);
    expect(alpha).toEqual([...alpha].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase(), 'en')));
  });

  it('returns cards with what the lists show: owner and counts of a sift and a playlist', async () => {
    const [sift] = (await results({ q: 'volcano', type: 'sifts' })).items;
    expect(sift).toMatchObject({ type: 'sift', name: 'Volcano sift', numberOfChannels: 1, numberOfVideos: 23, public: true });
    expect(sift!.type === 'sift' && sift!.owner).toMatchObject({ uuid: member.user.uuid, firstName: 'Ada', creator: false });
    const [mine] = (await results({ q: 'volcano', type: 'sifts' }, member.token)).items;
    expect(mine!.type === 'sift' && mine!.owner.creator).toBe(true);
    const [playlist] = (await results({ q: 'volcano', type: 'playlists' })).items;
    expect(playlist).toMatchObject({ type: 'playlist', name: 'Volcano playlist', numberOfVideos: 2 });
    expect(playlist!.type === 'playlist' && playlist!.thumbnail).toMatch(/^\/media\/thumbnails\//);
  });

  it('without text, lists the newest videos and most followed channels (SPEC §5)', async () => {
    const page = await results({ type: 'videos', sort: 'created', limit: 3 });
    expect(page.items).toHaveLength(3);
    const newest = await t.database.db.select({ title: videosTable.title }).from(videosTable);
    expect(newest.length).toBeGreaterThan(3);
    const times = page.items.map((v) => (v.type === 'video' ? v.publishedAt : ''));
    expect(times).toEqual([...times].sort().reverse());
    const channels = await results({ type: 'channels' });
    const followers = channels.items.map((c) => (c.type === 'channel' ? c.numberOfFollowers : 0));
    expect(followers).toEqual([...followers].sort((a, b) => b - a));
  });

  it('says when the type filter hides results, on the first page only', async () => {
    const videosOnly = await results({ q: 'volcanic', type: 'videos' });
    expect(videosOnly.items).toEqual([]);
    expect(videosOnly.moreOutsideFilters).toBe(true);
    expect((await results({ q: 'volcanic', type: 'channels' })).moreOutsideFilters).toBe(false);
    expect((await results({ q: 'volcanic' })).moreOutsideFilters).toBe(false);
    const page = await results({ q: 'volcano', type: 'videos', limit: 5 });
    expect(page.moreOutsideFilters).toBe(true);
    expect((await results({ q: 'volcano', type: 'videos', limit: 5, next: page.next! })).moreOutsideFilters).toBe(false);
  });

  it('recommends matching channels, and something to watch when nothing matched', async () => {
    const page = await results({ q: 'volcano' });
    expect(names(page.recommendedChannels)).toEqual(['Volcano Watch']);
    expect(page.recommendedChannelsPopular).toBe(false);
    expect(page.recommended).toEqual([]);
    const nothing = await results({ q: 'qwertyuiopasdf' });
    expect(nothing.items).toEqual([]);
    expect(nothing.recommendedChannels.length).toBeGreaterThan(0);
    expect(nothing.recommendedChannelsPopular).toBe(true);
    expect(nothing.recommended.length).toBeGreaterThan(0);
    expect(nothing.recommended.every((i) => i.type === 'video')).toBe(true);
  });
});

describe('GET /api/search: who sees which sifts and playlists', () => {
  let alice: Awaited<ReturnType<typeof aMember>>;
  let bob: Awaited<ReturnType<typeof aMember>>;

  beforeAll(async () => {
    alice = await aMember(t, { firstName: 'Alice' });
    bob = await aMember(t, { firstName: 'Bob' });
    const aliceId = await userId(alice.user.uuid!);
    const bobId = await userId(bob.user.uuid!);
    await aSift(aliceId, { name: 'Gardening public sift', public: true });
    await aSift(aliceId, { name: 'Gardening secret sift', public: false });
    await aPlaylist(aliceId, { name: 'Gardening public playlist', public: true });
    await aPlaylist(aliceId, { name: 'Gardening secret playlist', public: false });
    await aSift(bobId, { name: 'Gardening by Bob', public: true });
  });

  const found = async (params: Record<string, string>, token?: string) => names((await allPages(params, token)).items).sort();

  it('shows others only public ones, and the owner their private ones too', async () => {
    expect(await found({ q: 'gardening' })).toEqual(['Gardening by Bob', 'Gardening public playlist', 'Gardening public sift']);
    expect(await found({ q: 'gardening' }, bob.token)).toEqual(['Gardening by Bob', 'Gardening public playlist', 'Gardening public sift']);
    expect(await found({ q: 'gardening' }, alice.token)).toEqual([
      'Gardening by Bob',
      'Gardening public playlist',
      'Gardening public sift',
      'Gardening secret playlist',
      'Gardening secret sift',
    ]);
  });

  it('ownerId narrows to one person: their public ones for others, all of them for themselves', async () => {
    expect(await found({ ownerId: alice.user.uuid! })).toEqual(['Gardening public playlist', 'Gardening public sift']);
    expect(await found({ ownerId: alice.user.uuid!, type: 'sifts' }, bob.token)).toEqual(['Gardening public sift']);
    expect(await found({ ownerId: alice.user.uuid! }, alice.token)).toEqual([
      'Gardening public playlist',
      'Gardening public sift',
      'Gardening secret playlist',
      'Gardening secret sift',
    ]);
    expect(await found({ ownerId: alice.user.uuid!, q: 'secret' }, bob.token)).toEqual([]);
    // A person has no channels or videos of their own.
    expect(await found({ ownerId: alice.user.uuid!, type: 'videos' })).toEqual([]);
  });

  it('never shows a Watch later, even to its owner', async () => {
    const mine = names((await allPages({ ownerId: alice.user.uuid!, q: 'watch later' }, alice.token)).items);
    expect(mine).toEqual([]);
  });

  it('answers 401 for a token that is no longer valid, rather than quietly searching as a visitor', async () => {
    expectError(await search({ q: 'gardening' }, 'not-a-real-token'), 401);
  });
});

describe('GET /api/public/v01/users/{uuid}', () => {
  it("answers a person's public name, 404 for nobody, 400 for a malformed id", async () => {
    const member = await aMember(t, { firstName: 'Grace', lastName: 'Hopper' });
    const res = await call(t.app, { method: 'GET', url: `/api/public/v01/users/${member.user.uuid}` });
    expect(res.status).toBe(200);
    expect(publicUserSchema.parse(res.body)).toEqual({ uuid: member.user.uuid, firstName: 'Grace', lastName: 'Hopper' });
    expect(Object.keys(res.body as object).sort()).toEqual(['firstName', 'lastName', 'uuid']);
    expectError(await call(t.app, { method: 'GET', url: '/api/public/v01/users/6f1c2a52-3b7e-4c1d-9a55-2f0d6b3e8c41' }), 404);
    expectError(await call(t.app, { method: 'GET', url: '/api/public/v01/users/42' }), 400, 'VALIDATION', 'uuid');
  });
});

describe('GET /api/search: a common word over many videos', () => {
  it('answers the freshest matches (newest month first) and all matches of a rare word exactly', async () => {
    const newest = new Date('2030-03-20T12:00:00Z').getTime();
    const older = new Date('2029-11-10T12:00:00Z').getTime();
    const recent = Array.from({ length: 520 }, (_, i) => ({ title: `Kettle ${i}`, publishedAt: new Date(newest - i * 60_000), tags: [] }));
    const old = Array.from({ length: 80 }, (_, i) => ({ title: `Kettle old ${i}`, publishedAt: new Date(older - i * 60_000), tags: [] }));
    const rare = [{ title: 'Kettle samovar', publishedAt: new Date(older), tags: [] }];
    await channelWith({ name: 'Kettle Channel' }, [...old, ...rare, ...recent]);

    const first = await results({ q: 'kettle', type: 'videos', sort: 'created' });
    expect(first.totalResults).toBe(500);
    const { items } = await allPages({ q: 'kettle', type: 'videos', limit: 100 });
    expect(items).toHaveLength(500);
    expect(items.every((v) => v.type === 'video' && v.publishedAt >= '2030-03-01')).toBe(true);

    // A prefix of the common word (nothing matches it whole) fills the cap the same way.
    expect((await results({ q: 'kettl', type: 'videos' })).totalResults).toBe(500);

    const samovar = await results({ q: 'samovar', type: 'videos' });
    expect(names(samovar.items)).toEqual(['Kettle samovar']);
    expect(samovar.totalResults).toBe(1);
    const oldOnes = await allPages({ q: 'kettle old', type: 'videos', limit: 100 });
    expect(oldOnes.items).toHaveLength(80);
  });
});
