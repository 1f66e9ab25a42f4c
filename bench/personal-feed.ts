/**
 * The personal feed at a million videos (issue 7; docs/decisions/012-subscriptions.md). On its own PostgreSQL
 * database `sift_bench_feed` (created, and dropped at the end unless BENCH_KEEP=1):
 * 1. a catalog of 1,000,000 videos over 20,000 channels (50 a channel, two years of dates);
 * 2. 20 public sifts of 50 channels each with keyword rules, their matches materialised by the sifts' own rematch;
 * 3. a member following 500 random channels and the 20 sifts;
 * 4. p50 / p99 of the first page (50 videos) of GET /api/me/feeds/videos over HTTP (a separate server process), of
 *    the fifth page, and of a baseline request (GET /api/sifts/categories: one tiny query) in the same run;
 * 5. the raw SQL of a first page in the same run, on one connection, no HTTP: the stamp, and a page built from
 *    nothing (its sources, its keys, its 50 cards), with the keys statement's EXPLAIN ANALYZE.
 * Run: `npx tsx bench/personal-feed.ts` (BENCH_DATABASE_URL / DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres; BENCH_PORT default 8715). Prints a Markdown section for RESULTS.md.
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createServices } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/infra/db/client.js';
import { SiftMatchesRepository } from '../apps/server/src/modules/sifts/sift-matches.repository.js';
import { DemoProvider } from '../apps/server/src/providers/demo/demo-provider.js';
import {
  BenchClient,
  databaseExists,
  databaseUrl,
  defaultServerUrl,
  dropDatabase,
  isScript,
  latencyRow as row,
  recreateDatabase,
  serveApp,
  startBenchServer,
  writeSection,
} from './harness.js';
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

/**
 * The catalog of this benchmark (also bench/history.ts's): CHANNELS channels of 50 videos, 20 public sifts with their
 * matches, and `reader@bench.test` following 500 random channels and the 20 sifts; vacuumed and checkpointed.
 */
export async function seedFollowedCatalog(client: pg.Client, url: string): Promise<void> {
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
  // A steady state: autovacuum has long set the visibility map that index-only scans rely on, and the checkpointer
  // has long written the seeding's pages (else it writes half a gigabyte while the requests are timed).
  await client.query('VACUUM ANALYZE');
  await client.query('CHECKPOINT');
  await database.close();
}

/** A session of the bench's reader (`reader@bench.test`; bench/filtered-feeds.ts's too). */
export async function readerSession(url: string): Promise<{ userId: number; token: string }> {
  const database = await openDatabase({ databaseUrl: url, pgliteDir: 'memory://' });
  const services = createServices({ db: database.db, provider: new DemoProvider({ now: new Date() }) });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ id: string }>(`SELECT id FROM users WHERE email = 'reader@bench.test'`);
  await client.end();
  const userId = Number(rows[0]!.id);
  const token = await services.tokens.issue(userId, 'session');
  await services.jobs.stop();
  await database.close();
  return { userId, token };
}

/** The statements of one first page, as FeedsRepository / SubscriptionsRepository send them. */
const STAMP_SQL = `WITH followed AS (
    SELECT sifts.id, sifts.feed_version AS version, sifts.public, sifts.owner_id AS owner
    FROM subscriptions JOIN sifts ON sifts.id = subscriptions.sift_id WHERE subscriptions.user_id = $1)
  SELECT (SELECT count(*) || '.' || coalesce(max(updated_at)::text, '') FROM subscriptions WHERE user_id = $1)
      || '|' || coalesce((SELECT string_agg(id || '.' || public || '.' || owner, ',' ORDER BY id) FROM followed), '') AS subscriptions,
    coalesce((SELECT max(id) FROM videos)::text, '') || '|' || coalesce((SELECT string_agg(id || '.' || version, ',' ORDER BY id) FROM followed), '') AS videos`;
export const SOURCES_SQL = `SELECT array_agg(s.channel_id) FILTER (WHERE s.channel_id IS NOT NULL) AS channel_ids,
    array_agg(s.sift_id) FILTER (WHERE s.sift_id IS NOT NULL) AS sift_ids
  FROM subscriptions s LEFT JOIN sifts ON sifts.id = s.sift_id
  WHERE s.user_id = $1 AND NOT s.opt_out AND NOT s.muted AND (s.sift_id IS NULL OR (sifts.public OR sifts.owner_id = $1))`;
