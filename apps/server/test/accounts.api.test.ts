import { createHash } from 'node:crypto';
import { AUTH_TOKEN_HEADER } from '@sift/contracts';
import { createChallenge, solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authTokens, playlists, users } from '../src/infra/db/schema.js';
import { aMember, anEmail, call, expectError, GOOD_PASSWORD, login, signUp, solveCaptcha, tokenOf } from './support/accounts.js';
import { TEST_PUBLIC_URL, useTestApp } from './support/test-app.js';

const CAPTCHA_KEY = 'captcha-key-of-the-accounts-tests';
const t = useTestApp({ accounts: { captchaHmacKey: CAPTCHA_KEY } });
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

async function expireToken(token: string) {
  await t.database.db
    .update(authTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(authTokens.tokenHash, sha256(token)));
}

const confirm = (token: string) => call<{ email: string }>(t.app, { method: 'POST', url: '/api/accounts/confirm', payload: { token } });
const resetPassword = (email: string, url = `${TEST_PUBLIC_URL}/passwordReset`) =>
  call<{ email: string }>(t.app, { method: 'POST', url: '/api/accounts/reset-password', payload: { email, url } });
const changePassword = (token: string, password: string) => call(t.app, { method: 'PUT', url: '/api/accounts/change-password', payload: { token, password } });

