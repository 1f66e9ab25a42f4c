import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/infra/db/client.js';
import { channels, videos } from '../src/infra/db/schema.js';
import { CatalogRepository } from '../src/modules/catalog/catalog.repository.js';
import { CatalogService } from '../src/modules/catalog/catalog.service.js';
import { SearchRepository } from '../src/modules/search/search.repository.js';
import { SearchService } from '../src/modules/search/search.service.js';
import { DemoProvider } from '../src/providers/demo/demo-provider.js';
import { openTestDatabase } from './support/test-database.js';

/** How videos are chosen: the words table prefixes expand with (migration 0007) and the month windows (docs/decisions/006-search.md). */
describe('search_lexemes: every word of the videos, kept by the database', () => {
  let database: DatabaseHandle;
  let repository: SearchRepository;

  beforeAll(async () => {
    database = await openTestDatabase();
    repository = new SearchRepository(database.db);
    const [channel] = await database.db
      .insert(channels)
      .values({ provider: 'demo', externalId: 'UClex', name: 'Lexicon', thumbnail: '/x.svg' })
      .returning();
    await database.db.insert(videos).values([
      { provider: 'demo', externalId: 'lex1', channelId: channel!.id, title: 'Tardigrades in moss', publishedAt: new Date('2026-10-03T00:00:00Z'), thumbnail: '/x.svg' },
      { provider: 'demo', externalId: 'lex2', channelId: channel!.id, title: 'A tardigrade, up close', publishedAt: new Date('2026-11-20T00:00:00Z'), thumbnail: '/x.svg' },
    ]);
  }, 60_000);
  afterAll(() => database.close());

  it('has the words of inserted videos, without month lexemes', async () => {
    const text = await repository.prepareText({ match: "'Tárdig':*", exact: "'Tárdig'" });
    expect(text).toMatchObject({ match: "'tardig':*", exact: "'tardig'", prefix: 'tardig', missing: ['tardig'], newestMonth: 2026 * 12 + 10, oldestMonth: 2026 * 12 + 9 });
    expect([...text.expansion].sort()).toEqual(['tardigrade', 'tardigrades']);
    const months = await database.db.execute(sql`SELECT count(*)::int AS n FROM search_lexemes WHERE lexeme LIKE '~%'`);
    expect((months as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('adds the words a video gets when its text changes', async () => {
    await database.db.update(videos).set({ title: 'Water bears, the xenobiology of moss' }).where(sql`${videos.externalId} = 'lex1'`);
    const text = await repository.prepareText({ match: "'moss' & 'xenob':*", exact: "'moss' & 'xenob'" });
    expect(text).toMatchObject({ prefix: 'xenob', expansion: ['xenobiology'], missing: ['xenob'] });
    expect(await repository.prepareText({ match: "'bears'", exact: "'bears'" })).toMatchObject({ prefix: null, missing: [] });
  });
});

describe('video candidates: the newest month first, then the months its rate says', () => {
  let database: DatabaseHandle;
  let service: SearchService;

  beforeAll(async () => {
    database = await openTestDatabase();
    const catalog = new CatalogService(new CatalogRepository(database.db), new DemoProvider({ now: new Date() }));
    service = new SearchService(new SearchRepository(database.db), catalog, { candidates: 10 });
    const [channel] = await database.db
      .insert(channels)
      .values({ provider: 'demo', externalId: 'UCwin', name: 'Windows', thumbnail: '/x.svg' })
      .returning();
    // 6 walruses a month over the last 12 months (newest: November 2026).
    const rows = Array.from({ length: 72 }, (_, i) => ({
      provider: 'demo',
      externalId: `walrus${i}`,
      channelId: channel!.id,
      title: `Walrus ${i}`,
      publishedAt: new Date(Date.UTC(2026, 10 - Math.floor(i / 6), 10 + (i % 6))),
      thumbnail: '/x.svg',
    }));
    await database.db.insert(videos).values(rows);
  }, 60_000);
  afterAll(() => database.close());

  it('takes every match of the newest month and the rest from the months just before it', async () => {
    for (const q of ['walrus', 'walr']) {
      const page = await service.search({ q, type: 'videos', sort: 'created', limit: 50 }, null);
      expect(page.totalResults).toBe(10);
      const months = page.items.map((i) => (i.type === 'video' ? i.publishedAt.slice(0, 7) : ''));
      expect(months.filter((m) => m === '2026-11')).toHaveLength(6);
      expect(months.every((m) => m >= '2026-09')).toBe(true);
    }
  });
});
