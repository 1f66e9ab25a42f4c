/**
 * Search at a million videos (issue 8), on the `sift_bench` database that bench/catalog-at-scale.ts seeds:
 * 1. p50/p99 over HTTP of GET /api/search for a common word, a rare word, a prefix, two words and a word with no
 *    match, for type videos and type all, against the baseline request of catalog-at-scale (the message bar);
 * 2. the raw SQL in the same run: the statements the search service sends for each query, executed back to back
 *    on one connection (no HTTP, no JSON), and their EXPLAIN ANALYZE;
 * 3. the same queries in process on PGlite at the demo catalog's size.
 *
 * Before measuring it brings the catalog to 20,000 channels (catalog-at-scale seeds 48) and plants a rare word
 * in 12 videos; both steps are idempotent. The server under test is bundled from the current source into
 * apps/server/dist/bench-search.js (so a stale or half-rebuilt dist/main.js never gets measured).
 *
 * Run alone with `npx tsx bench/search.ts`: it seeds sift_bench only when that database is missing (BENCH_VIDEOS
 * sets its size) and keeps it, so runs after the first take a few minutes; it then rewrites its own section of
 * bench/RESULTS.md. BENCH_SAMPLES (default 200) sets the rounds; BENCH_PARTS=http,sql (any of http, sql, plans,
 * pglite) runs only those parts and only prints, for quick iterations. `npm run bench` runs it too.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { SearchQuery } from '../packages/contracts/src/index.js';
import { createServices } from '../apps/server/src/app.js';
import { openDatabase, type Database } from '../apps/server/src/infra/db/client.js';
import * as schema from '../apps/server/src/infra/db/schema.js';
import { CatalogRepository } from '../apps/server/src/modules/catalog/catalog.repository.js';
import { CatalogService } from '../apps/server/src/modules/catalog/catalog.service.js';
import { SearchRepository } from '../apps/server/src/modules/search/search.repository.js';
import { SearchService } from '../apps/server/src/modules/search/search.service.js';
import { countVideosPerChannel, generateChannels, generateVideos } from '../apps/server/src/providers/demo/catalog.js';
import { DemoProvider } from '../apps/server/src/providers/demo/demo-provider.js';
import { benchSeed } from './catalog-at-scale.js';
import { databaseUrl, defaultServerUrl } from './harness.js';
import { median, percentile } from './stats.js';

// BENCH_SEARCH_DB: measure on a copy instead (the same catalog under another name), leaving sift_bench alone.
const BENCH_DB = process.env.BENCH_SEARCH_DB ?? 'sift_bench';
const CHANNELS = 20_000;
const RARE_WORD = 'quokka';
const RARE_COUNT = 12;

/** What people type: a word in every eighth video, a word in a dozen, a prefix, two words, a word in none. */
export const SEARCH_TERMS: readonly { name: string; q: string }[] = [
  { name: 'common word', q: 'cooking' },
  { name: 'rare word', q: RARE_WORD },
  { name: 'prefix', q: 'tardig' },
  { name: 'two words', q: 'black holes' },
  { name: 'no match', q: 'xylophonist' },
];
const TYPES = ['videos', 'all'] as const;

export interface SearchLatency {
  name: string;
  p50: number;
  p99: number;
}

export interface SearchBenchResult {
  videos: number;
  channels: number;
  http: SearchLatency[];
  baseline: SearchLatency;
  rawSql: (SearchLatency & { statements: number; service: SearchLatency })[];
  plans: Record<string, string>;
  pglite: SearchLatency[];
  pgliteVideos: number;
}

const row = (name: string, samples: number[]): SearchLatency => ({ name, p50: median(samples), p99: percentile(samples, 99) });
const query = (q: string, type: SearchQuery['type']): SearchQuery => ({ q, type, sort: '', limit: 50 });

