import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/test-app.js';

/**
 * Issue 17 defect 9: a process that cannot keep up refuses new requests at once with 503 + Retry-After in the app's
 * shape (rather than let all of them time out), and tells a load balancer so on its readiness route.
 */
const t = useTestApp({ embeddedDatabase: true });

const blockFor = (ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    /* the event loop is held, as 500 connections' PGlite queries hold it */
  }
};

describe('load shedding', () => {
  it('says it is ready while it keeps up and the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('on PGlite, answers 503 OVERLOADED with Retry-After while the event loop is saturated, and recovers', { timeout: 30_000 }, async () => {
    // Busy all but a few milliseconds of over two sampling seconds, as a queue of PGlite queries keeps it; the
    // request is sent from inside that stretch, when the last sample saw the loop saturated.
    const started = Date.now();
    while (Date.now() - started < 2_300) {
      blockFor(100);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const refused = await t.app.inject({ method: 'GET', url: '/api/sifts/categories' });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toEqual({ status: 503, message: expect.stringMatching(/busy/), code: 'OVERLOADED' });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);

    // Once the loop is free again, so is the server.
    await expect
      .poll(async () => (await t.app.inject({ method: 'GET', url: '/api/sifts/categories' })).statusCode, { timeout: 15_000, interval: 500 })
      .toBe(200);
  });
});
