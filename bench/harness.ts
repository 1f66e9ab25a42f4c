/**
 * What the benchmarks share: their own PostgreSQL databases, a server process to measure, a light HTTP client,
 * timing and the splicing of a section into bench/RESULTS.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/infra/db/client.js';
import { DemoProvider } from '../apps/server/src/providers/demo/demo-provider.js';
import { median, percentile } from './stats.js';

export const defaultServerUrl = () => process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The URL of database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the server's maintenance database (CREATE / DROP DATABASE). */
export async function admin(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function databaseExists(serverUrl: string, name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  } finally {
    await client.end();
  }
}

/**
 * Drops database `name` once the sessions of the pools closed before have left. `pool.end()` resolves before their
 * server processes exit, and a forced drop terminates whoever is still there: an idle pg pool (the app's have no
 * error listener) then kills this process with "terminating connection due to administrator command". Sessions still
 * open after 10 s (a pool nobody closed) are forced out.
 */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const deadline = Date.now() + 10_000;
    const sessions = async () => (await client.query('SELECT 1 FROM pg_stat_activity WHERE datname = $1 LIMIT 1', [name])).rowCount ?? 0;
    while ((await sessions()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** A fresh database with the app's migrations applied. */
export async function recreateDatabase(serverUrl: string, name: string): Promise<string> {
  await dropDatabase(serverUrl, name);
  await admin(serverUrl, `CREATE DATABASE ${name}`);
  const url = databaseUrl(serverUrl, name);
  await (await openDatabase({ databaseUrl: url, pgliteDir: 'memory://' })).close();
  return url;
}

export interface LatencyRow {
  name: string;
  p50: number;
  p99: number;
  n: number;
}

export const latencyRow = (name: string, samples: number[]): LatencyRow => ({ name, p50: median(samples), p99: percentile(samples, 99), n: samples.length });

export async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const out = await fn();
  return [performance.now() - t0, out];
}

/**
 * Sequential GETs on one kept-alive connection, asking for gzip as a browser does; a request is timed from the
 * call to its last byte. node:http, not fetch: fetch's own overhead (about a millisecond, and its garbage) would
 * be measured as the server's. The body is decoded only when asked for, after the clock stopped.
 */
export class BenchClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  constructor(private readonly port: number) {}

  get(path: string, headers: Record<string, string> = {}): Promise<{ ms: number; status: number; body: Buffer; gzip: boolean }> {
    return new Promise((resolve, reject) => {
      const t0 = performance.now();
      const req = http.get({ host: '127.0.0.1', port: this.port, path, agent: this.agent, headers: { 'accept-encoding': 'gzip', ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ ms: performance.now() - t0, status: res.statusCode ?? 0, body: Buffer.concat(chunks), gzip: res.headers['content-encoding'] === 'gzip' }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
    });
  }

  /** GET that must answer 200; answers its time only (the body is not decoded: its garbage would slow later timings). */
  async ms(path: string, headers: Record<string, string> = {}): Promise<number> {
    const res = await this.get(path, headers);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${(res.gzip ? gunzipSync(res.body) : res.body).toString('utf8').slice(0, 300)}`);
    return res.ms;
  }

  /** GET that must answer 200; answers the time and the parsed JSON. */
  async json<T>(path: string, headers: Record<string, string> = {}): Promise<{ ms: number; body: T }> {
    const res = await this.get(path, headers);
    const text = (res.gzip ? gunzipSync(res.body) : res.body).toString('utf8');
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text.slice(0, 300)}`);
    return { ms: res.ms, body: JSON.parse(text) as T };
  }

  close(): void {
    this.agent.destroy();
  }
}

/**
 * Starts `script --serve` in a separate process (so the client's work is not measured as the server's) and waits
 * until the app answers on `port`; answers the function that stops it.
 */
export function startBenchServer(script: string, port: number, env: Record<string, string>): Promise<() => void> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, '--serve'], { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = async () => {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/sifts/categories`)).ok) return resolve(() => child.kill('SIGTERM'));
      } catch {
        /* not up yet */
      }
      if (Date.now() - started > 120_000) return reject(new Error('bench server did not start'));
      setTimeout(poll, 300);
    };
    void poll();
  });
}

/**
 * Starts `node <command>` (the built server, the hello-world floor) in `cwd` on `port` and waits until `ready` answers
 * 200; answers the process (its output is dropped, its errors shown).
 */
export function startProcess(command: string[], env: Record<string, string>, port: number, ready: string, cwd: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, command, { cwd, env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
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

/**
 * Whether the module of `moduleUrl` is the script node was started with, not one another benchmark imports (its
 * `--serve` process must not start a second app: bench/history.ts imports bench/personal-feed.ts).
 */
export const isScript = (moduleUrl: string) => !!process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(moduleUrl);

/** The `--serve` side of startBenchServer: the app on PostgreSQL `databaseUrl`, no logging. */
export async function serveApp(databaseUrl: string, port: number): Promise<void> {
  const database = await openDatabase({ databaseUrl, pgliteDir: 'memory://' });
  const { app } = await buildApp({ db: database.db, provider: new DemoProvider({ now: new Date() }), appName: 'Sift', logger: false });
  await app.listen({ port, host: '127.0.0.1' });
}

/** Replaces the section of bench/RESULTS.md that starts with `heading` (or appends it). */
export function writeSection(heading: string, section: string): void {
  const file = new URL('./RESULTS.md', import.meta.url);
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmark results\n';
  const start = current.indexOf(heading);
  let next;
  if (start >= 0) {
    const after = current.indexOf('\n## ', start + heading.length);
    next = current.slice(0, start) + section.trimEnd() + '\n' + (after >= 0 ? current.slice(after) : '');
  } else next = `${current.trimEnd()}\n\n${section.trimEnd()}\n`;
  fs.writeFileSync(file, next);
}

/**
 * The catalog's own words (`search_lexemes`, letters only, at least `minLength` of them), shuffled the same way each
 * run: searches and filters that find something, as people type them.
 */
export async function catalogWords(databaseUrl: string, minLength: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ lexeme: string }>(`SELECT lexeme FROM search_lexemes WHERE lexeme ~ $1 ORDER BY md5(lexeme)`, [`^[a-z]{${minLength},}$`]);
    return rows.map((r) => r.lexeme);
  } finally {
    await client.end();
  }
}
