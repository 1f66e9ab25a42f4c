/**
 * Keyword-filtered feeds at a million videos (issue 32 part 1; docs/decisions/054-keyword-filtered-feeds.md). On its
 * own PostgreSQL database `sift_bench_kw`, kept between runs (BENCH_DROP=1 drops it at the end):
 * 1. the demo catalog's 1,000,000 videos over 20,000 channels, through the import path (as bench/catalog-at-scale.ts),
 *    a rare word planted in 12 videos (some in the measured channel, some in the member's), and a member following
 *    500 channels;
 * 2. p50 / p99 over HTTP (a separate server process, one kept-alive connection, sequential requests) of page 1 and
 *    page 5 of the public feed, a channel's page and the member's personal feed, each unfiltered and with a common
 *    word, a rare word, a word nothing matches, a phrase, `all` of two words and a `none` word;
 * 3. EXPLAIN (ANALYZE, BUFFERS) of the candidate statements.
 * Run: `npx tsx bench/filtered-feeds.ts` (BENCH_DATABASE_URL / DATABASE_URL; BENCH_PORT default 8291; BENCH_ROUNDS
 * default 100). `--seed-only` seeds and stops. Rewrites its section of bench/RESULTS.md.
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createServices } from '../apps/server/src/app.js';
import { drizzle } from 'drizzle-orm/node-postgres';
import { openDatabase, type Database } from '../apps/server/src/infra/db/client.js';
import * as schema from '../apps/server/src/infra/db/schema.js';
import { FeedsRepository, type FeedSources } from '../apps/server/src/modules/feeds/feeds.repository.js';
import { countVideosPerChannel, generateChannels, generateVideos } from '../apps/server/src/providers/demo/catalog.js';
import { DemoProvider } from '../apps/server/src/providers/demo/demo-provider.js';
import { readerSession } from './personal-feed.js';
import { BenchClient, databaseExists, databaseUrl, defaultServerUrl, dropDatabase, isScript, latencyRow, recreateDatabase, serveApp, startBenchServer, writeSection } from './harness.js';
import { percentile } from './stats.js';

const DB = 'sift_bench_kw';
const PORT = Number(process.env.BENCH_PORT ?? 8291);
const VIDEOS = Number(process.env.BENCH_VIDEOS ?? 1_000_000);
const CHANNELS = 20_000;
const FOLLOWED = 500;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
export const RARE_WORD = 'quokka';
const RARE_COUNT = 12;

/** The catalog: 20,000 demo channels and their videos through the import path, a rare word, a member following 500 channels. */
async function seed(serverUrl: string): Promise<string> {
  const url = await recreateDatabase(serverUrl, DB);
  const database = await openDatabase({ databaseUrl: url, pgliteDir: 'memory://' });
  const now = new Date();
  const services = createServices({ db: database.db, provider: new DemoProvider({ now }) });
  const generated = generateChannels({ count: CHANNELS });
  const counts = countVideosPerChannel(generated, { total: VIDEOS });
  const channels = generated.map((c, i) => ({ ...c, numberOfVideos: counts[i]! }));
  const t0 = performance.now();
  await services.catalog.importCatalog('demo', channels, generateVideos(channels, { total: VIDEOS, now }));
  console.log(`imported ${VIDEOS} videos in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  await services.jobs.stop();
  await database.close();
  await prepare(url);
  return url;
}

/** The member following 500 channels and the rare word; idempotent (a run after a failed one starts here). */
async function prepare(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    if ((await client.query(`SELECT 1 FROM users WHERE email = 'reader@bench.test'`)).rowCount === 1) return;
    const { rows: users } = await client.query<{ id: string }>(
      `INSERT INTO users (email, first_name, last_name, confirmed_at, onboarded) VALUES ('reader@bench.test', 'Bench', 'Reader', now(), true) RETURNING id`,
    );
    const reader = Number(users[0]!.id);
    // 500 channels with videos, the measured channel (the one with the most videos) among them.
    await client.query(
      `INSERT INTO subscriptions (user_id, channel_id)
       SELECT $1::bigint, id FROM (SELECT id FROM channels WHERE number_of_videos > 0 ORDER BY number_of_videos DESC LIMIT 1) top
       UNION SELECT $1::bigint, id FROM (SELECT id FROM channels WHERE number_of_videos > 0 ORDER BY md5(id::text) LIMIT ${FOLLOWED - 1}) r`,
      [reader],
    );
    // The rare word: 4 videos of the measured channel, 4 of the member's other channels, 4 anywhere.
    await client.query(
      `UPDATE videos SET title = title || ' with a ' || $1 FROM (
         (SELECT v.id FROM videos v WHERE v.channel_id = (SELECT id FROM channels ORDER BY number_of_videos DESC LIMIT 1) ORDER BY md5(v.id::text) LIMIT 4)
         UNION ALL (SELECT v.id FROM videos v JOIN subscriptions s ON s.channel_id = v.channel_id AND s.user_id = $2 ORDER BY md5(v.id::text) LIMIT 4)
         UNION ALL (SELECT id FROM videos ORDER BY md5(id::text) LIMIT 4)
       ) picked WHERE videos.id = picked.id`,
      [RARE_WORD, reader],
    );
    const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM videos WHERE search_vector @@ to_tsquery('sift', $1)`, [RARE_WORD]);
    if (Number(rows[0]!.n) < RARE_COUNT - 2) throw new Error(`rare word in ${rows[0]!.n} videos`);
    // A steady state: GIN pending lists merged, visibility map set, the seeding's pages written.
    await client.query('VACUUM ANALYZE');
    await client.query('CHECKPOINT');
  } finally {
    await client.end();
  }
}