describe('POST /api/accounts (sign-up)', () => {
  it('makes an unconfirmed account with its Watch later and mails a confirmation link that confirms it', async () => {
    const { body, res } = await signUp(t.app, { firstName: 'Mary', lastName: 'Somerville' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ email: body.email });

    const mail = t.mailer.last(body.email)!;
    expect(mail.subject).toBe('Confirm your Sift account');
    expect(mail.link).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/confirmRegistration/[A-Za-z0-9_-]{43}$`));
    expect(mail.text).toContain(mail.link);
    expect(mail.text).toContain('Hi Mary');
    expect(mail.html).toContain(`href="${mail.link}"`);
    expect(mail.html).toContain('Sift');

    const [row] = await t.database.db.select().from(users).where(eq(users.email, body.email));
    expect(row!.confirmedAt).toBeNull();
    const watchLater = await t.database.db.select().from(playlists).where(and(eq(playlists.ownerId, row!.id), eq(playlists.isWatchLater, true)));
    expect(watchLater).toHaveLength(1);
    expect(watchLater[0]!.name).toBe('Watch later');
    expect(watchLater[0]!.public).toBe(false);

    expectError(await login(t.app, body.email), 403, 'UNCONFIRMED');
    const confirmed = await confirm(tokenOf(mail.link!));
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ email: body.email });

    const loggedIn = await login(t.app, body.email);
    expect(loggedIn.status).toBe(200);
    expect(loggedIn.body).toMatchObject({ firstName: 'Mary', lastName: 'Somerville', onboarded: false, watchLater: { id: watchLater[0]!.id } });
  });

  it('escapes names in the HTML mail', async () => {
    const { body, res } = await signUp(t.app, { firstName: '<b>Eve</b>' });
    expect(res.status).toBe(201);
    const mail = t.mailer.last(body.email)!;
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Eve</b>');
  });

  it('answers 400 naming the field for a malformed e-mail, missing names, short, long and common passwords', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'not-an-email' }, 'email'],
      [{ email: 'two@@example.com' }, 'email'],
      [{ email: 'spaces in@example.com' }, 'email'],
      [{ firstName: '' }, 'firstName'],
      [{ lastName: '   ' }, 'lastName'],
      [{ password: 'short7!' }, 'password'],
      [{ password: 'x'.repeat(129) }, 'password'],
    ];
    for (const [override, field] of cases) {
      const payload = { email: anEmail(), firstName: 'Ada', lastName: 'Lovelace', password: GOOD_PASSWORD, captcha: 'not-checked-yet', ...override };
      expectError(await call(t.app, { method: 'POST', url: '/api/accounts', payload }), 400, 'VALIDATION', field);
    }
    for (const common of ['password1', 'Qwerty123', '12345678', 'iloveyou']) {
      const { res } = await signUp(t.app, { password: common });
      const error = expectError(res, 400, 'VALIDATION', 'password');
      expect(error.message).toMatch(/common/);
      // The app words it in the member's language from the field's code (issue 31: English in German).
      expect(error.fields).toEqual([{ field: 'password', message: expect.stringMatching(/common/), code: 'PASSWORD_TOO_COMMON' }]);
    }
  });

  it('answers an address that has an account as it answers a new one, and mails its owner instead of making a second account', async () => {
    const email = anEmail('taken');
    const first = await signUp(t.app, { email, firstName: 'Ada' });
    expect(first.res.status).toBe(201);
    // Unconfirmed: signing up again is a new confirmation link (whatever the case of the address).
    const again = await signUp(t.app, { email: email.toUpperCase(), firstName: 'Mallory' });
    expect(again.res.status).toBe(201);
    expect(again.res.body).toEqual({ email: email.toUpperCase() });
    const link = t.mailer.last(email)!;
    expect(link.subject).toBe('Confirm your Sift account');
    expect(link.text).toContain('Hi Ada');
    expect((await confirm(tokenOf(link.link!))).status).toBe(200);

    // Confirmed: the owner hears that someone tried, with where to log in and where to choose a new password.
    const third = await signUp(t.app, { email, firstName: 'Mallory', password: 'another Good password 9' });
    expect(third.res.status).toBe(201);
    expect(third.res.body).toEqual({ email });
    const note = t.mailer.last(email)!;
    expect(note.subject).toBe('You already have a Sift account');
    expect(note.link).toBe(`${TEST_PUBLIC_URL}/login`);
    expect(note.text).toContain(`${TEST_PUBLIC_URL}/forgot-password`);
    expect(note.text).toContain('Hi Ada');
    // Nothing changed: one account, the first password, the first name.
    const rows = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.firstName).toBe('Ada');
    expect((await login(t.app, email)).status).toBe(200);
  });

  it('lets exactly one of two simultaneous sign-ups with the same e-mail make an account, and answers both alike', async () => {
    const email = anEmail('race');
    const [captchaA, captchaB] = await Promise.all([solveCaptcha(t.app), solveCaptcha(t.app)]);
    const [a, b] = await Promise.all([signUp(t.app, { email, captcha: captchaA }), signUp(t.app, { email: email.toUpperCase(), captcha: captchaB })]);
    expect([a.res.status, b.res.status]).toEqual([201, 201]);
    const rows = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(rows.length + (await t.database.db.select().from(users).where(eq(users.email, email.toUpperCase()))).length).toBe(1);
  });
});

describe('the sign-up captcha', () => {
  it('is required', async () => {
    const { res } = await signUp(t.app, { captcha: '' });
    expectError(res, 400, 'VALIDATION', 'captcha');
  });

  it('refuses unreadable, unsigned, forged and wrongly solved answers', async () => {
    const good = JSON.parse(Buffer.from(await solveCaptcha(t.app), 'base64').toString()) as { challenge: Challenge; solution: { counter: number; derivedKey: string } };
    const otherKey = await createChallenge({ algorithm: 'SHA-256', cost: 1, counter: 50, deriveKey, hmacSignatureSecret: 'somebody-elses-key', expiresAt: new Date(Date.now() + 600_000) });
    const otherSolution = await solveChallenge({ challenge: otherKey, deriveKey });
    const answers = {
      garbage: 'this is not base64 json',
      empty: encode({}),
      unsigned: encode({ challenge: { parameters: good.challenge.parameters }, solution: good.solution }),
      tampered: encode({ challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, cost: 2 } }, solution: good.solution }),
      wrongSolution: encode({ challenge: good.challenge, solution: { counter: good.solution.counter + 1, derivedKey: '00'.repeat(32) } }),
      signedElsewhere: encode({ challenge: otherKey, solution: otherSolution }),
    };
    for (const [why, captcha] of Object.entries(answers)) {
      const { res } = await signUp(t.app, { captcha });
      expect(res.status, why).toBe(400);
      expectError(res, 400, 'CAPTCHA', 'captcha');
    }
    // The good answer was never redeemed by those attempts.
    expect((await signUp(t.app, { captcha: encode(good) })).res.status).toBe(201);
  });

  it('works once: a replayed answer is refused', async () => {
    const captcha = await solveCaptcha(t.app);
    expect((await signUp(t.app, { captcha })).res.status).toBe(201);
    const replay = await signUp(t.app, { captcha });
    const error = expectError(replay.res, 400, 'CAPTCHA', 'captcha');
    expect(error.message).toMatch(/used already/);
    expect(await t.services.users.findByEmail(replay.body.email)).toBeUndefined();
  });

  it('expires after its time', async () => {
    const expired = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: 20,
      deriveKey,
      hmacSignatureSecret: CAPTCHA_KEY,
      expiresAt: Math.floor(Date.now() / 1000) - 1,
    });
    const solution = await solveChallenge({ challenge: expired, deriveKey });
    const error = expectError((await signUp(t.app, { captcha: encode({ challenge: expired, solution }) })).res, 400, 'CAPTCHA', 'captcha');
    expect(error.message).toMatch(/expired/);
  });

  it('is not spent by a sign-up refused for its password', async () => {
    const captcha = await solveCaptcha(t.app);
    expectError((await signUp(t.app, { captcha, password: 'password123' })).res, 400, 'VALIDATION', 'password');
    expect((await signUp(t.app, { captcha })).res.status).toBe(201);
  });
});

describe('POST /api/accounts/confirm', () => {
  it('works once: the same link again is 400 TOKEN_INVALID, as is a made-up token', async () => {
    const { body } = await signUp(t.app);
    const token = tokenOf(t.mailer.last(body.email)!.link!);
    expect((await confirm(token)).status).toBe(200);
    expectError(await confirm(token), 400, 'TOKEN_INVALID');
    expectError(await confirm('made-up-token'), 400, 'TOKEN_INVALID');
  });

  it('answers 410 TOKEN_EXPIRED after 24 hours, and the account stays unconfirmed', async () => {
    const { body } = await signUp(t.app);
    const token = tokenOf(t.mailer.last(body.email)!.link!);
    await expireToken(token);
    const error = expectError(await confirm(token), 410, 'TOKEN_EXPIRED');
    expect(error.message).toMatch(/expired/);
    expectError(await login(t.app, body.email), 403, 'UNCONFIRMED');
  });

  it('answers 400 without a token', async () => {
    expectError(await call(t.app, { method: 'POST', url: '/api/accounts/confirm', payload: {} }), 400, 'VALIDATION', 'token');
    expectError(await call(t.app, { method: 'POST', url: '/api/accounts/confirm', payload: { token: '' } }), 400, 'VALIDATION', 'token');
  });
});

describe('POST /api/accounts/resend-confirmation', () => {
  const resend = (email: string) => call<{ email: string }>(t.app, { method: 'POST', url: '/api/accounts/resend-confirmation', payload: { email } });

  it('mails a new link that works; the older link stops working', async () => {
    const { body } = await signUp(t.app);
    const first = tokenOf(t.mailer.last(body.email)!.link!);
    await expireToken(first);
    const res = await resend(body.email.toUpperCase());
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ email: body.email.toUpperCase() });
    const second = tokenOf(t.mailer.last(body.email)!.link!);
    expect(second).not.toBe(first);
    expectError(await confirm(first), 400, 'TOKEN_INVALID');
    expect((await confirm(second)).status).toBe(200);
  });

  it('answers the same 202 whether the address has no account, an unconfirmed or a confirmed one; the mail tells the difference', async () => {
    const nobody = anEmail('nobody');
    const { body: unconfirmed } = await signUp(t.app);
    const member = await aMember(t);
    const sent = t.mailer.sent.length;
    const answers = await Promise.all([nobody, unconfirmed.email, member.email].map(async (email) => resend(email)));
    expect(answers.map((res) => [res.status, res.body])).toEqual([
      [202, { email: nobody }],
      [202, { email: unconfirmed.email }],
      [202, { email: member.email }],
    ]);

    // Nothing goes to an address without an account; the unconfirmed account gets a link, the confirmed one a note.
    expect(t.mailer.sent.slice(sent).map((mail) => mail.to).sort()).toEqual([unconfirmed.email, member.email].sort());
    expect(t.mailer.last(unconfirmed.email)!.subject).toBe('Confirm your Sift account');
    const note = t.mailer.last(member.email)!;
    expect(note.subject).toBe('Your Sift account is confirmed already');
    expect(note.link).toBe(`${TEST_PUBLIC_URL}/login`);
    expect(note.text).toContain(`${TEST_PUBLIC_URL}/forgot-password`);
    expect(note.html).toContain(`href="${TEST_PUBLIC_URL}/forgot-password"`);
    // The note carries no token: the account stays as it is.
    expect((await login(t.app, member.email)).status).toBe(200);
  });

  it('answers 400 for a malformed e-mail', async () => {
    expectError(await resend('nope'), 400, 'VALIDATION', 'email');
  });
});

describe('password reset: POST /api/accounts/reset-password, PUT /api/accounts/change-password', () => {
  it('mails a link to the reset page whose token sets the new password and ends every session', async () => {
    const member = await aMember(t);
    const res = await resetPassword(member.email);
    expect(res.status).toBe(202);
    const mail = t.mailer.last(member.email)!;
    expect(mail.subject).toBe('Reset your Sift password');
    expect(mail.link).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/passwordReset\\?token=[A-Za-z0-9_-]{43}$`));
    expect(mail.text).toContain(mail.link);
    expect(mail.html).toContain(`href="${mail.link}"`);

    const token = tokenOf(mail.link!);
    expect((await changePassword(token, 'a completely new phrase')).status).toBe(204);
    expectError(await call(t.app, { method: 'GET', url: '/api/users', token: member.token }), 401, 'UNAUTHENTICATED');
    expectError(await login(t.app, member.email, member.password), 401, 'BAD_CREDENTIALS');
    expect((await login(t.app, member.email, 'a completely new phrase')).status).toBe(200);

    // The link works once.
    expectError(await changePassword(token, 'yet another new phrase'), 400, 'TOKEN_INVALID');
  });

  it('answers 410 TOKEN_EXPIRED after an hour and 400 TOKEN_INVALID for a made-up token', async () => {
    const member = await aMember(t);
    await resetPassword(member.email);
    const token = tokenOf(t.mailer.last(member.email)!.link!);
    const [row] = await t.database.db.select().from(authTokens).where(eq(authTokens.tokenHash, sha256(token)));
    const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
    await expireToken(token);
    expectError(await changePassword(token, 'a completely new phrase'), 410, 'TOKEN_EXPIRED');
    expectError(await changePassword('made-up-token', 'a completely new phrase'), 400, 'TOKEN_INVALID');
    // The old password still works.
    expect((await login(t.app, member.email)).status).toBe(200);
  });

  it('only the newest link works', async () => {
    const member = await aMember(t);
    await resetPassword(member.email);
    const older = tokenOf(t.mailer.last(member.email)!.link!);
    await resetPassword(member.email);
    const newer = tokenOf(t.mailer.last(member.email)!.link!);
    expectError(await changePassword(older, 'a completely new phrase'), 400, 'TOKEN_INVALID');
    expect((await changePassword(newer, 'a completely new phrase')).status).toBe(204);
  });

  it('refuses short and common new passwords without spending the link', async () => {
    const member = await aMember(t);
    await resetPassword(member.email);
    const token = tokenOf(t.mailer.last(member.email)!.link!);
    expectError(await changePassword(token, 'short'), 400, 'VALIDATION', 'password');
    expectError(await changePassword(token, 'password123'), 400, 'VALIDATION', 'password');
    expect((await changePassword(token, 'a completely new phrase')).status).toBe(204);
  });

  it('confirms an unconfirmed account: the link reached the mailbox', async () => {
    const { body } = await signUp(t.app);
    await resetPassword(body.email);
    expect((await changePassword(tokenOf(t.mailer.last(body.email)!.link!), 'a completely new phrase')).status).toBe(204);
    const res = await login(t.app, body.email, 'a completely new phrase');
    expect(res.status).toBe(200);
    expect(res.headers[AUTH_TOKEN_HEADER]).toBeTruthy();
  });

  it('only mails links to pages of this app', async () => {
    const member = await aMember(t);
    const sent = t.mailer.sent.length;
    for (const url of ['https://evil.example/passwordReset', '//evil.example/passwordReset', 'javascript:alert(1)', 'http://sift.test.evil.example/x']) {
      expectError(await resetPassword(member.email, url), 400, 'VALIDATION', 'url');
    }
    expect(t.mailer.sent.length).toBe(sent);
    // A path on our origin is fine, and an existing query is kept.
    expect((await resetPassword(member.email, '/password-reset?from=mail')).status).toBe(202);
    expect(t.mailer.last(member.email)!.link).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/password-reset\\?from=mail&token=`));
  });

  it('answers the same 202 for an e-mail without an account, and mails nothing', async () => {
    const nobody = anEmail('nobody');
    const member = await aMember(t);
    const sent = t.mailer.sent.length;
    const [unknown, known] = [await resetPassword(nobody), await resetPassword(member.email)];
    expect([unknown.status, unknown.body]).toEqual([202, { email: nobody }]);
    expect([known.status, known.body]).toEqual([202, { email: member.email }]);
    expect(t.mailer.sent.slice(sent).map((mail) => mail.to)).toEqual([member.email]);
  });

  it('answers 400 for a malformed e-mail or a missing token', async () => {
    expectError(await resetPassword('nope'), 400, 'VALIDATION', 'email');
    expectError(await call(t.app, { method: 'PUT', url: '/api/accounts/change-password', payload: { password: 'a completely new phrase' } }), 400, 'VALIDATION', 'token');
  });
});

describe('when mail cannot go out', () => {
  it('answers 503 MAIL_UNAVAILABLE instead of pretending the link was sent', async () => {
    const member = await aMember(t);
    const send = t.mailer.send;
    t.mailer.send = async () => {
      throw new Error('SMTP relay down');
    };
    try {
      expectError(await resetPassword(member.email), 503, 'MAIL_UNAVAILABLE');
    } finally {
      t.mailer.send = send;
    }
  });
});
