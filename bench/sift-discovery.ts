/**
 * Discovering sifts (issue 31; docs/decisions/044-sift-discovery.md): a channel's public sifts and a sift's similar
 * sifts at 10,000 public sifts of 50 channels each. On its own PostgreSQL database `sift_bench_discovery` (created,
 * and dropped at the end unless BENCH_KEEP=1):
 * 1. 20,000 channels with 2 videos each; 10,000 public sifts of about 50 channels, a tenth of the picks among 100
 *    popular channels (each then in ~500 sifts; the others in ~22), most with a category; every sift's matches
 *    materialised (all videos of its channels); 2,000 members following 10 sifts each, the first sifts more often;
 * 2. p50 / p99 over HTTP (a separate server process, one kept-alive connection, gzip) of
 *    `GET /api/sifts?channel={externalId}&limit=4` (a channel page's "In N public sifts", for popular and other
 *    channels) and `GET /api/sifts/{hash}/similar` (a sift page's 8 similar sifts), each **unchanged** (the kept answer,
 *    after the directory's version is read) and **just changed** (the version moved, untimed, before each request,
 *    as any public sift's change does: the answer is read from the database), and for similar sifts also with the
 *    sift's own channels changed (its ranking, kept with it, read again; decisions/053);
 * 3. the same statements alone, in process (SiftsRepository, no HTTP), and their plans;
 * 4. a bare Fastify hello-world (bench/hello-world.mjs) over the same client in the same run: the floor.
 * Run: `npx tsx bench/sift-discovery.ts` (BENCH_DATABASE_URL / DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres; BENCH_PORT default 8815; BENCH_SIFTS default 10000 — a small number
 * tries it out quickly and writes nothing; BENCH_ROUNDS default 5). Writes its section into bench/RESULTS.md.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SIFT_SIMILAR_MAX } from '@sift/contracts';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/infra/db/client.js';
import { SiftsRepository } from '../apps/server/src/modules/sifts/sifts.repository.js';
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
  startProcess,
  timed,
  writeSection,
  type LatencyRow,
} from './harness.js';

const DB = 'sift_bench_discovery';
const PORT = Number(process.env.BENCH_PORT ?? 8815);
const HELLO_PORT = PORT + 1;
const FULL_SIFTS = 10_000;
const SIFTS = Number(process.env.BENCH_SIFTS ?? FULL_SIFTS);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** Channels scale with the sifts (20,000 at 10,000 sifts), as many per sift as bench/sift-feed.ts has. */
const CHANNELS = Math.max(200, SIFTS * 2);
const POPULAR = Math.max(10, Math.round(CHANNELS / 200));
const CHANNEL_VIDEOS = 2;
const SIFT_CHANNELS = 50;
const MEMBERS = Math.max(20, SIFTS / 5);
const FOLLOWS_PER_MEMBER = 10;
/** What the web app asks: a channel page's top few, a sift page's similar ones. */
const CHANNEL_LIMIT = 4;
const SIMILAR_LIMIT = 8;
const TARGET_MS = 10;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function seed(client: pg.Client): Promise<void> {
  await client.query(`
    INSERT INTO channels (provider, external_id, name, thumbnail, number_of_videos, refreshed_at)
    SELECT 'bench', 'UCdisc' || g, 'Discovery channel ' || g, '/media/avatars/bench.svg', ${CHANNEL_VIDEOS}, now() FROM generate_series(1, ${CHANNELS}) g`);
  await client.query(`
    INSERT INTO videos (provider, external_id, channel_id, title, duration_seconds, published_at, thumbnail)
    SELECT 'bench', 'vdisc' || c.id || '_' || v, c.id, 'Discovery video ' || v, 300, now() - (random() * interval '365 days'), '/media/thumbnails/bench.svg'
    FROM channels c CROSS JOIN generate_series(1, ${CHANNEL_VIDEOS}) v`);
  await client.query(`
    INSERT INTO users (email, first_name, last_name, confirmed_at, onboarded)
    SELECT 'member' || g || '@bench.test', 'Bench', 'Member ' || g, now(), true FROM generate_series(1, ${MEMBERS}) g`);
  // Sifts of 100 curators, made over the last 60 days, four in five with a category.
  await client.query(`
    INSERT INTO sifts (hash, owner_id, name, description, category, public, created_at, updated_at)
    SELECT 'disc' || g, (SELECT min(id) FROM users) + g % ${Math.min(100, MEMBERS)}, 'Discovery sift ' || g, 'A benchmark line-up.',
      CASE WHEN g % 5 = 0 THEN NULL ELSE (SELECT id FROM sift_categories WHERE position = 1 + g % 17) END, true,
      now() - (random() * interval '60 days'), now()
    FROM generate_series(1, ${SIFTS}) g`);
  // Consecutive channel ids: a tenth of the picks among the first POPULAR, the rest among the others.
  const { rows: first } = await client.query<{ id: string }>('SELECT min(id) AS id FROM channels');
  await client.query(
    `INSERT INTO sift_channels (sift_id, channel_id)
     SELECT s.id, $1::bigint + CASE WHEN random() < 0.1 THEN floor(random() * ${POPULAR}) ELSE ${POPULAR} + floor(random() * ${CHANNELS - POPULAR}) END
     FROM sifts s CROSS JOIN generate_series(1, ${SIFT_CHANNELS}) ON CONFLICT DO NOTHING`,
    [Number(first[0]!.id)],
  );
  // Every video of a sift's channels matches (rules play no part here): covers and counts as a real sift has them.
  await client.query(`
    INSERT INTO sift_videos (sift_id, video_id, published_at)
    SELECT sc.sift_id, v.id, v.published_at FROM sift_channels sc JOIN videos v ON v.channel_id = sc.channel_id`);
  // Follows through the trigger that keeps sifts.number_of_followers; the first sifts are followed far more often.
  await client.query(`
    INSERT INTO subscriptions (user_id, sift_id)
    SELECT u.id, (SELECT min(id) FROM sifts) + floor(${SIFTS} * power(random(), 3))::bigint
    FROM users u CROSS JOIN generate_series(1, ${FOLLOWS_PER_MEMBER}) ON CONFLICT DO NOTHING`);
  // A steady state: the visibility map index-only scans rely on, statistics, and the seeding's pages written.
  await client.query('VACUUM ANALYZE');
  await client.query('CHECKPOINT');
}

