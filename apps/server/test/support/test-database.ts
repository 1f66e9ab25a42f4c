import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { openDatabase, pgliteDatabase, type DatabaseHandle } from '../../src/infra/db/client.js';
import type { QueryBounds } from '../../src/infra/db/query-bounds.js';
import * as schema from '../../src/infra/db/schema.js';
import { paths } from '../../src/infra/paths.js';

/** A test file's database; `url` is its connection string on PostgreSQL (for other processes to open it too). */
export type TestDatabase = DatabaseHandle & { url?: string };

export interface TestDatabaseOptions {
  /** Connections of the request pool on PostgreSQL; default 20. */
  poolSize?: number;
  /** The request bounds; default generous ones, so a busy machine never turns a test's query into a 503. */
  bounds?: Partial<QueryBounds>;
}

const GENEROUS_BOUNDS: QueryBounds = { statementTimeoutMs: 60_000, waitMs: 60_000, heavyReads: 20 };

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by DATABASE_URL (dropped afterwards), so files never see each other's rows. On PostgreSQL the
 * new database is a copy of a migrated template (`CREATE DATABASE … TEMPLATE`, ~0.2 s) rather than migrated anew
 * (~1 s, more on a busy machine), as PGlite's is loaded from a snapshot.
 */
export async function openTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  const bounds = { ...GENEROUS_BOUNDS, ...options.bounds };
  if (!serverUrl) return openMigratedPglite(bounds);

  const name = `sift_test_${randomBytes(6).toString('hex')}`;
  await createFrom(serverUrl, name, await migratedTemplate(serverUrl));
  // A commit then returns without waiting for the disk to confirm its WAL (~10 ms a commit on a busy 2-core machine,
  // ~3 ms without): what a commit does and what other sessions see is unchanged; only a crash of the PostgreSQL server
  // itself could lose the last commits, and a test database does not outlive its file (decisions/050).
  await adminQuery(serverUrl, `ALTER DATABASE ${name} SET synchronous_commit = off`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), pgliteDir: 'memory://', poolSize: options.poolSize, bounds });
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      await dropWhenIdle(serverUrl, name);
    },
  };
}

/**
 * pg's pool.end() resolves before its clients' sockets have closed: a DROP … WITH (FORCE) at once kills them mid-goodbye
 * and each raises an unhandled "terminating connection due to administrator command". So wait (up to 2 s) for the
 * sessions to leave, and force only what is still there then.
 */
async function dropWhenIdle(serverUrl: string, name: string): Promise<void> {
  for (let attempt = 0; attempt < 40; attempt++) {
    try {
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006') throw error; // object_in_use: sessions still closing
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/**
 * The migrated template for the current migrations, made once by whichever test file comes first (the others wait on
 * an advisory lock), under a name keyed by the migrations' content; templates of other migrations are dropped then.
 * The migrator still runs on every copy (a no-op), so a stale template could only cost time, never give a wrong schema.
 */
async function migratedTemplate(serverUrl: string): Promise<string> {
  const name = `sift_template_${migrationsKey().slice(0, 16)}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', ['sift test template']);
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      const stale = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', ['sift_template_']);
      // Another checkout's run may still be copying one (then it is in use and stays); if it goes, that run makes it again.
      for (const { datname } of stale.rows) await client.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => undefined);
      // Made under another name and renamed when whole: a run killed halfway leaves no template that looks ready.
      const building = `${name}_building`;
      await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${building}`);
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      const handle = await openDatabase({ databaseUrl: url.toString(), pgliteDir: 'memory://' });
      await handle.close();
      await renameWhenIdle(client, building, name);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', ['sift test template']).catch(() => undefined);
    await client.end();
  }
  return name;
}

/** CREATE DATABASE … TEMPLATE refuses while any session is on the template (55006); the build's may still be closing. */
async function createFrom(serverUrl: string, name: string, template: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await adminQuery(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 40) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

async function renameWhenIdle(client: pg.Client, from: string, to: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await client.query(`ALTER DATABASE ${from} RENAME TO ${to}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 40) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * In-memory PGlite from a migrated snapshot: making a PGlite cluster (initdb) and migrating it costs 3-5 s, loading
 * a snapshot of one about 0.6 s, and every API test file needs a database. The snapshot is made once per set of
 * migrations (keyed by their content and the PGlite version) in the system's temp folder; the migrator still runs
 * on every copy, so a stale snapshot could only cost time, never give a wrong schema.
 */
async function openMigratedPglite(bounds: QueryBounds): Promise<DatabaseHandle> {
  const snapshot = await migratedSnapshot();
  const handle = pgliteDatabase(new PGlite({ loadDataDir: new Blob([fs.readFileSync(snapshot)]) }), bounds);
  await handle.exclusively(() => migrate(handle.db as unknown as PgliteDatabase<typeof schema>, { migrationsFolder: paths.migrations }));
  return handle;
}

/** A key of the committed migrations' content (and of `extra`): a snapshot or template made from them is good while it holds. */
function migrationsKey(extra = ''): string {
  const hash = createHash('sha256');
  hash.update(extra);
  const files = fs.readdirSync(paths.migrations, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
  for (const file of files.map((f) => path.join(f.parentPath, f.name)).sort()) hash.update(path.basename(file)).update(fs.readFileSync(file));
  return hash.digest('hex');
}

async function migratedSnapshot(): Promise<string> {
  const dir = path.join(os.tmpdir(), 'sift-test-pglite');
  const target = path.join(dir, `${migrationsKey(pgliteVersion()).slice(0, 24)}.tar`);
  if (fs.existsSync(target)) return target;

  const client = new PGlite('memory://');
  try {
    await migrate(drizzle(client, { schema }), { migrationsFolder: paths.migrations });
    const dump = await client.dumpDataDir('none');
    fs.mkdirSync(dir, { recursive: true });
    // Test files start in parallel: write aside and rename, so nobody reads half a snapshot.
    const partial = `${target}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, target);
  } finally {
    await client.close();
  }
  return target;
}

/** A snapshot is only good for the PGlite version that wrote it. */
function pgliteVersion(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (!fs.existsSync(manifest)) continue;
    const { name, version } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
    if (name === '@electric-sql/pglite') return version ?? '';
  }
  return '';
}
