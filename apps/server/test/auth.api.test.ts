import { createHash } from 'node:crypto';
import { AUTH_TOKEN_HEADER, PLACEHOLDER_CREATED_AT, userDataSchema, type UserData } from '@sift/contracts';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authTokens, users } from '../src/infra/db/schema.js';
import { aMember, anEmail, call, expectError, GOOD_PASSWORD, login, signUp } from './support/accounts.js';
import { useTestApp } from './support/test-app.js';

const t = useTestApp();
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('POST /api/login', () => {
  it('logs a confirmed member in from a form: user data in the body, the token in X-Auth-Token', async () => {
    const member = await aMember(t);
    const res = await login(t.app, member.email);
    expect(res.status).toBe(200);
    const user = userDataSchema.parse(res.body);
    expect(user).toMatchObject({ userIsLoggedIn: true, email: member.email, firstName: 'Ada', lastName: 'Lovelace', origin: 'email', plan: 'FREE', isPremium: false });
    expect(res.headers[AUTH_TOKEN_HEADER]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.headers['x-reactivated']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    // Every login is a session of its own.
    expect(res.headers[AUTH_TOKEN_HEADER]).not.toBe(member.token);
  });

  it('accepts JSON too, and the e-mail in any case', async () => {
    const member = await aMember(t);
    const res = await call<UserData>(t.app, { method: 'POST', url: '/api/login', payload: { username: `  ${member.email.toUpperCase()} `, password: member.password } });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(member.email);
  });

  it('answers the same 401 for a wrong password and an unknown e-mail, after similar work', async () => {
    const member = await aMember(t);
    const wrong = await login(t.app, member.email, 'not the password');
    const unknown = await login(t.app, anEmail('nobody'), 'not the password');
    const a = expectError(wrong, 401, 'BAD_CREDENTIALS');
    const b = expectError(unknown, 401, 'BAD_CREDENTIALS');
    expect(a.message).toBe(b.message);
    expect(wrong.headers[AUTH_TOKEN_HEADER]).toBeUndefined();

    // Both hash a password (argon2id), so neither answers much faster: medians of a few tries, within a factor of 4
    // (a loose bound, as other work on a busy CI machine lands on either side).
    const median = async (email: string) => {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        await login(t.app, email, 'still not the password');
        times.push(performance.now() - started);
      }
      return times.sort((x, y) => x - y)[2]!;
    };
    const known = await median(member.email);
    const nobody = await median(anEmail('nobody'));
    expect(nobody / known).toBeGreaterThan(1 / 4);
    expect(nobody / known).toBeLessThan(4);
  });

  it('answers 403 UNCONFIRMED for the right password of an unconfirmed account, and 401 for a wrong one', async () => {
    const { body, res } = await signUp(t.app);
    expect(res.status).toBe(201);
    expectError(await login(t.app, body.email, body.password), 403, 'UNCONFIRMED');
    expectError(await login(t.app, body.email, 'not the password'), 401, 'BAD_CREDENTIALS');
  });

  it('answers 400 naming the field for missing or empty credentials', async () => {
    expectError(await call(t.app, { method: 'POST', url: '/api/login', payload: { username: 'a@b.co' } }), 400, 'VALIDATION', 'password');
    expectError(await call(t.app, { method: 'POST', url: '/api/login', payload: { username: '', password: 'x' } }), 400, 'VALIDATION', 'username');
    const form = await call(t.app, {
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=a%40b.co',
    });
    expectError(form, 400, 'VALIDATION', 'password');
    expectError(await call(t.app, { method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"username":' }), 400);
  });
});

describe('sessions', () => {
  it('logout revokes the token: GET /api/users then answers 401', async () => {
    const member = await aMember(t);
    expect((await call(t.app, { method: 'GET', url: '/api/users', token: member.token })).status).toBe(200);
    const out = await call(t.app, { method: 'POST', url: '/api/logout', token: member.token });
    expect(out.status).toBe(204);
    expect(out.body).toBeUndefined();
    expectError(await call(t.app, { method: 'GET', url: '/api/users', token: member.token }), 401, 'UNAUTHENTICATED');
    // Logging out again, or without any token, is fine.
    expect((await call(t.app, { method: 'POST', url: '/api/logout', token: member.token })).status).toBe(204);
    expect((await call(t.app, { method: 'POST', url: '/api/logout' })).status).toBe(204);
  });

  it('logout ends only the presented session', async () => {
    const member = await aMember(t);
    const other = (await login(t.app, member.email)).headers[AUTH_TOKEN_HEADER] as string;
    await call(t.app, { method: 'POST', url: '/api/logout', token: member.token });
    expect((await call(t.app, { method: 'GET', url: '/api/users', token: other })).status).toBe(200);
  });

  it('a made-up or expired token is a 401; no token (or an empty one) is a visitor', async () => {
    expectError(await call(t.app, { method: 'GET', url: '/api/users', token: 'made-up-token' }), 401, 'UNAUTHENTICATED');
    const member = await aMember(t);
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.tokenHash, sha256(member.token)));
    expectError(await call(t.app, { method: 'GET', url: '/api/users', token: member.token }), 401, 'UNAUTHENTICATED');

    for (const authorization of [undefined, 'Bearer ', 'Bearer null', 'Bearer undefined']) {
      const res = await call<UserData>(t.app, { method: 'GET', url: '/api/users', headers: authorization ? { authorization } : {} });
      expect(res.status).toBe(200);
      expect(res.body.userIsLoggedIn).toBe(false);
      expect(res.body.createdAt).toBe(PLACEHOLDER_CREATED_AT);
    }
  });

  it('stores no password and no token in clear', async () => {
    const member = await aMember(t);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, member.email));
    expect(row!.passwordHash!.startsWith('$argon2id$')).toBe(true);
    expect(row!.passwordHash).not.toContain(member.password);

    // The session: only its SHA-256, 64 hex characters, with 30 days to live. (The spent confirmation token is gone.)
    const sessions = await t.database.db.select().from(authTokens).where(eq(authTokens.userId, row!.id));
    expect(sessions.map((r) => r.purpose)).toEqual(['session']);
    expect(sessions[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(sessions[0]!.tokenHash).not.toBe(member.token);
    expect(sessions[0]!.tokenHash).toBe(sha256(member.token));
    const days = (sessions[0]!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    // A confirmation link waiting to be followed: the same, with 24 hours to live.
    const { body } = await signUp(t.app);
    const link = t.mailer.last(body.email)!.link!;
    const confirmToken = link.split('/').pop()!;
    const [pending] = await t.database.db.select().from(users).where(eq(users.email, body.email));
    const [confirm] = await t.database.db.select().from(authTokens).where(eq(authTokens.userId, pending!.id));
    expect(confirm!.purpose).toBe('confirm');
    expect(confirm!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(confirm!.tokenHash).not.toBe(confirmToken);
    expect(confirm!.tokenHash).toBe(sha256(confirmToken));
    const hours = (confirm!.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    // Nothing in those tables holds a token or a password as it is.
    expect(await t.database.db.select().from(authTokens).where(inArray(authTokens.tokenHash, [member.token, confirmToken]))).toEqual([]);
    expect(await t.database.db.select().from(users).where(eq(users.passwordHash, member.password))).toEqual([]);
  });
});

describe('GET /api/captcha/challenge', () => {
  it('hands out a signed proof-of-work challenge that expires in 10 minutes and is not cached', async () => {
    const res = await call<{ parameters: Record<string, unknown>; signature: string }>(t.app, { method: 'GET', url: '/api/captcha/challenge' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(res.body.parameters).toMatchObject({ algorithm: 'SHA-256', cost: 1, keyLength: 32 });
    expect(res.body.parameters.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(res.body.parameters.keyPrefix).toMatch(/^[0-9a-f]+$/);
    const expiresIn = (res.body.parameters.expiresAt as number) - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(590);
    expect(expiresIn).toBeLessThanOrEqual(600);
    const again = await call<{ parameters: { nonce: string } }>(t.app, { method: 'GET', url: '/api/captcha/challenge' });
    expect(again.body.parameters.nonce).not.toBe(res.body.parameters.nonce);
  });
});

describe('without Google configured', () => {
  it('says so in /api/auth/config and answers 404 PROVIDER_DISABLED on the Google endpoints', async () => {
    expect((await call(t.app, { method: 'GET', url: '/api/auth/config' })).body).toEqual({ googleEnabled: false, appName: 'Sift', subscriptionsEnabled: true });
    expectError(await call(t.app, { method: 'GET', url: '/api/oauth2/request/google' }), 404, 'PROVIDER_DISABLED');
    expectError(await call(t.app, { method: 'GET', url: '/api/login/oauth2/code/Google?code=a&state=b' }), 404, 'PROVIDER_DISABLED');
    expectError(await call(t.app, { method: 'POST', url: '/api/loginGoogle', payload: { ggIdToken: 'x' } }), 404, 'PROVIDER_DISABLED');
    expectError(await call(t.app, { method: 'POST', url: '/api/public/v01/google/verify', payload: { idToken: 'x' } }), 404, 'PROVIDER_DISABLED');
    const registration = await call(t.app, {
      method: 'POST',
      url: '/api/public/v01/google/registration',
      payload: { email: anEmail(), firstName: 'A', lastName: 'B', idToken: 'x' },
    });
    expectError(registration, 404, 'PROVIDER_DISABLED');
    expectError(await call(t.app, { method: 'GET', url: '/api/oauth2/request/facebook' }), 404, 'UNKNOWN_PROVIDER');
  });
});

describe('a login after the password changed elsewhere', () => {
  it('uses the new password only', async () => {
    const member = await aMember(t);
    const res = await call(t.app, {
      method: 'PUT',
      url: '/api/users/update-password',
      token: member.token,
      payload: { logonId: member.email, currentPassword: GOOD_PASSWORD, newPassword: 'a brand new phrase 7' },
    });
    expect(res.status).toBe(204);
    expectError(await login(t.app, member.email, GOOD_PASSWORD), 401, 'BAD_CREDENTIALS');
    expect((await login(t.app, member.email, 'a brand new phrase 7')).status).toBe(200);
  });
});

describe('OpenAPI document', () => {
  it('documents every account endpoint', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/login',
        '/api/logout',
        '/api/auth/config',
        '/api/captcha/challenge',
        '/api/oauth2/request/{provider}',
        '/api/login/oauth2/code/{provider}',
        '/api/loginGoogle',
        '/api/public/v01/google/verify',
        '/api/public/v01/google/registration',
        '/api/accounts',
        '/api/accounts/confirm',
        '/api/accounts/resend-confirmation',
        '/api/accounts/reset-password',
        '/api/accounts/change-password',
        '/api/users',
        '/api/users/onboard',
        '/api/users/update-password',
        '/api/users/deactivate',
        '/api/users/delete',
      ]),
    );
  });
});
