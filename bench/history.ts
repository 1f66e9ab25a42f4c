/**
 * Watching, remembered (issue 30; docs/decisions/039-watch-history.md): what a member's history costs the reads it
 * filters and counts, and what saving positions costs, at a million videos. On its own PostgreSQL database
 * `sift_bench_history` (created, and dropped at the end unless BENCH_KEEP=1):
 * 1. the personal feed's catalog (`seedFollowedCatalog`: 1,000,000 videos over 20,000 channels, 20 public sifts of 50
 *    channels with their matches, `reader@bench.test` following 500 channels and the 20 sifts), the follows dated
 *    over the last year (so the inbox counts have something to count);
 * 2. the reader's history: 25,000 watched videos (the size of the real Invidious export of the issue), half of them
 *    from what they follow, half from anywhere; and `worst@bench.test`, who follows the same and has watched 49 of
 *    every 50 of the newest 25,000 videos of that feed (the issue's worst case: a page of 50 unwatched is ~2,500 rows
 *    deep);
 * 3. over HTTP (a separate server process), sequential requests, p50 / p99: the personal feed and a followed sift's
 *    page, page 1 and page 5, with `hideWatched=true` and without (the same page, kept as decision 014 keeps it, and
 *    "just changed", read from the database: the fair comparison for a page that is built every time), for both
 *    members; the inbox counts (`GET /api/sifts?following=true`: 20 sifts, `GET /api/subscriptions`: 500 channels and
 *    20 sifts); a baseline (GET /api/sifts/categories) in the same run;
 * 4. progress writes: 2,000 members each saving a position every 10 s (about 200 writes/s, `PUT /api/me/history/{id}`,
 *    one video each, so saves coalesce into its row) while 500 virtual users walk the members' mix of
 *    bench/load.ts (think 1 s); errors and the write p99;
 * 5. EXPLAIN ANALYZE of the worst case's keys statement (the personal feed's hideWatched time window, as FeedsRepository sends it, with
 *    `unwatchedBy`'s anti-joins).
 * The import of a 24,831-entry history is measured by bench/imports.ts.
 * Run: `npx tsx bench/history.ts` (BENCH_DATABASE_URL / DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres;
 * BENCH_PORT default 8716; BENCH_ROUNDS default 300; BENCH_WRITE_SECONDS default 60; BENCH_CHANNELS for a smaller
 * catalog). Rewrites its section of RESULTS.md. ~10 min on 2 cores, most of it seeding.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { hashToken } from '../apps/server/src/infra/security/tokens.js';
import {
  BenchClient,
  databaseExists,
  databaseUrl,
  defaultServerUrl,
  dropDatabase,
  isScript,
  latencyRow,
  recreateDatabase,
  serveApp,
  startBenchServer,
  writeSection,
  type LatencyRow,
} from './harness.js';
import { PAGE_SQL, seedFollowedCatalog, SOURCES_SQL } from './personal-feed.js';
import { median } from './stats.js';
import { virtualUsers, type Step } from './virtual-users.js';

const DB = 'sift_bench_history';
const PORT = Number(process.env.BENCH_PORT ?? 8716);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const WATCHED = 25_000;
const WRITERS = 2_000;
const WRITE_EVERY_MS = 10_000;
const WRITE_SECONDS = Number(process.env.BENCH_WRITE_SECONDS ?? 60);
const MIX_USERS = 500;
const WORDS = ['cooking', 'science', 'guitar', 'review', 'travel', 'history', 'coffee', 'music'];

/** Sessions of the given members, as TokenService issues them (only the SHA-256 is stored). */
async function sessions(client: pg.Client, userIds: number[]): Promise<string[]> {
  const tokens = userIds.map(() => randomBytes(32).toString('base64url'));
  await client.query(
    `INSERT INTO auth_tokens (user_id, purpose, token_hash, expires_at) SELECT u, 'session', h, now() + interval '1 day' FROM unnest($1::bigint[], $2::text[]) AS t(u, h)`,
    [userIds, tokens.map(hashToken)],
  );
  return tokens;
}

