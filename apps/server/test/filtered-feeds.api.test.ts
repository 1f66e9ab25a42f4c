import { feedSchema, pagedVideosSchema, siftPreviewSchema, type PagedVideos } from '@sift/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { keywordCandidatesCondition, keywordRulesCondition, NO_TYPE_FILTERS, type KeywordRules } from '../src/infra/db/keyword-match.js';
import type { PublishedKey } from '../src/infra/http/cursor.js';
import { FeedsRepository } from '../src/modules/feeds/feeds.repository.js';
import { SiftsRepository } from '../src/modules/sifts/sifts.repository.js';
import { channels, videos } from '../src/infra/db/schema.js';
import type { ProviderChannel } from '../src/providers/video-provider.js';
import { aMember, call } from './support/accounts.js';
import { aChannel, aVideo } from './support/factories.js';
import { useTestApp } from './support/test-app.js';

/**
 * Keyword-filtered feeds (issue 32 part 1, decisions/054): a page's candidates come from `videos_keyword_idx`, window
 * by window back from the cursor, and the one exact matcher confirms them. What a user notices: the same videos as
 * the matcher accepts (never one fewer), newest first, pages that neither repeat nor skip, a word nothing matches
 * answering an empty, final page, and the feed agreeing with the sift editor's live preview.
 */
const t = useTestApp();

const DAY = 86_400_000;
/** Titles (and descriptions or tags) of one channel's videos; they are spread over two years, newest first. */
const corpus: Array<{ title: string; description?: string; tags?: string[] }> = [
  { title: 'Learn C++ in a day' },
  { title: 'Learn C# basics' },
  { title: 'Plain C for beginners' },
  { title: 'Node.js tutorial' },
  { title: 'Node tutorial, again' },
  { title: 'Best café in town' },
  { title: 'CAFE racer build' },
  { title: 'A talk', description: 'Hello, World! says the first program.' },
  { title: 'Helloworld is one word' },
  { title: 'Tagged only', tags: ['machine learning', 'python'] },
  { title: 'Machine', description: 'learning' },
  { title: 'Straße und Maße' },
  { title: 'He said it was fine' },
  { title: 'AI is everywhere' },
  { title: 'Version 1.5 is out' },
  { title: "Don't stop the music" },
  { title: 'The .NET way' },
  { title: 'Quokka on an island' },
];
/** Pasta videos at every distance from now: hours, days, weeks, months, a year (the windows of the index read). */
const pastaAges = [0.1, 0.5, 2, 3, 6, 12, 20, 30, 45, 70, 100, 150, 200, 260, 330, 400, 500, 600, 700];

let channel: ProviderChannel;
let channelId = 0;

beforeAll(async () => {
  channel = aChannel();
  t.videoService.channels.set(channel.externalId, channel);
  const now = Date.now();
  corpus.forEach((c, i) => {
    const v = aVideo(channel, { title: c.title, description: c.description ?? '', tags: c.tags ?? [], publishedAt: new Date(now - (i * 37 + 1) * DAY) });
    t.videoService.videos.set(v.externalId, v);
  });
  pastaAges.forEach((days, i) => {
    const v = aVideo(channel, {
      title: i % 3 === 0 ? `Pasta night ${i}` : i % 3 === 1 ? `Pasta salad ${i}` : `Fresh pasta, tomato sauce ${i}`,
      description: i % 2 === 0 ? 'Tomato and basil.' : 'Olive oil.',
      tags: [],
      publishedAt: new Date(now - days * DAY),
    });
    t.videoService.videos.set(v.externalId, v);
  });
  await t.services.catalog.syncChannel(channel.externalId, { maxPages: Infinity });
  const [row] = await t.database.db.select({ id: channels.id }).from(channels).where(eq(channels.externalId, channel.externalId));
  channelId = row!.id;
});

const rulesOf = (rules: Partial<KeywordRules>): KeywordRules => ({ all: [], any: [], none: [], ...rules });

