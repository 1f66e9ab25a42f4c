import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import pg from 'pg';

/**
 * What the cluster tests know of the stack scripts/test-cluster.mjs started (README "Tests", issue 17): two nodes of
 * the built server on one PostgreSQL database and one Redis, HAProxy in front. Everything goes over real HTTP.
 */
export interface ClusterNode {
  name: string;
  url: string;
  pid: number;
}

export interface Cluster {
  proxyUrl: string;
  nodes: [ClusterNode, ClusterNode];
  /** The environment every node of the run is started with (without PORT). */
  nodeEnv: Record<string, string>;
  serverEntry: string;
  haproxySocket: string;
  databaseUrl: string;
  /** The nodes' shared DATA_DIR: the mail outbox is `$DATA_DIR/outbox`. */
  dataDir: string;
  /** A temporary folder of the run (single nodes' data folders go under it). */
  dir: string;
  testPidsFile: string;
  /** Names the run's e-mail addresses and client addresses, so the run's Redis keys can be found and deleted. */
  tag: string;
  ipPrefix: string;
  /** A loopback address of this run (127.x.y.z) to connect to HAProxy from: HAProxy forwards it as the client's. */
  loopbackClient: string;
}

/** Set when the tests run under scripts/test-cluster.mjs (`npm run test:cluster`). */
export const onCluster = !!process.env.CLUSTER_PROXY_URL;
if (!onCluster) console.warn('The cluster tests are skipped: run them with npm run test:cluster, which starts the nodes and HAProxy.');

function readCluster(): Cluster {
  const env = process.env;
  const need = (name: string) => {
    const value = env[name];
    if (!value) throw new Error(`${name} is not set: run the cluster tests with npm run test:cluster`);
    return value;
  };
  const urls = need('CLUSTER_NODE_URLS').split(',');
  const names = need('CLUSTER_NODE_NAMES').split(',');
  const pids = need('CLUSTER_NODE_PIDS').split(',').map(Number);
  const nodes = urls.map((url, i) => ({ name: names[i] ?? String(i), url, pid: pids[i] ?? 0 }));
  if (nodes.length !== 2) throw new Error(`two nodes expected, got ${nodes.length}`);
  return {
    proxyUrl: need('CLUSTER_PROXY_URL'),
    nodes: nodes as [ClusterNode, ClusterNode],
    nodeEnv: JSON.parse(need('CLUSTER_NODE_ENV')) as Record<string, string>,
    serverEntry: need('CLUSTER_SERVER_ENTRY'),
    haproxySocket: need('CLUSTER_HAPROXY_SOCKET'),
    databaseUrl: need('CLUSTER_DATABASE_URL'),
    dataDir: need('CLUSTER_DATA_DIR'),
    dir: need('CLUSTER_DIR'),
    testPidsFile: need('CLUSTER_TEST_PIDS'),
    tag: need('CLUSTER_TAG'),
    ipPrefix: need('CLUSTER_IP_PREFIX'),
    loopbackClient: need('CLUSTER_LOOPBACK_CLIENT'),
  };
}

let cached: Cluster | undefined;
export function cluster(): Cluster {
  return (cached ??= readCluster());
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it answers something other than undefined. */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000, everyMs = 100): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

// ---- HTTP ----------------------------------------------------------------------------------------------------------

export interface Res<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  token?: string | undefined;
  json?: unknown;
  form?: Record<string, string>;
  /**
   * The client's address, sent as X-Forwarded-For: a node trusts one hop, so called directly it believes it; through
   * HAProxy, which appends the address it saw, the client is that one.
   */
  ip?: string;
  signal?: AbortSignal;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read the bodies they expect
export async function call<T = any>(base: string, method: string, url: string, options: CallOptions = {}): Promise<Res<T>> {
  const headers: Record<string, string> = {};
  let body: string | undefined;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  const res = await fetch(`${base}${url}`, { method, headers, body, signal: options.signal ?? AbortSignal.timeout(30_000) });
  const text = await res.text();
  const json = res.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : text;
  return { status: res.status, body: json as T, headers: res.headers };
}