/** 20,000 channels (the demo generator's, beyond the 48 that have the videos) and a rare word in 12 videos. */
async function prepare(url: string): Promise<{ videos: number; channels: number }> {
  // Brings the schema up to date first (on a catalog seeded before the search migration, that adds the search
  // columns to a million rows once).
  await (await openDatabase({ databaseUrl: url, pgliteDir: 'memory://' })).close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM channels');
    if (Number(rows[0]!.n) < CHANNELS) {
      const extra = generateChannels({ count: CHANNELS, seed: 7 }).slice(Number(rows[0]!.n));
      for (let i = 0; i < extra.length; i += 2000) {
        const batch = extra.slice(i, i + 2000);
        const column = <T>(pick: (c: (typeof batch)[number]) => T) => batch.map(pick);
        await client.query(
          `INSERT INTO channels (provider, external_id, name, description, topic, thumbnail, number_of_followers, number_of_videos, number_of_views)
           SELECT 'demo', * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::bigint[], $8::bigint[])
           ON CONFLICT DO NOTHING`,
          [
            column((c) => `bench${c.externalId}`),
            column((c) => c.name),
            column((c) => c.description),
            column((c) => c.topic),
            column((c) => c.thumbnail),
            column((c) => c.numberOfFollowers),
            column(() => 0),
            column((c) => c.numberOfViews),
          ],
        );
      }
    }
    await client.query(
      `INSERT INTO videos (provider, external_id, channel_id, title, description, tags, published_at, thumbnail)
       SELECT 'demo', 'benchrare' || g, (SELECT min(id) FROM channels) + g % 48,
         'Meeting a ' || $1 || ' on Rottnest Island, part ' || g, 'A small marsupial and a big smile.', ARRAY['wildlife'],
         now() - (g * 47 || ' days')::interval, '/media/thumbnails/x.svg'
       FROM generate_series(1, $2::int) AS g
       ON CONFLICT DO NOTHING`,
      [RARE_WORD, RARE_COUNT],
    );
    // Rows added after the GIN indexes were built wait in their pending lists, which every search would scan
    // until autovacuum merges them; merge them now, as a settled production database would have.
    await client.query('VACUUM (ANALYZE) channels');
    await client.query(`SELECT gin_clean_pending_list('videos_search_idx')`);
    await client.query('ANALYZE videos');
    const counts = await client.query<{ v: string; c: string }>('SELECT (SELECT count(*) FROM videos) AS v, (SELECT count(*) FROM channels) AS c');
    return { videos: Number(counts.rows[0]!.v), channels: Number(counts.rows[0]!.c) };
  } finally {
    await client.end();
  }
}

/**
 * The statements one search sends in the steady state, captured through drizzle's logger with their parameters:
 * after the same search once, so what the service keeps for a minute (popular channels and videos) is not counted.
 */
async function capture(service: SearchService, log: { query: string; params: unknown[] }[], q: SearchQuery) {
  await service.search(q, null);
  log.length = 0;
  await service.search(q, null);
  return [...log];
}

/**
 * For each search (type videos and type all): the statements it sends, replayed back to back on one connection
 * (the SQL's own cost, no HTTP, no JSON, no overlap), and the service itself in process on a pool (what the
 * statements cost with the concurrency the service uses, plus its own work, still without HTTP).
 */
async function rawSqlAndPlans(url: string, samples: number, withPlans: boolean): Promise<{ raw: SearchBenchResult['rawSql']; plans: Record<string, string> }> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const log: { query: string; params: unknown[] }[] = [];
  const db = drizzle(pool, { schema, logger: { logQuery: (q, params) => log.push({ query: q, params }) } }) as unknown as Database;
  const catalogOf = (database: Database) => new CatalogService(new CatalogRepository(database), new DemoProvider({ now: new Date() }));
  // Captured searches take their cards from a new catalog each time, which keeps none: the statements of a search
  // whose results were not shown before (capture's second run would otherwise find the first run's cards kept).
  const uncachedCards: Pick<CatalogService, 'videoCards' | 'newestVideoId'> = { videoCards: (ids) => catalogOf(db).videoCards(ids), newestVideoId: () => catalogOf(db).newestVideoId() };
  const quiet = drizzle(pool, { schema }) as unknown as Database;
  const inProcess = new SearchService(new SearchRepository(quiet), catalogOf(quiet));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const raw: SearchBenchResult['rawSql'] = [];
  const plans: Record<string, string> = {};
  try {
    for (const type of TYPES) {
      for (const term of SEARCH_TERMS) {
        const statements = await capture(new SearchService(new SearchRepository(db), uncachedCards), log, query(term.q, type));
        const times: number[] = [];
        const service_: number[] = [];
        for (let i = 0; i < samples + 10; i++) {
          let started = performance.now();
          for (const s of statements) await client.query(s.query, s.params);
          if (i >= 10) times.push(performance.now() - started);
          started = performance.now();
          await inProcess.search(query(term.q, type), null);
          if (i >= 10) service_.push(performance.now() - started);
        }
        raw.push({ ...row(`${term.name} ("${term.q}"), type ${type}`, times), statements: statements.length, service: row('service', service_) });
        if (!withPlans || type !== 'videos') continue;
        // The candidate statements (the ones that read the search index) are the ones worth a plan.
        const explained = statements.filter((s) => /search_vector @@|ORDER BY v\.published_at/.test(s.query));
        const shown: string[] = [];
        for (const [i, s] of explained.entries()) {
          const res = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${s.query}`, s.params);
          shown.push(`-- statement ${i + 1} of ${explained.length}\n${res.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
        }
        plans[`${term.name} ("${term.q}"), type videos`] = shown.join('\n\n');
      }
    }
  } finally {
    await client.end();
    await pool.end();
  }
  return { raw, plans };
}