export const PAGE_SQL = `SELECT id, published_at FROM (
    (SELECT videos.id AS id, videos.published_at AS published_at FROM videos WHERE videos.channel_id = ANY($1::bigint[]) AND true
      ORDER BY videos.published_at DESC, videos.id DESC LIMIT 51)
    UNION
    (SELECT m.id, m.published_at FROM unnest($2::bigint[]) AS s(id) CROSS JOIN LATERAL (
      SELECT sift_videos.video_id AS id, sift_videos.published_at AS published_at FROM sift_videos
      WHERE sift_videos.sift_id = s.id AND true ORDER BY sift_videos.published_at DESC, sift_videos.video_id DESC LIMIT 51) AS m)
  ) AS picked ORDER BY published_at DESC, id DESC LIMIT 51`;
const CARDS_SQL = `SELECT v.id, v.provider, v.external_id, v.channel_id, v.title, v.description, v.thumbnail, v.tags, v.duration_seconds,
    v.embeddable, v.live_status, v.is_short, v.number_of_views, v.number_of_likes, v.published_at, v.media_url, c.external_id, c.name, c.thumbnail
  FROM videos v JOIN channels c ON c.id = v.channel_id WHERE v.id = ANY($1::bigint[])`;

/**
 * Runs the benchmark and writes its section into bench/RESULTS.md (replacing an earlier run's). BENCH_REUSE=1
 * measures again on the database a BENCH_KEEP=1 run left, without seeding.
 */
