import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import { asBackgroundWork } from '../db/query-bounds.js';
import { everyMinutesCron, type JobHandler, type JobQueue, type SendOptions } from './job-queue.js';

export interface PgBossQueueOptions {
  connectionString: string;
  /** Schema of pg-boss's own tables (kept apart from Sift's). */
  schema?: string;
  /** Seconds between polls of a worker for new jobs (pg-boss default 2). */
  pollingIntervalSeconds?: number;
  log?: { error: (obj: object, msg: string) => void };
}

/**
 * The real part of jobs: pg-boss 10 on PostgreSQL (`DATABASE_URL`). Every process that works a queue fetches
 * with SKIP LOCKED, so a job runs in one process; schedules live in the database and pg-boss's cron monitor turns
 * each tick into one job across the cluster. Queues use the `stately` policy: per singleton key at most one job
 * queued and one running; a job sent without a key gets a unique one, so it is never dropped.
 */
export class PgBossJobQueue implements JobQueue {
  private readonly boss: PgBoss;
  private readonly queues = new Map<string, Promise<void>>();
  private creating: Promise<void> = Promise.resolve();
  private started: Promise<unknown> | null = null;
  private stopped = false;
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly options: PgBossQueueOptions) {
    this.boss = new PgBoss({
      connectionString: options.connectionString,
      schema: options.schema ?? 'pgboss',
      max: 4,
      // Jobs are retried a little later, then kept a day for inspection.
      retryLimit: 2,
      retryDelay: 2,
      retryBackoff: true,
      deleteAfterDays: 1,
      // Schedules are checked often enough that a per-minute job starts within seconds of its minute.
      cronMonitorIntervalSeconds: 10,
      cronWorkerIntervalSeconds: 5,
    });
    this.boss.on('error', (err) => options.log?.error({ err }, 'Job queue error'));
  }

  private start(): Promise<unknown> {
    return (this.started ??= this.boss.start());
  }

  private queue(name: string): Promise<void> {
    let ready = this.queues.get(name);
    if (!ready) {
      // One creation at a time in this process: pg-boss creates a table per queue, and concurrent creations can
      // fail. A failure is fine when the queue exists after all (another process made it); else try again, twice.
      ready = this.creating.then(async () => {
        await this.start();
        for (let attempt = 1; ; attempt++) {
          if (await this.boss.getQueue(name)) return;
          try {
            await this.boss.createQueue(name, { name, policy: 'stately' });
            return;
          } catch (error) {
            if (attempt >= 3) throw error;
          }
        }
      });
      this.creating = ready.catch(() => {
        this.queues.delete(name);
      });
      this.queues.set(name, ready);
    }
    return ready;
  }

  async work<T>(name: string, handler: JobHandler<T>): Promise<void> {
    if (this.stopped) return;
    await this.queue(name);
    await this.boss.work<T>(name, { pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2 }, async (jobs) => {
      for (const job of jobs) {
        // A job is background work: the request bounds (statement timeout, pool wait) do not apply.
        const run = asBackgroundWork(() => handler(job.data));
        const tracked = run.catch(() => undefined).finally(() => this.running.delete(tracked));
        this.running.add(tracked);
        await run;
      }
    });
  }

  async send<T>(name: string, payload: T, options: SendOptions = {}): Promise<void> {
    if (this.stopped) return;
    await this.queue(name);
    await this.boss.send(name, (payload ?? {}) as object, {
      singletonKey: options.singletonKey ?? randomUUID(),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
    });
  }

  async every(name: string, minutes: number): Promise<void> {
    if (this.stopped) return;
    await this.queue(name);
    await this.boss.schedule(name, everyMinutesCron(minutes), {}, { tz: 'UTC', singletonKey: 'every' });
  }

  /** Waits for the jobs running in this process (queued ones may run in any process, so they are not waited for). */
  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.started) await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}
