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
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { hashToken } from '../apps/server/src/infra/security/tokens.js';
import { admin, defaultServerUrl, recreateDatabase, writeSection } from './harness.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const MIX_SECONDS = Number(process.env.BENCH_MIX_SECONDS ?? 60);
const WORDS = ['cooking', 'science', 'guide', 'review', 'travel', 'history', 'beginner', 'music'];
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

/** What a run of autocannon measured, as a row of the tables. */
function rowOf(name: string, result: autocannon.Result): Row {
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    status503: (result as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats?.['503']?.count ?? 0,
  };
}

async function hammer(name: string, url: string, connections = CONNECTIONS, seconds = SECONDS): Promise<Row> {
  const result = await autocannon({ url, connections, duration: seconds, headers: { 'accept-encoding': 'gzip' }, timeout: 10 });
  const row = rowOf(name, result);
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

/**
 * A member's session for the mix, made in the database (sign-up's captcha and mail are not what is measured): the
 * opaque token whose SHA-256 the app looks up, as TokenService issues it.
 */
async function aMemberToken(databaseUrl: string | undefined, base: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO users (email, first_name, last_name, confirmed_at, onboarded) VALUES ($1, 'Load', 'Member', now(), true) RETURNING id`,
      [`load.${Date.now()}@example.com`],
    );
    await client.query(`INSERT INTO auth_tokens (user_id, purpose, token_hash, expires_at) VALUES ($1, 'session', $2, now() + interval '1 day')`, [rows[0]!.id, hashToken(token)]);
    await client.end();
    return token;
  }
  throw new Error(`no database to make a member in for ${base}`);
}

/**
 * On PGlite the database is inside the app: a member is made through the API as a person would (the captcha solved,
 * the confirmation link read from the outbox the app writes without SMTP), then logged in.
 */
async function memberTokenByApi(base: string, dataDir: string): Promise<string> {
  const email = `load.${Date.now()}@example.com`;
  const password = 'violet harbour lamp 42';
  const challenge = (await (await fetch(`${base}/api/captcha/challenge`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  const captcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const json = { 'content-type': 'application/json' };
  const signUp = await fetch(`${base}/api/accounts`, { method: 'POST', headers: json, body: JSON.stringify({ email, firstName: 'Load', lastName: 'Member', password, captcha }) });
  if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  const outbox = path.join(dataDir, 'outbox');
  const mail = fs.readdirSync(outbox).map((f) => fs.readFileSync(path.join(outbox, f), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=')).find((m) => m.includes(email))!;
  const token = /confirmRegistration\/([A-Za-z0-9_-]+)/.exec(mail)![1]!;
  await fetch(`${base}/api/accounts/confirm`, { method: 'POST', headers: json, body: JSON.stringify({ token }) });
  const login = await fetch(`${base}/api/login`, { method: 'POST', headers: json, body: JSON.stringify({ username: email, password }) });
  return login.headers.get('x-auth-token')!;
}

/**
 * The realistic mix: each connection browses (public feed, a channel, a sift), searches (words in turn), reads its
 * personal feed, follows a channel and renames its playlist — a member's requests with their token.
 */
async function mix(name: string, base: string, token: string, connections: number, seconds: number): Promise<Row> {
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const [channel] = ((await (await fetch(`${base}/api/public/v01/channel/search?limit=1`)).json()) as { items: Array<{ externalId: string }> }).items;
  const [sift] = ((await (await fetch(`${base}/api/sifts?limit=1`)).json()) as { items: Array<{ hash: string }> }).items;
  const playlist = (await (await fetch(`${base}/api/playlists`, { method: 'POST', headers: auth, body: JSON.stringify({ name: 'Load mix' }) })).json()) as { id: number };
  let word = 0;
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    timeout: 10,
    headers: { 'accept-encoding': 'gzip' },
    requests: [
      { method: 'GET', path: '/api/feeds/public' },
      { method: 'GET', path: `/api/search/channels/${channel!.externalId}/videos` },
      ...(sift ? [{ method: 'GET' as const, path: `/api/sifts/${sift.hash}/videos` }] : []),
      { method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/search?q=${WORDS[word++ % WORDS.length]}&type=all` }) },
      { method: 'GET', path: '/api/me/feeds/videos', headers: auth },
      { method: 'POST', path: '/api/subscriptions', headers: auth, body: JSON.stringify({ externalId: channel!.externalId }) },
      { method: 'PUT', path: `/api/playlists/${playlist.id}`, headers: auth, body: JSON.stringify({ name: 'Load mix, renamed' }) },
    ],
  });
  const row = rowOf(name, result);
  console.log(`${name}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, errors ${row.errors}, non-2xx ${row.non2xx} (503: ${row.status503})`);
  return row;
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
const postgresMix = await mix(`mix, 500 connections, ${MIX_SECONDS} s (PostgreSQL)`, 'http://127.0.0.1:8302', await aMemberToken(databaseUrl, 'PostgreSQL'), 500, MIX_SECONDS);
postgresApp.kill('SIGTERM');

const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-load-pglite-'));
const pgliteApp = await start([MAIN], { ...common, DATA_DIR: pgliteDir }, 8303, '/api/health');
children.push(pgliteApp);
const floor2 = await hammer('hello-world (floor)', 'http://127.0.0.1:8301/');
const onPglite: Row[] = [floor2];
for (const [name, url] of (await targets('http://127.0.0.1:8303')).filter(([n]) => n === 'public feed' || n === 'search')) onPglite.push(await hammer(`${name} (PGlite)`, url));
const overload = await hammer('search, 500 connections (PGlite)', `http://127.0.0.1:8303/api/search?q=cooking&type=all`, 500, SECONDS);
const pgliteToken = await memberTokenByApi('http://127.0.0.1:8303', pgliteDir);
const pgliteMix = await mix(`mix, 100 connections, ${MIX_SECONDS} s (PGlite)`, 'http://127.0.0.1:8303', pgliteToken, 100, MIX_SECONDS);
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

The realistic mix (browse, search, a sift, a member's feed, a follow and a playlist rename per connection, in turn):

| Mix | req/s | p50 ms | p99 ms | errors | non-2xx | of them 503 |
|---|---|---|---|---|---|---|
${[postgresMix, pgliteMix].map((r) => `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${r.status503} |`).join('\n')}

Overload on PGlite, 500 connections: ${overload.rps.toFixed(0)} req/s answered, ${overload.status503} of them \`503 OVERLOADED\`
(Retry-After), ${overload.errors} errors or timeouts, p99 ${overload.p99} ms.`;
console.log(section);
writeSection('## Load (issue 17)', section);
process.exit(0);
