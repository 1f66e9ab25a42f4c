import { AUTH_TOKEN_HEADER, type UserData } from '@sift/contracts';
import { describe, expect, it } from 'vitest';
import { call, GOOD_PASSWORD, login, signUp } from './support/accounts.js';
import { decodeMail, linksIn, readMail, useSmtpCatcher } from './support/smtp-catcher.js';
import { TEST_PUBLIC_URL, useTestApp } from './support/test-app.js';

// A real SMTP server on loopback, and the app configured with SMTP_URL pointing at it: mail leaves through nodemailer.
const smtp = useSmtpCatcher();
const t = useTestApp({ accounts: () => ({ smtpUrl: smtp.url, mailFrom: 'Sift <no-reply@sift.test>' }) });

describe('account mail over SMTP', () => {
  it('sign-up → the confirmation mail arrives → its link confirms the account → login works', async () => {
    const { body, res } = await signUp(t.app, { firstName: 'Radia' });
    expect(res.status).toBe(201);

    const mail = await smtp.waitFor(body.email);
    expect(mail.from).toBe('no-reply@sift.test');
    const text = decodeMail(mail.raw);
    expect(text).toMatch(/^Subject: Confirm your Sift account$/m);
    expect(text).toMatch(/^From: Sift <no-reply@sift\.test>$/m);
    expect(text).toContain('Content-Type: text/plain');
    expect(text).toContain('Content-Type: text/html');
    expect(text).toContain('Hi Radia');

    const links = linksIn(mail.raw, `${TEST_PUBLIC_URL}/confirmRegistration/`);
    expect(links.length).toBeGreaterThan(0);
    // The same link in the text part and in the HTML part.
    expect(new Set(links).size).toBe(1);
    const token = links[0]!.split('/').pop()!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    expect((await login(t.app, body.email)).status).toBe(403);
    const confirmed = await call(t.app, { method: 'POST', url: '/api/accounts/confirm', payload: { token } });
    expect(confirmed.status).toBe(200);
    const loggedIn = await login(t.app, body.email);
    expect(loggedIn.status).toBe(200);
    const me = await call<UserData>(t.app, { method: 'GET', url: '/api/users', token: loggedIn.headers[AUTH_TOKEN_HEADER] as string });
    expect(me.body).toMatchObject({ userIsLoggedIn: true, email: body.email, firstName: 'Radia' });
  });

  it('forgot password → the reset mail arrives → its link sets a new password', async () => {
    const { body } = await signUp(t.app);
    const confirmLink = linksIn((await smtp.waitFor(body.email)).raw, `${TEST_PUBLIC_URL}/confirmRegistration/`)[0]!;
    await call(t.app, { method: 'POST', url: '/api/accounts/confirm', payload: { token: confirmLink.split('/').pop() } });
    const before = smtp.mails.length;

    const requested = await call(t.app, { method: 'POST', url: '/api/accounts/reset-password', payload: { email: body.email, url: `${TEST_PUBLIC_URL}/passwordReset` } });
    expect(requested.status).toBe(202);
    for (let i = 0; i < 250 && smtp.mails.length === before; i++) await new Promise((r) => setTimeout(r, 20));
    const mail = smtp.mails.at(-1)!;
    expect(decodeMail(mail.raw)).toMatch(/^Subject: Reset your Sift password$/m);
    const link = linksIn(mail.raw, `${TEST_PUBLIC_URL}/passwordReset`)[0]!;
    const token = new URL(link).searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const changed = await call(t.app, { method: 'PUT', url: '/api/accounts/change-password', payload: { token, password: 'sea glass and pebbles' } });
    expect(changed.status).toBe(204);
    expect((await login(t.app, body.email, GOOD_PASSWORD)).status).toBe(401);
    expect((await login(t.app, body.email, 'sea glass and pebbles')).status).toBe(200);
  });

  it('a confirmation link asked for a confirmed account brings a "confirmed already" mail; an address without an account gets none', async () => {
    const { body } = await signUp(t.app, { firstName: 'Grace', locale: 'fr' });
    const confirmLink = linksIn((await smtp.waitFor(body.email)).raw, `${TEST_PUBLIC_URL}/confirmRegistration/`)[0]!;
    await call(t.app, { method: 'POST', url: '/api/accounts/confirm', payload: { token: confirmLink.split('/').pop() } });
    const nobody = `nobody-${Date.now()}@example.com`;
    const before = smtp.mails.length;

    for (const email of [nobody, body.email]) {
      expect((await call(t.app, { method: 'POST', url: '/api/accounts/resend-confirmation', payload: { email } })).status).toBe(202);
    }
    // The app answers once the relay has taken the mail: what arrived by now is all that was sent.
    const arrived = smtp.mails.slice(before);
    expect(arrived.map((mail) => mail.to)).toEqual([[body.email]]);
    const mail = readMail(arrived[0]!.raw);
    expect(mail.subject).toBe('Votre compte Sift est déjà confirmé');
    expect(mail.text).toContain('Bonjour Grace,');
    expect(linksIn(arrived[0]!.raw, `${TEST_PUBLIC_URL}/login`).length).toBeGreaterThan(0);
    expect(linksIn(arrived[0]!.raw, `${TEST_PUBLIC_URL}/forgot-password`).length).toBeGreaterThan(0);
    expect(linksIn(arrived[0]!.raw, `${TEST_PUBLIC_URL}/confirmRegistration/`)).toEqual([]);

    expect((await call(t.app, { method: 'POST', url: '/api/accounts/reset-password', payload: { email: nobody, url: `${TEST_PUBLIC_URL}/passwordReset` } })).status).toBe(202);
    expect(smtp.mails.length).toBe(before + 1);
  });

  it("is written in the member's language: German from sign-up, then the language the member switches to", async () => {
    const { body, res } = await signUp(t.app, { firstName: 'Radia', locale: 'de' });
    expect(res.status).toBe(201);
    const confirmation = decodeMail((await smtp.waitFor(body.email)).raw);
    expect(confirmation).toContain('Hallo Radia,');
    expect(confirmation).toContain('Willkommen bei Sift!');
    expect(confirmation).toContain('<html lang="de">');
    expect(confirmation).not.toContain('Welcome to Sift');
    const token = linksIn(confirmation, `${TEST_PUBLIC_URL}/confirmRegistration/`)[0]!.split('/').pop();
    await call(t.app, { method: 'POST', url: '/api/accounts/confirm', payload: { token } });

    const resetMail = async () => {
      const before = smtp.mails.length;
      const requested = await call(t.app, { method: 'POST', url: '/api/accounts/reset-password', payload: { email: body.email, url: `${TEST_PUBLIC_URL}/passwordReset` } });
      expect(requested.status).toBe(202);
      for (let i = 0; i < 250 && smtp.mails.length === before; i++) await new Promise((r) => setTimeout(r, 20));
      return decodeMail(smtp.mails.at(-1)!.raw);
    };
    expect(await resetMail()).toContain('Jemand (hoffentlich du) m');

    // The language switch of a member: PUT /api/users with only the locale; the names stay.
    const memberToken = (await login(t.app, body.email)).headers[AUTH_TOKEN_HEADER] as string;
    const bad = await call(t.app, { method: 'PUT', url: '/api/users', token: memberToken, payload: { locale: 'xx' } });
    expect(bad.status).toBe(400);
    const switched = await call<UserData>(t.app, { method: 'PUT', url: '/api/users', token: memberToken, payload: { locale: 'es' } });
    expect(switched.status).toBe(200);
    expect(switched.body.firstName).toBe('Radia');
    expect(switched.body.locale).toBe('es');
    // The member's language comes with their user data, for browsers that have no language choice of their own.
    expect((await call<UserData>(t.app, { method: 'GET', url: '/api/users', token: memberToken })).body.locale).toBe('es');
    const spanish = await resetMail();
    expect(spanish).toContain('Hola, Radia:');
    expect(spanish).toContain('Elegir una nueva contrase');
  });
});