interface Targets {
  popular: string[];
  other: string[];
  sifts: Array<{ id: number; hash: string }>;
}

async function targets(client: pg.Client): Promise<Targets> {
  const n = Math.min(100, SIFTS);
  const { rows: popular } = await client.query<{ external_id: string }>(`SELECT external_id FROM channels ORDER BY id LIMIT ${Math.min(20, POPULAR)}`);
  const { rows: other } = await client.query<{ external_id: string }>(`SELECT external_id FROM channels WHERE id > (SELECT min(id) + ${POPULAR} FROM channels) ORDER BY random() LIMIT ${n}`);
  const { rows: sifts } = await client.query<{ id: string; hash: string }>(`SELECT id, hash FROM sifts ORDER BY random() LIMIT ${n}`);
  return { popular: popular.map((r) => r.external_id), other: other.map((r) => r.external_id), sifts: sifts.map((r) => ({ id: Number(r.id), hash: r.hash })) };
}

/** Rounds of requests over HTTP: for each target, just changed (the version moved before, untimed), then unchanged. */
async function overHttp(url: string, t: Targets, rounds: number) {
  const client = new BenchClient(PORT);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const change = () => db.query('UPDATE sift_directory SET version = version + 1');
  const s = { popularChanged: [] as number[], popularKept: [] as number[], otherChanged: [] as number[], otherKept: [] as number[], similarChanged: [] as number[], similarKept: [] as number[], similarRanked: [] as number[] };
  const channelPath = (externalId: string) => `/api/sifts?channel=${externalId}&limit=${CHANNEL_LIMIT}`;
  for (let r = 0; r < rounds; r++) {
    for (const externalId of t.popular) {
      await change();
      s.popularChanged.push(await client.ms(channelPath(externalId)));
      s.popularKept.push(await client.ms(channelPath(externalId)));
    }
    for (const externalId of t.other) {
      await change();
      s.otherChanged.push(await client.ms(channelPath(externalId)));
      s.otherKept.push(await client.ms(channelPath(externalId)));
    }
    for (const sift of t.sifts) {
      const p = `/api/sifts/${sift.hash}/similar?limit=${SIMILAR_LIMIT}`;
      // Its own channels changed (its feed version moved): its ranking is read again too.
      await db.query('UPDATE sifts SET feed_version = feed_version + 1 WHERE id = $1', [sift.id]);
      await change();
      s.similarRanked.push(await client.ms(p));
      await change();
      s.similarChanged.push(await client.ms(p));
      s.similarKept.push(await client.ms(p));
    }
  }
  const sample = await client.json<{ totalResults: number }>(channelPath(t.popular[0]!));
  client.close();
  await db.end();
  return {
    rows: [
      row(`channel's sifts, popular channel, unchanged`, s.popularKept),
      row(`channel's sifts, popular channel, just changed`, s.popularChanged),
      row(`channel's sifts, other channel, unchanged`, s.otherKept),
      row(`channel's sifts, other channel, just changed`, s.otherChanged),
      row('similar sifts, unchanged', s.similarKept),
      row('similar sifts, just changed', s.similarChanged),
      row('similar sifts, just changed, its own channels too', s.similarRanked),
    ],
    popularTotal: sample.body.totalResults,
  };
}