/** The database with its catalog, seeded when missing (or BENCH_RESEED=1); also bench/sift-preview.ts's. */
export async function ensureKeywordCatalog(serverUrl: string): Promise<string> {
  if (!(await databaseExists(serverUrl, DB)) || process.env.BENCH_RESEED === '1') {
    const t0 = performance.now();
    const url = await seed(serverUrl);
    console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    return url;
  }
  const url = databaseUrl(serverUrl, DB);
  await (await openDatabase({ databaseUrl: url, pgliteDir: 'memory://' })).close(); // new migrations, if any
  await prepare(url);
  return url;
}

export async function benchFilteredFeeds(serverUrl: string): Promise<void> {
  const url = await ensureKeywordCatalog(serverUrl);
  if (process.argv.includes('--seed-only')) return;
  await measure(url);
  if (process.env.BENCH_DROP === '1') await dropDatabase(serverUrl, DB);
}

interface Feed {
  name: string;
  path: string;
  headers: Record<string, string>;
  /** The page's PagedVideos inside the answer. */
  page: (body: unknown) => { videos: unknown[]; next: string | null };
  /** Kept for every visitor (a repeat is answered from memory). */
  shared: boolean;
}

/** The filters measured: words picked from the catalog so each feed has matches (the rare word is planted). */
async function pickWords(client: pg.Client, channelId: number): Promise<Record<string, Record<string, string>>> {
  // The channel's most frequent title word of 5+ letters, and a phrase of its titles (two words next to each other).
  const { rows: common } = await client.query<{ w: string }>(
    `SELECT w FROM videos, regexp_split_to_table(lower(title), '[^a-z]+') AS w WHERE channel_id = $1 AND length(w) >= 5
     GROUP BY w ORDER BY count(*) DESC, w LIMIT 2`,
    [channelId],
  );
  const { rows: phrase } = await client.query<{ p: string }>(
    `SELECT (regexp_match(lower(title), '([a-z]{4,} [a-z]{4,})'))[1] AS p FROM videos WHERE channel_id = $1 AND lower(title) ~ '[a-z]{4,} [a-z]{4,}'
     GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
    [channelId],
  );
  const [c1, c2] = [common[0]!.w, common[1]!.w];
  const everywhere = {
    'common word': 'any=cooking',
    'rare word': `any=${RARE_WORD}`,
    'word nothing matches': 'any=xylophonist',
    phrase: `any=${encodeURIComponent('black holes')}`,
    'all of two words': 'all=cooking,pasta',
    'none word': 'none=cooking',
  };
  return {
    public: everywhere,
    personal: everywhere,
    channel: {
      'common word': `any=${c1}`,
      'rare word': `any=${RARE_WORD}`,
      'word nothing matches': 'any=xylophonist',
      phrase: `any=${encodeURIComponent(phrase[0]!.p)}`,
      'all of two words': `all=${c1},${c2}`,
      'none word': `none=${c1}`,
    },
  };
}

/** The statements of a few first pages, captured from FeedsRepository itself, with EXPLAIN (ANALYZE, BUFFERS). */
async function explainReads(url: string, channelId: number, words: Record<string, Record<string, string>>): Promise<string[]> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const captured: { sql: string; params: unknown[] }[] = [];
  const db = drizzle(pool, { schema, logger: { logQuery: (sql, params) => captured.push({ sql, params }) } }) as unknown as Database;
  const repository = new FeedsRepository(db);
  const { rows } = await client.query<{ ids: string[] }>(`SELECT array_agg(channel_id) AS ids FROM subscriptions WHERE channel_id IS NOT NULL`);
  const member: FeedSources = { channelIds: rows[0]!.ids.map(Number), siftIds: [] };
  const rulesOf = (query: string) => {
    const rules = { all: [] as string[], any: [] as string[], none: [] as string[] };
    for (const [rule, value] of new URLSearchParams(query)) rules[rule as 'all' | 'any' | 'none'].push(...value.split(','));
    return rules;
  };
  const cases: [string, FeedSources, string][] = [
    ['public feed, common word', 'everything', words.public!['common word']!],
    ['public feed, rare word', 'everything', words.public!['rare word']!],
    ['public feed, word nothing matches', 'everything', words.public!['word nothing matches']!],
    ['public feed, none word', 'everything', words.public!['none word']!],
    ['channel page, common word', { channelIds: [channelId], siftIds: [] }, words.channel!['common word']!],
    ["member's feed, common word", member, words.personal!['common word']!],
    ["member's feed, phrase", member, words.personal!.phrase!],
  ];
  const out: string[] = [];
  try {
    for (const [name, sources, query] of cases) {
      captured.length = 0;
      await repository.filteredPageKeys(sources, undefined, 50, { words: [], rules: rulesOf(query) });
      out.push(`**${name}** \`${decodeURIComponent(query)}\`: ${captured.length} statement(s)`, '', '```');
      for (const statement of captured) {
        const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, statement.params);
        // Long literal lists (the member's 500 channels) are cut: the plan's shape is what matters.
        out.push(...plan.rows.map((r) => r['QUERY PLAN'].replace(/'\{[^}]{200,}\}'/g, (m) => `${m.slice(0, 80)}…}'`)), '');
      }
      out.push('```', '');
    }
  } finally {
    await client.end();
    await pool.end();
  }
  return out;
}

