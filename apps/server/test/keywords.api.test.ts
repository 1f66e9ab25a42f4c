import { pagedVideosSchema, siftPreviewSchema, siftSchema } from '@sift/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  keywordRulesCondition,
  normaliseKeyword,
  keywordProblem,
  typeFiltersCondition,
  NO_TYPE_FILTERS,
  type KeywordRules,
  type TypeFilters,
} from '../src/infra/db/keyword-match.js';
import { rowsOf } from '../src/infra/db/client.js';
import { channels, siftChannels, siftKeywords, sifts, siftVideos, users, videos } from '../src/infra/db/schema.js';
import { aMember, call } from './support/accounts.js';
import { aChannel, aVideo } from './support/factories.js';
import { useTestApp } from './support/test-app.js';

const t = useTestApp();

/** title → description/tags, each one video of one channel; the tests ask which titles a rule set keeps. */
const corpus: Array<{ title: string; description?: string; tags?: string[]; isShort?: boolean; live?: boolean; duration?: number }> = [
  { title: 'He said it was fine' },
  { title: 'AI is everywhere' },
  { title: 'Learn C++ in a day' },
  { title: 'Learn C# basics' },
  { title: 'Plain C for beginners' },
  { title: 'Node.js tutorial' },
  { title: 'Node tutorial, again' },
  { title: 'Best café in town' },
  { title: 'Cafe racer build' },
  { title: 'A talk', description: 'Hello, World! says the first program.' },
  { title: 'Helloworld is one word' },
  { title: 'Tagged only', tags: ['machine learning', 'python'] },
  { title: 'Machine', description: 'learning' },
  { title: 'Quick short', isShort: true, duration: 40 },
  { title: 'Live now', live: true, duration: 3600 },
  { title: 'Straße und Maße' },
];

let channelId = 0;

beforeAll(async () => {
  const channel = aChannel();
  t.videoService.channels.set(channel.externalId, channel);
  corpus.forEach((c, i) => {
    const v = aVideo(channel, {
      title: c.title,
      description: c.description ?? '',
      tags: c.tags ?? [],
      isShort: c.isShort ?? false,
      liveStatus: c.live ? 'LIVE' : 'NONE',
      durationSeconds: c.duration ?? 600,
      publishedAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
    });
    t.videoService.videos.set(v.externalId, v);
  });
  await t.services.catalog.syncChannel(channel.externalId, { maxPages: Infinity });
  const [row] = await t.database.db.select({ id: channels.id }).from(channels).where(eq(channels.externalId, channel.externalId));
  channelId = row!.id;
});

async function titles(rules: Partial<KeywordRules>, filters: TypeFilters = NO_TYPE_FILTERS): Promise<string[]> {
  const full = { all: [], any: [], none: [], ...rules };
  const rows = await t.database.db
    .select({ title: videos.title })
    .from(videos)
    .where(and(eq(videos.channelId, channelId), keywordRulesCondition(full), typeFiltersCondition(filters)))
    .orderBy(videos.publishedAt);
  return rows.map((r) => r.title);
}