async function seedHistory(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO users (email, first_name, last_name, confirmed_at, onboarded) VALUES ('worst@bench.test', 'Bench', 'Worst', now(), true) RETURNING id`,
  );
  const worst = Number(rows[0]!.id);
  const reader = Number((await client.query<{ id: string }>(`SELECT id FROM users WHERE email = 'reader@bench.test'`)).rows[0]!.id);
  // Followed over the last year: an inbox count reads what arrived since.
  await client.query(`UPDATE subscriptions SET created_at = now() - random() * interval '365 days' WHERE user_id = $1`, [reader]);
  await client.query(`INSERT INTO subscriptions (user_id, channel_id, sift_id, created_at) SELECT $2, channel_id, sift_id, created_at FROM subscriptions WHERE user_id = $1`, [reader, worst]);
  const feed = `SELECT v.id, v.published_at FROM videos v JOIN subscriptions s ON s.channel_id = v.channel_id WHERE s.user_id = $1
    UNION SELECT m.video_id, m.published_at FROM sift_videos m JOIN subscriptions s ON s.sift_id = m.sift_id WHERE s.user_id = $1`;
  // The reader: half of the history from what they follow, half from anywhere in the catalog.
  await client.query(
    `INSERT INTO watch_history (user_id, video_id, position, duration, watched, watched_at)
     SELECT $1, id, 0, 300, true, now() - random() * interval '3 years' FROM (${feed}) f ORDER BY random() LIMIT ${WATCHED / 2}`,
    [reader],
  );
  await client.query(
    `INSERT INTO watch_history (user_id, video_id, position, duration, watched, watched_at)
     SELECT $1, id, 0, 300, true, now() - random() * interval '3 years' FROM videos TABLESAMPLE SYSTEM (5) ORDER BY random() LIMIT ${WATCHED / 2}
     ON CONFLICT DO NOTHING`,
    [reader],
  );
  // The worst case: 49 of every 50 of the newest 25,000 of the feed watched.
  await client.query(
    `INSERT INTO watch_history (user_id, video_id, position, duration, watched, watched_at)
     SELECT $1, id, 0, 300, true, now() - rn * interval '1 minute'
     FROM (SELECT id, row_number() OVER (ORDER BY published_at DESC, id DESC) AS rn FROM (${feed}) f ORDER BY published_at DESC, id DESC LIMIT ${WATCHED}) newest
     WHERE rn % 50 <> 0`,
    [worst],
  );
  // The writers of part 4: members with nothing but a session.
  await client.query(
    `INSERT INTO users (email, first_name, last_name, confirmed_at, onboarded)
     SELECT 'writer' || i || '@bench.test', 'Bench', 'Writer ' || i, now(), true FROM generate_series(1, ${WRITERS}) i`,
  );
  await client.query('VACUUM ANALYZE');
  await client.query('CHECKPOINT');
}

type FeedBody = { videoFeedItems?: { next: string | null }; next?: string | null };
const nextOf = (body: FeedBody) => body.videoFeedItems?.next ?? body.next ?? null;

export async function benchHistory(serverUrl: string): Promise<string> {
  const reuse = process.env.BENCH_REUSE === '1' && (await databaseExists(serverUrl, DB));
  const url = reuse ? databaseUrl(serverUrl, DB) : await recreateDatabase(serverUrl, DB);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  if (!reuse) {
    const t0 = performance.now();
    await seedFollowedCatalog(client, url);
    await seedHistory(client);
    console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  const ids = async (where: string) => (await client.query<{ id: string }>(`SELECT id FROM users WHERE ${where} ORDER BY id`)).rows.map((r) => Number(r.id));
  const [readerId] = await ids(`email = 'reader@bench.test'`);
  const [worstId] = await ids(`email = 'worst@bench.test'`);
  const writerIds = await ids(`email LIKE 'writer%@bench.test'`);
  const [readerToken, worstToken] = await sessions(client, [readerId!, worstId!]);
  const writerTokens = await sessions(client, writerIds);
  const { rows: siftRows } = await client.query<{ hash: string }>(`SELECT hash FROM sifts ORDER BY id LIMIT 1`);
  const siftHash = siftRows[0]!.hash;
  const { rows: writerVideos } = await client.query<{ external_id: string }>(`SELECT external_id FROM videos TABLESAMPLE SYSTEM (1) WHERE external_id ~ '^[A-Za-z0-9_-]+$' LIMIT ${WRITERS}`);
  const { rows: channelRows } = await client.query<{ external_id: string }>(`SELECT external_id FROM channels ORDER BY id LIMIT 1`);

  const stop = await startBenchServer(fileURLToPath(import.meta.url), PORT, { BENCH_DB_URL: url });
  const rows: LatencyRow[] = [];
  const ratios: string[] = [];
  let writes: Awaited<ReturnType<typeof virtualUsers>>;
  let mix: Awaited<ReturnType<typeof virtualUsers>>;
  try {
    const http = new BenchClient(PORT);
    const bump = async () => {
      // "Just changed" (decision 014): a followed sift's version moves and a new video arrives in a followed channel,
      // so the unfiltered page is read from the database, as a hideWatched page always is.
      await client.query(`UPDATE sifts SET feed_version = feed_version + 1 WHERE hash = $1`, [siftHash]);
      await client.query(
        `INSERT INTO videos (provider, external_id, channel_id, title, published_at, thumbnail)
         SELECT 'bench', 'vh' || $2, channel_id, 'New arrival', now() - interval '400 days', '/media/thumbnails/bench.svg'
         FROM subscriptions WHERE user_id = $1 AND channel_id IS NOT NULL LIMIT 1`,
        [readerId, `${Date.now()}_${Math.floor(Math.random() * 1e9)}`],
      );
    };
    try {
      const timed = (path: string, token: string) => http.ms(path, { authorization: `Bearer ${token}` });
      const pageFive = async (path: string, token: string) => {
        const sep = path.includes('?') ? '&' : '?';
        let next = nextOf((await http.json<FeedBody>(path, { authorization: `Bearer ${token}` })).body);
        let page = path;
        for (let p = 2; p <= 5 && next; p++) {
          page = `${path}${sep}next=${encodeURIComponent(next)}`;
          if (p < 5) next = nextOf((await http.json<FeedBody>(page, { authorization: `Bearer ${token}` })).body);
        }
        return page; // page 5, or the last one of a smaller catalog
      };
      const baseline: number[] = [];
      const reads: Array<[string, string, string]> = [
        ['personal feed', '/api/me/feeds/videos', 'reader'],
        ['sift page', `/api/sifts/${siftHash}/videos`, 'reader'],
        ['personal feed, worst case', '/api/me/feeds/videos', 'worst'],
        ['sift page, worst case', `/api/sifts/${siftHash}/videos`, 'worst'],
      ];
      for (const [name, path, who] of reads) {
        const token = who === 'reader' ? readerToken! : worstToken!;
        const hidden = `${path}?hideWatched=true`;
        for (let i = 0; i < 20; i++) {
          await timed(path, token); // warm up
          await timed(hidden, token);
        }
        const fifthHidden = await pageFive(hidden, token);
        const fifthPlain = await pageFive(path, token);
        const s = { plain: [] as number[], changed: [] as number[], hidden: [] as number[], hiddenChanged: [] as number[], plain5: [] as number[], hidden5: [] as number[] };
        for (let i = 0; i < ROUNDS; i++) {
          baseline.push(await timed('/api/sifts/categories', token));
          s.plain.push(await timed(path, token));
          s.hidden.push(await timed(hidden, token));
          s.plain5.push(await timed(fifthPlain, token));
          s.hidden5.push(await timed(fifthHidden, token));
          if (i % 3 === 0) {
            // Both pages built again: the stamps they are kept under moved (a hideWatched page's with the marks, too).
            await bump();
            s.changed.push(await timed(path, token));
            s.hiddenChanged.push(await timed(hidden, token));
          }
        }
        rows.push(
          latencyRow(`${name}: page 1`, s.plain),
          latencyRow(`${name}: page 1, just changed`, s.changed),
          latencyRow(`${name}: page 1, **hideWatched**`, s.hidden),
          latencyRow(`${name}: page 1, **hideWatched**, just changed`, s.hiddenChanged),
          latencyRow(`${name}: page 5`, s.plain5),
          latencyRow(`${name}: page 5, **hideWatched**`, s.hidden5),
        );
        ratios.push(
          `${name}: hideWatched / plain at p50, both kept ×${(median(s.hidden) / median(s.plain)).toFixed(2)}, both just changed ×${(median(s.hiddenChanged) / median(s.changed)).toFixed(2)}; page 5 ×${(median(s.hidden5) / median(s.plain5)).toFixed(2)}`,
        );
        console.log(ratios.at(-1));
      }
      const counts = { sifts: [] as number[], subscriptions: [] as number[], siftsMarked: [] as number[], subscriptionsMarked: [] as number[] };
      const markOne = async (i: number) => {
        const res = await fetch(`http://127.0.0.1:${PORT}/api/me/history/${writerVideos[i % writerVideos.length]!.external_id}/watched`, {
          method: 'POST',
          headers: { authorization: `Bearer ${readerToken}` },
        });
        if (res.status !== 204) throw new Error(`mark watched: ${res.status} ${await res.text()}`);
      };
      for (let i = 0; i < ROUNDS; i++) {
        counts.sifts.push(await timed('/api/sifts?following=true&limit=20', readerToken!));
        counts.subscriptions.push(await timed('/api/subscriptions', readerToken!));
        if (i % 3 === 0) {
          // "Just watched": a video marked watched moves the member's marks version, so the counts are counted again.
          await markOne(i);
          counts.siftsMarked.push(await timed('/api/sifts?following=true&limit=20', readerToken!));
          await markOne(i + 1);
          counts.subscriptionsMarked.push(await timed('/api/subscriptions', readerToken!));
        }
      }
      rows.push(
        latencyRow('inbox counts: GET /api/sifts?following=true (20 sifts)', counts.sifts),
        latencyRow('inbox counts: GET /api/sifts?following=true, just watched', counts.siftsMarked),
        latencyRow('inbox counts: GET /api/subscriptions (500 channels, 20 sifts)', counts.subscriptions),
        latencyRow('inbox counts: GET /api/subscriptions, just watched', counts.subscriptionsMarked),
        latencyRow('Baseline: GET /api/sifts/categories', baseline),
      );
    } finally {
      http.close();
    }

    // Part 4: progress writes beside the members' mix.
    const base = `http://127.0.0.1:${PORT}`;
    const channel = channelRows[0]!.external_id;
    const readerAuth = () => ({ authorization: `Bearer ${readerToken}` });
    const mixSteps: Step[] = [
      { name: 'public feed', method: 'GET', path: () => '/api/feeds/public' },
      { name: 'channel page', method: 'GET', path: () => `/api/search/channels/${channel}/videos` },
      { name: 'sift page', method: 'GET', path: () => `/api/sifts/${siftHash}/videos` },
      { name: 'search', method: 'GET', path: (user, visit) => `/api/search?q=${WORDS[(user + visit) % WORDS.length]}&type=all` },
      { name: 'personal feed', method: 'GET', path: () => '/api/me/feeds/videos', headers: readerAuth },
    ];
    const writeSteps: Step[] = [
      {
        name: 'save position',
        method: 'PUT',
        path: (user) => `/api/me/history/${writerVideos[user % writerVideos.length]!.external_id}`,
        headers: (user) => ({ authorization: `Bearer ${writerTokens[user]}` }),
        // A 300 s video watched 10 s a save: past the middle and within the last 30 s it becomes watched.
        body: (_user, visit) => JSON.stringify({ position: (10 * (visit + 1)) % 300, duration: 300 }),
      },
    ];
    [writes, mix] = await Promise.all([
      virtualUsers({ base, users: WRITERS, thinkMs: WRITE_EVERY_MS, seconds: WRITE_SECONDS, rampSeconds: 10, steps: writeSteps }),
      virtualUsers({ base, users: MIX_USERS, thinkMs: 1000, seconds: WRITE_SECONDS, rampSeconds: 10, steps: mixSteps }),
    ]);
  } finally {
    stop();
  }
  const { rows: written } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM watch_history WHERE user_id = ANY($1::bigint[])`, [writerIds]);

  // Part 5: the worst case's keys statement as FeedsRepository.sourcesKeys sends a hideWatched window (decisions/055):
  // the window the member's first page needs (from the oldest video of that page on), each followed channel's index
  // range read on its own (LATERAL), the anti-joins as unwatchedBy writes them.
  const sources = await client.query<{ channel_ids: string[]; sift_ids: string[] }>(SOURCES_SQL, [worstId]);
  const unwatched = (column: string) =>
    `NOT EXISTS (SELECT 1 FROM watch_history w WHERE w.user_id = ${worstId} AND w.video_id = ${column} AND w.watched) AND NOT EXISTS (SELECT 1 FROM hidden_videos h WHERE h.user_id = ${worstId} AND h.video_id = ${column})`;
  const windowSql = `SELECT id, published_at FROM (
    (SELECT v.id, v.published_at FROM unnest($1::bigint[]) AS c(id) CROSS JOIN LATERAL (
      SELECT videos.id, videos.published_at FROM videos WHERE videos.channel_id = c.id AND videos.published_at >= $3 AND ${unwatched('videos.id')}
      ORDER BY videos.published_at DESC, videos.id DESC LIMIT 51) AS v)
    UNION
    (SELECT m.id, m.published_at FROM unnest($2::bigint[]) AS s(id) CROSS JOIN LATERAL (
      SELECT sift_videos.video_id AS id, sift_videos.published_at FROM sift_videos
      WHERE sift_videos.sift_id = s.id AND sift_videos.published_at >= $3 AND ${unwatched('sift_videos.video_id')}
      ORDER BY sift_videos.published_at DESC, sift_videos.video_id DESC LIMIT 51) AS m)
  ) AS picked ORDER BY published_at DESC, id DESC LIMIT 51`;
  // Where the page ends, read the old way (the global date index walked back), to size the window.
  const globalPage = PAGE_SQL.replace('videos.channel_id = ANY($1::bigint[]) AND true', `videos.channel_id = ANY($1::bigint[]) AND ${unwatched('videos.id')}`).replace(
    'sift_videos.sift_id = s.id AND true',
    `sift_videos.sift_id = s.id AND ${unwatched('sift_videos.video_id')}`,
  );
  const { rows: oldest } = await client.query<{ at: Date }>(`SELECT min(published_at) AS at FROM (${globalPage}) AS page`, [
    sources.rows[0]!.channel_ids.map(Number),
    sources.rows[0]!.sift_ids.map(Number),
  ]);
  const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${windowSql}`, [
    sources.rows[0]!.channel_ids.map(Number),
    sources.rows[0]!.sift_ids.map(Number),
    oldest[0]!.at,
  ]);
  const { rows: sizes } = await client.query<{ videos: string; history: string }>(`SELECT (SELECT count(*) FROM videos) AS videos, (SELECT count(*) FROM watch_history) AS history`);
  await client.end();
  if (!reuse && process.env.BENCH_KEEP !== '1') await dropDatabase(serverUrl, DB);

  const f = (n: number) => n.toFixed(2);
  const section = [
    `## Watch history (issue 30): ${Number(sizes[0]!.videos).toLocaleString('en-US')} videos, ${Number(sizes[0]!.history).toLocaleString('en-US')} history rows`,
    '',
    `\`npx tsx bench/history.ts\`, ${new Date().toISOString().slice(0, 10)}, ${ROUNDS} rounds a row, PostgreSQL, the server a separate process, one kept-alive connection asking for gzip.`,
    `The reader follows 500 channels and 20 sifts and has watched ${WATCHED.toLocaleString('en-US')} videos (half from what they follow); the worst case follows the same and has watched 49 of every 50 of the newest 25,000 of that feed.`,
    '"Kept" pages are answered from decision 014\'s kept page (a hideWatched page is kept for its member under their marks version too, decision 055); "just changed" pages are built from the database after a new video and a sift change; inbox counts "just watched" are counted again after a video is marked watched.',
    '',
    '| | p50 | p99 | n |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${r.name} | ${f(r.p50)} ms | ${f(r.p99)} ms | ${r.n} |`),
    '',
    ...ratios.map((r) => `- ${r}`),
    '',
    `**Progress writes** (${WRITE_SECONDS} s after a 10 s ramp): ${WRITERS.toLocaleString('en-US')} members saving every ${WRITE_EVERY_MS / 1000} s: ${writes.rps.toFixed(0)} writes/s, p50 ${f(writes.p50)} ms, p99 **${f(writes.p99)} ms**, max ${f(writes.max)} ms, errors ${writes.errors}, non-2xx ${writes.non2xx}; ${Number(written[0]!.n).toLocaleString('en-US')} rows for ${writes.requests.toLocaleString('en-US')} saves (repeated saves of a video coalesce into its row).`,
    `Beside them the members' mix (${MIX_USERS} users, think 1 s): ${mix.rps.toFixed(0)} req/s, p50 ${f(mix.p50)} ms, p99 ${f(mix.p99)} ms, errors ${mix.errors}, non-2xx ${mix.non2xx}; p99 by step: ${Object.entries(mix.byStep).map(([step, t]) => `${step} ${t.p99.toFixed(0)} ms`).join(', ')}.`,
    '',
    `Load average when written: ${os.loadavg().map((x) => x.toFixed(1)).join(' / ')}.`,
    '',
    '<details><summary>EXPLAIN ANALYZE of the worst case\'s personal feed keys statement with hideWatched: the one time window its first page needs</summary>',
    '',
    '```',
    ...plan.rows.map((p) => p['QUERY PLAN']),
    '```',
    '</details>',
    '',
  ].join('\n');
  console.log(section);
  // A smaller catalog (BENCH_CHANNELS) is a trial run: its figures are not the issue's.
  if (!reuse && process.env.BENCH_CHANNELS === undefined) writeSection('## Watch history (issue 30)', section);
  return section;
}

if (isScript(import.meta.url) && process.argv.includes('--serve')) void serveApp(process.env.BENCH_DB_URL!, PORT);
else if (isScript(import.meta.url))
  benchHistory(defaultServerUrl())
    .then(() => process.exit(0))
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