// ---- members, through the real sign-up -----------------------------------------------------------------------------

export const GOOD_PASSWORD = 'violet harbour lamp 42';
let sequence = 0;

/** A fresh address of this run (its rate-limit keys are deleted at the end by the run's tag). */
export function anEmail(name = 'member'): string {
  return `${name}.${cluster().tag}.${process.pid}-${++sequence}@example.com`;
}

/** A fresh client address of this run, for X-Forwarded-For. */
export function anIp(): string {
  return `${cluster().ipPrefix}::${(++sequence).toString(16)}`;
}

export async function solveCaptcha(base: string): Promise<string> {
  const res = await call<Challenge>(base, 'GET', '/api/captcha/challenge');
  if (res.status !== 200) throw new Error(`captcha challenge: ${res.status}`);
  const solution = await solveChallenge({ challenge: res.body, deriveKey });
  if (!solution) throw new Error('could not solve the captcha');
  return Buffer.from(JSON.stringify({ challenge: res.body, solution })).toString('base64');
}

export function signUp(base: string, email: string, captcha: string, ip: string) {
  return call(base, 'POST', '/api/accounts', { json: { email, firstName: 'Ada', lastName: 'Lovelace', password: GOOD_PASSWORD, captcha }, ip });
}

function decodeQuotedPrintable(s: string): string {
  return Buffer.from(s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
}

/** The token of the confirmation link mailed to `email`, read from the outbox (.eml files) of `dataDir`. */
export function confirmationToken(email: string, dataDir = cluster().dataDir): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  return waitFor(`the confirmation mail to ${email} in ${outbox}`, async () => {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];
    for (const file of files) {
      const text = decodeQuotedPrintable(fs.readFileSync(path.join(outbox, file), 'utf8'));
      if (!new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}\\s*$`, 'im').test(text)) continue;
      const token = /\/confirmRegistration\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
      if (token) return token;
    }
    return undefined;
  }, 10_000);
}

export async function login(base: string, email: string, password: string, ip: string) {
  return call(base, 'POST', '/api/login', { form: { username: email, password }, ip });
}

export interface Member {
  email: string;
  token: string;
  uuid: string;
}

/**
 * A confirmed member made through the API as a browser would: the captcha from `challengeOn`, the sign-up on
 * `signUpOn`, the link from the mail followed on `confirmOn`, the login on `loginOn` (each a node's base URL).
 */
export async function aMember(nodes: { challengeOn: string; signUpOn?: string; confirmOn?: string; loginOn?: string; dataDir?: string }): Promise<Member> {
  const { challengeOn, signUpOn = challengeOn, confirmOn = signUpOn, loginOn = confirmOn } = nodes;
  const email = anEmail();
  const signedUp = await signUp(signUpOn, email, await solveCaptcha(challengeOn), anIp());
  if (signedUp.status !== 201) throw new Error(`sign-up: ${signedUp.status} ${JSON.stringify(signedUp.body)}`);
  const token = await confirmationToken(email, nodes.dataDir);
  const confirmed = await call(confirmOn, 'POST', '/api/accounts/confirm', { json: { token } });
  if (confirmed.status !== 200) throw new Error(`confirm: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  const loggedIn = await login(loginOn, email, GOOD_PASSWORD, anIp());
  const session = loggedIn.headers.get('x-auth-token');
  if (loggedIn.status !== 200 || !session) throw new Error(`login: ${loggedIn.status} ${JSON.stringify(loggedIn.body)}`);
  return { email, token: session, uuid: (loggedIn.body as { uuid: string }).uuid };
}

// ---- the catalog ------------------------------------------------------------------------------------------------------

export interface FeedVideo {
  externalId: string;
  channelExternalId: string;
}

/** The newest `count` videos of the public feed (the seeded demo catalog). */
export async function someVideos(base: string, count: number): Promise<FeedVideo[]> {
  const videos: FeedVideo[] = [];
  let next: string | null = null;
  do {
    const res: Res<{ videos: FeedVideo[]; next: string | null }> = await call(base, 'GET', `/api/feeds/public?limit=100${next ? `&next=${encodeURIComponent(next)}` : ''}`);
    if (res.status !== 200) throw new Error(`public feed: ${res.status}`);
    videos.push(...res.body.videos);
    next = res.body.next;
  } while (next && videos.length < count);
  return videos.slice(0, count);
}

// ---- processes ---------------------------------------------------------------------------------------------------------

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function isHealthy(url: string): Promise<boolean> {
  return fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
    (r) => r.ok,
    () => false,
  );
}

export interface StartedNode {
  name: string;
  url: string;
  port: number;
  child: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
}

/**
 * Starts a node of the built server (node apps/server/dist/main.js) with the run's environment plus `env` (a key set
 * to undefined is left out: no DATABASE_URL means PGlite), and waits until /api/health answers 200. Its pid is
 * written where scripts/test-cluster.mjs finds it, so the node is ended at the end of the run whatever happens here.
 */
export async function startNode(name: string, options: { port?: number; env?: Record<string, string | undefined> } = {}): Promise<StartedNode> {
  const c = cluster();
  const port = options.port ?? (await freePort());
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...c.nodeEnv, ...options.env, PORT: String(port) })) if (value !== undefined) env[key] = value;
  const child = spawn(process.execPath, [c.serverEntry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid) fs.appendFileSync(c.testPidsFile, `${child.pid}\n`);
  for (const stream of [child.stdout, child.stderr]) readline.createInterface({ input: stream! }).on('line', (line) => console.log(`[node ${name}] ${line}`));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    `node ${name} (${url}) to be healthy`,
    async () => {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`node ${name} exited (${child.exitCode ?? child.signalCode}) before it was up`);
      return (await isHealthy(url)) ? true : undefined;
    },
    90_000,
    100,
  );
  return { name, url, port, child, exited };
}