/**
 * A light client: node:http on one keep-alive connection (global fetch costs the client itself a millisecond or
 * more per request on this machine). The baseline goes through the same client.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function get(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      res.on('data', () => {});
      res.on('end', () => (res.statusCode === 200 ? resolve(res.statusCode) : reject(new Error(`${url}: ${res.statusCode}`))));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

async function timed(url: string): Promise<number> {
  const started = performance.now();
  await get(url);
  return performance.now() - started;
}

/** The server from the current source, bundled as `npm run build` does, beside dist/main.js. */
async function bundleServer(): Promise<string> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server');
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  const outfile = path.join(root, 'dist/bench-search.js');
  await build({
    entryPoints: [path.join(root, 'src/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: Object.keys(manifest.dependencies ?? {}).filter((name) => !name.startsWith('@sift/')),
    logLevel: 'warning',
  });
  return outfile;
}

async function httpLatency(url: string, samples: number): Promise<{ rows: SearchLatency[]; baseline: SearchLatency }> {
  const port = Number(process.env.BENCH_PORT ?? 8293);
  const base = `http://127.0.0.1:${port}`;
  const server = spawn('node', [await bundleServer()], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: url, SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  try {
    for (let i = 0; ; i++) {
      try {
        await get(`${base}/api/public/v01/content/messages`);
        break;
      } catch {
        if (i > 600) throw new Error('server did not start');
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    const urls = TYPES.flatMap((type) => SEARCH_TERMS.map((t) => ({ name: `${t.name} ("${t.q}"), type ${type}`, url: `${base}/api/search?type=${type}&q=${encodeURIComponent(t.q)}` })));
    const baselineUrl = `${base}/api/public/v01/content/messages?pageId=44`;
    const times = new Map<string, number[]>(urls.map((u) => [u.name, []]));
    const baseline: number[] = [];
    for (let i = 0; i < samples + 10; i++) {
      // Interleaved, so drift on a noisy machine spreads over every request alike; the first 10 rounds warm up.
      for (const u of urls) {
        const ms = await timed(u.url);
        if (i >= 10) times.get(u.name)!.push(ms);
      }
      const ms = await timed(baselineUrl);
      if (i >= 10) baseline.push(ms);
    }
    return { rows: urls.map((u) => row(u.name, times.get(u.name)!)), baseline: row('baseline: message bar (1 row)', baseline) };
  } finally {
    agent.destroy();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

/** The same searches in process on PGlite with the demo catalog (48 channels, 4,800 videos). */
async function pglite(samples: number): Promise<{ rows: SearchLatency[]; videos: number }> {
  const database = await openDatabase({ pgliteDir: 'memory://' });
  try {
    const now = new Date();
    const services = createServices({ db: database.db, provider: new DemoProvider({ now }) });
    const generated = generateChannels({});
    const total = 4_800;
    const counts = countVideosPerChannel(generated, { total });
    const channels = generated.map((c, i) => ({ ...c, numberOfVideos: counts[i]! }));
    await services.catalog.importCatalog('demo', channels, generateVideos(channels, { total, now }));
    const rows: SearchLatency[] = [];
    for (const type of TYPES) {
      for (const term of SEARCH_TERMS) {
        const times: number[] = [];
        for (let i = 0; i < samples + 5; i++) {
          const started = performance.now();
          await services.search.search(query(term.q, type), null);
          if (i >= 5) times.push(performance.now() - started);
        }
        rows.push(row(`${term.name} ("${term.q}"), type ${type}`, times));
      }
    }
    return { rows, videos: total };
  } finally {
    await database.close();
  }
}

export type SearchBenchPart = 'http' | 'sql' | 'plans' | 'pglite';
const ALL_PARTS: readonly SearchBenchPart[] = ['http', 'sql', 'plans', 'pglite'];

export async function benchSearch(serverUrl: string, options: { samples?: number; parts?: readonly SearchBenchPart[] } = {}): Promise<SearchBenchResult> {
  const samples = options.samples ?? 200;
  const parts = new Set(options.parts ?? ALL_PARTS);
  const url = databaseUrl(serverUrl, BENCH_DB);
  const { videos, channels } = await prepare(url);
  const nothing = { rows: [] as SearchLatency[], baseline: row('baseline: message bar (1 row)', []) };
  const { rows, baseline } = parts.has('http') ? await httpLatency(url, samples) : nothing;
  const { raw, plans } = parts.has('sql') || parts.has('plans') ? await rawSqlAndPlans(url, parts.has('sql') ? samples : 0, parts.has('plans')) : { raw: [], plans: {} };
  const lite = parts.has('pglite') ? await pglite(Math.min(samples, 100)) : { rows: [], videos: 0 };
  return { videos, channels, http: rows, baseline, rawSql: raw, plans, pglite: lite.rows, pgliteVideos: lite.videos };
}

const f = (n: number) => n.toFixed(1);

/** The RESULTS.md section. */
export function searchReport(r: SearchBenchResult): string {
  return `## Search at ${r.videos.toLocaleString('en-US')} videos and ${r.channels.toLocaleString('en-US')} channels (PostgreSQL, sequential requests)
Target: p99 ≤ 30 ms. GET /api/search, first page of 50, no token; node:http client on one keep-alive connection
(the baseline too), requests interleaved round by round after 10 warm-up rounds. Run alone: \`npx tsx bench/search.ts\`.

| Request | p50 | p99 | p50 vs baseline |
|---|---|---|---|
${[...r.http, r.baseline].map((x) => `| ${x.name} | ${f(x.p50)} ms | ${f(x.p99)} ms | ×${(x.p50 / r.baseline.p50).toFixed(1)} |`).join('\n')}

### The raw SQL of the same searches
"Raw SQL": the statements one search sends from cold, replayed back to back on one connection (no HTTP, no JSON, no
overlap). "Service": SearchService.search in process on a pool (the statements with the overlap the service uses,
plus its own work; no HTTP); from the second round on, the result cards are the catalog's kept ones.

| Search | statements | raw SQL p50 | raw SQL p99 | service p50 | service p99 |
|---|---|---|---|---|---|
${r.rawSql.map((x) => `| ${x.name} | ${x.statements} | ${f(x.p50)} ms | ${f(x.p99)} ms | ${f(x.service.p50)} ms | ${f(x.service.p99)} ms |`).join('\n')}

### PGlite, in process, demo catalog (${r.pgliteVideos.toLocaleString('en-US')} videos)
| Search | p50 | p99 |
|---|---|---|
${r.pglite.map((x) => `| ${x.name} | ${f(x.p50)} ms | ${f(x.p99)} ms |`).join('\n')}

### Search plans at ${r.videos.toLocaleString('en-US')} videos
${Object.entries(r.plans)
  .map(([name, plan]) => `#### ${name}\n\`\`\`\n${plan}\n\`\`\``)
  .join('\n\n')}
`;
}

/** Replaces this benchmark's section of bench/RESULTS.md (from its heading to the next top-level heading). */
export function writeSearchSection(section: string): void {
  const file = new URL('./RESULTS.md', import.meta.url);
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmark results\n';
  const start = current.indexOf('## Search at ');
  let next: string;
  if (start >= 0) {
    const after = current.indexOf('\n## ', start + 5);
    next = current.slice(0, start) + section + (after >= 0 ? current.slice(after) : '');
  } else next = `${current.trimEnd()}\n\n${section}`;
  fs.writeFileSync(file, next);
}

// Run alone: npx tsx bench/search.ts
const direct = !!process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (direct) {
  const serverUrl = defaultServerUrl();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [BENCH_DB])).rowCount === 1;
  await admin.end();
  if (!exists) await benchSeed(serverUrl, Number(process.env.BENCH_VIDEOS ?? 1_000_000));
  const parts = process.env.BENCH_PARTS?.split(',').map((p) => p.trim()) as SearchBenchPart[] | undefined;
  const result = await benchSearch(serverUrl, { samples: Number(process.env.BENCH_SAMPLES ?? 200), parts });
  const report = searchReport(result);
  console.log(report);
  if (!parts) {
    writeSearchSection(report);
    console.log('wrote the search section of bench/RESULTS.md');
  }
}
