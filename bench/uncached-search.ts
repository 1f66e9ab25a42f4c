/**
 * The uncached search under load (issue 32, part 3), a part of bench/load.ts: every request a word not asked before,
 * so no kept answer (decision 014) and no kept card helps — what people typing new words cost.
 * 1. The words: the catalog's own (`search_lexemes`, so each finds something), with their prefixes of four letters or
 *    more (the search expands the last word typed, decisions/006), each asked once: the run ends when all were asked.
 * 2. Over HTTP: autocannon, 50 connections, `GET /api/search?q=<word>&type=all`, against the built app.
 * 3. The raw SQL of the same statements in the same run: the statements one such search sends, captured through
 *    drizzle's logger for a sample of the words (each search's first, so nothing the service keeps is counted), replayed
 *    on a pool of 50 connections, each replaying one search's statements in turn, as fast as it can: searches a second.
 * 4. Sequential scans: each captured statement's plan (EXPLAIN, one sample of its parameters), and any `Seq Scan` with
 *    the table it reads.
 */
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '../apps/server/src/infra/db/client.js';
import * as schema from '../apps/server/src/infra/db/schema.js';
import { CatalogRepository } from '../apps/server/src/modules/catalog/catalog.repository.js';
import { CatalogService } from '../apps/server/src/modules/catalog/catalog.service.js';
import { SearchRepository } from '../apps/server/src/modules/search/search.repository.js';
import { SearchService } from '../apps/server/src/modules/search/search.service.js';
import { DemoProvider } from '../apps/server/src/providers/demo/demo-provider.js';
import { catalogWords } from './harness.js';
import { percentile } from './stats.js';

const CONNECTIONS = 50;
/** Searches whose statements are captured for the raw SQL replay. */
const CAPTURED = 300;

export interface UncachedSearch {
  http: { rps: number; p50: number; p99: number; errors: number; non2xx: number; requests: number };
  distinct: number;
  raw: { rps: number; p50: number; p99: number; statements: number };
  seqScans: string[];
  /** The statements that cost most, one connection, no concurrency: mean ms, how often one search sends it, its start. */
  heaviest: { ms: number; perSearch: number; sql: string }[];
}

/** The catalog's words and their prefixes of four letters or more, each once, shuffled the same way each run. */
async function words(databaseUrl: string): Promise<string[]> {
  const prefixes = (await catalogWords(databaseUrl, 4)).flatMap((w) => Array.from({ length: w.length - 3 }, (_, i) => w.slice(0, 4 + i)));
  return [...new Set(prefixes)];
}

/** Statements one search sends from cold, as drizzle hands them to node-postgres. */
type Statement = { query: string; params: unknown[] };

async function captureStatements(databaseUrl: string, sample: string[]): Promise<Statement[][]> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const log: Statement[] = [];
  const db = drizzle(pool, { schema, logger: { logQuery: (query, params) => log.push({ query, params }) } }) as unknown as Database;
  // A new catalog (and its card cache) and a new service for each search: its statements from cold.
  const catalog = () => new CatalogService(new CatalogRepository(db), new DemoProvider({ now: new Date() }));
  const captured: Statement[][] = [];
  try {
    for (const q of sample) {
      log.length = 0;
      await new SearchService(new SearchRepository(db), catalog()).search({ q, type: 'all', sort: '', limit: 50 }, null);
      captured.push([...log]);
    }
  } finally {
    await pool.end();
  }
  return captured;
}

/** Replays the searches' statements on `connections` connections for `seconds`: searches a second and their latency. */
async function replay(databaseUrl: string, searches: Statement[][], seconds: number): Promise<UncachedSearch['raw']> {
  const clients = await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      return client;
    }),
  );
  const times: number[] = [];
  let next = 0;
  const end = performance.now() + seconds * 1000;
  try {
    await Promise.all(
      clients.map(async (client) => {
        while (performance.now() < end) {
          const statements = searches[next++ % searches.length]!;
          const started = performance.now();
          for (const s of statements) await client.query(s.query, s.params);
          times.push(performance.now() - started);
        }
      }),
    );
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { rps: times.length / seconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99), statements: searches.reduce((n, s) => n + s.length, 0) / searches.length };
}

/** Each statement's time alone (one connection, one after another), by statement text. */
async function heaviest(databaseUrl: string, searches: Statement[][]): Promise<UncachedSearch['heaviest']> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const by = new Map<string, number[]>();
  try {
    for (const s of searches.flat()) {
      const started = performance.now();
      await client.query(s.query, s.params);
      const list = by.get(s.query) ?? [];
      list.push(performance.now() - started);
      by.set(s.query, list);
    }
  } finally {
    await client.end();
  }
  return [...by.entries()]
    .map(([sql, times]) => ({ ms: times.reduce((a, b) => a + b, 0) / times.length, perSearch: times.length / searches.length, sql: sql.replace(/\s+/g, ' ').slice(0, 160) }))
    .sort((a, b) => b.ms * b.perSearch - a.ms * a.perSearch)
    .slice(0, 5);
}

/** The tables read by a sequential scan in any captured statement's plan. */
async function sequentialScans(databaseUrl: string, searches: Statement[][]): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const found = new Set<string>();
  const seen = new Set<string>();
  try {
    for (const s of searches.flat()) {
      if (seen.has(s.query)) continue;
      seen.add(s.query);
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (COSTS OFF) ${s.query}`, s.params);
      for (const r of rows) {
        const scan = /Seq Scan on (\w+)/.exec(r['QUERY PLAN']);
        if (scan) found.add(scan[1]!);
      }
    }
  } finally {
    await client.end();
  }
  return [...found].sort();
}

export async function uncachedSearch(base: string, databaseUrl: string, seconds: number): Promise<UncachedSearch> {
  const all = await words(databaseUrl);
  let asked = 0;
  // Each word once: the run ends when every word was asked (or after `seconds`, whichever comes first).
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    amount: all.length,
    duration: seconds,
    headers: { 'accept-encoding': 'gzip' },
    timeout: 10,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({ ...request, path: `/api/search?q=${encodeURIComponent(all[asked++ % all.length]!)}&type=all` }),
      },
    ],
  });
  const searches = await captureStatements(databaseUrl, all.slice(-CAPTURED));
  const raw = await replay(databaseUrl, searches, seconds);
  return {
    http: { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx, requests: result.requests.total },
    distinct: Math.min(asked, all.length),
    raw,
    seqScans: await sequentialScans(databaseUrl, searches),
    heaviest: await heaviest(databaseUrl, searches),
  };
}