async function measure(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows: top } = await client.query<{ id: string; external_id: string }>(`SELECT id, external_id FROM channels ORDER BY number_of_videos DESC, id LIMIT 1`);
  const channel = top[0]!;
  const words = await pickWords(client, Number(channel.id));
  const { token } = await readerSession(url);
  const feeds: Feed[] = [
    { name: 'public', path: '/api/feeds/public', headers: {}, page: (b) => b as never, shared: true },
    { name: 'channel', path: `/api/search/channels/${channel.external_id}/videos`, headers: {}, page: (b) => b as never, shared: true },
    {
      name: 'personal',
      path: '/api/me/feeds/videos',
      headers: { authorization: `Bearer ${token}` },
      page: (b) => (b as { videoFeedItems: { videos: unknown[]; next: string | null } }).videoFeedItems,
      shared: false,
    },
  ];
  // A new video in a channel nobody measures, untimed before each built request: every kept page's stamp moves.
  let arrivals = 0;
  const { rows: quiet } = await client.query<{ id: string }>(
    `SELECT id FROM channels WHERE id <> $1 AND id NOT IN (SELECT channel_id FROM subscriptions WHERE channel_id IS NOT NULL) ORDER BY id LIMIT 1`,
    [channel.id],
  );
  const arrive = () =>
    client.query(
      `INSERT INTO videos (provider, external_id, channel_id, title, published_at, thumbnail) VALUES ('bench', $1, $2, 'New arrival', now(), '/media/thumbnails/x.svg')`,
      [`kwnew${Date.now()}_${++arrivals}`, quiet[0]!.id],
    );

  const { rows: counts } = await client.query<{ v: string; c: string }>('SELECT (SELECT count(*) FROM videos) AS v, (SELECT count(*) FROM channels) AS c');
  const stop = await startBenchServer(fileURLToPath(import.meta.url), PORT, { BENCH_DB_URL: url });
  const http = new BenchClient(PORT);
  interface Case {
    feed: Feed;
    filter: string;
    query: string;
    page: 1 | 5;
    path?: string;
    built: number[];
    kept: number[];
    shown: number;
  }
  const cases: Case[] = [];
  try {
    for (const feed of feeds) {
      for (const [filter, query] of [['unfiltered', ''], ...Object.entries(words[feed.name]!)] as [string, string][]) {
        for (const page of [1, 5] as const) cases.push({ feed, filter, query, page, built: [], kept: [], shown: 0 });
      }
    }
    const pathOf = async (c: Case): Promise<string | undefined> => {
      const join = (extra: string) => `${c.feed.path}?${[c.query, extra].filter((x) => x).join('&')}`;
      let path = join('');
      for (let p = 1; p < c.page; p++) {
        const next = c.feed.page((await http.json(path, c.feed.headers)).body).next;
        if (!next) return undefined;
        path = join(`next=${encodeURIComponent(next)}`);
      }
      return path;
    };
    const baseline: number[] = [];
    for (let round = 0; round < ROUNDS + 3; round++) {
      const warm = round < 3;
      if (!warm) baseline.push(await http.ms('/api/sifts/categories'));
      for (const c of cases) {
        // Cursors of page 5 are found again now and then (arrivals move a public feed's pages).
        if (round % 25 === 0) c.path = await pathOf(c);
        if (!c.path) continue;
        await arrive();
        const built = await http.json(c.path, c.feed.headers);
        const kept = await http.ms(c.path, c.feed.headers);
        if (warm) continue;
        c.built.push(built.ms);
        c.kept.push(kept);
        c.shown = c.feed.page(built.body).videos.length;
      }
    }
    const load = os.loadavg().map((x) => x.toFixed(2)).join(' / ');
    const f = (x: number) => x.toFixed(1);
    const lines: string[] = [];
    for (const feed of feeds) {
      const plain = cases.filter((c) => c.feed === feed && c.filter === 'unfiltered');
      for (const c of cases.filter((x) => x.feed === feed)) {
        const base = plain.find((p) => p.page === c.page);
        if (c.built.length === 0) {
          lines.push(`| ${feed.name} | ${c.filter} \`${decodeURIComponent(c.query)}\` | ${c.page} | (no page ${c.page}) | | | | |`);
          continue;
        }
        const b = latencyRow('', c.built);
        const k = latencyRow('', c.kept);
        const ratio = base && base.built.length > 0 ? `×${(b.p99 / percentile(base.built, 99)).toFixed(1)}` : '';
        const ok = b.p99 <= 25 ? 'yes' : '**no**';
        lines.push(`| ${feed.name} | ${c.filter}${c.query ? ` \`${decodeURIComponent(c.query)}\`` : ''} | ${c.page} | ${c.shown} | ${f(b.p50)} / ${f(b.p99)} | ${ratio} | ${feed.shared ? `${f(k.p50)} / ${f(k.p99)}` : `${f(k.p50)} / ${f(k.p99)} (own page)`} | ${ok} |`);
      }
    }
    const plans = await explainReads(url, Number(channel.id), words);
    const bl = latencyRow('baseline', baseline);
    const section = [
      `## Keyword-filtered feeds at ${Number(counts[0]!.v).toLocaleString('en-US')} videos, ${Number(counts[0]!.c).toLocaleString('en-US')} channels (issue 32 part 1, decision 054)`,
      '',
      `PostgreSQL 15, over HTTP (a separate server process, one kept-alive connection, gzip), sequential requests, ${ROUNDS} rounds after 3 warm-up rounds;`,
      `\`npx tsx bench/filtered-feeds.ts\` (keeps its database \`sift_bench_kw\`; BENCH_DROP=1 drops it), ${new Date().toISOString().slice(0, 16)}Z, load average ${load} when written.`,
      '"Built": a new video arrived (untimed) just before, so no kept page answers: the page is read from the database (its cards mostly kept).',
      `"Kept": the same request again. Target: built p99 ≤ 25 ms, within 3× the unfiltered page of the same run. Baseline GET /api/sifts/categories: ${f(bl.p50)} / ${f(bl.p99)} ms.`,
      `The member follows ${FOLLOWED} channels; the channel is the catalog's largest (\`${channel.external_id}\`). Page size 50.`,
      '',
      '| Feed | Filter | Page | Videos | Built p50 / p99 ms | p99 vs unfiltered | Kept p50 / p99 ms | p99 ≤ 25 |',
      '|---|---|---|---|---|---|---|---|',
      ...lines,
      '',
      '<details><summary>EXPLAIN (ANALYZE, BUFFERS) of the statements of some first pages, as FeedsRepository.filteredPageKeys sends them (after the HTTP rounds)</summary>',
      '',
      ...plans,
      '</details>',
      '',
    ].join('\n');
    console.log(section);
    if (process.env.BENCH_WRITE !== '0') writeSection('## Keyword-filtered feeds at', section);
  } finally {
    http.close();
    stop();
    await client.query(`DELETE FROM videos WHERE external_id LIKE 'kwnew%'`);
    await client.end();
  }
}

if (isScript(import.meta.url) && process.argv.includes('--serve')) void serveApp(process.env.BENCH_DB_URL!, PORT);
else if (isScript(import.meta.url))
  benchFilteredFeeds(defaultServerUrl()).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
