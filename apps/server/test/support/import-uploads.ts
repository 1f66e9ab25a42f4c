/** Uploading export files in API tests, and watching that nobody else waits meanwhile. */
import { memberImportSchema, type MemberImport } from '@sift/contracts';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { expect } from 'vitest';
import { call } from './accounts.js';
import { multipartBody } from './multipart.js';
import type { TestContext } from './test-app.js';

/**
 * What another client may wait at worst while a file is read (issue 28): reading on the event loop took 5–68 s. On a
 * quiet machine the bound is the 250 ms; on a busy one (more runnable processes than cores) every wait of this
 * process stretches by the run queue per core, so the bound does too (load 12 on 2 cores: 1.5 s): a test that passes on
 * a quiet machine must not fail on a busy one, and the stalls this guards against are seconds long either way.
 */
export const WORST_PING_MS = 250;

/** WORST_PING_MS scaled by the machine's load (the run queue per core over the last minute), never below it. */
export function worstPingBound(): number {
  return WORST_PING_MS * Math.max(1, os.loadavg()[0]! / os.availableParallelism());
}

export function uploadImport(t: TestContext, token: string, bytes: Buffer, filename = 'export') {
  const body = multipartBody('file', filename, 'application/octet-stream', bytes);
  return call(t.app, { method: 'POST', url: '/api/me/imports', token, payload: body.payload, headers: body.headers });
}

/** Runs the import jobs to their end and answers the import as its owner sees it. */
export async function finishedImport(t: TestContext, token: string, id: number): Promise<MemberImport> {
  await t.services.jobs.drain();
  const res = await call(t.app, { method: 'GET', url: `/api/me/imports/${id}`, token });
  return memberImportSchema.parse(res.body);
}

/** Runs `work` while another client asks `/api/health` again and again; answers its result and the slowest answer. */
export async function whilePinging<T>(t: TestContext, work: () => Promise<T>): Promise<{ result: T; worstPingMs: number }> {
  let done = false;
  let worstPingMs = 0;
  const pinging = (async () => {
    while (!done) {
      const started = performance.now();
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      worstPingMs = Math.max(worstPingMs, performance.now() - started);
      expect(res.statusCode).toBe(200);
      // An answer can come within one turn of the loop: let the rest of the process (the upload) have the next.
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  try {
    return { result: await work(), worstPingMs };
  } finally {
    done = true;
    await pinging;
  }
}
