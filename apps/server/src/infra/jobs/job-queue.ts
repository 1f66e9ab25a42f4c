/**
 * Background jobs (DESIGN §2 "Jobs"): channel imports, refreshes, digests. One interface with two implementations:
 * an in-process runner on the embedded default, and a PostgreSQL-backed queue when `DATABASE_URL` is set, so that
 * several server processes share the work and each job runs once.
 */
export interface SendOptions {
  /** At most one queued-or-running job per key (a second send with the same key is dropped). */
  singletonKey?: string;
  /** Run no earlier than this many seconds from now. */
  startAfterSeconds?: number;
}

export type JobHandler<T> = (payload: T) => Promise<void>;

export interface JobQueue {
  /** Registers the one handler of a job name. Jobs sent before their handler exists wait for it. */
  work<T>(name: string, handler: JobHandler<T>): Promise<void>;
  send<T>(name: string, payload: T, options?: SendOptions): Promise<void>;
  /** Resolves when nothing is queued or running (tests, shutdown). Delayed jobs not yet due do not count. */
  drain(): Promise<void>;
  stop(): Promise<void>;
}
