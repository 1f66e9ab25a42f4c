/**
 * The sift feed at a million videos (issue 6; docs/decisions/011-sift-feed.md). On its own PostgreSQL database
 * `sift_bench_sifts` (created, and dropped at the end unless BENCH_KEEP=1):
 * 1. a catalog of 100,000 videos over 2,000 channels (50 a channel), then grown to 1,000,000 over 20,000;
 * 2. at each size, 100 public sifts of 50 channels with rules that mix common and rare words, phrases and
 *    exclusions (and type filters), their matches materialised by the service's own rematch;
 * 3. p50 / p99 of the first and the fifth page of GET /api/sifts/{hash}/videos over HTTP (a separate server
 *    process), and of the same statements as raw SQL on one connection;
 * 4. at 1M, with 10,000 sifts defined: videos ingested per second (SiftsService.onVideosArrived after the insert)
 *    and how long a rule change on a 50-channel sift takes to show (the update, rematch included; it is
 *    synchronous, so the next feed request shows it).
 * Run: `npx tsx bench/sift-feed.ts`, or through `npm run bench` (BENCH_DATABASE_URL / DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres;
 * BENCH_PORT default 8615). Writes its section into bench/RESULTS.md.
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createServices } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/infra/db/client.js';
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
  timed,
  writeSection,
} from './harness.js';

const DB = 'sift_bench_sifts';
const PORT = Number(process.env.BENCH_PORT ?? 8615);
const CHANNEL_VIDEOS = 50;
const SIFT_CHANNELS = 50;
const FEED_SIFTS = 100;
const ALL_SIFTS = 10_000;
const PAGE = 50;

const COMMON = [
  'cooking', 'travel', 'music', 'guitar', 'piano', 'science', 'space', 'history', 'review', 'tutorial', 'python', 'garden',
  'coffee', 'bread', 'pasta', 'camera', 'drone', 'ocean', 'forest', 'mountain', 'city', 'night', 'morning', 'winter',
  'summer', 'budget', 'luxury', 'vintage', 'modern', 'design', 'chess', 'running', 'cycling', 'yoga', 'football', 'tennis',
  'physics', 'chemistry', 'biology', 'robot', 'engine', 'electric', 'solar', 'wood', 'metal', 'paint', 'sketch', 'clay',
  'kitchen', 'street', 'market', 'festival', 'island', 'desert', 'river', 'bridge', 'tower', 'train', 'plane', 'boat',
];
const RARE = 'quokka';

const words = `ARRAY[${COMMON.map((w) => `'${w}'`).join(',')}]`;
const word = `(${words})[1 + floor(random() * ${COMMON.length})::int]`;

/** Channels up to `channels` and 50 videos each; idempotent (adds what is missing). */
async function growCatalog(client: pg.Client, channels: number): Promise<void> {
  const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM channels');
  const have = Number(rows[0]!.n);
  if (have >= channels) return;
  await client.query(`
    INSERT INTO channels (provider, external_id, name, thumbnail, number_of_videos, refreshed_at)
    SELECT 'bench', 'UCbench' || g, 'Bench channel ' || g, '/media/avatars/bench.svg', ${CHANNEL_VIDEOS}, now()
    FROM generate_series(${have + 1}, ${channels}) g`);
  // Title: four common words, sometimes the phrase "black holes", rarely the rare word; description ten words.
  await client.query(`
    INSERT INTO videos (provider, external_id, channel_id, title, description, tags, duration_seconds, published_at, thumbnail, is_short, live_status)
    SELECT 'bench', 'vbench' || c.n || '_' || v, c.id,
      ${word} || ' ' || ${word} || ' ' || ${word} || ' ' || ${word}
        || CASE WHEN random() < 0.05 THEN ' black holes' ELSE '' END
        || CASE WHEN random() < 0.002 THEN ' ${RARE}' ELSE '' END,
      ${word} || ', ' || ${word} || ' ' || ${word} || '. ' || ${word} || ' ' || ${word} || ' ' || ${word} || ' ' || ${word}
        || ' ' || ${word} || ' ' || ${word} || ' ' || ${word},
      ARRAY[${word}, ${word}],
      CASE WHEN random() < 0.1 THEN 40 ELSE 120 + floor(random() * 3000)::int END,
      now() - (random() * interval '730 days'),
      '/media/thumbnails/bench.svg', random() < 0.1, CASE WHEN random() < 0.02 THEN 'LIVE' ELSE 'NONE' END
    FROM (SELECT id, substring(external_id from 8)::int AS n FROM channels WHERE provider = 'bench' AND substring(external_id from 8)::int > ${have}) c
    CROSS JOIN generate_series(1, ${CHANNEL_VIDEOS}) v`);
  await client.query('VACUUM ANALYZE channels');
  await client.query('VACUUM ANALYZE videos');
}

