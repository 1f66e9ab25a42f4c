/**
 * Heavy anonymous reads at 200 connections (issue 28 §4): the keyword-filtered public feed and searches, which are
 * not kept pages and cost the database a few hundred ms each. What is measured is not speed but that no read starves
 * the others: 0 timeouts, and every refusal a `503` with `Retry-After` (DATABASE_POOL_WAIT_MS,
 * DATABASE_STATEMENT_TIMEOUT_MS; decision 031). Beside it a bare Fastify hello-world at the same 200 connections, the
 * floor of this machine in the same run. The built app on the demo catalog, PostgreSQL (database
 * `sift_bench_filtered`, made anew, dropped at the end unless BENCH_KEEP=1).
 * Run: `npm run build && npx tsx bench/filtered-load.ts` (BENCH_SECONDS per row, default 20). Rewrites its section of
 * RESULTS.md.
 */
import autocannon from 'autocannon';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { catalogWords, defaultServerUrl, dropDatabase, recreateDatabase, startProcess, writeSection } from './harness.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = 200;
/** autocannon's timeout, seconds: a request not answered by then counts as a timeout (what the issue measured). */
const TIMEOUT_S = 10;
const WORDS = ['cooking', 'science', 'guide', 'review', 'travel', 'history', 'beginner', 'music', 'zzyzxnothing'];
const DB = 'sift_bench_filtered';
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const MAIN = path.join(ROOT, 'apps/server/dist/main.js');
if (!fs.existsSync(MAIN)) throw new Error('Build first: npm run build');

async function start(script: string, env: Record<string, string>, port: number, ready: string): Promise<ChildProcess> {
  const child = await startProcess([script], env, port, ready, ROOT);
  children.push(child);
  return child;
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  timeouts: number;
  errors: number;
  ok: number;
  refused: number;
  /** 503s without Retry-After, and answers other than 200 and 503: both must be 0. */
  badRefusals: number;
  other: number;
}

/**
 * `connections` (200) on `paths` in turn, counting every answer by its status and whether a 503 says when to come back;
 * with `once`, each path is asked once and the row ends when all were.
 */
async function hammer(name: string, base: string, paths: string[], { connections = CONNECTIONS, once = false } = {}): Promise<Row> {
  let ok = 0;
  let refused = 0;
  let badRefusals = 0;
  let other = 0;
  const onResponse = (status: number, _body: string, _context: object, headers: IncomingHttpHeaders | undefined) => {
    if (status === 200) ok++;
    else if (status === 503) {
      refused++;
      if (!headers?.['retry-after']) badRefusals++;
    } else other++;
  };
  let next = 0;
  const result = await autocannon({
    url: base,
    connections,
    duration: SECONDS,
    ...(once ? { amount: paths.length } : {}),
    timeout: TIMEOUT_S,
    headers: { 'accept-encoding': 'gzip' },
    // One request template whose path moves on at each request: the paths in turn across all connections.
    requests: [{ method: 'GET' as const, setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }), onResponse }],
  });
  const row = { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max, timeouts: result.timeouts, errors: result.errors - result.timeouts, ok, refused, badRefusals, other };
  console.log(`${name}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, timeouts ${row.timeouts}, 200 ${ok}, 503 ${refused} (${badRefusals} without Retry-After), other ${other}`);
  return row;
}

const children: ChildProcess[] = [];
process.on('exit', () => children.forEach((c) => c.kill('SIGKILL')));

await start(path.join(ROOT, 'bench/hello-world.mjs'), {}, 8311, '/');
const serverUrl = defaultServerUrl();
const databaseUrl = await recreateDatabase(serverUrl, DB);
const app = await start(MAIN, { RATE_LIMITS: 'off', LOG_LEVEL: 'warn', DEMO_UPLOAD_MINUTES: '0', DATABASE_URL: databaseUrl, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'sift-filtered-')) }, 8312, '/api/health');

// Issue 32's "varied words": the catalog's own, each finds something.
const words = await catalogWords(databaseUrl, 3);
const varied = words.map((w) => `/api/feeds/public?any=${w}`);
// Between the two: the words in turn, and every `every`-th request a pair of them never asked before (`any=a,b`,
// from `from` on: each row its own pairs), so that share of the pages is built while the rest are words people repeat.
const pair = (i: number) => `/api/feeds/public?any=${words[i % words.length]},${words[(i * 7 + 1 + Math.floor(i / words.length)) % words.length]}`;
const mixed = (every: number, from: number) =>
  Array.from({ length: 40_000 }, (_, i) => [pair(from + i), ...Array.from({ length: every - 1 }, (_, k) => varied[((every - 1) * i + k) % varied.length]!)]).flat();