/** Whether a TCP connection to the port is refused (nothing listens there any more). */
export function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/**
 * SIGKILL, and waits until the port refuses connections: the process's sockets are closed only once the kernel has
 * torn it down (after its memory), and until then its listening socket still completes TCP handshakes.
 */
export async function killAndWaitClosed(pid: number, port: number): Promise<void> {
  process.kill(pid, 'SIGKILL');
  await waitFor(`port ${port} to refuse connections`, async () => ((await refusesConnections(port)) ? true : undefined), 10_000, 1);
}

export async function stopNode(node: StartedNode): Promise<void> {
  if (node.child.exitCode !== null || node.child.signalCode !== null) return;
  node.child.kill('SIGTERM');
  const timer = setTimeout(() => node.child.kill('SIGKILL'), 5_000);
  await node.exited;
  clearTimeout(timer);
}

// ---- HAProxy ---------------------------------------------------------------------------------------------------------

export type ServerStats = Record<string, string>;

/** HAProxy's `show stat` for the backend's servers, by server name (status UP/DOWN/..., stot = sessions so far). */
export function haproxyServers(): Promise<Map<string, ServerStats>> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(cluster().haproxySocket);
    let out = '';
    socket.on('data', (chunk) => (out += chunk.toString()));
    socket.on('error', reject);
    socket.on('end', () => {
      const [header = '', ...lines] = out.trim().split('\n');
      const names = header.replace(/^# /, '').split(',');
      const servers = new Map<string, ServerStats>();
      for (const line of lines) {
        const row = Object.fromEntries(line.split(',').map((v, i) => [names[i] ?? String(i), v]));
        if (row.pxname === 'nodes' && row.svname !== 'BACKEND') servers.set(row.svname ?? '', row);
      }
      resolve(servers);
    });
    socket.write('show stat\n');
  });
}

export async function serverStatus(name: string): Promise<string | undefined> {
  return (await haproxyServers()).get(name)?.status;
}

// ---- PostgreSQL ------------------------------------------------------------------------------------------------------

export async function query<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: cluster().databaseUrl });
  await client.connect();
  try {
    return (await client.query<R>(sql, params)).rows;
  } finally {
    await client.end();
  }
}
