/**
 * Background jobs (DESIGN §2 "Jobs"): channel imports, refreshes, digests. One interface with two implementations:
 * an in-process runner on the embedded default, and a PostgreSQL-backed queue (pg-boss) when `DATABASE_URL` is
 * set, so that several server processes share the work and each job runs once.
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
  /**
   * Sends the job (empty payload) every `minutes` minutes (1–60, a divisor of 60), at most one queued at a time.
   * With several processes on one PostgreSQL queue, each tick runs once across all of them.
   */
  every(name: string, minutes: number): Promise<void>;
  /** Resolves when nothing is queued or running (tests, shutdown). Delayed jobs not yet due do not count. */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

/** The cron expression of "every n minutes" (pg-boss schedules by cron, at minute granularity). */
export function everyMinutesCron(minutes: number): string {
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > 60 || 60 % minutes !== 0) {
    throw new RangeError(`every(): minutes must divide 60, got ${minutes}`);
  }
  return minutes === 1 ? '* * * * *' : minutes === 60 ? '0 * * * *' : `*/${minutes} * * * *`;
}
