/**
 * Hot reads under load (issue 17): autocannon, 50 connections, gzip, against the built app (`node
 * apps/server/dist/main.js`, demo catalog) on PostgreSQL (database `sift_bench_load`, made anew and dropped at the
 * end unless BENCH_KEEP=1) and on PGlite, each figure beside a bare Fastify hello-world measured in the same run
 * (the floor of this machine). Reads: the public feed, a channel page, a public sift's page, a search, a video and
 * the sift categories; the realistic mix of 500 virtual users (bench/virtual-users.ts, decision 026) at several think
 * times down to none; then the overload case: 500 connections on PGlite, where the app must shed load with clean
 * 503s rather than time out, and 100 users on PGlite.
 * Run: `npm run build && npx tsx bench/load.ts` (BENCH_DATABASE_URL / DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres; BENCH_SECONDS per endpoint, default 10; BENCH_MIX_SECONDS per mix row, default 60; BENCH_ONLY=uncached-search runs the PostgreSQL rows and the uncached search only and writes nothing). Rewrites its section of
 * RESULTS.md.
 */
import autocannon from 'autocannon';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { hashToken } from '../apps/server/src/infra/security/tokens.js';
import { defaultServerUrl, dropDatabase, recreateDatabase, startProcess, writeSection } from './harness.js';
import { uncachedSearch } from './uncached-search.js';
import { virtualUsers, type Step, type VirtualUsersResult } from './virtual-users.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const MIX_SECONDS = Number(process.env.BENCH_MIX_SECONDS ?? 60);
const WORDS = ['cooking', 'science', 'guide', 'review', 'travel', 'history', 'beginner', 'music'];
const CONNECTIONS = 50;
/** Members of the PGlite mix, each made through sign-up (a captcha each): fewer than its 100 connections. */
const PGLITE_MEMBERS = 10;
const DB = 'sift_bench_load';
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const MAIN = path.join(ROOT, 'apps/server/dist/main.js');
if (!fs.existsSync(MAIN)) throw new Error('Build first: npm run build');


const start = (command: string[], env: Record<string, string>, port: number, ready: string) => startProcess(command, env, port, ready, ROOT);

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

/** A member of the mix: a session token and a playlist of their own to rename. */
interface Member {
  token: string;
  playlist: number;
}

/**
 * Members for the mix, made in the database (sign-up's captcha and mail are not what is measured): sessions as
 * TokenService issues them (the opaque token whose SHA-256 the app looks up), then each makes a playlist through the API.
 */
