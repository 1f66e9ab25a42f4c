import { AUTH_TOKEN_HEADER, googleVerifyResponseSchema, userDataSchema, type UserData } from '@sift/contracts';
import { SignJWT, generateKeyPair, importJWK } from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anEmail, call, expectError, GOOD_PASSWORD, login, signUp } from './support/accounts.js';
import { startOidcProvider, type TestOidcProvider } from './support/oidc-provider.js';
import { TEST_PUBLIC_URL, useTestApp } from './support/test-app.js';

const REDIRECT_URI = `${TEST_PUBLIC_URL}/oauth2/google/callback`;

let op: TestOidcProvider;
// Registered before useTestApp, so the provider listens (and its issuer is known) when the app is built.
beforeAll(async () => {
  op = await startOidcProvider({ redirectUri: REDIRECT_URI });
});
afterAll(async () => {
  await op?.close();
});
const t = useTestApp({ accounts: () => ({ google: { issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret } }) });

let subjects = 0;
/** A person known to the provider, with a fresh e-mail. */
function aPerson(overrides: Partial<{ email: string; email_verified: boolean; given_name: string; family_name: string }> = {}) {
  const subject = `person-${++subjects}`;
  const person = { email: anEmail('google'), email_verified: true, given_name: 'Grace', family_name: 'Hopper', picture: 'https://example.com/grace.png', ...overrides };
  op.people.set(subject, person);
  return { subject, ...person };
}

/** The browser's part: ask our API where to go, sign in at the provider, come back with code and state. */
async function codeFromProvider(subject: string) {
  const res = await call<{ location: string }>(t.app, { method: 'GET', url: '/api/oauth2/request/google' });
  expect(res.status).toBe(200);
  const back = await op.signIn(res.body.location, subject);
  return { back, state: res.headers[AUTH_TOKEN_HEADER] as string, location: new URL(res.body.location) };
}

async function finish(back: URL, options: { forwardIss?: boolean } = {}) {
  const query = new URLSearchParams({ code: back.searchParams.get('code')!, state: back.searchParams.get('state')! });
  if (options.forwardIss && back.searchParams.get('iss')) query.set('iss', back.searchParams.get('iss')!);
  return call<UserData>(t.app, { method: 'GET', url: `/api/login/oauth2/code/google?${query}` });
}

/**
 * An ID token as Google's button would hand it to the browser: here our test plays that client and runs its own
 * code flow against the provider, which mints and signs the token.
 */
