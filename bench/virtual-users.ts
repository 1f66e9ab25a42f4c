/**
 * Virtual users (issue 17's realistic mix): each user holds its own keep-alive connection and walks through a visit
 * one request at a time, pausing between requests for a think time drawn from an exponential distribution (as k6,
 * Locust and JMeter model people). With a think time of 0 it is autocannon's closed loop: every connection fires
 * again the moment its answer arrives, which measures how long the queue in front of a saturated server is, not how
 * fast people are served — see docs/decisions/026-load-model.md.
 *
 * Latency is taken from the moment a request was due (after the think time) to the last byte of its answer. Users
 * join evenly over a ramp-up (as people arrive, not all in one millisecond after a restart); only what follows it is
 * measured.
 */
import { Client } from 'undici';
import { percentile } from './stats.js';

/** One request of a visit; `user` is the virtual user's index, so steps can act as that user's member. */
export interface Step {
  /** Named in the per-step figures. */
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: (user: number, visit: number) => string;
  headers?: (user: number) => Record<string, string>;
  body?: (user: number, visit: number) => string;
}

export interface VirtualUsersResult {
  users: number;
  thinkMs: number;
  seconds: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  /** Connection failures and timeouts: no answer at all. */
  errors: number;
  /** Answers other than 2xx, and of them 503 (shed load). */
  non2xx: number;
  status503: number;
  /** p50 and p99 of each step, by name: which request the slow ones are. */
  byStep: Record<string, { p50: number; p99: number }>;
}

const TIMEOUT_MS = 10_000;

/** Exponentially distributed pause with the given mean (a Poisson process per user). */
const think = (meanMs: number) => (meanMs <= 0 ? 0 : -Math.log(1 - Math.random()) * meanMs);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function virtualUsers(options: { base: string; users: number; thinkMs: number; seconds: number; rampSeconds: number; steps: Step[] }): Promise<VirtualUsersResult> {
  const { base, users, thinkMs, seconds, rampSeconds, steps } = options;
  const latencies: number[] = [];
  const perStep = new Map<string, number[]>(steps.map((step) => [step.name, []]));
  let errors = 0;
  let non2xx = 0;
  let status503 = 0;
  const rampedAt = performance.now() + rampSeconds * 1000;
  const endsAt = rampedAt + seconds * 1000;

  const run = async (user: number) => {
    const client = new Client(base, { pipelining: 1, headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS });
    await sleep((user / users) * rampSeconds * 1000);
    for (let visit = 0; performance.now() < endsAt; visit++) {
      for (const step of steps) {
        if (performance.now() >= endsAt) break;
        const due = performance.now();
        const measured = due >= rampedAt;
        try {
          const response = await client.request({
            origin: base,
            method: step.method,
            path: step.path(user, visit),
            headers: { 'accept-encoding': 'gzip', ...(step.body ? { 'content-type': 'application/json' } : {}), ...step.headers?.(user) },
            body: step.body?.(user, visit),
          });
          await response.body.arrayBuffer();
          if (measured) {
            const latency = performance.now() - due;
            latencies.push(latency);
            perStep.get(step.name)!.push(latency);
            if (response.statusCode < 200 || response.statusCode > 299) non2xx++;
            if (response.statusCode === 503) status503++;
          }
        } catch {
          if (measured) errors++;
        }
        await sleep(think(thinkMs));
      }
    }
    await client.close();
  };

  await Promise.all(Array.from({ length: users }, (_, user) => run(user)));
  const sorted = latencies.sort((a, b) => a - b);
  return {
    users,
    thinkMs,
    seconds,
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
    errors,
    non2xx,
    status503,
    byStep: Object.fromEntries([...perStep].map(([name, samples]) => [name, { p50: percentile(samples, 50), p99: percentile(samples, 99) }])),
  };
}