describe('keyword matching (DESIGN §3)', () => {
  it('matches whole words only: "AI" does not match "said"', async () => {
    expect(await titles({ all: ['AI'] })).toEqual(['AI is everywhere']);
  });

  it('keeps symbols: "c++", "c#" and "node.js" work, and "c" is not "c++"', async () => {
    expect(await titles({ all: ['c++'] })).toEqual(['Learn C++ in a day']);
    expect(await titles({ all: ['C#'] })).toEqual(['Learn C# basics']);
    expect(await titles({ all: ['c'] })).toEqual(['Plain C for beginners']);
    expect(await titles({ all: ['node.js'] })).toEqual(['Node.js tutorial']);
    expect(await titles({ all: ['node'] })).toEqual(['Node.js tutorial', 'Node tutorial, again']);
  });

  it('folds accents and case both ways: "café" matches "cafe", "CAFE" matches "café", ß is ss', async () => {
    expect(await titles({ all: ['café'] })).toEqual(['Best café in town', 'Cafe racer build']);
    expect(await titles({ all: ['CAFE'] })).toEqual(['Best café in town', 'Cafe racer build']);
    expect(await titles({ all: ['strasse'] })).toEqual(['Straße und Maße']);
  });

  it('matches a phrase across punctuation, not glued words, within one field', async () => {
    expect(await titles({ all: ['hello world'] })).toEqual(['A talk']);
    expect(await titles({ all: ['machine learning'] })).toEqual(['Tagged only']);
  });

  it('reads title, description and tags', async () => {
    expect(await titles({ all: ['python'] })).toEqual(['Tagged only']);
    expect(await titles({ all: ['program'] })).toEqual(['A talk']);
  });

  it('combines all / any / none', async () => {
    expect(await titles({ all: ['learn'], none: ['c++'] })).toEqual(['Learn C# basics']);
    expect(await titles({ any: ['c++', 'c#'] })).toEqual(['Learn C++ in a day', 'Learn C# basics']);
    expect(await titles({ all: ['learn'], any: ['c#', 'node'] })).toEqual(['Learn C# basics']);
    expect(await titles({ none: ['tutorial', 'learn'] })).not.toContain('Node.js tutorial');
    expect((await titles({})).length).toBe(corpus.length);
  });

  it('applies the type filters with the keywords', async () => {
    const all = corpus.length;
    expect((await titles({}, { ...NO_TYPE_FILTERS, hideShorts: true })).length).toBe(all - 1);
    expect(await titles({}, { ...NO_TYPE_FILTERS, hideLive: true })).not.toContain('Live now');
    expect(await titles({}, { ...NO_TYPE_FILTERS, minDurationSeconds: 1000 })).toEqual(['Live now']);
    expect(await titles({}, { ...NO_TYPE_FILTERS, maxDurationSeconds: 60 })).toEqual(['Quick short']);
  });

  it('evaluates stored sift rules the same way when videos arrive (sift_videos)', async () => {
    const member = await aMember(t);
    const [owner] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, member.email));
    const [sift] = await t.database.db
      .insert(sifts)
      .values({ hash: 'kwtest01', ownerId: owner!.id, name: 'Stored rules', hideShorts: true })
      .returning({ id: sifts.id });
    await t.database.db.insert(siftChannels).values({ siftId: sift!.id, channelId });
    await t.database.db.insert(siftKeywords).values([
      { siftId: sift!.id, rule: 'any', keyword: 'café' },
      { siftId: sift!.id, rule: 'any', keyword: 'c++' },
      { siftId: sift!.id, rule: 'none', keyword: 'racer' },
    ]);
    const ids = (await t.database.db.select({ id: videos.id }).from(videos).where(eq(videos.channelId, channelId))).map((r) => r.id);
    const matches = await t.services.sifts.onVideosArrived(ids);
    const matched = await t.database.db.select({ title: videos.title }).from(videos).where(inArray(videos.id, matches.map((m) => m.videoId)));
    expect(matched.map((r) => r.title).sort()).toEqual(['Best café in town', 'Learn C++ in a day']);
    expect(matches.every((m) => m.siftId === sift!.id)).toBe(true);
    // Arriving again adds nothing new.
    expect(await t.services.sifts.onVideosArrived(ids)).toEqual([]);
    expect((await t.database.db.select().from(siftVideos).where(eq(siftVideos.siftId, sift!.id))).length).toBe(2);
  });
});

describe('the stored match text (decision 058)', () => {
  it('follows a video whose text changes: its new words match, its old ones no longer do', async () => {
    const channel = aChannel();
    t.videoService.channels.set(channel.externalId, channel);
    const video = aVideo(channel, { title: 'Zeppelin restoration', description: 'Day one', tags: [] });
    t.videoService.videos.set(video.externalId, video);
    await t.services.catalog.syncChannel(channel.externalId, { maxPages: Infinity });
    const matching = async (word: string) =>
      (await t.database.db.select({ id: videos.id }).from(videos).where(and(eq(videos.externalId, video.externalId), keywordRulesCondition({ all: [], any: [word], none: [] })))).length;
    expect(await matching('zeppelin')).toBe(1);
    // The service now describes it otherwise (a renamed upload, new tags): the next refresh stores that.
    t.videoService.videos.set(video.externalId, { ...video, title: 'Airship restoration', tags: ['Dirigible'] });
    await t.services.catalog.syncChannel(channel.externalId, { maxPages: Infinity });
    expect(await matching('zeppelin')).toBe(0);
    expect(await matching('airship')).toBe(1);
    expect(await matching('dirigible')).toBe(1);
  });

  it("sift_fold's short way for ASCII text gives what the full fold gives, for every character and for mixed text", async () => {
    const ascii = Array.from({ length: 127 }, (_, i) => String.fromCharCode(i + 1)).join('');
    const texts = [ascii, 'Hello World, C++ & NODE.JS 1.5', 'Straße', 'ÆØÅ æøå Œuvre', 'Café naïve', 'İstanbul ılık', 'ǿ ǽ Ł', 'smart ’quotes’ — 🎸', ''];
    const result = await t.database.db.execute(sql`
      SELECT t, sift_fold(t) AS short, lower(translate(replace(replace(replace(replace(replace(replace(replace(
        regexp_replace(normalize(t, NFD), '[\u0300-\u036f]', '', 'g'),
        'ß', 'ss'), 'Æ', 'AE'), 'æ', 'ae'), 'Œ', 'OE'), 'œ', 'oe'), 'Þ', 'TH'), 'þ', 'th'),
        'ØøŁłĐđĦħı', 'OoLlDdHhi')) AS full
      FROM unnest(${sql.param(texts)}::text[]) AS t`);
    const rows = rowsOf<{ t: string; short: string; full: string }>(result);
    expect(rows).toHaveLength(texts.length);
    for (const row of rows) expect(row.short, JSON.stringify(row.t)).toBe(row.full);
    expect(rows.find((r) => r.t === 'Straße')!.short).toBe('strasse');
  });
});

