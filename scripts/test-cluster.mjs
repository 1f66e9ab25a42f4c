// The cluster tier (issue 17 "Scale-out on real parts"): two app processes built from apps/server/dist/main.js on one
// fresh PostgreSQL database and one Redis, behind Debian's HAProxy (round robin, health checks on /api/health), and
// the tests of apps/server/test/cluster/ driving them over HTTP. Installs haproxy with apt when it is missing and we
// are root; otherwise fails with what to do. Needs DATABASE_URL (a PostgreSQL server to make the run's database on)
// and Redis (REDIS_URL, default redis://127.0.0.1:6379); without DATABASE_URL the tier does not run, and says so.
// Everything started here is stopped, the run's database dropped and its Redis keys deleted at the end, also on failure.
//
// Both nodes start at the same moment on the empty database, as a fleet's first deploy does: migrations and the
// demo seed must take turns (the start-up lock, infra/db/client.ts). CLUSTER_START=one-by-one starts the second
// once the first is up.
import { execSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = path.join(ROOT, 'apps/server/dist/main.js');
const HOST = '127.0.0.1';
const log = (...args) => console.log('[cluster]', ...args);

if (!process.env.DATABASE_URL) {
  console.warn('\n!!! The cluster tier did NOT run: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run it.\n');
  process.exit(0);
}
if (!fs.existsSync(SERVER)) {
  console.error(`The cluster tier runs the built server: ${path.relative(ROOT, SERVER)} is missing. Run npm run build -w apps/server first.`);
  process.exit(1);
}

// ---- HAProxy ----------------------------------------------------------------------------------------------------

function findHaproxy() {
  if (process.env.HAPROXY_PATH) return process.env.HAPROXY_PATH;
  return ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy'].find((p) => fs.existsSync(p));
}
let HAPROXY = findHaproxy();
if (!HAPROXY) {
  if (process.getuid?.() !== 0) {
    console.error('HAProxy is missing. Install it (sudo apt-get install -y haproxy) or set HAPROXY_PATH.');
    process.exit(1);
  }
  log('Installing Debian HAProxy for the cluster tests...');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy', { stdio: 'inherit' });
  HAPROXY = findHaproxy();
  if (!HAPROXY) {
    console.error('apt-get installed haproxy, but no haproxy binary was found.');
    process.exit(1);
  }
}

// ---- the run's resources, and their clean-up ----------------------------------------------------------------------

const TAG = randomBytes(4).toString('hex');
const DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-cluster-'));
const DATA_DIR = path.join(DIR, 'data');
const TEST_PIDS = path.join(DIR, 'test-pids');
const SOCKET = path.join(DIR, 'haproxy.sock');
const DB_NAME = `sift_cluster_${TAG}`;
const REDIS_URL = process.env.REDIS_URL ?? `redis://${HOST}:6379`;
const databaseUrl = (() => {
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
})();

/** @type {import('node:child_process').ChildProcess[]} */
const children = [];
let databaseMade = false;
let cleaning = null;

async function adminQuery(sql) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

function exited(child) {
  return child.exitCode !== null || child.signalCode !== null;
}

async function stopChild(child, graceMs = 5_000) {
  if (exited(child)) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => !exited(child) && child.kill('SIGKILL'), graceMs);
  await gone;
  clearTimeout(timer);
}