export async function benchPersonalFeed(serverUrl: string): Promise<string> {
  const reuse = process.env.BENCH_REUSE === '1' && (await databaseExists(serverUrl, DB));
  let url: string;
  if (reuse) {
    url = databaseUrl(serverUrl, DB);
    await (await openDatabase({ databaseUrl: url, pgliteDir: 'memory://' })).close(); // new migrations, if any
  } else {
    url = await recreateDatabase(serverUrl, DB);
    const seeding = new pg.Client({ connectionString: url });
    await seeding.connect();
    const t0 = performance.now();
    await seedFollowedCatalog(seeding, url);
    await seeding.end();
    console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  const { userId, token } = await readerSession(url);
  const auth = { authorization: `Bearer ${token}` };

  const stop = await startBenchServer(fileURLToPath(import.meta.url), PORT, { BENCH_DB_URL: url });
  const http = new BenchClient(PORT);
  type FeedBody = { videoFeedItems: { videos: unknown[]; next: string } };
  // Two states of a page (decision 014): unchanged since the member last read it (the server reads the feed's stamp
  // and answers the page it built), and just changed: before each such request, untimed, a new video arrives in a
  // followed channel (on top of the first page: its keys are read again, and its one new card) and a followed
  // sift's feed version is bumped, as a new match does.
  const bump = new pg.Client({ connectionString: url });
  await bump.connect();
  let arrivals = 0;
  const change = async () => {
    await bump.query(
      `INSERT INTO videos (provider, external_id, channel_id, title, published_at, thumbnail)
       SELECT 'bench', 'vnew' || $2 || '_' || $3, channel_id, 'New arrival ' || $3, now(), '/media/thumbnails/bench.svg'
       FROM subscriptions WHERE user_id = $1 AND channel_id IS NOT NULL LIMIT 1`,
      [userId, Date.now(), ++arrivals],
    );
    await bump.query(`UPDATE sifts SET feed_version = feed_version + 1 WHERE id = (SELECT sift_id FROM subscriptions WHERE user_id = $1 AND sift_id IS NOT NULL LIMIT 1)`, [userId]);
  };
  const samples = { first: [] as number[], fifth: [] as number[], firstChanged: [] as number[], fifthChanged: [] as number[], baseline: [] as number[] };
  let pageSize = 0;
  try {
    for (let i = 0; i < 30; i++) await http.json('/api/me/feeds/videos', auth); // warm up
    const fifthCursor = async () => {
      let next = (await http.json<FeedBody>('/api/me/feeds/videos', auth)).body.videoFeedItems.next;
      for (let p = 2; p < 5; p++) next = (await http.json<FeedBody>(`/api/me/feeds/videos?next=${encodeURIComponent(next)}`, auth)).body.videoFeedItems.next;
      return `/api/me/feeds/videos?next=${encodeURIComponent(next)}`;
    };
    let fifth = await fifthCursor();
    pageSize = (await http.json<FeedBody>('/api/me/feeds/videos', auth)).body.videoFeedItems.videos.length;
    for (let i = 0; i < ROUNDS; i++) {
      samples.baseline.push(await http.ms('/api/sifts/categories'));
      samples.first.push(await http.ms('/api/me/feeds/videos', auth));
      await change();
      samples.firstChanged.push(await http.ms('/api/me/feeds/videos', auth));
      if (i % 4 === 0) {
        fifth = await fifthCursor();
        await http.ms(fifth, auth); // read once at this stamp: the next read is the unchanged one
        samples.fifth.push(await http.ms(fifth, auth));
        await change();
        samples.fifthChanged.push(await http.ms(fifth, auth));
      }
    }
  } finally {
    http.close();
    stop();
    await bump.end();
  }

  // Raw SQL on one connection: the stamp (what an unchanged page costs the database), and a first page built from
  // nothing (sources, keys, then the cards: what the server reads when it keeps nothing).
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const raw: number[] = [];
  const rawStamp: number[] = [];
  let channelIds: number[] = [];
  let siftIds: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    let t = performance.now();
    await client.query(STAMP_SQL, [userId]);
    rawStamp.push(performance.now() - t);
    t = performance.now();
    const sources = await client.query<{ channel_ids: string[] | null; sift_ids: string[] | null }>(SOURCES_SQL, [userId]);
    channelIds = (sources.rows[0]?.channel_ids ?? []).map(Number);
    siftIds = (sources.rows[0]?.sift_ids ?? []).map(Number);
    const keys = await client.query<{ id: string }>(PAGE_SQL, [channelIds, siftIds]);
    await client.query(CARDS_SQL, [keys.rows.slice(0, 50).map((k) => Number(k.id))]);
    raw.push(performance.now() - t);
  }
  const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${PAGE_SQL}`, [channelIds, siftIds]);
  const { rows: counts } = await client.query<{ videos: string; matches: string }>(
    `SELECT (SELECT count(*) FROM videos) AS videos, (SELECT count(*) FROM sift_videos) AS matches`,
  );
  await client.end();
  if (!reuse && process.env.BENCH_KEEP !== '1') await dropDatabase(serverUrl, DB);

  const first = samples.first;
  const rows = [
    row('HTTP first page (50), unchanged', samples.first),
    row('HTTP fifth page, unchanged', samples.fifth),
    row('HTTP first page (50), just changed', samples.firstChanged),
    row('HTTP fifth page, just changed', samples.fifthChanged),
    row('Baseline: GET /api/sifts/categories', samples.baseline),
    row('Raw SQL: the stamp (what an unchanged page costs the database)', rawStamp),
    row('Raw SQL: first page from nothing (sources, keys, cards)', raw),
  ];
  const f = (n: number) => n.toFixed(2);
  const section = [
    `## Personal feed (issue 7): ${Number(counts[0]!.videos).toLocaleString('en-US')} videos, ${CHANNELS.toLocaleString('en-US')} channels, ${Number(counts[0]!.matches).toLocaleString('en-US')} sift matches`,
    '',
    `A member following ${FOLLOWED_CHANNELS} channels and ${FOLLOWED_SIFTS} sifts (of ${SIFT_CHANNELS} channels each); ${ROUNDS} rounds, page size ${pageSize}; \`npx tsx bench/personal-feed.ts\`, ${new Date().toISOString().slice(0, 10)}.`,
    'The server is a separate process; the client keeps one connection alive and asks for gzip, as a browser does.',
    '',
    '| | p50 | p99 | n |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${r.name} | ${f(r.p50)} ms | ${f(r.p99)} ms | ${r.n} |`),
    '',
    `First page over HTTP / baseline at p50: ×${(median(first) / median(samples.baseline)).toFixed(1)} unchanged, ×${(median(samples.firstChanged) / median(samples.baseline)).toFixed(1)} just changed; just changed / raw SQL: ×${(median(samples.firstChanged) / median(raw)).toFixed(1)}.`,
    `Target p99 ≤ 10 ms: unchanged ${percentile(first, 99) <= 10 && percentile(samples.fifth, 99) <= 10 ? 'met' : '**not met**'}, just changed ${percentile(samples.firstChanged, 99) <= 10 && percentile(samples.fifthChanged, 99) <= 10 ? 'met' : '**not met**'}. Load average when written: ${os.loadavg().map((x) => x.toFixed(1)).join(' / ')}.`,
    '',
    '<details><summary>EXPLAIN ANALYZE of the keys statement</summary>',
    '',
    '```',
    ...plan.rows.map((p) => p['QUERY PLAN']),
    '```',
    '</details>',
    '',
  ].join('\n');
  console.log(section);
  if (!reuse) writeSection('## Personal feed (issue 7)', section);
  return section;
}

if (isScript(import.meta.url) && process.argv.includes('--serve')) void serveApp(process.env.BENCH_DB_URL!, PORT);
else if (isScript(import.meta.url))
  benchPersonalFeed(defaultServerUrl()).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
