/**
 * Hot reads under load (issue 17): autocannon, 50 connections, gzip, against the built app (`node
 * apps/server/dist/main.js`, demo catalog) on PostgreSQL (database `sift_bench_load`, made anew and dropped at the
 * end unless BENCH_KEEP=1) and on PGlite, each figure beside a bare Fastify hello-world measured in the same run
 * (the floor of this machine). Reads: the public feed, a channel page, a public sift's page, a search, a video and
 * the sift categories; then the overload case: 500 connections on PGlite, where the app must shed load with clean
 * 503s rather than time out.
 * Run: `npm run build && npx tsx bench/load.ts` (BENCH_DATABASE_URL / DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres; BENCH_SECONDS per endpoint, default 10). Rewrites its section of
 * RESULTS.md.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { admin, defaultServerUrl, recreateDatabase, writeSection } from './harness.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const DB = 'sift_bench_load';
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const MAIN = path.join(ROOT, 'apps/server/dist/main.js');
if (!fs.existsSync(MAIN)) throw new Error('Build first: npm run build');


function start(command: string[], env: Record<string, string>, port: number, ready: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, command, { cwd: ROOT, env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = async () => {
      try {
        if ((await fetch(`http://127.0.0.1:${port}${ready}`)).ok) return resolve(child);
      } catch {
        /* not up yet */
      }
      if (Date.now() - started > 180_000) return reject(new Error(`${command.join(' ')} did not start`));
      setTimeout(poll, 300);
    };
    void poll();
  });
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  status503: number;
}

async function hammer(name: string, url: string, connections = CONNECTIONS, seconds = SECONDS): Promise<Row> {
  const result = await autocannon({ url, connections, duration: seconds, headers: { 'accept-encoding': 'gzip' }, timeout: 10 });
  const row = {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    status503: (result as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats?.['503']?.count ?? 0,
  };
  console.log(`${name}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, errors ${row.errors}, non-2xx ${row.non2xx}`);
  return row;
}

async function targets(base: string) {
  const channels = (await (await fetch(`${base}/api/public/v01/channel/search?limit=1`)).json()) as { items: Array<{ externalId: string }> };
  const feed = (await (await fetch(`${base}/api/feeds/public?limit=1`)).json()) as { videos: Array<{ externalId: string }> };
  const sifts = (await (await fetch(`${base}/api/sifts?limit=1`)).json()) as { items: Array<{ hash: string }> };
  const channel = channels.items[0]!.externalId;
  const sift = sifts.items[0]?.hash;
  return [
    ['public feed', `${base}/api/feeds/public`],
    ['channel page', `${base}/api/search/channels/${channel}/videos`],
    ...(sift ? [['sift page', `${base}/api/sifts/${sift}/videos`]] : []),
    ['search', `${base}/api/search?q=cooking&type=all`],
    ['video', `${base}/api/videos/${feed.videos[0]!.externalId}`],
    ['sift categories', `${base}/api/sifts/categories`],
  ] as Array<[string, string]>;
}

const share = (row: Row, floor: Row) => `${((row.rps / floor.rps) * 100).toFixed(1)}%`;
const table = (rows: Row[], floor: Row) =>
  ['| Read | req/s | share of hello-world | p50 ms | p99 ms | errors | non-2xx |', '|---|---|---|---|---|---|---|']
    .concat(rows.map((r) => `| ${r.name} | ${r.rps.toFixed(0)} | ${r === floor ? '100%' : share(r, floor)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`))
    .join('\n');

const children: ChildProcess[] = [];
process.on('exit', () => children.forEach((c) => c.kill('SIGKILL')));

const hello = await start([path.join(ROOT, 'bench/hello-world.mjs')], {}, 8301, '/');
children.push(hello);

const common = { RATE_LIMITS: 'off', LOG_LEVEL: 'warn', DEMO_UPLOAD_MINUTES: '0' };
const serverUrl = defaultServerUrl();
const databaseUrl = await recreateDatabase(serverUrl, DB);
const postgresApp = await start([MAIN], { ...common, DATABASE_URL: databaseUrl, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'sift-load-')) }, 8302, '/api/health');
children.push(postgresApp);

const floor = await hammer('hello-world (floor)', 'http://127.0.0.1:8301/');
const onPostgres: Row[] = [floor];
for (const [name, url] of await targets('http://127.0.0.1:8302')) onPostgres.push(await hammer(`${name} (PostgreSQL)`, url));
postgresApp.kill('SIGTERM');

const pgliteApp = await start([MAIN], { ...common, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'sift-load-pglite-')) }, 8303, '/api/health');
children.push(pgliteApp);
const floor2 = await hammer('hello-world (floor)', 'http://127.0.0.1:8301/');
const onPglite: Row[] = [floor2];
for (const [name, url] of (await targets('http://127.0.0.1:8303')).filter(([n]) => n === 'public feed' || n === 'search')) onPglite.push(await hammer(`${name} (PGlite)`, url));
const overload = await hammer('search, 500 connections (PGlite)', `http://127.0.0.1:8303/api/search?q=cooking&type=all`, 500, SECONDS);
pgliteApp.kill('SIGTERM');
hello.kill('SIGTERM');
if (process.env.BENCH_KEEP !== '1') await admin(serverUrl, `DROP DATABASE IF EXISTS ${DB}`);

const section = `## Load (issue 17)
Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (load average ${os.loadavg()[0]!.toFixed(1)} at the end),
autocannon ${CONNECTIONS} connections for ${SECONDS} s each, gzip, the built app on the demo catalog; the client runs on the
same machine (it takes a share of the 2 cores too).

On PostgreSQL:

${table(onPostgres, floor)}

On PGlite (the embedded default):

${table(onPglite, floor2)}

Overload on PGlite, 500 connections: ${overload.rps.toFixed(0)} req/s answered, ${overload.status503} of them \`503 OVERLOADED\`
(Retry-After), ${overload.errors} errors or timeouts, p99 ${overload.p99} ms.`;
console.log(section);
writeSection('## Load (issue 17)', section);
process.exit(0);