/** Rules of the i-th sift: common and rare words, a phrase, exclusions, sometimes a type filter. */
function rulesOf(i: number) {
  const w = (k: number) => COMMON[(i * 7 + k * 13) % COMMON.length]!;
  switch (i % 4) {
    case 0:
      return { all: [], any: [w(1), w(2)], none: [w(3)] };
    case 1:
      return { all: [w(1)], any: [], none: [w(4), w(5)] };
    case 2:
      return { all: [], any: ['black holes', RARE, w(2), w(6)], none: [] };
    default:
      return { all: [], any: [w(1), w(3), w(7)], none: ['black holes'] };
  }
}

/** `count` public sifts of 50 random channels among the first `channels`, with rules; answers their ids. */
async function createSifts(client: pg.Client, ownerId: number, count: number, channels: number, tag: string): Promise<number[]> {
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO sifts (hash, owner_id, name, public, hide_shorts)
     SELECT '${tag}' || g, $1, 'Bench sift ' || g, true, g % 3 = 0 FROM generate_series(1, ${count}) g RETURNING id`,
    [ownerId],
  );
  const ids = rows.map((r) => Number(r.id));
  // Bench channels have consecutive ids: 50 random ones of the first `channels` (a repeat is dropped).
  const { rows: first } = await client.query<{ id: string }>(`SELECT min(id) AS id FROM channels WHERE provider = 'bench'`);
  await client.query(
    `INSERT INTO sift_channels (sift_id, channel_id)
     SELECT s.id, $2::bigint + floor(random() * $3)::bigint FROM unnest($1::bigint[]) s(id) CROSS JOIN generate_series(1, ${SIFT_CHANNELS}) k
     ON CONFLICT DO NOTHING`,
    [ids, Number(first[0]!.id), channels],
  );
  const kw: { sift: number; rule: string; keyword: string }[] = [];
  ids.forEach((id, i) => {
    const r = rulesOf(i);
    for (const rule of ['all', 'any', 'none'] as const) for (const keyword of r[rule]) kw.push({ sift: id, rule, keyword });
  });
  await client.query(
    `INSERT INTO sift_keywords (sift_id, rule, keyword) SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[]) ON CONFLICT DO NOTHING`,
    [kw.map((k) => k.sift), kw.map((k) => k.rule), kw.map((k) => k.keyword)],
  );
  return ids;
}

/** The statements the service sends, as raw SQL: the sift's row (who may see it, its feed version) and the page. */
const FIND_SQL = `SELECT id, owner_id, public, feed_version FROM sifts WHERE hash = $1 LIMIT 1`;
const pageSql = (after: boolean) => `SELECT v.id, v.provider, v.external_id, v.channel_id, v.title, v.description, v.tags, v.duration_seconds,
    v.number_of_views, v.number_of_likes, v.published_at, v.live_status, v.embeddable, v.is_short, v.thumbnail, v.media_url, v.created_at,
    c.external_id, c.name, c.thumbnail,
    (SELECT feed_version FROM sifts WHERE id = (SELECT id FROM sifts WHERE hash = $1)),
    (SELECT count(*)::int FROM (SELECT 1 FROM sift_videos WHERE sift_id = (SELECT id FROM sifts WHERE hash = $1) LIMIT 10000) m)
  FROM sift_videos sv JOIN videos v ON v.id = sv.video_id JOIN channels c ON c.id = v.channel_id
  WHERE sv.sift_id = (SELECT id FROM sifts WHERE hash = $1) ${after ? 'AND (sv.published_at, sv.video_id) < ($2::timestamptz, $3)' : ''}
  ORDER BY sv.published_at DESC, sv.video_id DESC LIMIT ${PAGE + 1}`;

/**
 * Cursors of pages 1 and 5 of each sift (read once), then rounds of requests over HTTP and as raw SQL, in two
 * states: pages unchanged since last read (the server's feed cache answers after checking the sift's version),
 * and pages of a sift that just changed (its version bumped before each request, untimed: the page is read).
 */
async function measure(url: string, hashes: string[], rounds: number) {
  const client = new BenchClient(PORT);
  const db = new pg.Client({ connectionString: url });
  const second = new pg.Client({ connectionString: url });
  await db.connect();
  await second.connect();
  const pageOf = (hash: string, next?: string) => `/api/sifts/${hash}/videos?limit=${PAGE}${next ? `&next=${next}` : ''}`;
  const fifth = new Map<string, string>();
  for (const hash of hashes) {
    let next: string | null = null;
    for (let p = 1; p < 5; p++) {
      next = (await client.json<{ next: string | null }>(pageOf(hash, next ?? undefined))).body.next;
      if (!next) break;
    }
    if (next) fifth.set(hash, next);
  }
  const change = (hash: string) => db.query('UPDATE sifts SET feed_version = feed_version + 1 WHERE hash = $1', [hash]);
  const samples = { cached1: [] as number[], cached5: [] as number[], changed1: [] as number[], changed5: [] as number[] };
  for (let r = 0; r < rounds; r++) {
    for (const hash of hashes) {
      // Just changed: the page is read and kept; read again unchanged: the kept page is answered.
      await change(hash);
      samples.changed1.push(await client.ms(pageOf(hash)));
      samples.cached1.push(await client.ms(pageOf(hash)));
      const n = fifth.get(hash);
      if (!n) continue;
      await change(hash);
      samples.changed5.push(await client.ms(pageOf(hash, n)));
      samples.cached5.push(await client.ms(pageOf(hash, n)));
    }
  }
  client.close();

  // The same statements on two connections, as the service's pool sends them; no HTTP, no JSON.
  const keys = new Map<string, { at: string; vid: number }>();
  for (const [hash, next] of fifth) {
    const [ms, id] = Buffer.from(next, 'base64url').toString().split('.');
    keys.set(hash, { at: new Date(Number(ms)).toISOString(), vid: Number(id) });
  }
  const raw = { find: [] as number[], page1: [] as number[], page5: [] as number[] };
  for (let r = 0; r < rounds; r++) {
    for (const hash of hashes) {
      raw.find.push((await timed(() => db.query(FIND_SQL, [hash])))[0]);
      raw.page1.push((await timed(() => Promise.all([db.query(FIND_SQL, [hash]), second.query(pageSql(false), [hash])])))[0]);
      const k = keys.get(hash);
      if (k) raw.page5.push((await timed(() => Promise.all([db.query(FIND_SQL, [hash]), second.query(pageSql(true), [hash, k.at, k.vid])])))[0]);
    }
  }
  const { rows: plan } = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ANALYZE ${pageSql(false)}`, [hashes[0]]);
  await db.end();
  await second.end();
  return {
    cached: [row('HTTP page 1, unchanged', samples.cached1), row('HTTP page 5, unchanged', samples.cached5)],
    changed: [row('HTTP page 1, just changed', samples.changed1), row('HTTP page 5, just changed', samples.changed5)],
    rawFind: row('raw SQL, the sift row', raw.find),
    rawPage: [row('raw SQL page 1', raw.page1), row('raw SQL page 5', raw.page5)],
    plan: plan.map((p) => p['QUERY PLAN']).join('\n'),
    withFifth: fifth.size,
  };
}

