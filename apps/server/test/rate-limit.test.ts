import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateLimitRule, RateLimits } from '../src/infra/rate-limit/rate-limiter.js';
import { RedisRateLimiter } from '../src/infra/rate-limit/redis-rate-limiter.js';
import { aMember, anEmail, call, expectError, GOOD_PASSWORD, solveCaptcha, type Res } from './support/accounts.js';
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

const MINUTES_15 = 900;
const HOUR = 3600;
const DAY = 86_400;
// The defaults scaled down, in the same order: floods > failures per address > per pair > per account.
const LIMITS: RateLimits = {
  loginPerIp: { points: 12, durationSeconds: MINUTES_15 },
  loginFailuresPerIp: { points: 8, durationSeconds: DAY, blockSeconds: DAY },
  loginFailuresPerAccountAndIp: { points: 5, durationSeconds: DAY, blockSeconds: HOUR },
  loginFailuresPerAccount: { points: 3, durationSeconds: MINUTES_15 },
  signupPerIp: { points: 2, durationSeconds: HOUR },
  mailPerEmail: { points: 2, durationSeconds: HOUR },
  mailPerIp: { points: 5, durationSeconds: HOUR },
  contactPerIp: { points: 2, durationSeconds: HOUR },
  analyticsPerIp: { points: 2, durationSeconds: HOUR },
  billingPerMember: { points: 2, durationSeconds: HOUR },
};
// The app counts in Redis, as several API nodes would.
const appLimiter = redisLimiter();
const t = useTestApp({ accounts: { rateLimits: LIMITS }, rateLimiter: appLimiter });
beforeAll(() => appLimiter.ready());

let addresses = 0;
/** Each test comes from addresses of its own, so per-IP counts do not mix. */
const anIp = () => `10.0.${Math.floor(++addresses / 250)}.${addresses % 250}`;

