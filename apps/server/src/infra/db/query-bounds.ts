import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * Bounds on what a request may ask of the database (issue 28 §4, decisions/031): a statement runs at most
 * `statementTimeoutMs` (PostgreSQL's statement_timeout), and a query waits at most `waitMs` for a connection to run
 * on; past either the request is answered `503` with Retry-After (infra/http/errors.ts), so no read starves the
 * others. Background work — migrations, the demo seed, jobs, upkeep, the admin command — is not a request: it runs
 * through `asBackgroundWork`, on connections without these bounds.
 */
export interface QueryBounds {
  /** DATABASE_STATEMENT_TIMEOUT_MS. PostgreSQL only: PGlite accepts the setting but never enforces it. */
  statementTimeoutMs: number;
  /** DATABASE_POOL_WAIT_MS: how long a request's query may wait for a free connection (on PGlite, its turn). */
  waitMs: number;
  /**
   * DATABASE_HEAVY_READS: how many of the requests' heavy reads (`asHeavyRead`) may run at once in this process; the
   * others wait for one to finish, at most `waitMs`.
   */
  heavyReads: number;
}

export const DEFAULT_QUERY_BOUNDS: QueryBounds = { statementTimeoutMs: 5_000, waitMs: 2_000, heavyReads: 4 };

const background = new AsyncLocalStorage<true>();
const heavy = new AsyncLocalStorage<true>();

/** Runs `work` (and everything it awaits or starts) as background work: the request bounds do not apply. */
export function asBackgroundWork<T>(work: () => Promise<T>): Promise<T> {
  return background.run(true, work);
}

function isBackgroundWork(): boolean {
  return background.getStore() === true;
}

/**
 * Runs `work` (a request's read whose cost grows with the catalog rather than with the page: a keyword scan) in the
 * heavy lane: its queries take one of the `heavyReads` places before they take a connection. The pool's wait bound
 * sheds only while requests wait for a connection; twenty such reads fit in the default pool and, run at once on a
 * small database server, each takes seconds and the client gives up first (bench/RESULTS.md, "Heavy reads at 200
 * connections"). The lane keeps as many running as the database can finish quickly, refuses the rest within `waitMs`
 * (503 OVERLOADED), and leaves the other connections to the cheap reads, whatever DATABASE_POOL_SIZE is.
 */
export function asHeavyRead<T>(work: () => Promise<T>): Promise<T> {
  return heavy.run(true, work);
}

const isHeavyRead = () => heavy.getStore() === true && !isBackgroundWork();

/**
 * At most `size` tasks at once; the others wait in order, each at most `waitMs`, then fail with DatabaseBusyError. A
 * place that frees is handed to the next waiter directly, so a newcomer cannot overtake the line.
 */
export class Lane {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly size: number,
    readonly waitMs: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.size) this.running += 1;
    else await this.turn();
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  private turn(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const enter = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(enter), 1);
        reject(new DatabaseBusyError());
      }, this.waitMs);
      this.waiting.push(enter);
    });
  }
}

/** A request's query found no connection within the wait bound: the node has as much work as it can take. */
export class DatabaseBusyError extends Error {
  constructor() {
    super('No database connection came free in time');
  }
}

/** Why the database refused a request's query, if it did (drizzle wraps driver errors in `cause`). */
export function databaseRefusal(error: unknown): 'busy' | 'timeout' | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if (e instanceof DatabaseBusyError) return 'busy';
    if ((e as { code?: unknown }).code === '57014') return 'timeout'; // query_canceled: statement_timeout
  }
  return undefined;
}

/** pg-pool says a wait past connectionTimeoutMillis only in words. */
const asBusy = (error: unknown) => {
  throw error instanceof Error && error.message === 'timeout exceeded when trying to connect' ? new DatabaseBusyError() : error;
};

/**
 * What drizzle is given on PostgreSQL: requests' queries go to the bounded pool, background work to a pool of its own
 * without bounds (jobs keep their own limits and never take the connections requests wait for). The name ends in
 * "Pool" on purpose: drizzle checks it to take one connection for a transaction.
 */
export class RoutedPool {
  constructor(
    readonly requests: pg.Pool,
    readonly background: pg.Pool,
    readonly heavyLane: Lane,
  ) {}

  query(...args: Parameters<pg.Pool['query']>): Promise<unknown> {
    if (isBackgroundWork()) return (this.background.query as (...a: unknown[]) => Promise<unknown>)(...args);
    const run = () => (this.requests.query as (...a: unknown[]) => Promise<unknown>)(...args).catch(asBusy);
    return isHeavyRead() ? this.heavyLane.run(run) : run();
  }

  connect(): Promise<pg.PoolClient> {
    if (isBackgroundWork()) return this.background.connect();
    return this.requests.connect().catch(asBusy);
  }

  async end(): Promise<void> {
    await Promise.all([this.requests.end(), this.background.end()]);
  }
}

/**
 * What drizzle is given on PGlite, which runs every query in turn on this process's one connection, synchronously on
 * this thread. Queries here take their turn in order, with a macrotask turn before each, so the event loop can
 * accept, read and refuse requests in between (otherwise under load it goes whole seconds without reaching its I/O
 * phase). A request's query that has not had its turn within `waitMs` is dropped from the line with
 * DatabaseBusyError: after a slow statement (a cold start's first reads, say) the requests that queued behind it are
 * refused at once instead of each waiting its turn and then timing out. Background work waits as long as it takes.
 * A statement that runs cannot be cut short: PGlite has no timer interrupt (statement_timeout is accepted and
 * ignored) and this thread is busy running it. PGlite's own queries (its start-up) do not pass through this line.
 */
export function queuedPglite(client: PGlite, bounds: Pick<QueryBounds, 'waitMs' | 'heavyReads'>): Pick<PGlite, 'query' | 'transaction'> {
  const { waitMs } = bounds;
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  // Heavy reads take a place in the lane before they join the line, so they never fill it ahead of the cheap ones.
  const heavyLane = new Lane(bounds.heavyReads, waitMs);
  let previous: Promise<unknown> = Promise.resolve();
  const inLine = (...args: unknown[]) => {
    const turn = previous.then(() => new Promise<void>((resolve) => setImmediate(resolve)));
    let dropped = false;
    const result = turn.then(() => (dropped ? undefined : query(...args)));
    previous = result.catch(() => undefined);
    if (isBackgroundWork()) return result;
    return new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        dropped = true;
        reject(new DatabaseBusyError());
      }, waitMs);
      void turn.then(() => clearTimeout(timer));
      result.then(resolve, reject);
    });
  };
  const queued = (...args: unknown[]) => (isHeavyRead() ? heavyLane.run(() => inLine(...args)) : inLine(...args));
  return { query: queued as PGlite['query'], transaction: client.transaction.bind(client) };
}