async function phase(url: string, client: pg.Client, ownerId: number, channels: number, tag: string) {
  await growCatalog(client, channels);
  const ids = await createSifts(client, ownerId, FEED_SIFTS, channels, tag);
  const database = await openDatabase({ databaseUrl: url, pgliteDir: 'memory://' });
  const services = createServices({ db: database.db, provider: new DemoProvider({ now: new Date() }) });
  const rematch: number[] = [];
  for (const id of ids) {
    const keywords = rulesOf(id);
    rematch.push((await timed(() => services.sifts.update(String(id), { keywords }, ownerId)))[0]);
  }
  await services.jobs.stop();
  await database.close();
  await client.query('VACUUM ANALYZE sift_videos');
  const { rows } = await client.query<{ n: string; avg: string }>(
    `SELECT count(*) AS n, avg(c)::int AS avg FROM (SELECT count(*) c FROM sift_videos WHERE sift_id = ANY($1) GROUP BY sift_id) x`,
    [ids],
  );
  const stop = await startBenchServer(fileURLToPath(import.meta.url), PORT, { BENCH_DB_URL: url });
  try {
    const hashes = ids.map((_, i) => `${tag}${i + 1}`);
    await measure(url, hashes.slice(0, 10), 1); // warm-up
    const m = await measure(url, hashes, 5);
    const { rows: count } = await client.query<{ n: string }>('SELECT count(*) AS n FROM videos');
    return { videos: Number(count[0]!.n), channels, matchesPerSift: Number(rows[0]!.avg), ...m, setup: row('sift rematch (update)', rematch) };
  } finally {
    stop();
  }
}

