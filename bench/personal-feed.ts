/**
 * The personal feed at a million videos (issue 7; docs/decisions/012-subscriptions.md). On its own PostgreSQL
 * database `sift_bench_feed` (created, and dropped at the end unless BENCH_KEEP=1):
 * 1. a catalog of 1,000,000 videos over 20,000 channels (50 a channel, two years of dates);
 * 2. 20 public sifts of 50 channels each with keyword rules, their matches materialised by the sifts' own rematch;
 * 3. a member following 500 random channels and the 20 sifts;
 * 4. p50 / p99 of the first page (50 videos) of GET /api/me/feeds/videos over HTTP (a separate server process), of
 *    the fifth page, and of a baseline request (GET /api/sifts/categories: one tiny query) in the same run;
 * 5. the raw SQL of a first page in the same run (the subscriptions read and the page's two statements, on one
 *    connection, no HTTP), and its EXPLAIN ANALYZE.
 * Run: `npx tsx bench/personal-feed.ts` (BENCH_DATABASE_URL / DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres; BENCH_PORT default 8715). Prints a Markdown section for RESULTS.md.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp, createServices } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/infra/db/client.js';
import { SiftMatchesRepository } from '../apps/server/src/modules/sifts/sift-matches.repository.js';
import { DemoProvider } from '../apps/server/src/providers/demo/demo-provider.js';
import { median, percentile } from './stats.js';

const DB = 'sift_bench_feed';
const PORT = Number(process.env.BENCH_PORT ?? 8715);
const CHANNELS = Number(process.env.BENCH_CHANNELS ?? 20_000);
const CHANNEL_VIDEOS = 50;
const FOLLOWED_CHANNELS = 500;
const FOLLOWED_SIFTS = 20;
const SIFT_CHANNELS = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 400);
const COMMON = ['cooking', 'travel', 'music', 'guitar', 'piano', 'science', 'space', 'history', 'review', 'tutorial', 'python', 'garden', 'coffee', 'bread', 'pasta', 'camera'];

const urlOf = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

async function admin(serverUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const row = (name: string, samples: number[]) => ({ name, p50: median(samples), p99: percentile(samples, 99), n: samples.length });

async function seed(client: pg.Client, url: string): Promise<{ token: string }> {
  const words = `ARRAY[${COMMON.map((w) => `'${w}'`).join(',')}]`;
  const word = `(${words})[1 + floor(random() * ${COMMON.length})::int]`;
  await client.query(`
    INSERT INTO channels (provider, external_id, name, thumbnail, number_of_videos, refreshed_at)
    SELECT 'bench', 'UCfeed' || g, 'Feed channel ' || g, '/media/avatars/bench.svg', ${CHANNEL_VIDEOS}, now() FROM generate_series(1, ${CHANNELS}) g`);
  await client.query(`
    INSERT INTO videos (provider, external_id, channel_id, title, description, tags, duration_seconds, published_at, thumbnail)
    SELECT 'bench', 'vfeed' || c.id || '_' || v, c.id, ${word} || ' ' || ${word} || ' ' || ${word}, ${word} || ' ' || ${word},
      ARRAY[${word}], 300, now() - (random() * interval '730 days'), '/media/thumbnails/bench.svg'
    FROM channels c CROSS JOIN generate_series(1, ${CHANNEL_VIDEOS}) v`);
  await client.query('ANALYZE channels; ANALYZE videos');
  const { rows: users } = await client.query<{ id: string }>(
    `INSERT INTO users (email, first_name, last_name, confirmed_at, onboarded) VALUES ('reader@bench.test', 'Bench', 'Reader', now(), true), ('owner@bench.test', 'Bench', 'Owner', now(), true) RETURNING id`,
  );
  const [reader, owner] = users.map((u) => Number(u.id)) as [number, number];
  const { rows: sifts } = await client.query<{ id: string }>(
    `INSERT INTO sifts (hash, owner_id, name, public) SELECT 'feedbench' || g, $1, 'Bench sift ' || g, true FROM generate_series(1, ${FOLLOWED_SIFTS}) g RETURNING id`,
    [owner],
  );
  const siftIds = sifts.map((s) => Number(s.id));
  await client.query(
    `INSERT INTO sift_channels (sift_id, channel_id)
     SELECT s.id, 1 + floor(random() * ${CHANNELS})::int FROM unnest($1::bigint[]) s(id) CROSS JOIN generate_series(1, ${SIFT_CHANNELS}) ON CONFLICT DO NOTHING`,
    [siftIds],
  );
  await client.query(
    `INSERT INTO sift_keywords (sift_id, rule, keyword)
     SELECT s.id, 'any', (${words})[1 + (s.id % ${COMMON.length})::int] FROM unnest($1::bigint[]) s(id)
     UNION ALL SELECT s.id, 'none', (${words})[1 + ((s.id + 5) % ${COMMON.length})::int] FROM unnest($1::bigint[]) s(id)`,
    [siftIds],
  );
  const database = await openDatabase({ databaseUrl: url, pgliteDir: 'memory://' });
  const matches = new SiftMatchesRepository(database.db);
  for (const id of siftIds) await matches.rematchSift(id);
  await client.query(
    `INSERT INTO subscriptions (user_id, channel_id) SELECT $1, id FROM channels ORDER BY random() LIMIT ${FOLLOWED_CHANNELS}`,
    [reader],
  );
  await client.query(`INSERT INTO subscriptions (user_id, sift_id) SELECT $1, id FROM unnest($2::bigint[]) AS s(id)`, [reader, siftIds]);
  await client.query('ANALYZE');
  const services = createServices({ db: database.db, provider: new DemoProvider({ now: new Date() }) });
  const token = await services.tokens.issue(reader, 'session');
  await database.close();
  return { token };
}

function startServer(url: string): Promise<() => void> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve'], {
    env: { ...process.env, BENCH_DB_URL: url },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = async () => {
      try {
        if ((await fetch(`http://127.0.0.1:${PORT}/api/sifts/categories`)).ok) return resolve(() => child.kill('SIGTERM'));
      } catch {
        /* not up yet */
      }
      if (Date.now() - started > 120_000) return reject(new Error('bench server did not start'));
      setTimeout(poll, 300);
    };
    void poll();
  });
}