/** What the exact matcher accepts among the channel's videos, newest first (ids). */
async function exactly(rules: Partial<KeywordRules>): Promise<number[]> {
  const rows = await t.database.db
    .select({ id: videos.id })
    .from(videos)
    .where(and(eq(videos.channelId, channelId), keywordRulesCondition(rulesOf(rules))))
    .orderBy(desc(videos.publishedAt), desc(videos.id));
  return rows.map((r) => r.id);
}

/** Every page of a list, following `next` (until it is null), with `limit` videos a page. */
async function allPages(path: string, limit: number, token?: string, page: (body: unknown) => PagedVideos = (b) => pagedVideosSchema.parse(b)): Promise<{ ids: number[]; pages: number }> {
  const ids: number[] = [];
  let next: string | null = null;
  let pages = 0;
  do {
    const url = `${path}${path.includes('?') ? '&' : '?'}limit=${limit}${next ? `&next=${encodeURIComponent(next)}` : ''}`;
    const res = await call(t.app, { method: 'GET', url, token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = page(res.body);
    ids.push(...body.videos.map((v) => v.id));
    next = body.next;
    pages += 1;
    expect(pages).toBeLessThan(50);
  } while (next);
  return { ids, pages };
}

const query = (rules: Partial<KeywordRules>) =>
  Object.entries(rules)
    .flatMap(([rule, keywords]) => keywords.map((k) => `${rule}=${encodeURIComponent(k)}`))
    .join('&');

const channelPages = (rules: Partial<KeywordRules>, limit = 3) => allPages(`/api/search/channels/${channel.externalId}/videos?${query(rules)}`, limit);

describe('the index never loses a video the matcher accepts', () => {
  const keywords = ['c++', 'C#', 'c', 'node.js', 'node', 'café', 'CAFE', 'hello world', 'machine learning', 'strasse', 'AI', 'the', 'is', '1.5', "don't", '.net', 'pasta', 'tomato sauce', 'quokka'];

  it.each(keywords)('"%s": its candidates hold every match', async (keyword) => {
    const candidates = keywordCandidatesCondition({ all: [keyword], any: [] })!;
    const rows = await t.database.db
      .select({ id: videos.id })
      .from(videos)
      .where(and(eq(videos.channelId, channelId), candidates));
    const matches = await exactly({ all: [keyword] });
    expect(matches.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining(matches));
  });

  it('reads the candidates through videos_keyword_idx', async () => {
    const plan = await t.database.db.execute(
      sql`EXPLAIN SELECT id FROM ${videos} WHERE ${keywordCandidatesCondition({ all: [], any: ['quokka'] })!}`,
    );
    const text = JSON.stringify(plan);
    // PGlite's tiny tables may be read whole; PostgreSQL is asked with its planner's statistics (bench/RESULTS.md).
    if (process.env.DATABASE_URL) expect(text).toMatch(/videos_keyword_idx|Seq Scan/);
  });
});

describe("a channel's page with the feed parameters", () => {
  const cases: Array<[string, Partial<KeywordRules>]> = [
    ['a rare word', { any: ['quokka'] }],
    ['a symbol keyword', { any: ['c++'] }],
    ['accents and case folded', { any: ['café'] }],
    ['the same, written in capitals', { any: ['CAFE'] }],
    ['a phrase across punctuation', { any: ['tomato sauce'] }],
    ['all of two words', { all: ['pasta', 'tomato'] }],
    ['a none word alone', { none: ['pasta'] }],
    ['a common word with a none word', { any: ['pasta'], none: ['salad'] }],
    ['any of two keywords', { any: ['node', 'c#'] }],
  ];

  it.each(cases)('%s: every page together is what the matcher accepts, newest first, none twice', async (_name, rules) => {
    const { ids } = await channelPages(rules);
    expect(ids).toEqual(await exactly(rules));
  });

  it('pages a common word across windows of days, months and a year, neither repeating nor skipping', async () => {
    const rules = { any: ['pasta'] };
    const { ids, pages } = await channelPages(rules, 2);
    expect(pages).toBeGreaterThanOrEqual(10);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(await exactly(rules));
  });

  it('starts at an item when asked, a page of its own (not the kept page that starts at the top)', async () => {
    const all = await exactly({ any: ['pasta'] });
    const base = `/api/search/channels/${channel.externalId}/videos?any=PASTA&limit=3`;
    const top = pagedVideosSchema.parse((await call(t.app, { method: 'GET', url: base })).body);
    expect(top.videos.map((v) => v.id)).toEqual(all.slice(0, 3));
    const after = pagedVideosSchema.parse((await call(t.app, { method: 'GET', url: `${base}&itemBefore=${all[1]}` })).body);
    expect(after.videos.map((v) => v.id)).toEqual(all.slice(2, 5));
    // The same filter written otherwise is the same page.
    const same = pagedVideosSchema.parse((await call(t.app, { method: 'GET', url: `/api/search/channels/${channel.externalId}/videos?any=pasta,Pasta&limit=3` })).body);
    expect(same).toEqual(top);
  });

  it('answers a word nothing matches with an empty, final page', async () => {
    const res = await call(t.app, { method: 'GET', url: `/api/search/channels/${channel.externalId}/videos?any=xylophonist` });
    expect(res.status).toBe(200);
    const page = pagedVideosSchema.parse(res.body);
    expect(page.videos).toEqual([]);
    expect(page.next).toBeNull();
  });

  it('is the same page when asked again (kept) and after a new matching video arrives (read again)', async () => {
    const path = `/api/search/channels/${channel.externalId}/videos?any=quokka`;
    // The public feed's read starts at the catalog's newest day, kept under the newest video: it must move with it.
    const publicPath = '/api/feeds/public?any=quokka';
    const first = pagedVideosSchema.parse((await call(t.app, { method: 'GET', url: path })).body);
    const firstPublic = pagedVideosSchema.parse((await call(t.app, { method: 'GET', url: publicPath })).body);
    expect(pagedVideosSchema.parse((await call(t.app, { method: 'GET', url: path })).body)).toEqual(first);
    // A premiere, dated ahead: a later day than any the public feed read before.
    const v = aVideo(channel, { title: 'Another quokka', description: '', tags: [], publishedAt: new Date(Date.now() + 2 * DAY) });
    t.videoService.videos.set(v.externalId, v);
    await t.services.catalog.syncChannel(channel.externalId, { maxPages: Infinity });
    const again = pagedVideosSchema.parse((await call(t.app, { method: 'GET', url: path })).body);
    expect(again.videos.map((x) => x.title)).toEqual(['Another quokka', ...first.videos.map((x) => x.title)]);
    const againPublic = pagedVideosSchema.parse((await call(t.app, { method: 'GET', url: publicPath })).body);
    expect(againPublic.videos.map((x) => x.title)).toEqual(['Another quokka', ...firstPublic.videos.map((x) => x.title)]);
  });
});

describe('the public feed and the personal feed with keyword rules', () => {
  it('the public feed pages a filter across the catalog without repeating or skipping', async () => {
    const rules = { any: ['pasta'] };
    const { ids } = await allPages(`/api/feeds/public?${query(rules)}`, 4);
    // Other tests' channels have no pasta: the public feed's matches are this channel's.
    expect(ids).toEqual(await exactly(rules));
  });

  it('pages the whole catalog window by window, as a large catalog is read, neither repeating nor skipping', async () => {
    // The demo-sized catalogs of tests fit in the first window (FIRST_WINDOW_VIDEOS at their rate); read from windows
    // of a day, each next one sized by what the last found, as at a million videos.
    const statements = vi.spyOn(t.database.db, 'execute');
    const pages = async (repository: FeedsRepository, rules: Partial<KeywordRules>) => {
      const filters = { words: [], rules: rulesOf(rules) };
      const ids: number[] = [];
      let after: PublishedKey | undefined;
      for (let page = 0; page < 30; page++) {
        const { keys } = await repository.filteredPageKeys('everything', after, 2, filters);
        ids.push(...keys.slice(0, 2).map((k) => k.id));
        if (keys.length <= 2) break;
        after = keys[1];
      }
      return ids;
    };
    for (const rules of [{ any: ['pasta'] }, { all: ['pasta', 'tomato'] }, { any: ['quokka'] }]) {
      statements.mockClear();
      expect(await pages(new FeedsRepository(t.database.db), rules)).toEqual(await exactly(rules));
      const oneWindow = statements.mock.calls.length;
      statements.mockClear();
      expect(await pages(new FeedsRepository(t.database.db, { firstWindowVideos: 0 }), rules)).toEqual(await exactly(rules));
      // The windows were there to read: the day-sized ones take more statements than the catalog-sized one.
      expect(statements.mock.calls.length).toBeGreaterThan(oneWindow);
    }
    statements.mockRestore();
  });

  it("a member's feed of the channel agrees with the matcher, and with the sift editor's live preview", async () => {
    const member = await aMember(t);
    expect((await call(t.app, { method: 'POST', url: '/api/subscriptions', token: member.token, payload: { externalId: channel.externalId } })).status).toBe(201);
    for (const rules of [{ any: ['pasta'], none: ['salad'] }, { all: ['machine learning'] }, { any: ['c++', 'café'] }, { none: ['pasta'] }]) {
      const { ids } = await allPages(`/api/me/feeds/videos?${query(rules)}`, 3, member.token, (b) => feedSchema.parse(b).videoFeedItems);
      expect(ids).toEqual(await exactly(rules));
      const preview = await call(t.app, { method: 'POST', url: '/api/sifts/preview', payload: { channels: [channel.externalId], keywords: rules, limit: 20 } });
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      const shown = siftPreviewSchema.parse(preview.body);
      expect(shown.videos.map((v) => v.id)).toEqual(ids.slice(0, 20));
      expect(shown.numberOfVideos).toBe(ids.length);
    }
  });

  it("the live preview past its count's bound still lists the newest matches, and says there are more", async () => {
    // SIFT_PREVIEW_COUNT_LIMIT (10,000) would need that many videos here: the repository's bound is its parameter.
    const repository = new SiftsRepository(t.database.db);
    for (const rules of [{ any: ['pasta'] }, { any: ['pasta'], none: ['salad'] }]) {
      const matches = await exactly(rules);
      expect(matches.length, JSON.stringify(rules)).toBeGreaterThan(5);
      const { count, rows } = await repository.preview([channelId], rulesOf(rules), NO_TYPE_FILTERS, 4, 3);
      expect(count).toBe(4); // counted no further than the bound + 1: "more than 3"
      expect(rows.map((r) => r.video.id)).toEqual(matches.slice(0, 4));
      const within = await repository.preview([channelId], rulesOf(rules), NO_TYPE_FILTERS, 4, matches.length);
      expect(within.count).toBe(matches.length);
      expect(within.rows.map((r) => r.video.id)).toEqual(matches.slice(0, 4));
    }
  });

  it('a word nothing matches is an empty, final page on every feed', async () => {
    const member = await aMember(t);
    const personal = feedSchema.parse((await call(t.app, { method: 'GET', url: '/api/me/feeds/videos?any=xylophonist', token: member.token })).body);
    expect(personal.videoFeedItems.videos).toEqual([]);
    expect(personal.videoFeedItems.next).toBeNull();
    const open = pagedVideosSchema.parse((await call(t.app, { method: 'GET', url: '/api/feeds/public?any=xylophonist&all=pasta' })).body);
    expect(open.videos).toEqual([]);
    expect(open.next).toBeNull();
  });
});
