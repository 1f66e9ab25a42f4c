import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { UNLIMITED_RATE_LIMITS } from '../src/infra/rate-limit/rate-limiter.js';
import { anEmail, call, expectError, solveCaptcha } from './support/accounts.js';
import { useTestApp } from './support/test-app.js';

// Behind one reverse proxy (TRUST_PROXY=true, one hop) that appends the client's address to X-Forwarded-For, as
// HAProxy's `option forwardfor` and nginx's $proxy_add_x_forwarded_for do. Whatever the client wrote itself stays to
// the left: the per-address limits must count the entry the proxy added, not those.
const PROXY = '10.0.0.2';
const PER_ADDRESS = 3;
const t = useTestApp({
  trustProxy: 1,
  accounts: {
    contactEmail: 'operator@sift.test',
    rateLimits: {
      ...UNLIMITED_RATE_LIMITS,
      loginPerIp: { points: PER_ADDRESS, durationSeconds: 900 },
      contactPerIp: { points: PER_ADDRESS, durationSeconds: 3600 },
    },
  },
});

let clients = 0;
/** A real client address of its own per test, so counts do not mix. */
const aClient = () => `203.0.113.${++clients}`;
/** What a client may write in X-Forwarded-For: a different made-up address every time. */
const spoofed = () => `198.51.100.${randomInt(1, 255)}, 192.0.2.${randomInt(1, 255)}`;
/** The header as the proxy passes it on: the client's own entries, then the address the proxy saw. */
const throughProxy = (client: string) => ({ remoteAddress: PROXY, headers: { 'x-forwarded-for': `${spoofed()}, ${client}` } });

function failedLogin(client: string) {
  const { remoteAddress, headers } = throughProxy(client);
  return call(t.app, {
    method: 'POST',
    url: '/api/login',
    remoteAddress,
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username: anEmail('nobody'), password: 'not the password 1' }).toString(),
  });
}

async function contactMessage(client: string) {
  const captcha = await solveCaptcha(t.app);
  return call(t.app, {
    method: 'POST',
    url: '/api/contact',
    ...throughProxy(client),
    payload: { name: 'Ada', email: 'ada@example.com', message: 'Hello from behind a proxy.', captcha },
  });
}

describe('per-address limits behind a proxy count the address the proxy saw', () => {
  it('login: a client that changes its own X-Forwarded-For entries is still refused after the limit', async () => {
    const client = aClient();
    for (let i = 0; i < PER_ADDRESS; i++) expect((await failedLogin(client)).status).toBe(401);
    expectError(await failedLogin(client), 429, 'RATE_LIMITED');
    expectError(await failedLogin(client), 429, 'RATE_LIMITED');
    // Another person behind the same proxy is counted apart (the limit is theirs, not the proxy's).
    expect((await failedLogin(aClient())).status).toBe(401);
  });

  it('contact: a client that changes its own X-Forwarded-For entries is still refused after the limit', async () => {
    const client = aClient();
    for (let i = 0; i < PER_ADDRESS; i++) expect((await contactMessage(client)).status).toBe(202);
    expectError(await contactMessage(client), 429, 'RATE_LIMITED');
    expect(t.mailer.sent.filter((mail) => mail.to === 'operator@sift.test')).toHaveLength(PER_ADDRESS);
    expect((await contactMessage(aClient())).status).toBe(202);
  });
});
