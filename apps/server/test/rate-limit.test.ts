import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { RateLimits } from '../src/infra/rate-limit/rate-limiter.js';
import { RedisRateLimiter } from '../src/infra/rate-limit/redis-rate-limiter.js';
import { aMember, anEmail, call, expectError, GOOD_PASSWORD, login, solveCaptcha } from './support/accounts.js';
import { TEST_PUBLIC_URL, useTestApp } from './support/test-app.js';

// The real part: Redis at REDIS_URL (127.0.0.1:6379 in CI), each run under its own key prefix.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `sift-test:${randomUUID()}:`;
const limiters: RedisRateLimiter[] = [];
function redisLimiter(options: { url?: string; onError?: (error: unknown) => void } = {}) {
  const limiter = new RedisRateLimiter(options.url ?? REDIS_URL, { keyPrefix: prefix, ...(options.onError ? { onError: options.onError } : {}) });
  limiters.push(limiter);
  return limiter;
}
afterAll(async () => {
  await Promise.all(limiters.map((l) => l.close()));
});

const LIMITS: RateLimits = {
  loginPerIp: { limit: 4, windowSeconds: 900 },
  loginPerAccount: { limit: 3, windowSeconds: 900 },
  signupPerIp: { limit: 2, windowSeconds: 3600 },
  mailPerEmail: { limit: 2, windowSeconds: 3600 },
  mailPerIp: { limit: 5, windowSeconds: 3600 },
};
// The app counts in Redis, as several API nodes would.
const t = useTestApp({ accounts: { rateLimits: LIMITS }, rateLimiter: redisLimiter() });

let addresses = 0;
/** Each test comes from addresses of its own, so per-IP counts do not mix. */
const anIp = () => `10.0.${Math.floor(++addresses / 250)}.${addresses % 250}`;

function expectRateLimited(res: Awaited<ReturnType<typeof call>>, windowSeconds: number) {
  expectError(res, 429, 'RATE_LIMITED');
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

describe('RedisRateLimiter', () => {
  it('counts in fixed windows shared by every node, and opens again after the window', async () => {
    const nodeA = redisLimiter();
    const nodeB = redisLimiter();
    const key = `shared-${randomUUID()}`;
    expect(await nodeA.hit(key, 2, 1)).toMatchObject({ allowed: true, count: 1 });
    expect(await nodeB.hit(key, 2, 1)).toMatchObject({ allowed: true, count: 2 });
    const blocked = await nodeA.hit(key, 2, 1);
    expect(blocked).toMatchObject({ allowed: false, count: 3, retryAfterSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await nodeB.hit(key, 2, 1)).toMatchObject({ allowed: true, count: 1 });
  });

  it('forgets a key on reset', async () => {
    const limiter = redisLimiter();
    const key = `reset-${randomUUID()}`;
    await limiter.hit(key, 1, 60);
    expect((await limiter.hit(key, 1, 60)).allowed).toBe(false);
    await limiter.reset(key);
    expect((await limiter.hit(key, 1, 60)).allowed).toBe(true);
  });

  it('lets requests through (and reports) when Redis cannot be reached', async () => {
    const errors: unknown[] = [];
    const limiter = redisLimiter({ url: 'redis://127.0.0.1:1', onError: (error) => errors.push(error) });
    expect(await limiter.hit('anything', 1, 60)).toMatchObject({ allowed: true });
    expect(errors.length).toBeGreaterThan(0);
  });
});

describe('rate limits on the account endpoints (429 RATE_LIMITED with Retry-After)', () => {
  it('login: per address', async () => {
    const ip = anIp();
    for (let i = 0; i < 4; i++) expectError(await login(t.app, anEmail('guess'), 'wrong password', { remoteAddress: ip }), 401, 'BAD_CREDENTIALS');
    expectRateLimited(await login(t.app, anEmail('guess'), 'wrong password', { remoteAddress: ip }), 900);
    // Another address is not affected.
    expectError(await login(t.app, anEmail('guess'), 'wrong password', { remoteAddress: anIp() }), 401, 'BAD_CREDENTIALS');
  });

  it('login: per account, from any address, even with the right password once blocked', async () => {
    const member = await aMember(t, { remoteAddress: anIp() });
    for (let i = 0; i < 3; i++) expectError(await login(t.app, member.email, 'wrong password', { remoteAddress: anIp() }), 401);
    expectRateLimited(await login(t.app, member.email.toUpperCase(), member.password, { remoteAddress: anIp() }), 900);
    // Other accounts still log in.
    const other = await aMember(t, { remoteAddress: anIp() });
    expect((await login(t.app, other.email, other.password, { remoteAddress: anIp() })).status).toBe(200);
  });

  it('login: a successful login forgives the account its failures', async () => {
    const member = await aMember(t, { remoteAddress: anIp() });
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 2; i++) expectError(await login(t.app, member.email, 'wrong password', { remoteAddress: anIp() }), 401);
      expect((await login(t.app, member.email, member.password, { remoteAddress: anIp() })).status).toBe(200);
    }
  });

  it('sign-up: per address', async () => {
    const ip = anIp();
    const attempt = async () =>
      call(t.app, {
        method: 'POST',
        url: '/api/accounts',
        remoteAddress: ip,
        payload: { email: anEmail(), firstName: 'Ada', lastName: 'Lovelace', password: GOOD_PASSWORD, captcha: await solveCaptcha(t.app) },
      });
    expect((await attempt()).status).toBe(201);
    expect((await attempt()).status).toBe(201);
    expectRateLimited(await attempt(), 3600);
  });

  it('password reset and confirmation resend: per e-mail', async () => {
    const member = await aMember(t, { remoteAddress: anIp() });
    const reset = () => call(t.app, { method: 'POST', url: '/api/accounts/reset-password', remoteAddress: anIp(), payload: { email: member.email, url: `${TEST_PUBLIC_URL}/passwordReset` } });
    expect((await reset()).status).toBe(202);
    expect((await reset()).status).toBe(202);
    const sent = t.mailer.sent.length;
    expectRateLimited(await reset(), 3600);
    const resend = await call(t.app, { method: 'POST', url: '/api/accounts/resend-confirmation', remoteAddress: anIp(), payload: { email: member.email } });
    expectRateLimited(resend, 3600);
    expect(t.mailer.sent.length).toBe(sent);
  });

  it('password reset and confirmation resend: per address, unknown e-mails included', async () => {
    const ip = anIp();
    for (let i = 0; i < 5; i++) {
      const res = await call(t.app, { method: 'POST', url: '/api/accounts/resend-confirmation', remoteAddress: ip, payload: { email: anEmail('probe') } });
      expectError(res, 404, 'EMAIL_NOT_FOUND');
    }
    expectRateLimited(await call(t.app, { method: 'POST', url: '/api/accounts/reset-password', remoteAddress: ip, payload: { email: anEmail('probe'), url: `${TEST_PUBLIC_URL}/x` } }), 3600);
  });
});
