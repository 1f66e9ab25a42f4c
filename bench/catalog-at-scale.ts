/**
 * The catalog at a million videos on PostgreSQL:
 * 1. time to seed it through the same import path as the demo seed, against a baseline in the same run:
 *    PostgreSQL writing the same number of rows into a table of the same shape and indexes with one
 *    INSERT … SELECT generate_series (the database's own floor, no client or network in the way);
 * 2. the query plans of the list queries (they must seek an index, never sort the table);
 * 3. p50/p99 over HTTP of a channel's video page (first page and the page after it) and of the public feed,
 *    against a baseline in the same run: the smallest API call (the message bar's one-row query).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { createServices } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/infra/db/client.js';
import { countVideosPerChannel, generateChannels, generateVideos } from '../apps/server/src/providers/demo/catalog.js';
import { DemoProvider } from '../apps/server/src/providers/demo/demo-provider.js';
import { admin, databaseUrl, dropDatabase } from './harness.js';
import { median, percentile } from './stats.js';

const BENCH_DB = 'sift_bench';

export interface SeedResult {
  videos: number;
  seedMs: number;
  baselineMs: number;
}

export async function benchSeed(serverUrl: string, total: number): Promise<SeedResult> {
  await dropDatabase(serverUrl, BENCH_DB);
  await admin(serverUrl, `CREATE DATABASE ${BENCH_DB}`);
  const url = databaseUrl(serverUrl, BENCH_DB);
  const database = await openDatabase({ databaseUrl: url, pgliteDir: 'memory://' });
  const now = new Date();
  const services = createServices({ db: database.db, provider: new DemoProvider({ now }) });
  const generated = generateChannels({});
  const counts = countVideosPerChannel(generated, { total });
  const channels = generated.map((c, i) => ({ ...c, numberOfVideos: counts[i]! }));
  const started = performance.now();
  await services.catalog.importCatalog('demo', channels, generateVideos(channels, { total, now }));
  const seedMs = performance.now() - started;
  await database.close();

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('ANALYZE');
    await client.query('CREATE TABLE videos_floor (LIKE videos INCLUDING ALL)');
    const floorStarted = performance.now();
    await client.query(`
      INSERT INTO videos_floor (provider, external_id, channel_id, title, description, tags, duration_seconds,
        number_of_views, number_of_likes, published_at, live_status, embeddable, is_short, thumbnail, media_url)
      SELECT 'demo', 'f' || g, (SELECT min(id) FROM channels) + g % 48,
        'A realistic video title number ' || g, repeat('Description words. ', 8), ARRAY['tag', 'other'], g % 3600,
        g * 7, g, now() - (g || ' minutes')::interval, 'NONE', true, false, '/media/thumbnails/x.svg', '/media/clips/clip-1.webm'
      FROM generate_series(1, ${total}) AS g`);
    const baselineMs = performance.now() - floorStarted;
    await client.query('DROP TABLE videos_floor');
    return { videos: total, seedMs, baselineMs };
  } finally {
    await client.end();
  }
}

/** EXPLAIN of the list queries, written as CatalogRepository.pageVideos sends them. */
export async function explainListQueries(serverUrl: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: databaseUrl(serverUrl, BENCH_DB) });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; published_at: Date; vid: string }>(
      `SELECT c.id, v.published_at, v.id AS vid FROM channels c JOIN LATERAL (
         SELECT published_at, id FROM videos WHERE channel_id = c.id ORDER BY published_at DESC, id DESC OFFSET 500 LIMIT 1) v ON true
       ORDER BY c.number_of_videos DESC LIMIT 1`,
    );
    const { id, published_at, vid } = rows[0]!;
    const select = `SELECT v.*, c.external_id, c.name, c.thumbnail FROM videos v JOIN channels c ON c.id = v.channel_id`;
    const queries: Record<string, [string, unknown[]]> = {
      'channel page, first': [`${select} WHERE v.channel_id = $1 ORDER BY v.published_at DESC, v.id DESC LIMIT 51`, [id]],
      'channel page, after cursor': [
        `${select} WHERE v.channel_id = $1 AND (v.published_at, v.id) < ($2::timestamptz, $3) ORDER BY v.published_at DESC, v.id DESC LIMIT 51`,
        [id, published_at, vid],
      ],
      'public feed, after cursor': [
        `${select} WHERE (v.published_at, v.id) < ($1::timestamptz, $2) ORDER BY v.published_at DESC, v.id DESC LIMIT 51`,
        [published_at, vid],
      ],
    };
    const plans: Record<string, string> = {};
    for (const [name, [sql, params]] of Object.entries(queries)) {
      const res = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) ${sql}`, params);
      plans[name] = res.rows.map((r) => r['QUERY PLAN']).join('\n');
    }
    return plans;
  } finally {
    await client.end();
  }
}

export interface LatencyResult {
  name: string;
  p50: number;
  p99: number;
}

async function timed(url: string): Promise<{ ms: number; body: unknown }> {
  const started = performance.now();
  const res = await fetch(url);
  const body = await res.json();
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return { ms: performance.now() - started, body };
}

export async function benchHttp(serverUrl: string, samples = 400): Promise<LatencyResult[]> {
  const port = 8292;
  const base = `http://127.0.0.1:${port}`;
  const server = spawn('node', [path.resolve('apps/server/dist/main.js')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl(serverUrl, BENCH_DB), SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/api/public/v01/content/messages`)).ok) break;
      } catch {
        if (i > 600) throw new Error('server did not start');
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    const { items } = (await timed(`${base}/api/public/v01/channel/search?limit=100`)).body as { items: { externalId: string }[] };
    const first: number[] = [];
    const second: number[] = [];
    const feed: number[] = [];
    const baseline: number[] = [];
    for (let i = 0; i < samples; i++) {
      const channel = items[i % items.length]!.externalId;
      const page = await timed(`${base}/api/search/channels/${channel}/videos`);
      first.push(page.ms);
      const next = (page.body as { next: string | null }).next;
      if (next) second.push((await timed(`${base}/api/search/channels/${channel}/videos?next=${next}`)).ms);
      feed.push((await timed(`${base}/api/feeds/public`)).ms);
      baseline.push((await timed(`${base}/api/public/v01/content/messages?pageId=44`)).ms);
    }
    const row = (name: string, s: number[]) => ({ name, p50: median(s), p99: percentile(s, 99) });
    return [
      row('channel page (first 50)', first),
      row('channel page (next 50, by cursor)', second),
      row('public feed (first 50)', feed),
      row('baseline: message bar (1 row)', baseline),
    ];
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}