async function serve(): Promise<void> {
  const database = await openDatabase({ databaseUrl: process.env.BENCH_DB_URL!, pgliteDir: 'memory://' });
  const { app } = await buildApp({ db: database.db, provider: new DemoProvider({ now: new Date() }), appName: 'Sift', logger: false });
  await app.listen({ port: PORT, host: '127.0.0.1' });
}

async function get(path: string, token?: string): Promise<{ ms: number; body: unknown }> {
  const t0 = performance.now();
  const res = await fetch(`http://127.0.0.1:${PORT}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const body = await res.json();
  const ms = performance.now() - t0;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return { ms, body };
}

/** The statements of one first page, as FeedsRepository / SubscriptionsRepository send them. */
const SOURCES_SQL = `SELECT s.channel_id, s.sift_id FROM subscriptions s LEFT JOIN sifts ON sifts.id = s.sift_id
  WHERE s.user_id = $1 AND NOT s.opt_out AND NOT s.muted AND (s.sift_id IS NULL OR (sifts.public OR sifts.owner_id = $1))`;
const PAGE_SQL = `SELECT id FROM (
    (SELECT videos.id AS id, videos.published_at AS published_at FROM videos WHERE videos.channel_id = ANY($1::bigint[]) AND true
      ORDER BY videos.published_at DESC, videos.id DESC LIMIT 51)
    UNION
    (SELECT m.id, m.published_at FROM unnest($2::bigint[]) AS s(id) CROSS JOIN LATERAL (
      SELECT sift_videos.video_id AS id, sift_videos.published_at AS published_at FROM sift_videos
      WHERE sift_videos.sift_id = s.id AND true ORDER BY sift_videos.published_at DESC, sift_videos.video_id DESC LIMIT 51) AS m)
  ) AS picked ORDER BY published_at DESC, id DESC LIMIT 51`;
const ROWS_SQL = `SELECT v.*, c.external_id, c.name, c.thumbnail FROM videos v JOIN channels c ON c.id = v.channel_id
  WHERE v.id = ANY($1::bigint[]) ORDER BY v.published_at DESC, v.id DESC`;

/** Runs the benchmark and writes its section into bench/RESULTS.md (replacing an earlier run's). */
export async function benchPersonalFeed(serverUrl: string): Promise<string> {
  const url = urlOf(serverUrl, DB);
  await admin(serverUrl, `DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  await admin(serverUrl, `CREATE DATABASE ${DB}`);
  await (await openDatabase({ databaseUrl: url, pgliteDir: 'memory://' })).close(); // migrations
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const t0 = performance.now();
  const { token } = await seed(client, url);
  console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);

  const stop = await startServer(url);
  const first: number[] = [];
  const fifth: number[] = [];
  const baseline: number[] = [];
  let pageSize = 0;
  try {
    for (let i = 0; i < 30; i++) await get('/api/me/feeds/videos', token); // warm up
    for (let i = 0; i < ROUNDS; i++) {
      baseline.push((await get('/api/sifts/categories')).ms);
      const r = await get('/api/me/feeds/videos', token);
      first.push(r.ms);
      pageSize = (r.body as { videoFeedItems: { videos: unknown[] } }).videoFeedItems.videos.length;
      if (i % 4 === 0) {
        let next = (r.body as { videoFeedItems: { next: string } }).videoFeedItems.next;
        for (let p = 2; p <= 5; p++) {
          const page = await get(`/api/me/feeds/videos?next=${encodeURIComponent(next)}`, token);
          if (p === 5) fifth.push(page.ms);
          next = (page.body as { videoFeedItems: { next: string } }).videoFeedItems.next;
        }
      }
    }
  } finally {
    stop();
  }

  // Raw SQL of a first page on one connection.
  const { rows: me } = await client.query<{ id: string }>(`SELECT id FROM users WHERE email = 'reader@bench.test'`);
  const userId = Number(me[0]!.id);
  const raw: number[] = [];
  let channelIds: number[] = [];
  let siftIds: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    const sources = await client.query<{ channel_id: string | null; sift_id: string | null }>(SOURCES_SQL, [userId]);
    channelIds = sources.rows.flatMap((r) => (r.channel_id ? [Number(r.channel_id)] : []));
    siftIds = sources.rows.flatMap((r) => (r.sift_id ? [Number(r.sift_id)] : []));
    const ids = await client.query<{ id: string }>(PAGE_SQL, [channelIds, siftIds]);
    await client.query(ROWS_SQL, [ids.rows.map((r) => Number(r.id))]);
    raw.push(performance.now() - t);
  }
  const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${PAGE_SQL}`, [channelIds, siftIds]);
  const { rows: counts } = await client.query<{ videos: string; matches: string }>(
    `SELECT (SELECT count(*) FROM videos) AS videos, (SELECT count(*) FROM sift_videos) AS matches`,
  );
  await client.end();
  if (process.env.BENCH_KEEP !== '1') await admin(serverUrl, `DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);

  const rows = [row('HTTP first page (50)', first), row('HTTP fifth page', fifth), row('Baseline: GET /api/sifts/categories', baseline), row('Raw SQL first page (3 statements)', raw)];
  const f = (n: number) => n.toFixed(2);
  const section = [
    `## Personal feed (issue 7): ${Number(counts[0]!.videos).toLocaleString('en-US')} videos, ${CHANNELS.toLocaleString('en-US')} channels, ${Number(counts[0]!.matches).toLocaleString('en-US')} sift matches`,
    '',
    `A member following ${FOLLOWED_CHANNELS} channels and ${FOLLOWED_SIFTS} sifts (of ${SIFT_CHANNELS} channels each); ${ROUNDS} rounds, page size ${pageSize}; \`npx tsx bench/personal-feed.ts\`, ${new Date().toISOString().slice(0, 10)}.`,
    '',
    '| | p50 | p99 | n |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${r.name} | ${f(r.p50)} ms | ${f(r.p99)} ms | ${r.n} |`),
    '',
    `First page over HTTP / baseline: ×${(median(first) / median(baseline)).toFixed(1)} at p50; HTTP / raw SQL: ×${(median(first) / median(raw)).toFixed(1)}. Target p99 ≤ 10 ms: ${percentile(first, 99) <= 10 ? 'met' : 'NOT met'}.`,
    '',
    '<details><summary>EXPLAIN ANALYZE of the page statement</summary>',
    '',
    '```',
    ...plan.rows.map((p) => p['QUERY PLAN']),
    '```',
    '</details>',
    '',
  ].join('\n');
  console.log(section);
  const results = new URL('./RESULTS.md', import.meta.url);
  const before = fs.existsSync(results) ? fs.readFileSync(results, 'utf8') : '';
  const heading = '## Personal feed (issue 7)';
  const at = before.indexOf(heading);
  const end = at < 0 ? -1 : before.indexOf('\n## ', at + heading.length);
  const after = at < 0 ? `${before.trimEnd()}\n\n${section}` : `${before.slice(0, at)}${section}${end < 0 ? '' : before.slice(end + 1)}`;
  fs.writeFileSync(results, after);
  return section;
}

if (process.argv.includes('--serve')) void serve();
else if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1])
  benchPersonalFeed(process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres').catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
