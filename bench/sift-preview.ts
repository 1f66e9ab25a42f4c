/**
 * The sift editor's live preview at a million videos (issue 32: "31 videos match" on a 50-channel sift with a common
 * and a rare word, p99 ≤ 100 ms). On bench/filtered-feeds.ts's database `sift_bench_kw` (1,000,000 videos over 20,000
 * channels; seeded by that bench when missing, kept): p50 / p99 of POST /api/sifts/preview over HTTP (a separate server
 * process, sequential requests, a member's session), the rules of an editor being typed: a common word, the rare word,
 * both, and the common word with the rare one excluded, over the 50 largest of the member's channels. The preview is
 * never kept (every keystroke's rules are new), so every request reads the database.
 * Run: `npx tsx bench/sift-preview.ts` (BENCH_DATABASE_URL / DATABASE_URL; BENCH_PORT default 8292; BENCH_ROUNDS
 * default 100). Rewrites its section of bench/RESULTS.md.
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ensureKeywordCatalog, RARE_WORD } from './filtered-feeds.js';
import { readerSession } from './personal-feed.js';
import { defaultServerUrl, isScript, latencyRow, serveApp, startBenchServer, writeSection } from './harness.js';

const PORT = Number(process.env.BENCH_PORT ?? 8292);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
const CHANNELS = 50;
const HEADING = '## Live preview of a sift at a million videos (issue 32)';

async function benchPreview(serverUrl: string): Promise<void> {
  const url = await ensureKeywordCatalog(serverUrl);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { userId, token } = await readerSession(url);
  // The member's 50 largest channels (the worst case of what an editor holds), and their most frequent title word.
  const { rows: picked } = await client.query<{ external_id: string; number_of_videos: number }>(
    `SELECT c.external_id, c.number_of_videos FROM subscriptions s JOIN channels c ON c.id = s.channel_id
     WHERE s.user_id = $1 ORDER BY c.number_of_videos DESC, c.id LIMIT ${CHANNELS}`,
    [userId],
  );
  const channels = picked.map((c) => c.external_id);
  const videosOfChannels = picked.reduce((n, c) => n + Number(c.number_of_videos), 0);
  const { rows: common } = await client.query<{ w: string }>(
    `SELECT w FROM videos v JOIN channels c ON c.id = v.channel_id, regexp_split_to_table(lower(v.title), '[^a-z]+') AS w
     WHERE c.external_id = ANY($1) AND length(w) >= 5 GROUP BY w ORDER BY count(*) DESC, w LIMIT 1`,
    [channels],
  );
  const word = common[0]!.w;
  await client.end();
  const cases = [
    { name: `a common word (\`${word}\`)`, keywords: { all: [], any: [word], none: [] } },
    { name: `the rare word (\`${RARE_WORD}\`)`, keywords: { all: [], any: [RARE_WORD], none: [] } },
    { name: 'the common and the rare word', keywords: { all: [], any: [word, RARE_WORD], none: [] } },
    { name: 'the common word, the rare one excluded', keywords: { all: [], any: [word], none: [RARE_WORD] } },
  ].map((c) => ({ ...c, ms: [] as number[], matched: 0 }));

  const stop = await startBenchServer(fileURLToPath(import.meta.url), PORT, { BENCH_DB_URL: url });
  const post = async (body: unknown) => {
    const t0 = performance.now();
    const res = await fetch(`http://127.0.0.1:${PORT}/api/sifts/preview`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { numberOfVideos: number };
    if (!res.ok) throw new Error(`preview: ${res.status} ${JSON.stringify(json)}`);
    return { ms: performance.now() - t0, matched: json.numberOfVideos };
  };
  const baseline: number[] = [];
  try {
    for (let round = 0; round < ROUNDS + 3; round++) {
      const warm = round < 3;
      const t0 = performance.now();
      await fetch(`http://127.0.0.1:${PORT}/api/sifts/categories`).then((r) => r.arrayBuffer());
      if (!warm) baseline.push(performance.now() - t0);
      for (const c of cases) {
        const { ms, matched } = await post({ channels, keywords: c.keywords, limit: 5 });
        if (warm) continue;
        c.ms.push(ms);
        c.matched = matched;
      }
    }
  } finally {
    stop();
  }
  const f = (x: number) => x.toFixed(1);
  const bl = latencyRow('baseline', baseline);
  const section = [
    HEADING,
    '',
    `\`npx tsx bench/sift-preview.ts\`, ${new Date().toISOString().slice(0, 16)}Z, PostgreSQL 15, over HTTP (a separate server process, sequential requests, a member's session), ${ROUNDS} rounds after 3 warm-up rounds; load average ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')} when written.`,
    `The catalog of bench/filtered-feeds.ts (\`sift_bench_kw\`: 1,000,000 videos, 20,000 channels); the sift's ${CHANNELS} channels are the member's largest, ${videosOfChannels.toLocaleString('en-US')} videos in all. POST /api/sifts/preview with \`limit: 5\`, as the editor sends it: every video of the channels through the matcher over its stored match text (decision 058). Baseline GET /api/sifts/categories: ${f(bl.p50)} / ${f(bl.p99)} ms.`,
    '',
    '| Rules | Videos matching | p50 / p99 ms | p99 ≤ 100 ms |',
    '|---|---|---|---|',
    ...cases.map((c) => {
      const r = latencyRow('', c.ms);
      return `| ${c.name} | ${c.matched} | ${f(r.p50)} / ${f(r.p99)} | ${r.p99 <= 100 ? 'yes' : '**no**'} |`;
    }),
    '',
  ].join('\n');
  console.log(section);
  writeSection(HEADING, section);
}

if (isScript(import.meta.url) && process.argv.includes('--serve')) void serveApp(process.env.BENCH_DB_URL!, PORT);
else if (isScript(import.meta.url))
  benchPreview(defaultServerUrl()).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