async function arrivals(url: string, client: pg.Client, ownerId: number, channels: number) {
  const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM sifts');
  if (Number(rows[0]!.n) < ALL_SIFTS) await createSifts(client, ownerId, ALL_SIFTS - Number(rows[0]!.n), channels, 'many');
  const database = await openDatabase({ databaseUrl: url, pgliteDir: 'memory://' });
  const services = createServices({ db: database.db, provider: new DemoProvider({ now: new Date() }) });
  const { rows: first } = await client.query<{ id: string }>(`SELECT min(id) AS id FROM channels WHERE provider = 'bench'`);
  const firstChannel = Number(first[0]!.id);
  const batches: number[] = [];
  let matched = 0;
  const BATCH = 500;
  for (let b = 0; b < 10; b++) {
    const { rows: inserted } = await client.query<{ id: string }>(`
      INSERT INTO videos (provider, external_id, channel_id, title, description, tags, duration_seconds, published_at, thumbnail)
      SELECT 'bench', 'varrive' || ${b} || '_' || g, ${firstChannel} + floor(random() * ${channels})::bigint,
        ${word} || ' ' || ${word} || ' ' || ${word} || ' ' || ${word}, ${word} || ' ' || ${word} || ' ' || ${word}, ARRAY[${word}], 600, now(), '/x.svg'
      FROM generate_series(1, ${BATCH}) g RETURNING id`);
    const [ms, matches] = await timed(() => services.sifts.onVideosArrived(inserted.map((r) => Number(r.id))));
    batches.push(ms);
    matched += matches.length;
  }
  const { rows: perChannel } = await client.query<{ avg: string }>('SELECT avg(c)::numeric(10,1) AS avg FROM (SELECT count(*) c FROM sift_channels GROUP BY channel_id) x');
  // A rule change on a 50-channel sift of the 10,000: the update with its rematch, after which the feed shows it.
  const { rows: some } = await client.query<{ id: string }>(`SELECT id FROM sifts WHERE hash LIKE 'many%' ORDER BY id LIMIT 30`);
  const change: number[] = [];
  for (const [i, r] of some.entries()) change.push((await timed(() => services.sifts.update(r.id, { keywords: rulesOf(i + 1) }, ownerId)))[0]);
  await services.jobs.stop();
  await database.close();
  const total = batches.reduce((a, b) => a + b, 0);
  return {
    sifts: ALL_SIFTS,
    siftsPerChannel: Number(perChannel[0]!.avg),
    videosPerSecond: (10 * BATCH) / (total / 1000),
    batch: row(`onVideosArrived, ${BATCH} videos`, batches),
    matchesPerVideo: matched / (10 * BATCH),
    ruleChange: row('rule change on a 50-channel sift', change),
  };
}

const f = (n: number) => n.toFixed(2);
const met = (ok: boolean) => (ok ? 'met' : '**not met**');

/**
 * The whole benchmark; writes its section of bench/RESULTS.md. BENCH_REUSE=1 measures the feed again on the
 * database a BENCH_KEEP=1 run left (1M videos), without seeding, and writes nothing: for trying a change.
 */