/** Nodes the tests started (restarts, single nodes) and left running: ended here, if they are still our servers. */
function stopTestProcesses() {
  if (!fs.existsSync(TEST_PIDS)) return;
  for (const pid of fs.readFileSync(TEST_PIDS, 'utf8').split('\n').filter(Boolean).map(Number)) {
    let cmdline = '';
    try {
      cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue; // gone
    }
    if (!cmdline.includes(SERVER)) continue;
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
}

/** Deletes the rate-limit counters of this run only: every key the tests made names the run's tag. */
async function deleteRedisKeys() {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  try {
    await redis.connect();
    let deleted = 0;
    for (const match of [`*${ipPrefix(TAG)}:*`, `*.${TAG}.*`, `*:${loopbackClient(TAG)}`]) {
      for await (const keys of redis.scanStream({ match, count: 500 })) {
        if (keys.length > 0) deleted += await redis.del(...keys);
      }
    }
    log(`deleted ${deleted} Redis keys of this run`);
  } finally {
    redis.disconnect();
  }
}

/**
 * A loopback address of this run for a test to connect to HAProxy from (Linux answers on all of 127.0.0.0/8): its
 * rate-limit counters are this run's alone, unlike those of 127.0.0.1.
 */
function loopbackClient(tag) {
  const [a, b, c] = Buffer.from(tag, 'hex');
  return `127.${1 + (a % 254)}.${b}.${1 + (c % 254)}`;
}

/** The IPv6 prefix of the client addresses the tests send in X-Forwarded-For (2001:db8::/32 is for documentation). */
function ipPrefix(tag) {
  return `2001:db8:${tag.slice(0, 4)}:${tag.slice(4, 8)}`;
}

function cleanUp() {
  cleaning ??= (async () => {
    await Promise.all(children.map((child) => stopChild(child)));
    stopTestProcesses();
    const steps = [deleteRedisKeys()];
    if (databaseMade) steps.push(adminQuery(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`).then(() => log(`dropped database ${DB_NAME}`)));
    for (const result of await Promise.allSettled(steps)) if (result.status === 'rejected') console.error('[cluster] clean-up:', result.reason);
    fs.rmSync(DIR, { recursive: true, force: true });
  })();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    log(`${signal}: stopping`);
    void cleanUp().finally(() => process.exit(130));
  });
}

// ---- helpers ------------------------------------------------------------------------------------------------------

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Prefixes each line of a child's output, so two nodes' logs can be told apart. */
function prefixOutput(child, name) {
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    readline.createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`));
  }
}

/** `show stat` on HAProxy's admin socket, as rows of { pxname, svname, status, ... }. */
function haproxyStats() {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(SOCKET);
    let out = '';
    socket.on('data', (chunk) => (out += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const [header, ...lines] = out.trim().split('\n');
      const names = header.replace(/^# /, '').split(',');
      resolve(lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [names[i], v]))));
    });
    socket.write('show stat\n');
  });
}

// ---- the stack ----------------------------------------------------------------------------------------------------

/** What every node of the run is started with (the tests start more nodes with it: restarts, single nodes). */
function nodeEnv(proxyUrl) {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? DIR,
    HOST,
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    // One data folder for every node: the mail outbox the tests read confirmation links from (uploads would go to
    // S3 in production).
    DATA_DIR,
    // One hop: HAProxy in front. The tests also call nodes directly with an X-Forwarded-For of their own, which one
    // hop believes (that is why, in production, nodes are reachable only through the proxy, or TRUST_PROXY lists it).
    TRUST_PROXY: 'true',
    RATE_LIMITS: 'on',
    CAPTCHA_HMAC_KEY: randomBytes(24).toString('hex'),
    CAPTCHA_MAX_NUMBER: '2000',
    PUBLIC_URL: proxyUrl,
    LOG_LEVEL: process.env.CLUSTER_LOG_LEVEL ?? 'warn',
    SEED_DEMO: 'true',
    // The demo catalog stays as seeded: no demo channel publishes during the run (the tests count channels' videos,
    // and a single node started later could not look up a video another node's provider made).
    DEMO_UPLOAD_MINUTES: '0',
  };
}

