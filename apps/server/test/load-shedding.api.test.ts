import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/test-app.js';

/**
 * Issue 17 defect 9: the embedded default (PGlite, one connection, queries in turn) keeps a bounded queue: past 128
 * requests under way, new ones are refused at once with 503 + Retry-After in the app's shape, rather than all of them
 * waiting until they time out. The readiness route tells a load balancer whether the process can serve.
 */
const t = useTestApp({ embeddedDatabase: true });

describe('load shedding', () => {
  it('says it is ready while it keeps up and the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('on PGlite, serves 128 requests at once (a hundred busy clients) and refuses the rest with 503 OVERLOADED and Retry-After', async () => {
    const burst = await Promise.all(Array.from({ length: 150 }, () => t.app.inject({ method: 'GET', url: '/api/feeds/public' })));
    const codes = burst.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(128);
    expect(codes.filter((c) => c === 503)).toHaveLength(22);
    const refused = burst.find((r) => r.statusCode === 503)!;
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toEqual({ status: 503, message: expect.stringMatching(/busy/), code: 'OVERLOADED' });
    // The queue drains, and the next request is served.
    expect((await t.app.inject({ method: 'GET', url: '/api/feeds/public' })).statusCode).toBe(200);
  });
});
