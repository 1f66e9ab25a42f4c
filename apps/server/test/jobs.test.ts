import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { InProcessJobQueue } from '../src/infra/jobs/in-process-queue.js';
import { everyMinutesCron, type JobQueue } from '../src/infra/jobs/job-queue.js';
import { PgBossJobQueue } from '../src/infra/jobs/pg-boss-queue.js';

const serverUrl = process.env.DATABASE_URL;

async function waitUntil(check: () => boolean, timeoutMs = 20_000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('every(): minutes that divide the hour', () => {
  it('maps to cron and refuses other values', () => {
    expect(everyMinutesCron(1)).toBe('* * * * *');
    expect(everyMinutesCron(15)).toBe('*/15 * * * *');
    expect(everyMinutesCron(60)).toBe('0 * * * *');
    expect(() => everyMinutesCron(7)).toThrow(RangeError);
    expect(() => everyMinutesCron(0)).toThrow(RangeError);
  });
});

describe('in-process queue', () => {
  it('runs each job once and drops a second one with the same singleton key while the first waits', async () => {
    const queue = new InProcessJobQueue();
    const seen: string[] = [];
    await queue.send('j', { v: 'a' }, { singletonKey: 'k' });
    await queue.send('j', { v: 'b' }, { singletonKey: 'k' });
    await queue.send('j', { v: 'c' });
    await queue.work<{ v: string }>('j', async ({ v }) => {
      seen.push(v);
    });
    await queue.drain();
    expect(seen).toEqual(['a', 'c']);
    await queue.every('j', 1);
    await queue.stop();
  });
});

// pg-boss needs PostgreSQL: these run in the API suite's PostgreSQL pass (DATABASE_URL), like every API test.
describe.runIf(serverUrl)('pg-boss queue on PostgreSQL (two processes)', () => {
  const name = `sift_jobs_${randomBytes(5).toString('hex')}`;
  const queues: JobQueue[] = [];
  let url = '';

  async function admin(sql: string) {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }
  async function aQueue(): Promise<JobQueue> {
    if (!url) {
      await admin(`CREATE DATABASE ${name}`);
      const u = new URL(serverUrl!);
      u.pathname = `/${name}`;
      url = u.toString();
    }
    const queue = new PgBossJobQueue({ connectionString: url, pollingIntervalSeconds: 0.5 });
    queues.push(queue);
    return queue;
  }
  afterAll(async () => {
    for (const queue of queues) await queue.stop();
    if (url) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('shares jobs between two workers, each job runs once; a singleton key drops a duplicate', async () => {
    const [a, b] = [await aQueue(), await aQueue()];
    const ran: Array<{ by: string; n: number }> = [];
    const handler = (by: string) => async ({ n }: { n: number }) => {
      ran.push({ by, n });
      await new Promise((resolve) => setTimeout(resolve, 20));
    };
    await a.work('count', handler('a'));
    await b.work('count', handler('b'));
    for (let n = 0; n < 20; n++) await (n % 2 ? a : b).send('count', { n });
    await a.send('count', { n: 100 }, { singletonKey: 'once', startAfterSeconds: 1 });
    await b.send('count', { n: 101 }, { singletonKey: 'once', startAfterSeconds: 1 });
    await waitUntil(() => ran.length >= 21);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const numbers = ran.map((r) => r.n).sort((x, y) => x - y);
    expect(numbers.filter((n) => n < 100)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(numbers.filter((n) => n >= 100)).toHaveLength(1);
    // Both processes took part.
    expect(new Set(ran.map((r) => r.by)).size).toBe(2);
  });

  it('stores schedules in the database (one per name, whichever process sets it)', async () => {
    const [a, b] = [await aQueue(), await aQueue()];
    await a.every('tick', 1);
    await b.every('tick', 1);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query(`SELECT name, cron FROM pgboss.schedule WHERE name = 'tick'`);
      expect(rows).toEqual([{ name: 'tick', cron: '* * * * *' }]);
    } finally {
      await client.end();
    }
  });
});