describe('keyword input', () => {
  it('normalises spaces and surrounding quotes, and refuses keywords without letters', () => {
    expect(normaliseKeyword('  "hello    world" ')).toBe('hello world');
    expect(keywordProblem('!!!')).toMatch(/letter or digit/);
    expect(keywordProblem('x'.repeat(101))).toMatch(/longer/);
    expect(keywordProblem('c++')).toBeNull();
  });
});

/**
 * Issue 31: "bronze age" typed into a keyword box is one keyword, a phrase — its words next to each other, in that
 * order, as whole words, case and accents folded — and the live preview and a saved sift's feed agree on it.
 */
describe('a phrase keyword, through the preview and a saved sift', () => {
  const phrases = [
    { title: 'Bronze Age forts of Wessex' },
    { title: 'Life in the late bronze-age' },
    { title: 'BRÖNZE ÂGE hoards' },
    { title: 'Museum tour', description: 'Tools of the Bronze Age, found in a field.' },
    { title: 'The age of bronze' },
    { title: 'Bronze statues through the age' },
    { title: 'Bronze ages badly' },
    { title: 'Stone age tools' },
  ];
  const matching = ['Bronze Age forts of Wessex', 'Life in the late bronze-age', 'BRÖNZE ÂGE hoards', 'Museum tour'];
  let channel = '';

  beforeAll(async () => {
    const c = aChannel();
    channel = c.externalId;
    t.videoService.channels.set(c.externalId, c);
    phrases.forEach((p, i) => {
      const v = aVideo(c, { title: p.title, description: p.description ?? '', tags: [], publishedAt: new Date(Date.UTC(2026, 1, 1, 0, 60 - i)) });
      t.videoService.videos.set(v.externalId, v);
    });
    await t.services.catalog.syncChannel(c.externalId, { maxPages: Infinity });
  });

  const preview = async (keywords: Partial<KeywordRules>) => {
    const res = await call(t.app, { method: 'POST', url: '/api/sifts/preview', payload: { channels: [channel], keywords, limit: 20 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return siftPreviewSchema.parse(res.body);
  };

  it('the preview counts only the videos with those words next to each other, in that order', async () => {
    const phrase = await preview({ all: ['bronze age'] });
    expect(phrase.videos.map((v) => v.title)).toEqual(matching);
    expect(phrase.numberOfVideos).toBe(4);
    // The same words as two keywords are another rule: both anywhere ("ages" is not "age").
    expect((await preview({ all: ['bronze', 'age'] })).numberOfVideos).toBe(6);
    expect((await preview({ none: ['bronze age'] })).videos.map((v) => v.title)).toEqual(phrases.map((p) => p.title).filter((x) => !matching.includes(x)));
  });

  it("a saved sift keeps the phrase as one keyword and its feed is the preview's videos", async () => {
    const member = await aMember(t);
    const created = await call(t.app, {
      method: 'POST',
      url: '/api/sifts',
      token: member.token,
      payload: { name: 'Bronze Age', channels: [{ externalId: channel }], keywords: { any: ['"Bronze   Age"'] } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const sift = siftSchema.parse(created.body);
    expect(sift.keywords.any).toEqual(['Bronze Age']);
    const feed = await call(t.app, { method: 'GET', url: `/api/sifts/${sift.hash}/videos?limit=100`, token: member.token });
    expect(feed.status, JSON.stringify(feed.body)).toBe(200);
    expect(pagedVideosSchema.parse(feed.body).videos.map((v) => v.title)).toEqual(matching);
    expect((await preview({ any: ['Bronze Age'] })).numberOfVideos).toBe(4);
  });
});