const rows = [
  await hammer('hello-world (floor)', 'http://127.0.0.1:8311', ['/']),
  await hammer('public feed, any=<word> (PostgreSQL)', 'http://127.0.0.1:8312', WORDS.map((w) => `/api/feeds/public?any=${w}`)),
  await hammer('search, q=<word> (PostgreSQL)', 'http://127.0.0.1:8312', WORDS.map((w) => `/api/search?q=${w}&type=all`)),
];
// Issue 32: filtered public feeds with varied words at 50 connections — each of the catalog's words once (every page
// built), then the same words in turn for the row's seconds (built once each, then kept until a video arrives), then
// the words in turn with a share of pages never asked before (built).
const fifty = [
  await hammer('hello-world (floor), 50 connections', 'http://127.0.0.1:8311', ['/'], { connections: 50 }),
  await hammer(`public feed, any=<each of ${varied.length.toLocaleString('en-US')} catalog words once>, 50 connections`, 'http://127.0.0.1:8312', varied, { connections: 50, once: true }),
  await hammer('public feed, any=<the catalog words in turn>, 50 connections', 'http://127.0.0.1:8312', varied, { connections: 50 }),
  await hammer('public feed, the words in turn, one request in 10 a pair never asked before, 50 connections', 'http://127.0.0.1:8312', mixed(10, 0), { connections: 50 }),
  await hammer('public feed, the words in turn, one request in 20 a pair never asked before, 50 connections', 'http://127.0.0.1:8312', mixed(20, 40_000), { connections: 50 }),
];
app.kill('SIGTERM');
if (process.env.BENCH_KEEP !== '1') await dropDatabase(serverUrl, DB);

const section = `## Heavy reads at ${CONNECTIONS} connections (issue 28)
Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (load average ${os.loadavg()[0]!.toFixed(1)} at the end) by
\`npx tsx bench/filtered-load.ts\`: autocannon, ${CONNECTIONS} connections for ${SECONDS} s a row, ${TIMEOUT_S} s timeout, the built app on the
demo catalog (PostgreSQL on the same machine) with the default bounds (DATABASE_POOL_SIZE 20, DATABASE_POOL_WAIT_MS
2000, DATABASE_STATEMENT_TIMEOUT_MS 5000, DATABASE_HEAVY_READS 4; decisions 031, 037). The goal is 0 timeouts and every
refusal a 503 with Retry-After.

| Read | req/s | p50 ms | p99 ms | max ms | timeouts | other errors | 200 | 503 | 503 without Retry-After | other status |
|---|---|---|---|---|---|---|---|---|---|---|
${rows.map((r) => `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.max} | ${r.timeouts} | ${r.errors} | ${r.ok} | ${r.refused} | ${r.badRefusals} | ${r.other} |`).join('\n')}

Filtered public feeds with varied words at 50 connections (issue 32: ≥ 1,000 req/s, p99 ≤ 50 ms): the catalog's own
words, each once (every page built from the keyword index, decision 054), then in turn (each built once, then kept
until a video arrives, as the app keeps shared filtered pages), then in turn with one request in 10 or in 20 a pair of
them never asked before (\`any=a,b\`: its page built).

| Read | req/s | p50 ms | p99 ms | max ms | timeouts | other errors | 200 | 503 | 503 without Retry-After | other status |
|---|---|---|---|---|---|---|---|---|---|---|
${fifty.map((r) => `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.max} | ${r.timeouts} | ${r.errors} | ${r.ok} | ${r.refused} | ${r.badRefusals} | ${r.other} |`).join('\n')}

Before decision 037 (2026-11-29, same machine and bounds, no heavy-read lane): the filtered public feed at 50 req/s,
p99 8,171 ms, **177 timeouts** and 2 × 503 in 20 s with the default pool of 20; with DATABASE_POOL_SIZE=6, 0 timeouts
and 296 × 503 but search's p99 rose to 2,461 ms. The lane bounds the keyword scans whatever the pool size, and leaves
the rest of the pool to cheap reads.`;
console.log(section);
writeSection(`## Heavy reads at ${CONNECTIONS} connections (issue 28)`, section);
process.exit(0);