function startNode(name, port, env) {
  const child = spawn(process.execPath, [SERVER], { cwd: ROOT, env: { ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  prefixOutput(child, `node ${name}`);
  return child;
}

async function waitHealthy(name, url, child, timeoutMs = 90_000) {
  for (const started = Date.now(); ; ) {
    if (exited(child)) throw new Error(`node ${name} exited (${child.exitCode ?? child.signalCode}) before it was up`);
    const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (ok) return;
    if (Date.now() - started > timeoutMs) throw new Error(`node ${name} (${url}) was not healthy within ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

function haproxyConfig({ proxyPort, nodes }) {
  return `# Generated by scripts/test-cluster.mjs for one run.
global
  stats socket ${SOCKET} mode 600 level admin
  maxconn 2000

defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  timeout http-request 30s
  timeout http-keep-alive 10s
  timeout queue 5s
  timeout check 1s
  # A refused connection is tried again, the last time on another server.
  retries 2
  option redispatch
  # A new connection to a server per request: no request is sent over an idle connection the killed node left behind
  # (with the default reuse HAProxy answers such a request by closing the client's connection, for it to retry).
  option http-server-close

frontend api
  bind ${HOST}:${proxyPort}
  # The address HAProxy saw is appended to whatever X-Forwarded-For the client sent; the nodes believe one hop
  # (TRUST_PROXY=true), so that address is the client's and the client's own entries are ignored (README "Behind a
  # reverse proxy"; proxy-addresses.cluster.test.ts sends spoofed ones).
  option forwardfor
  default_backend nodes

backend nodes
  balance roundrobin
  option httpchk GET /api/health
  http-check expect status 200
  default-server inter 500ms fall 2 rise 2
${nodes.map((n) => `  server ${n.name} ${HOST}:${n.port} check`).join('\n')}
`;
}

async function waitBothUp(names, timeoutMs = 30_000) {
  for (const started = Date.now(); ; ) {
    const rows = await haproxyStats().catch(() => []);
    const up = names.filter((name) => rows.some((r) => r.pxname === 'nodes' && r.svname === name && r.status === 'UP'));
    if (up.length === names.length) return;
    if (Date.now() - started > timeoutMs) throw new Error(`HAProxy did not see every node up within ${timeoutMs / 1000} s (up: ${up.join(', ') || 'none'})`);
    await sleep(200);
  }
}

async function main() {
  // The tests write what they measured here (requests during the kills, errors, writes acknowledged and found).
  fs.rmSync(path.join(ROOT, 'test-results/cluster-figures.json'), { force: true });
  await adminQuery(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${DB_NAME}`);
  databaseMade = true;
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(`Redis does not answer at ${REDIS_URL} (${error.message}): start it (apt-get install -y redis-server) or set REDIS_URL.`);
  } finally {
    redis.disconnect();
  }

  const [proxyPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
  const proxyUrl = `http://${HOST}:${proxyPort}`;
  const env = nodeEnv(proxyUrl);
  const nodes = [
    { name: 'a', port: portA, url: `http://${HOST}:${portA}` },
    { name: 'b', port: portB, url: `http://${HOST}:${portB}` },
  ];
  const started = Date.now();
  if (process.env.CLUSTER_START !== 'one-by-one') {
    for (const node of nodes) node.child = startNode(node.name, node.port, env);
    await Promise.all(nodes.map((node) => waitHealthy(node.name, node.url, node.child)));
  } else {
    // The first node migrates the empty database and seeds the demo catalog; then the second starts on it.
    for (const node of nodes) {
      node.child = startNode(node.name, node.port, env);
      await waitHealthy(node.name, node.url, node.child);
    }
  }
  log(`nodes up in ${((Date.now() - started) / 1000).toFixed(1)} s: ${nodes.map((n) => `${n.name} ${n.url} (pid ${n.child.pid})`).join(', ')}`);

  const config = path.join(DIR, 'haproxy.cfg');
  fs.writeFileSync(config, haproxyConfig({ proxyPort, nodes }));
  const check = spawnSync(HAPROXY, ['-c', '-q', '-f', config], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`HAProxy refused the generated configuration:\n${check.stdout}${check.stderr}`);
  const haproxy = spawn(HAPROXY, ['-db', '-f', config], { cwd: DIR, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(haproxy);
  prefixOutput(haproxy, 'haproxy');
  await waitBothUp(nodes.map((n) => n.name));
  log(`HAProxy ${proxyUrl} sees both nodes up`);

  const testEnv = {
    ...process.env,
    CLUSTER_PROXY_URL: proxyUrl,
    CLUSTER_NODE_URLS: nodes.map((n) => n.url).join(','),
    CLUSTER_NODE_NAMES: nodes.map((n) => n.name).join(','),
    CLUSTER_NODE_PIDS: nodes.map((n) => n.child.pid).join(','),
    CLUSTER_NODE_ENV: JSON.stringify(env),
    CLUSTER_SERVER_ENTRY: SERVER,
    CLUSTER_HAPROXY_SOCKET: SOCKET,
    CLUSTER_DATABASE_URL: databaseUrl,
    CLUSTER_DATA_DIR: DATA_DIR,
    CLUSTER_DIR: DIR,
    CLUSTER_TEST_PIDS: TEST_PIDS,
    CLUSTER_TAG: TAG,
    CLUSTER_IP_PREFIX: ipPrefix(TAG),
    CLUSTER_LOOPBACK_CLIENT: loopbackClient(TAG),
  };
  const tier = spawn('node', ['scripts/run-tier.mjs', 'cluster', 'npx', 'vitest', 'run', '--project', 'cluster', ...process.argv.slice(2)], {
    cwd: ROOT,
    stdio: 'inherit',
    env: testEnv,
  });
  return new Promise((resolve) => tier.on('exit', (code) => resolve(code ?? 1)));
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error('[cluster]', error instanceof Error ? error.message : error);
  code = 1;
} finally {
  await cleanUp();
}
process.exit(code);
