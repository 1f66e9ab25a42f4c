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
    // Busy all but a few milliseconds of every 100, as a queue of PGlite queries keeps it, for the whole test.
    let saturating = true;
    const saturation = (async () => {
      while (saturating) {
        blockFor(100);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 2_200)); // two samples of a saturated loop
    // A lone request is not queueing behind others: it is served whatever the last second looked like.
    const lone = await t.app.inject({ method: 'GET', url: '/api/sifts/categories' });
    // Forty at once are queueing: with more than 32 under way, they are refused at once, none left to time out.
    const burst = await Promise.all(Array.from({ length: 40 }, () => t.app.inject({ method: 'GET', url: '/api/feeds/public' })));
    saturating = false;
    await saturation;
    expect(lone.statusCode).toBe(200);
    expect(burst.every((r) => r.statusCode === 200 || r.statusCode === 503)).toBe(true);
    const refused = burst.find((r) => r.statusCode === 503)!;
    expect(refused).toBeDefined();
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toEqual({ status: 503, message: expect.stringMatching(/busy/), code: 'OVERLOADED' });

    // Once the loop is free again, so is the server.
    await expect
      .poll(async () => (await t.app.inject({ method: 'GET', url: '/api/sifts/categories' })).statusCode, { timeout: 15_000, interval: 500 })
      .toBe(200);
  });
});