/** The floor: a bare Fastify answering {hello: 'world'}, through the same client. */
async function helloWorld(requests: number): Promise<LatencyRow> {
  const child = await startProcess([path.join(ROOT, 'bench/hello-world.mjs')], {}, HELLO_PORT, '/', ROOT);
  try {
    const client = new BenchClient(HELLO_PORT);
    const samples: number[] = [];
    for (let i = 0; i < 50; i++) await client.get('/');
    for (let i = 0; i < requests; i++) samples.push((await client.get('/')).ms);
    client.close();
    return row('hello-world (floor)', samples);
  } finally {
    child.kill('SIGTERM');
  }
}

/** The statements alone, in process through the repository (no HTTP, no JSON), and their plans. */
async function statements(url: string, t: Targets, rounds: number) {
  const database = await openDatabase({ databaseUrl: url, pgliteDir: 'memory://' });
  const repository = new SiftsRepository(database.db);
  const channel: number[] = [];
  const ranking: number[] = [];
  const cards: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const externalId of [...t.popular, ...t.other]) channel.push((await timed(() => repository.publicWithChannel(externalId, undefined, CHANNEL_LIMIT).execute()))[0]);
    for (const sift of t.sifts) {
      const [ms, ranked] = await timed(() => repository.similarRanking(sift.id, 2 * SIFT_SIMILAR_MAX).execute());
      ranking.push(ms);
      cards.push((await timed(() => repository.listedAmong(ranked.map((x) => x.id), SIMILAR_LIMIT)))[0]);
    }
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const explain = async (query: { sql: string; params: unknown[] }) =>
    (await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`, query.params)).rows.map((p) => p['QUERY PLAN']).join('\n');
  const plans = {
    channel: await explain(repository.publicWithChannel(t.popular[0]!, undefined, CHANNEL_LIMIT).toSQL()),
    similar: await explain(repository.similarRanking(t.sifts[0]!.id, 2 * SIFT_SIMILAR_MAX).toSQL()),
  };
  const { rows: shape } = await client.query<{ per_channel: string; candidates: string }>(`
    SELECT (SELECT avg(n)::numeric(10,1) FROM (SELECT count(*) n FROM sift_channels GROUP BY channel_id) x) AS per_channel,
      (SELECT avg(n)::int FROM (SELECT count(DISTINCT o.sift_id) n FROM sift_channels m JOIN sift_channels o ON o.channel_id = m.channel_id AND o.sift_id <> m.sift_id
        WHERE m.sift_id = ANY($1) GROUP BY m.sift_id) y) AS candidates`, [t.sifts.map((s) => s.id)]);
  await client.end();
  await database.close();
  return {
    rows: [row('statement: a channel’s sifts (popular and other)', channel), row('statement: similar sifts, the ranking (kept with the sift)', ranking), row('statement: similar sifts, the cards', cards)],
    plans,
    siftsPerChannel: Number(shape[0]!.per_channel),
    candidates: Number(shape[0]!.candidates),
  };
}

const f = (n: number) => n.toFixed(2);
const met = (ok: boolean) => (ok ? 'met' : '**not met**');

export async function benchSiftDiscovery(serverUrl = defaultServerUrl()): Promise<void> {
  const reuse = process.env.BENCH_REUSE === '1' && (await databaseExists(serverUrl, DB));
  const url = reuse ? databaseUrl(serverUrl, DB) : await recreateDatabase(serverUrl, DB);
  if (reuse) await (await openDatabase({ databaseUrl: url, pgliteDir: 'memory://' })).close(); // new migrations, if any
  try {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    let t: Targets;
    try {
      if (!reuse) {
        const [ms] = await timed(() => seed(client));
        console.log(`seeded ${SIFTS} sifts in ${(ms / 1000).toFixed(1)} s`);
      }
      t = await targets(client);
    } finally {
      await client.end();
    }
    const stop = await startBenchServer(fileURLToPath(import.meta.url), PORT, { BENCH_DB_URL: url });
    let http;
    try {
      await overHttp(url, { popular: t.popular.slice(0, 3), other: t.other.slice(0, 10), sifts: t.sifts.slice(0, 10) }, 1); // warm-up
      http = await overHttp(url, t, ROUNDS);
    } finally {
      stop();
    }
    const floor = await helloWorld(2_000);
    const alone = await statements(url, t, ROUNDS);
    console.table([...http.rows, floor, ...alone.rows]);
    if (SIFTS !== FULL_SIFTS || reuse) {
      console.log(`BENCH_SIFTS=${SIFTS}${reuse ? ', BENCH_REUSE' : ''}: RESULTS.md left as it is.`);
      return;
    }
    const ratio = (r: LatencyRow) => `×${(r.p50 / floor.p50).toFixed(1)}`;
    const section = `## Sift discovery (issue 31): \`npx tsx bench/sift-discovery.ts\`

Run on ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, PostgreSQL, database \`${DB}\` (dropped afterwards).
${SIFTS.toLocaleString('en-US')} public sifts of about ${SIFT_CHANNELS} channels among ${CHANNELS.toLocaleString('en-US')}, a tenth of the picks among ${POPULAR} popular channels
(${alone.siftsPerChannel} sifts per channel on average; the popular channel asked about is in ${http.popularTotal.toLocaleString('en-US')}); a sift shares channels with
${alone.candidates.toLocaleString('en-US')} others on average. ${MEMBERS.toLocaleString('en-US')} members follow ${FOLLOWS_PER_MEMBER} sifts each, the first ones most. ${ROUNDS} rounds over ${t.popular.length} popular
and ${t.other.length} other channels (\`GET /api/sifts?channel=…&limit=${CHANNEL_LIMIT}\`) and ${t.sifts.length} sifts (\`GET /api/sifts/{hash}/similar?limit=${SIMILAR_LIMIT}\`); the HTTP
server is a separate process, the client keeps one connection alive and asks for gzip, as a browser does.

Two states (docs/decisions/044-sift-discovery.md): **unchanged** (the server reads the directory's version, one row, and
answers what it kept) and **just changed** (the version was moved, untimed, before each request, as any public sift's
change moves it: the answer is read from the database and encoded). A sift's similar sifts are built from its ranking,
kept under its own channels up to a minute (docs/decisions/053): **its own channels too** moved that as well, so the
ranking is read again.

| Request | p50 | p99 | p50 ÷ hello-world |
|---|---|---|---|
${[...http.rows, floor].map((r) => `| ${r.name} | ${f(r.p50)} ms | ${f(r.p99)} ms | ${r === floor ? '×1.0' : ratio(r)} |`).join('\n')}
${alone.rows.map((r) => `| ${r.name}, in process | ${f(r.p50)} ms | ${f(r.p99)} ms | |`).join('\n')}

Against issue 31's target, HTTP p99 ≤ ${TARGET_MS} ms: unchanged ${met(http.rows.filter((r) => r.name.endsWith('unchanged')).every((r) => r.p99 <= TARGET_MS))}, just changed ${met(http.rows.filter((r) => r.name.endsWith('just changed')).every((r) => r.p99 <= TARGET_MS))}, similar sifts with their own channels just changed (their ranking read again: after a change of the sift's channels, and once a minute) ${met(http.rows.filter((r) => r.name.endsWith('own channels too')).every((r) => r.p99 <= TARGET_MS))}.
Load average when written: ${os.loadavg().map((x) => x.toFixed(1)).join(' / ')} (1 / 5 / 15 min).

Plan of a popular channel's sifts:
\`\`\`
${alone.plans.channel}
\`\`\`

Plan of a sift's similar sifts' ranking:
\`\`\`
${alone.plans.similar}
\`\`\`
`;
    writeSection('## Sift discovery (issue 31)', section);
  } finally {
    if (!process.env.BENCH_KEEP && !reuse) await dropDatabase(serverUrl, DB);
  }
}

if (isScript(import.meta.url) && process.argv.includes('--serve')) await serveApp(process.env.BENCH_DB_URL!, PORT);
else if (isScript(import.meta.url)) await benchSiftDiscovery();