async function idTokenFromProvider(subject: string): Promise<string> {
  const config = await client.discovery(new URL(op.issuer), op.clientId, op.clientSecret, undefined, { execute: [client.allowInsecureRequests] });
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT_URI,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  const back = await op.signIn(url.href, subject);
  const tokens = await client.authorizationCodeGrant(config, back, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
  return tokens.id_token!;
}

/** A token with the provider's key (or another) and claims of the test's choosing. */
async function mintIdToken(claims: Record<string, unknown>, options: { foreignKey?: boolean; expiresIn?: string | number } = {}) {
  const key = options.foreignKey ? (await generateKeyPair('RS256')).privateKey : await importJWK(op.privateJwk, 'RS256');
  return new SignJWT({ email_verified: true, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
    .setIssuer(op.issuer)
    .setAudience(op.clientId)
    .setSubject('minted')
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '10m')
    .sign(key);
}

describe('Google sign-in configuration', () => {
  it('offers Google when issuer, client id and secret are configured', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/auth/config' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ googleEnabled: true, appName: 'Sift', subscriptionsEnabled: true });
  });

  it('answers the provider path in any case, and 404 for providers it does not know', async () => {
    expect((await call(t.app, { method: 'GET', url: '/api/oauth2/request/GOOGLE' })).status).toBe(200);
    expectError(await call(t.app, { method: 'GET', url: '/api/oauth2/request/github' }), 404, 'UNKNOWN_PROVIDER');
    expectError(await call(t.app, { method: 'GET', url: '/api/login/oauth2/code/github?code=x&state=y' }), 404, 'UNKNOWN_PROVIDER');
  });
});

describe('GET /api/oauth2/request/google → provider → GET /api/login/oauth2/code/google', () => {
  it('sends the browser to the provider with PKCE (S256), state, nonce and our redirect URI', async () => {
    const res = await call<{ location: string }>(t.app, { method: 'GET', url: '/api/oauth2/request/google' });
    const location = new URL(res.body.location);
    expect(location.origin).toBe(op.issuer);
    expect(location.searchParams.get('client_id')).toBe(op.clientId);
    expect(location.searchParams.get('response_type')).toBe('code');
    expect(location.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(location.searchParams.get('nonce')).toBeTruthy();
    expect(location.searchParams.get('scope')).toContain('email');
    // The state travels in the URL and in the token header.
    expect(location.searchParams.get('state')).toBe(res.headers[AUTH_TOKEN_HEADER]);
  });

  it('signs a new person in with a real code flow, making a confirmed account with Watch later', async () => {
    const person = aPerson();
    const { back, state } = await codeFromProvider(person.subject);
    expect(back.searchParams.get('state')).toBe(state);
    expect(back.searchParams.get('code')).toBeTruthy();

    const res = await finish(back);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const token = res.headers[AUTH_TOKEN_HEADER] as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.headers['x-reactivated']).toBeUndefined();
    // This sign-in made the account: the client counts it as a sign-up.
    expect(res.headers['x-account-created']).toBe('true');

    const me = await call<UserData>(t.app, { method: 'GET', url: '/api/users', token });
    expect(me.status).toBe(200);
    const user = userDataSchema.parse(me.body);
    expect(user).toMatchObject({ userIsLoggedIn: true, email: person.email, firstName: 'Grace', lastName: 'Hopper', origin: 'GOOGLE', plan: 'FREE' });
    expect(user.picture).toBe('https://example.com/grace.png');
    expect(user.watchLater).not.toBeNull();
  });

  it('logs the same person into the same account next time (iss forwarded or not)', async () => {
    const person = aPerson();
    const first = await finish((await codeFromProvider(person.subject)).back);
    const second = await finish((await codeFromProvider(person.subject)).back, { forwardIss: true });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.uuid).toBe(first.body.uuid);
    expect(second.headers['x-account-created']).toBeUndefined();
  });

  it('links to an existing e-mail account (confirming it, since the provider vouches for the address)', async () => {
    const email = anEmail('linked');
    const { res } = await signUp(t.app, { email });
    expect(res.status).toBe(201);
    expectError(await login(t.app, email), 403, 'UNCONFIRMED');

    const person = aPerson({ email: email.toUpperCase() });
    const signedIn = await finish((await codeFromProvider(person.subject)).back);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ email, origin: 'email' });
    expect(signedIn.headers['x-account-created']).toBeUndefined();
    // The password of the e-mail account works now too.
    expect((await login(t.app, email, GOOD_PASSWORD)).status).toBe(200);
  });

  it('uses a state once: the same answer again is refused, as is an unknown state', async () => {
    const person = aPerson();
    const { back } = await codeFromProvider(person.subject);
    expect((await finish(back)).status).toBe(200);
    expectError(await finish(back), 400, 'STATE_INVALID');
    expectError(await call(t.app, { method: 'GET', url: '/api/login/oauth2/code/google?code=abc&state=never-issued' }), 400, 'STATE_INVALID');
  });

  it('refuses a code that the provider did not issue for this sign-in', async () => {
    const person = aPerson();
    const { back } = await codeFromProvider(person.subject);
    const res = await call(t.app, { method: 'GET', url: `/api/login/oauth2/code/google?code=forged-code&state=${back.searchParams.get('state')}` });
    expectError(res, 400, 'OAUTH_FAILED');
  });

  it('refuses a person whose e-mail the provider has not verified', async () => {
    const person = aPerson({ email_verified: false });
    expectError(await finish((await codeFromProvider(person.subject)).back), 403, 'EMAIL_UNVERIFIED');
  });

  it('answers 400 for a code or state missing from the query', async () => {
    expectError(await call(t.app, { method: 'GET', url: '/api/login/oauth2/code/google?state=abc' }), 400, 'VALIDATION', 'code');
    expectError(await call(t.app, { method: 'GET', url: '/api/login/oauth2/code/google?code=abc' }), 400, 'VALIDATION', 'state');
  });
});

