import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  keywordRulesCondition,
  normaliseKeyword,
  parseKeywordInput,
  keywordProblem,
  typeFiltersCondition,
  NO_TYPE_FILTERS,
  type KeywordRules,
  type TypeFilters,
} from '../src/infra/db/keyword-match.js';
import { channels, siftChannels, siftKeywords, sifts, siftVideos, users, videos } from '../src/infra/db/schema.js';
import { aMember } from './support/accounts.js';
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

describe('keyword input', () => {
  it('splits words and keeps quoted phrases whole, once each', () => {
    expect(parseKeywordInput('ai "machine learning", c++  Node.js ai AI')).toEqual(['ai', 'machine learning', 'c++', 'Node.js']);
    expect(parseKeywordInput('  ')).toEqual([]);
  });

  it('normalises spaces and surrounding quotes, and refuses keywords without letters', () => {
    expect(normaliseKeyword('  "hello    world" ')).toBe('hello world');
    expect(keywordProblem('!!!')).toMatch(/letter or digit/);
    expect(keywordProblem('x'.repeat(101))).toMatch(/longer/);
    expect(keywordProblem('c++')).toBeNull();
  });
});