export async function benchSiftFeed(serverUrl = defaultServerUrl()): Promise<void> {
  if (process.env.BENCH_10M === '1') return benchTenMillion(serverUrl);
  if (process.env.BENCH_REUSE === '1' && (await databaseExists(serverUrl, DB))) {
    const url = databaseUrl(serverUrl, DB);
    await (await openDatabase({ databaseUrl: url, pgliteDir: 'memory://' })).close(); // new migrations, if any
    const stop = await startBenchServer(fileURLToPath(import.meta.url), PORT, { BENCH_DB_URL: url });
    try {
      const hashes = Array.from({ length: FEED_SIFTS }, (_, i) => `large${i + 1}`);
      await measure(url, hashes.slice(0, 10), 1);
      const m = await measure(url, hashes, Number(process.env.BENCH_ROUNDS ?? 5));
      console.table([...m.cached, ...m.changed, m.rawFind, ...m.rawPage]);
    } finally {
      stop();
    }
    return;
  }
  const url = await recreateDatabase(serverUrl, DB);
  try {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows: owner } = await client.query<{ id: string }>(
      `INSERT INTO users (email, first_name, last_name) VALUES ('bench@example.com', 'Bench', 'Owner') RETURNING id`,
    );
    const ownerId = Number(owner[0]!.id);
    const small = await phase(url, client, ownerId, 2_000, 'small');
    console.table([...small.cached, ...small.changed, small.rawFind, ...small.rawPage]);
    const large = await phase(url, client, ownerId, 20_000, 'large');
    console.table([...large.cached, ...large.changed, large.rawFind, ...large.rawPage]);
    const arrive = await arrivals(url, client, ownerId, 20_000);
    console.log('arrivals', arrive);
    await client.end();
    writeResults(small, large, arrive);
  } finally {
    if (!process.env.BENCH_KEEP) await dropDatabase(serverUrl, DB);
  }
}

/**
 * BENCH_10M=1 (issue 32 part 3): the sift feed at 10,000,000 videos, once — the catalog grown straight to 200,000
 * channels of 50 videos (the seeding timed), 100 sifts of 50 channels with the same rules, then page 1 and page 5
 * unchanged and just changed, as at 1M. Its own database `sift_bench_sifts_10m` (dropped unless BENCH_KEEP=1);
 * writes its own section. Needs ~15 GB of disk and, on 2 cores, about half an hour, most of it seeding.
 */
async function benchTenMillion(serverUrl: string): Promise<void> {
  const url = await recreateDatabase(serverUrl, `${DB}_10m`);
  try {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows: owner } = await client.query<{ id: string }>(
      `INSERT INTO users (email, first_name, last_name) VALUES ('bench@example.com', 'Bench', 'Owner') RETURNING id`,
    );
    const started = performance.now();
    await growCatalog(client, 200_000);
    const seedSeconds = (performance.now() - started) / 1000;
    console.log(`seeded 10M in ${seedSeconds.toFixed(0)} s`);
    const huge = await phase(url, client, Number(owner[0]!.id), 200_000, 'huge');
    await client.end();
    console.table([...huge.cached, ...huge.changed, huge.rawFind, ...huge.rawPage]);
    const http = [...huge.cached, ...huge.changed];
    writeSection(
      '## Sift feed at 10,000,000 videos (issue 32)',
      `## Sift feed at 10,000,000 videos (issue 32)

\`BENCH_10M=1 npx tsx bench/sift-feed.ts\`, once, ${new Date().toISOString().slice(0, 16)}Z, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, PostgreSQL.
${huge.videos.toLocaleString('en-US')} videos over 200,000 channels (50 a channel), seeded in **${(seedSeconds / 60).toFixed(1)} min** (one
INSERT … SELECT with every index, then VACUUM ANALYZE); ${FEED_SIFTS} public sifts of ${SIFT_CHANNELS} channels with the 1M run's rules,
${huge.matchesPerSift} matches per sift on average; the same rounds and states as "Sift feed (issue 6)" above.

| p50 / p99 | ${huge.videos.toLocaleString('en-US')} videos |
|---|---|
${[...http, huge.rawFind, ...huge.rawPage].map((r) => `| ${r.name} | ${f(r.p50)} / ${f(r.p99)} ms |`).join('\n')}

Against issue 32's target at 10M — HTTP page 1 p99 ≤ 10 ms: unchanged ${met(huge.cached[0]!.p99 <= 10)}, just changed ${met(huge.changed[0]!.p99 <= 10)}.
Load average when written: ${os.loadavg().map((x) => x.toFixed(1)).join(' / ')} (1 / 5 / 15 min).

Plan of the first page at 10M:
\`\`\`
${huge.plan}
\`\`\`
`,
    );
  } finally {
    if (!process.env.BENCH_KEEP) await dropDatabase(serverUrl, `${DB}_10m`);
  }
}

