import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { paths } from '../paths.js';
import { asBackgroundWork, DEFAULT_QUERY_BOUNDS, Lane, queuedPglite, RoutedPool, type QueryBounds } from './query-bounds.js';
import * as schema from './schema.js';

/** Both drivers share this type, so repositories never know which database they talk to. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The rows of `db.execute(sql…)`: both drivers answer `{ rows }`; int8 comes back as a string from node-postgres, a number from PGlite. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * Runs start-up work (migrations, the demo seed) one process at a time: on PostgreSQL under an advisory lock that
   * every node takes; PGlite belongs to one process anyway. It is background work: no request bound applies.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  databaseUrl?: string | undefined;
  /** Connections to PostgreSQL (DATABASE_POOL_SIZE); default 20. */
  poolSize?: number;
  /** Folder for PGlite's files; `memory://` keeps it in memory (tests). */
  pgliteDir: string;
  /** What a request may ask of the database (DATABASE_STATEMENT_TIMEOUT_MS, DATABASE_POOL_WAIT_MS). */
  bounds?: QueryBounds;
  /** Where a connection lost while idle is told (the app's log once there is one); the console by default. */
  log?: { warn(obj: object, msg: string): void };
}

/**
 * Connections of the background pool on PostgreSQL (migrations, the seed, jobs): a few, because jobs run one or two
 * at a time per process and requests never use them.
 */
const BACKGROUND_POOL_SIZE = 4;

/** Opens the database and brings its schema up to date with the committed migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const folder = paths.migrations;
  const bounds = options.bounds ?? DEFAULT_QUERY_BOUNDS;
  if (options.databaseUrl) {
    // JIT off: PostgreSQL compiles a plan it estimates as expensive (a sift's rematch, say) with LLVM, which took
    // 200 ms of a 240 ms statement that runs in 9 ms without it; our statements are short (decision 014).
    const common = { connectionString: options.databaseUrl, options: '-c jit=off' };
    const requests = new pg.Pool({ ...common, max: options.poolSize ?? 20, statement_timeout: bounds.statementTimeoutMs, connectionTimeoutMillis: bounds.waitMs });
    const background = new pg.Pool({ ...common, max: BACKGROUND_POOL_SIZE });
    // A connection the server closes while it sits idle in a pool (a restart, a failover, an administrator) is an
    // 'error' event of the pool: unheard, Node ends the process. The pool drops it and opens another when asked.
    const log = options.log ?? { warn: (obj: object, msg: string) => console.warn(msg, obj) };
    for (const idle of [requests, background]) idle.on('error', (err) => log.warn({ err }, 'The database closed an idle connection; a new one is opened when needed'));
    const pool = new RoutedPool(requests, background, new Lane(bounds.heavyReads, bounds.waitMs));
    const db = drizzlePg(pool as unknown as pg.Pool, { schema });
    const exclusively = <T>(work: () => Promise<T>) => asBackgroundWork(() => underStartupLock(background, work));
    // Nodes started together (a deploy) take turns: the first migrates, the others find nothing left to do.
    await exclusively(() => migratePg(db, { migrationsFolder: folder }));
    return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end(), exclusively };
  }
  if (!options.pgliteDir.startsWith('memory://')) fs.mkdirSync(options.pgliteDir, { recursive: true });
  const handle = pgliteDatabase(new PGlite(options.pgliteDir), bounds);
  await handle.exclusively(() => migratePglite(handle.db as unknown as PgliteDatabase<typeof schema>, { migrationsFolder: folder }));
  return handle;
}

/** A handle on an opened PGlite (its queries queued under the request bounds), for openDatabase and the tests. */
export function pgliteDatabase(client: PGlite, bounds: QueryBounds = DEFAULT_QUERY_BOUNDS): DatabaseHandle {
  const db = drizzlePglite({ client: queuedPglite(client, bounds) as PGlite, schema });
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close(), exclusively: (work) => asBackgroundWork(work) };
}

/** Any fixed number; every Sift process on one PostgreSQL database takes the same lock for its start-up work. */
const STARTUP_LOCK = 7_343_190_216;

/** Runs `work` holding a session-level advisory lock on a connection of its own, so one process at a time does it. */
async function underStartupLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const connection = await pool.connect();
  try {
    await connection.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
    try {
      return await work();
    } finally {
      await connection.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK]);
    }
  } finally {
    connection.release();
  }
}

/** Whether the database answers a trivial query now (the readiness check a load balancer asks). */
export async function databaseAnswers(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`SELECT 1`);
    return true;
  } catch {
    return false;
  }
}