/** POST /api/login as the web form sends it, with the captcha's solution when given. */
function attempt(email: string, password: string, ip: string, captcha?: string) {
  const form = new URLSearchParams({ username: email, password, ...(captcha ? { captcha } : {}) });
  return call(t.app, {
    method: 'POST',
    url: '/api/login',
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
}

function expectRateLimited(res: Res, atMostSeconds: number, moreThanSeconds = 0) {
  expectError(res, 429, 'RATE_LIMITED');
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(moreThanSeconds);
  expect(retryAfter).toBeLessThanOrEqual(atMostSeconds);
}
const expectBadCredentials = (res: Res) => expectError(res, 401, 'BAD_CREDENTIALS');
function expectCaptchaRequired(res: Res) {
  const error = expectError(res, 401, 'CAPTCHA_REQUIRED', 'captcha');
  expect(error.message).toMatch(/Too many wrong passwords for this account: confirm you are a person/);
}

describe('RedisRateLimiter', () => {
  const rule: RateLimitRule = { points: 2, durationSeconds: 1 };

  it('counts in windows shared by every node, forgets a key on reset, and opens again after the window', async () => {
    const nodeA = redisLimiter();
    const nodeB = redisLimiter();
    await Promise.all([nodeA.ready(), nodeB.ready()]);
    const [a, b] = [nodeA.limit('shared', rule), nodeB.limit('shared', rule)];
    const key = randomUUID();
    await a.consume(key);
    await b.consume(key);
    expect(await a.consume(key).catch((e: unknown) => e)).toMatchObject({ status: 429, code: 'RATE_LIMITED', headers: { 'retry-after': '1' } });
    await b.reset(key);
    await a.consume(key);
    await b.consume(key);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await b.consume(key);
  });

  it('keeps a block set on one node on the other', async () => {
    const [nodeA, nodeB] = [redisLimiter(), redisLimiter()];
    await Promise.all([nodeA.ready(), nodeB.ready()]);
    const blocking: RateLimitRule = { points: 1, durationSeconds: 60, blockSeconds: HOUR };
    const key = randomUUID();
    await nodeA.limit('blocking', blocking).consume(key);
    await expect(nodeA.limit('blocking', blocking).consume(key)).rejects.toMatchObject({ status: 429 });
    const error = await nodeB.limit('blocking', blocking).assertOpen(key).catch((e: unknown) => e);
    expect(Number((error as { headers: Record<string, string> }).headers['retry-after'])).toBeGreaterThan(HOUR - 5);
  });

  it('keeps counting in memory (insurance) and reports it when Redis cannot be reached', async () => {
    const errors: unknown[] = [];
    const limit = redisLimiter({ url: 'redis://127.0.0.1:1', onError: (error) => errors.push(error) }).limit('insured', { points: 2, durationSeconds: 60 });
    await limit.consume('k');
    await limit.consume('k');
    await expect(limit.consume('k')).rejects.toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    await limit.consume('another key');
    expect(errors.length).toBeGreaterThan(0);
  });
});

describe('login throttling (decisions/018)', () => {
  it('an attacker cannot lock the owner out: past the account’s failures a login needs a captcha, from any address', async () => {
    const member = await aMember(t, { remoteAddress: anIp() });
    const attacker = anIp();
    for (let i = 0; i < 3; i++) expectBadCredentials(await attempt(member.email, 'wrong password', attacker));
    expectCaptchaRequired(await attempt(member.email, 'wrong password', attacker));
    // Solving captchas does not make guessing free: each is one guess, and the address's pair still counts.
    for (let i = 0; i < 2; i++) expectBadCredentials(await attempt(member.email, 'wrong password', attacker, await solveCaptcha(t.app)));

    const owner = anIp();
    expectCaptchaRequired(await attempt(member.email, member.password, owner));
    expectCaptchaRequired(await attempt(member.email, member.password, owner, 'not a solution'));
    // JSON, with the e-mail in another case: the same account, and the same rule.
    const json = await call(t.app, {
      method: 'POST',
      url: '/api/login',
      remoteAddress: owner,
      payload: { username: member.email.toUpperCase(), password: member.password, captcha: await solveCaptcha(t.app) },
    });
    expect(json.status, JSON.stringify(json.body)).toBe(200);
    // That login forgave the account its failures: from anywhere, no captcha now.
    expect((await attempt(member.email, member.password, anIp())).status).toBe(200);
    // A captcha is redeemed once.
    for (let i = 0; i < 3; i++) expectBadCredentials(await attempt(member.email, 'wrong password', anIp()));
    const used = await solveCaptcha(t.app);
    expect((await attempt(member.email, member.password, anIp(), used)).status).toBe(200);
    for (let i = 0; i < 3; i++) expectBadCredentials(await attempt(member.email, 'wrong password', anIp()));
    expectCaptchaRequired(await attempt(member.email, member.password, anIp(), used));
  });

  it('an address is blocked for an account after its consecutive failures (429), while the owner elsewhere gets in', async () => {
    const member = await aMember(t, { remoteAddress: anIp() });
    const attacker = anIp();
    for (let i = 0; i < 3; i++) expectBadCredentials(await attempt(member.email, 'wrong password', attacker));
    for (let i = 0; i < 2; i++) expectBadCredentials(await attempt(member.email, 'wrong password', attacker, await solveCaptcha(t.app)));
    // The sixth consecutive failure of the pair blocks it for an hour ...
    expectRateLimited(await attempt(member.email, 'wrong password', attacker, await solveCaptcha(t.app)), HOUR, MINUTES_15);
    // ... even with the right password, before the password is looked at.
    expectRateLimited(await attempt(member.email, member.password, attacker, await solveCaptcha(t.app)), HOUR, MINUTES_15);
    // The same address may still try other accounts (its own failures are counted per address below).
    expectBadCredentials(await attempt(anEmail('other'), 'wrong password', attacker));
    // The owner from another address: a captcha, and in.
    const owner = anIp();
    expectCaptchaRequired(await attempt(member.email, member.password, owner));
    expect((await attempt(member.email, member.password, owner, await solveCaptcha(t.app))).status).toBe(200);
    // Her success forgave her own address and the account, not the attacker's pair.
    expectRateLimited(await attempt(member.email, member.password, attacker), HOUR, MINUTES_15);
  });

  it('a successful login resets the pair’s and the account’s failures', async () => {
    const member = await aMember(t, { remoteAddress: anIp() });
    const ip = anIp();
    for (let i = 0; i < 3; i++) expectBadCredentials(await attempt(member.email, 'wrong password', ip));
    expectCaptchaRequired(await attempt(member.email, member.password, ip));
    expect((await attempt(member.email, member.password, ip, await solveCaptcha(t.app))).status).toBe(200);
    // No captcha for these (the account's count restarted), and no 429 at the pair's sixth failure (its count too).
    for (let i = 0; i < 3; i++) expectBadCredentials(await attempt(member.email, 'wrong password', ip));
    expectCaptchaRequired(await attempt(member.email, 'wrong password', ip));
  });

  it('per address: failed logins over a day (slow brute force), whatever the accounts', async () => {
    const member = await aMember(t, { remoteAddress: anIp() });
    const ip = anIp();
    for (let i = 0; i < 8; i++) expectBadCredentials(await attempt(anEmail('guess'), 'wrong password', ip));
    expectRateLimited(await attempt(anEmail('guess'), 'wrong password', ip), DAY, HOUR);
    expectRateLimited(await attempt(member.email, member.password, ip), DAY, HOUR);
    // Another address is not affected.
    expect((await attempt(member.email, member.password, anIp())).status).toBe(200);
  });

  it('per address: every login request in 15 minutes (floods), successful ones included', async () => {
    const member = await aMember(t, { remoteAddress: anIp() });
    const ip = anIp();
    for (let i = 0; i < 12; i++) expect((await attempt(member.email, member.password, ip)).status).toBe(200);
    expectRateLimited(await attempt(member.email, member.password, ip), MINUTES_15);
    expect((await attempt(member.email, member.password, anIp())).status).toBe(200);
  });

  it('unknown e-mails are answered exactly as known ones, captcha and blocks included', async () => {
    const member = await aMember(t, { remoteAddress: anIp() });
    const run = async (email: string) => {
      const ip = anIp();
      const answers: Res[] = [];
      for (let i = 0; i < 3; i++) answers.push(await attempt(email, 'wrong password', ip));
      answers.push(await attempt(email, 'wrong password', ip));
      for (let i = 0; i < 3; i++) answers.push(await attempt(email, 'wrong password', ip, await solveCaptcha(t.app)));
      answers.push(await attempt(email, 'wrong password', ip, await solveCaptcha(t.app)));
      return answers.map((res) => ({ status: res.status, body: res.body, retryAfter: res.headers['retry-after'] !== undefined }));
    };
    const known = await run(member.email);
    expect(known.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
    expect(await run(anEmail('nobody'))).toEqual(known);
  });
});

describe('rate limits on sign-up and mails (429 RATE_LIMITED with Retry-After)', () => {
  it('sign-up: per address', async () => {
    const ip = anIp();
    const signUp = async () =>
      call(t.app, {
        method: 'POST',
        url: '/api/accounts',
        remoteAddress: ip,
        payload: { email: anEmail(), firstName: 'Ada', lastName: 'Lovelace', password: GOOD_PASSWORD, captcha: await solveCaptcha(t.app) },
      });
    expect((await signUp()).status).toBe(201);
    expect((await signUp()).status).toBe(201);
    expectRateLimited(await signUp(), HOUR);
  });

  it('password reset and confirmation resend: per e-mail', async () => {
    const member = await aMember(t, { remoteAddress: anIp() });
    const reset = () => call(t.app, { method: 'POST', url: '/api/accounts/reset-password', remoteAddress: anIp(), payload: { email: member.email, url: `${TEST_PUBLIC_URL}/passwordReset` } });
    expect((await reset()).status).toBe(202);
    expect((await reset()).status).toBe(202);
    const sent = t.mailer.sent.length;
    expectRateLimited(await reset(), HOUR);
    const resend = await call(t.app, { method: 'POST', url: '/api/accounts/resend-confirmation', remoteAddress: anIp(), payload: { email: member.email } });
    expectRateLimited(resend, HOUR);
    expect(t.mailer.sent.length).toBe(sent);
  });

  it('password reset and confirmation resend: per address, unknown e-mails included', async () => {
    const ip = anIp();
    for (let i = 0; i < 5; i++) {
      const res = await call(t.app, { method: 'POST', url: '/api/accounts/resend-confirmation', remoteAddress: ip, payload: { email: anEmail('probe') } });
      expect(res.status).toBe(202);
    }
    expectRateLimited(await call(t.app, { method: 'POST', url: '/api/accounts/reset-password', remoteAddress: ip, payload: { email: anEmail('probe'), url: `${TEST_PUBLIC_URL}/x` } }), HOUR);
  });
});