type Phase = Awaited<ReturnType<typeof phase>>;
function writeResults(small: Phase, large: Phase, arrive: Awaited<ReturnType<typeof arrivals>>): void {
  type Stat = { p50: number; p99: number };
  const line = (name: string, s: Stat, l: Stat) => `| ${name} | ${f(s.p50)} / ${f(s.p99)} ms | ${f(l.p50)} / ${f(l.p99)} ms | ×${(l.p99 / s.p99).toFixed(2)} |`;
  const ratio = (a: Stat, b: Stat) => `×${(a.p99 / b.p99).toFixed(2)} (p50 ×${(a.p50 / b.p50).toFixed(2)})`;
  const http = [...large.cached, ...large.changed];
  const httpSmall = [...small.cached, ...small.changed];
  // Each HTTP row against the raw SQL of the same work: the sift row alone (unchanged), or the row and the page.
  const rawFor = (i: number) => (i < 2 ? large.rawFind : large.rawPage[i - 2]!);
  const section = `## Sift feed (issue 6): \`npx tsx bench/sift-feed.ts\`

Run on ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, PostgreSQL, database \`${DB}\` (dropped afterwards).
${FEED_SIFTS} public sifts per size, each of ${SIFT_CHANNELS} random channels (50 videos a channel) with rules mixing common words,
a phrase ("black holes"), a rare word and exclusions, a third hiding shorts; ${small.matchesPerSift} (100k) and ${large.matchesPerSift} (1M)
matches per sift on average. Pages of ${PAGE}; 5 rounds over every sift; the HTTP server is a separate process, the client
keeps one connection alive and asks for gzip, as a browser does.

Two states of a page (decisions/011-sift-feed.md): **unchanged** since someone read it (the server checks the sift's
feed version, one index probe, and answers the page it built before) and **just changed** (the version was bumped, untimed,
before each request, as a new match or a rule change does: the page is read from \`sift_videos\`).

| p50 / p99 | ${small.videos.toLocaleString('en-US')} videos | ${large.videos.toLocaleString('en-US')} videos | 1M ÷ 100k (p99) |
|---|---|---|---|
${http.map((r, i) => line(r.name, httpSmall[i]!, r)).join('\n')}
${line('raw SQL: the sift row (what an unchanged page costs the database)', small.rawFind, large.rawFind)}
${line('raw SQL: the sift row and page 1 at once (two connections)', small.rawPage[0]!, large.rawPage[0]!)}
${line('raw SQL: the sift row and page 5 at once', small.rawPage[1]!, large.rawPage[1]!)}

HTTP ÷ raw SQL of the same work at 1M, p99: ${http.map((r, i) => `${r.name.replace('HTTP ', '')} ${ratio(r, rawFor(i))}`).join('; ')}.

Against issue 6's targets at 1M — HTTP p99 ≤ 10 ms: unchanged ${met(large.cached.every((r) => r.p99 <= 10))}, just changed ${met(large.changed.every((r) => r.p99 <= 10))};
HTTP ≤ 1.5× raw SQL (p99): unchanged ${met(large.cached.every((r, i) => r.p99 <= 1.5 * rawFor(i).p99))}, just changed ${met(large.changed.every((r, i) => r.p99 <= 1.5 * rawFor(i + 2).p99))};
1M ≤ 2× 100k (p99): ${met(http.every((r, i) => r.p99 <= 2 * httpSmall[i]!.p99))} over HTTP, ${met(large.rawPage.every((r, i) => r.p99 <= 2 * small.rawPage[i]!.p99))} as SQL.
Load average when written: ${os.loadavg().map((x) => x.toFixed(1)).join(' / ')} (1 / 5 / 15 min).

Arrivals with ${arrive.sifts.toLocaleString('en-US')} sifts defined (${arrive.siftsPerChannel} sifts per channel on average):
**${arrive.videosPerSecond.toFixed(0)} videos/s** through \`SiftsService.onVideosArrived\` (batches of 500: p50 ${f(arrive.batch.p50)} ms,
p99 ${f(arrive.batch.p99)} ms; ${arrive.matchesPerVideo.toFixed(1)} new matches per video).
A rule change on a 50-channel sift shows after **${f(arrive.ruleChange.p50)} ms** (p50; p99 ${f(arrive.ruleChange.p99)} ms): the update
rematches the sift in its transaction, so the next feed request already shows it.

Plan of the first page at 1M:
\`\`\`
${large.plan}
\`\`\`
`;
  writeSection('## Sift feed (issue 6)', section);
}

if (isScript(import.meta.url) && process.argv.includes('--serve')) await serveApp(process.env.BENCH_DB_URL!, PORT);
else if (isScript(import.meta.url)) await benchSiftFeed();