describe('Google ID tokens: /api/public/v01/google/verify, /registration, /api/loginGoogle', () => {
  it('verifies, registers and logs in with an ID token minted by the provider', async () => {
    const person = aPerson({ given_name: 'Katherine', family_name: 'Johnson' });
    const idToken = await idTokenFromProvider(person.subject);

    const verified = await call(t.app, { method: 'POST', url: '/api/public/v01/google/verify', payload: { idToken } });
    expect(verified.status).toBe(200);
    expect(googleVerifyResponseSchema.parse(verified.body)).toEqual({ registered: false, email: person.email, firstName: 'Katherine', lastName: 'Johnson' });

    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const notYet = await call(t.app, { method: 'POST', url: '/api/loginGoogle', headers: form, payload: new URLSearchParams({ ggIdToken: idToken }).toString() });
    expectError(notYet, 404, 'NOT_REGISTERED');

    const registered = await call<UserData>(t.app, {
      method: 'POST',
      url: '/api/public/v01/google/registration',
      payload: { email: person.email, firstName: 'Kathy', lastName: 'Johnson', idToken },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    expect(registered.headers['x-account-created']).toBe('true');
    expect(registered.body).toMatchObject({ userIsLoggedIn: true, email: person.email, firstName: 'Kathy', origin: 'GOOGLE' });
    const token = registered.headers[AUTH_TOKEN_HEADER] as string;
    expect((await call<UserData>(t.app, { method: 'GET', url: '/api/users', token })).body.email).toBe(person.email);

    const again = await call(t.app, {
      method: 'POST',
      url: '/api/public/v01/google/registration',
      payload: { email: person.email, firstName: 'Kathy', lastName: 'Johnson', idToken },
    });
    expectError(again, 409, 'EMAIL_TAKEN', 'email');

    expect((await call<{ registered: boolean }>(t.app, { method: 'POST', url: '/api/public/v01/google/verify', payload: { idToken } })).body.registered).toBe(true);

    const loggedIn = await call<UserData>(t.app, { method: 'POST', url: '/api/loginGoogle', headers: form, payload: new URLSearchParams({ ggIdToken: idToken }).toString() });
    expect(loggedIn.status).toBe(200);
    expect(loggedIn.headers[AUTH_TOKEN_HEADER]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(loggedIn.headers[AUTH_TOKEN_HEADER]).not.toBe(token);
    expect(loggedIn.body.uuid).toBe(registered.body.uuid);
  });

  it('refuses registration under an e-mail other than the token’s', async () => {
    const person = aPerson();
    const idToken = await idTokenFromProvider(person.subject);
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/public/v01/google/registration',
      payload: { email: anEmail('someone-else'), firstName: 'A', lastName: 'B', idToken },
    });
    expectError(res, 400, 'VALIDATION', 'email');
  });

  it('answers 401 for forged, expired, wrong-audience, wrong-issuer and malformed ID tokens', async () => {
    const email = anEmail('minted');
    // A token with the provider's key and right claims passes: the checks below fail for one reason each.
    const good = await mintIdToken({ email });
    expect((await call(t.app, { method: 'POST', url: '/api/public/v01/google/verify', payload: { idToken: good } })).status).toBe(200);

    const bad = {
      forged: await mintIdToken({ email }, { foreignKey: true }),
      expired: await mintIdToken({ email }, { expiresIn: Math.floor(Date.now() / 1000) - 3600 }),
      wrongAudience: await new SignJWT({ email, email_verified: true })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer(op.issuer)
        .setAudience('somebody-elses-client')
        .setSubject('minted')
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(await importJWK(op.privateJwk, 'RS256')),
      wrongIssuer: await new SignJWT({ email, email_verified: true })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer('https://evil.example')
        .setAudience(op.clientId)
        .setSubject('minted')
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(await importJWK(op.privateJwk, 'RS256')),
      garbage: 'not.a.jwt',
    };
    for (const [why, idToken] of Object.entries(bad)) {
      const verify = await call(t.app, { method: 'POST', url: '/api/public/v01/google/verify', payload: { idToken } });
      expect(verify.status, why).toBe(401);
      expectError(verify, 401, 'ID_TOKEN_INVALID');
      expectError(await call(t.app, { method: 'POST', url: '/api/loginGoogle', payload: { ggIdToken: idToken } }), 401, 'ID_TOKEN_INVALID');
      const registration = await call(t.app, {
        method: 'POST',
        url: '/api/public/v01/google/registration',
        payload: { email, firstName: 'A', lastName: 'B', idToken },
      });
      expectError(registration, 401, 'ID_TOKEN_INVALID');
    }
    // None of them made an account.
    expect((await t.services.users.findByEmail(email)) ?? null).toBeNull();
  });

  it('answers 400 for a missing token', async () => {
    expectError(await call(t.app, { method: 'POST', url: '/api/public/v01/google/verify', payload: {} }), 400, 'VALIDATION', 'idToken');
    expectError(await call(t.app, { method: 'POST', url: '/api/loginGoogle', payload: {} }), 400, 'VALIDATION', 'ggIdToken');
  });
});