async function membersInDatabase(databaseUrl: string, base: string, count: number): Promise<Member[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const tokens = Array.from({ length: count }, () => randomBytes(32).toString('base64url'));
  const stamp = Date.now();
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO users (email, first_name, last_name, confirmed_at, onboarded)
     SELECT 'load.' || $1 || '.' || i || '@example.com', 'Load', 'Member ' || i, now(), true FROM generate_series(1, $2) AS i ORDER BY i RETURNING id`,
    [stamp, count],
  );
  await client.query(
    `INSERT INTO auth_tokens (user_id, purpose, token_hash, expires_at) SELECT u, 'session', h, now() + interval '1 day' FROM unnest($1::bigint[], $2::text[]) AS t(u, h)`,
    [rows.map((r) => r.id), tokens.map(hashToken)],
  );
  await client.end();
  return Promise.all(tokens.map((token) => withPlaylist(base, token)));
}

/**
 * On PGlite the database is inside the app: members are made through the API as people would (the captcha solved,
 * the confirmation link read from the outbox the app writes without SMTP), then logged in.
 */
async function membersByApi(base: string, dataDir: string, count: number): Promise<Member[]> {
  const members: Member[] = [];
  for (let i = 0; i < count; i++) members.push(await withPlaylist(base, await memberTokenByApi(base, dataDir, i)));
  return members;
}

/** A captcha challenge; right after the overload run the app may still shed load (503 + Retry-After): wait and ask again. */
async function captchaChallenge(base: string): Promise<Challenge> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(`${base}/api/captcha/challenge`);
    if (res.ok) return (await res.json()) as Challenge;
    if (res.status !== 503 || attempt >= 30) throw new Error(`captcha challenge: ${res.status} ${await res.text()}`);
    await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 1)));
  }
}

async function memberTokenByApi(base: string, dataDir: string, i: number): Promise<string> {
  const email = `load.${Date.now()}.${i}@example.com`;
  const password = 'violet harbour lamp 42';
  const challenge = await captchaChallenge(base);
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

async function withPlaylist(base: string, token: string): Promise<Member> {
  const made = await fetch(`${base}/api/playlists`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Load mix' }) });
  if (!made.ok) throw new Error(`playlist: ${made.status} ${await made.text()}`);
  return { token, playlist: ((await made.json()) as { id: number }).id };
}

/**
 * The realistic mix: each virtual user walks through a member's visit again and again — browse (public feed, a
 * channel, a sift), search (words in turn), then, logged in, read their personal feed, follow a channel and rename
 * their playlist — pausing a think time between requests (bench/virtual-users.ts; decision 026). Each user is one
 * member (members in turn when there are fewer), so, as with real people, no two connections write one member's rows
 * at once.
 */
async function mix(name: string, base: string, members: Member[], users: number, thinkMs: number, seconds: number): Promise<MixRow> {
  const [channel] = ((await (await fetch(`${base}/api/public/v01/channel/search?limit=1`)).json()) as { items: Array<{ externalId: string }> }).items;
  const [sift] = ((await (await fetch(`${base}/api/sifts?limit=1`)).json()) as { items: Array<{ hash: string }> }).items;
  const member = (user: number) => members[user % members.length]!;
  const as = (user: number) => ({ authorization: `Bearer ${member(user).token}` });
  const steps: Step[] = [
    { name: 'public feed', method: 'GET', path: () => '/api/feeds/public' },
    { name: 'channel page', method: 'GET', path: () => `/api/search/channels/${channel!.externalId}/videos` },
    ...(sift ? [{ name: 'sift page', method: 'GET' as const, path: () => `/api/sifts/${sift.hash}/videos` }] : []),
    { name: 'search', method: 'GET', path: (user, visit) => `/api/search?q=${WORDS[(user + visit) % WORDS.length]}&type=all` },
    { name: 'personal feed', method: 'GET', path: () => '/api/me/feeds/videos', headers: as },
    { name: 'follow', method: 'POST', path: () => '/api/subscriptions', headers: as, body: () => JSON.stringify({ externalId: channel!.externalId }) },
    { name: 'rename playlist', method: 'PUT', path: (user) => `/api/playlists/${member(user).playlist}`, headers: as, body: (_user, visit) => JSON.stringify({ name: `Load mix ${visit % 7}` }) },
  ];
  const result = await virtualUsers({ base, users, thinkMs, seconds, rampSeconds: RAMP_SECONDS, steps });
  const row = { name, ...result };
  console.log(`${name}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50.toFixed(0)} ms, p99 ${row.p99.toFixed(0)} ms, errors ${row.errors}, non-2xx ${row.non2xx} (503: ${row.status503})`);
  return row;
}

type MixRow = VirtualUsersResult & { name: string };

/** Mean think times of the PostgreSQL mix: the realistic one first, then shorter ones down to none (the closed loop). */
const THINK_TIMES_MS = [1000, 500, 250, 0];
/** Users join over this many seconds before a mix row is measured (bench/virtual-users.ts). */
const RAMP_SECONDS = 10;

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
const uncached = await uncachedSearch('http://127.0.0.1:8302', databaseUrl, SECONDS);
onPostgres.push({ name: `search, a new word each request (PostgreSQL; ${uncached.distinct.toLocaleString('en-US')} words for ${uncached.http.requests.toLocaleString('en-US')} requests)`, ...uncached.http, status503: 0 });
console.log(`${onPostgres.at(-1)!.name}: ${uncached.http.rps.toFixed(0)} req/s, p50 ${uncached.http.p50} ms, p99 ${uncached.http.p99} ms, errors ${uncached.http.errors}, non-2xx ${uncached.http.non2xx}`);
const uncachedText = `The uncached search (bench/uncached-search.ts): each request a word of the catalog (or a prefix of one) not asked
before in the run, so no kept answer or card helps. The raw SQL of the same statements in the same run — one search's
statements as drizzle sends them, captured for 300 of the words and replayed on ${CONNECTIONS} connections, each
replaying one search's ${uncached.raw.statements.toFixed(1)} statements (on average) in turn: **${uncached.raw.rps.toFixed(0)} searches/s**, p50
${uncached.raw.p50.toFixed(1)} ms, p99 ${uncached.raw.p99.toFixed(1)} ms, beside ${uncached.http.rps.toFixed(0)} req/s over HTTP (${((uncached.http.rps / uncached.raw.rps) * 100).toFixed(0)} % of the SQL's own rate).
Sequential scans in their plans: ${uncached.seqScans.length === 0 ? 'none' : uncached.seqScans.join(', ')}.
The statements that cost most (alone, one connection; mean ms × how often a search sends it):
${uncached.heaviest.map((h) => `- ${h.ms.toFixed(2)} ms × ${h.perSearch.toFixed(1)}: \`${h.sql.replaceAll('`', "'")}…\``).join('\n')}`;
console.log(uncachedText);
if (process.env.BENCH_ONLY === 'uncached-search') {
  // A quick try of that row alone: nothing is written.
  postgresApp.kill('SIGTERM');
  hello.kill('SIGTERM');
  if (process.env.BENCH_KEEP !== '1') await dropDatabase(serverUrl, DB);
  process.exit(0);
}
const postgresMembers = await membersInDatabase(databaseUrl, 'http://127.0.0.1:8302', 500);
const postgresMixes: MixRow[] = [];
for (const thinkMs of THINK_TIMES_MS) postgresMixes.push(await mix(`500 users, think ${thinkMs} ms (PostgreSQL)`, 'http://127.0.0.1:8302', postgresMembers, 500, thinkMs, MIX_SECONDS));
postgresApp.kill('SIGTERM');

const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-load-pglite-'));
const pgliteApp = await start([MAIN], { ...common, DATA_DIR: pgliteDir }, 8303, '/api/health');
children.push(pgliteApp);
const floor2 = await hammer('hello-world (floor)', 'http://127.0.0.1:8301/');
const onPglite: Row[] = [floor2];
for (const [name, url] of (await targets('http://127.0.0.1:8303')).filter(([n]) => n === 'public feed' || n === 'search')) onPglite.push(await hammer(`${name} (PGlite)`, url));
const overload = await hammer('search, 500 connections (PGlite)', `http://127.0.0.1:8303/api/search?q=cooking&type=all`, 500, SECONDS);
const pgliteMembers = await membersByApi('http://127.0.0.1:8303', pgliteDir, PGLITE_MEMBERS);
const pgliteMixes = [
  await mix('100 users, think 1000 ms (PGlite)', 'http://127.0.0.1:8303', pgliteMembers, 100, 1000, MIX_SECONDS),
  await mix('100 users, think 0 ms (PGlite)', 'http://127.0.0.1:8303', pgliteMembers, 100, 0, MIX_SECONDS),
];
pgliteApp.kill('SIGTERM');
hello.kill('SIGTERM');
if (process.env.BENCH_KEEP !== '1') await dropDatabase(serverUrl, DB);

const section = `## Load (issue 17)
Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (load average ${os.loadavg()[0]!.toFixed(1)} at the end),
autocannon ${CONNECTIONS} connections for ${SECONDS} s each, gzip, the built app on the demo catalog; the client runs on the
same machine (it takes a share of the 2 cores too).

On PostgreSQL:

${table(onPostgres, floor)}

${uncachedText}

On PGlite (the embedded default):

${table(onPglite, floor2)}

The realistic mix (decision 026): virtual users, each on its own connection, walk through a member's visit — browse the
public feed, a channel and a sift, search, then their personal feed, a follow and a rename of their playlist — with an
exponentially distributed think time between requests. The first row is the realistic one: 1 s, one request a second per
person (TPC-W's shoppers think 7 s). Shorter think times, down to none (autocannon's closed loop, where a connection asks
again the moment it is answered), show where this machine saturates. Users join over ${RAMP_SECONDS} s, then ${MIX_SECONDS} s are
measured; latency runs from when a request was due to its last byte. 500 members on PostgreSQL, ${PGLITE_MEMBERS} on PGlite
(made through sign-up).

| Mix | req/s | p50 ms | p99 ms | max ms | errors | non-2xx | of them 503 |
|---|---|---|---|---|---|---|---|
${[...postgresMixes, ...pgliteMixes].map((r) => `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(0)} | ${r.p99.toFixed(0)} | ${r.max.toFixed(0)} | ${r.errors} | ${r.non2xx} | ${r.status503} |`).join('\n')}

p99 of each request in the realistic PostgreSQL row: ${Object.entries(postgresMixes[0]!.byStep).map(([step, t]) => `${step} ${t.p99.toFixed(0)} ms`).join(', ')}.

Overload on PGlite, 500 connections: ${overload.rps.toFixed(0)} req/s answered, ${overload.status503} of them \`503 OVERLOADED\`
(Retry-After), ${overload.errors} errors or timeouts, p99 ${overload.p99} ms.`;
console.log(section);
writeSection('## Load (issue 17)', section);
process.exit(0);
