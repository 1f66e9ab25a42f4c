import { asBackgroundWork } from '../db/query-bounds.js';
import { everyMinutesCron, type JobHandler, type JobQueue, type SendOptions } from './job-queue.js';

interface Job {
  name: string;
  payload: unknown;
  singletonKey: string | undefined;
  attempt: number;
}

const MAX_ATTEMPTS = 3;
const RETRY_DELAY_MS = 1_000;

/**
 * The embedded default: jobs run one at a time in this process, in the order sent. A failed job is retried twice,
 * a second apart, then logged and dropped. Jobs do not survive a restart (the PostgreSQL queue is for that).
 */
export class InProcessJobQueue implements JobQueue {
  private readonly handlers = new Map<string, JobHandler<unknown>>();
  private readonly queue: Job[] = [];
  private readonly keys = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly intervals = new Set<NodeJS.Timeout>();
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly log: { error: (obj: object, msg: string) => void } = { error: () => {} }) {}

  async work<T>(name: string, handler: JobHandler<T>): Promise<void> {
    this.handlers.set(name, handler as JobHandler<unknown>);
    this.kick();
  }

  async send<T>(name: string, payload: T, options: SendOptions = {}): Promise<void> {
    if (this.stopped) return;
    const key = options.singletonKey ? `${name}:${options.singletonKey}` : undefined;
    if (key && this.keys.has(key)) return;
    if (key) this.keys.add(key);
    const job: Job = { name, payload, singletonKey: key, attempt: 1 };
    if (options.startAfterSeconds) this.later(job, options.startAfterSeconds * 1000);
    else this.enqueue(job);
  }

  async every(name: string, minutes: number): Promise<void> {
    everyMinutesCron(minutes); // the same rule as the PostgreSQL queue's
    if (this.stopped) return;
    const timer = setInterval(() => void this.send(name, {}, { singletonKey: 'every' }), minutes * 60_000);
    timer.unref();
    this.intervals.add(timer);
  }

  async drain(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const timer of this.intervals) clearInterval(timer);
    this.intervals.clear();
    this.queue.length = 0;
    await this.drain();
  }

  private later(job: Job, ms: number) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.enqueue(job);
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  private enqueue(job: Job) {
    if (this.stopped) return;
    this.queue.push(job);
    this.kick();
  }

  private kick() {
    if (this.running || this.stopped) return;
    this.running = this.runAll().finally(() => {
      this.running = null;
      // A job whose handler arrived meanwhile, or one sent while finishing up.
      if (this.queue.some((job) => this.handlers.has(job.name))) this.kick();
    });
  }

  private async runAll() {
    for (;;) {
      const index = this.queue.findIndex((job) => this.handlers.has(job.name));
      if (index < 0 || this.stopped) return;
      const [job] = this.queue.splice(index, 1) as [Job];
      try {
        // A job is background work: the request bounds (statement timeout, pool wait) do not apply.
        await asBackgroundWork(() => this.handlers.get(job.name)!(job.payload));
        if (job.singletonKey) this.keys.delete(job.singletonKey);
      } catch (error) {
        if (job.attempt < MAX_ATTEMPTS) {
          this.later({ ...job, attempt: job.attempt + 1 }, RETRY_DELAY_MS * job.attempt);
        } else {
          if (job.singletonKey) this.keys.delete(job.singletonKey);
          this.log.error({ err: error, job: job.name }, 'Job failed for good');
        }
      }
      // Let requests in between jobs: on PGlite every query runs on this event loop.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}
