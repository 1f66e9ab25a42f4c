import { contactStatusSchema } from '@sift/contracts';
import { describe, expect, it } from 'vitest';
import { UNLIMITED_RATE_LIMITS } from '../src/infra/rate-limit/rate-limiter.js';
import { call, expectError, solveCaptcha } from './support/accounts.js';
import { decodeMail, useSmtpCatcher, type CaughtMail } from './support/smtp-catcher.js';
import { useTestApp } from './support/test-app.js';

const OPERATOR = 'operator@sift.test';
const PER_HOUR = 3;

// A real SMTP server on loopback: the contact message leaves the app as it would in production (SMTP_URL).
const smtp = useSmtpCatcher();
const t = useTestApp({
  accounts: () => ({
    smtpUrl: smtp.url,
    mailFrom: 'Sift <no-reply@sift.test>',
    contactEmail: OPERATOR,
    rateLimits: { ...UNLIMITED_RATE_LIMITS, contactPerIp: { points: PER_HOUR, durationSeconds: 3600 } },
  }),
});

let addresses = 0;
/** Each test writes from an address of its own, so the per-address limit counts only its own messages. */
const anIp = () => `10.20.0.${++addresses}`;

async function send(body: Record<string, unknown>, ip = anIp()) {
  const captcha = 'captcha' in body ? body.captcha : await solveCaptcha(t.app);
  return call(t.app, { method: 'POST', url: '/api/contact', payload: { ...body, captcha }, remoteAddress: ip });
}

/** The first mail to the operator after `before` mails had arrived (SMTP delivery ends a moment after the answer). */
async function mailAfter(before: number): Promise<CaughtMail> {
  for (let waited = 0; waited < 5000; waited += 20) {
    const mail = smtp.mails.slice(before).find((m) => m.to.includes(OPERATOR));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('No mail to the operator');
}

/** Headers unfolded and quoted-printable undone. */
const readMail = (mail: CaughtMail) => decodeMail(mail.raw).replace(/\r?\n[ \t]+/g, ' ');
const header = (mail: CaughtMail, name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(readMail(mail))?.[1] ?? '';

describe('POST /api/contact', () => {
  it('says the form is on, and mails the message to CONTACT_EMAIL over SMTP with Reply-To the sender', async () => {
    const status = await call(t.app, { method: 'GET', url: '/api/contact' });
    expect(contactStatusSchema.parse(status.body)).toEqual({ enabled: true });

    const before = smtp.mails.length;
    const res = await send({ name: 'Ada Lovelace', email: 'ada@example.com', message: 'The sift "Cooking" shows\nno videos since Monday.' });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toEqual({ sent: true });

    const mail = await mailAfter(before);
    expect(mail.from).toBe('no-reply@sift.test');
    expect(header(mail, 'Subject')).toBe('[Sift] Message from Ada Lovelace');
    expect(header(mail, 'Reply-To')).toBe('Ada Lovelace <ada@example.com>');
    const text = readMail(mail);
    expect(text).toContain('The sift "Cooking" shows');
    expect(text).toContain('no videos since Monday.');
  });

  it('keeps a name with header syntax inside the Reply-To, and escapes markup in the HTML part', async () => {
    const before = smtp.mails.length;
    const res = await send({ name: 'Eve, <eve@evil.test>', email: 'eve@example.com', message: '<script>alert(1)</script>' });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const mail = await mailAfter(before);
    expect(header(mail, 'Reply-To')).toBe('"Eve, <eve@evil.test>" <eve@example.com>');
    expect(mail.raw).not.toMatch(/^Bcc:/im);
    expect(readMail(mail)).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('refuses a line break in the name (header injection) and bad fields with 400 and the fields', async () => {
    const injected = await send({ name: 'Eve\r\nBcc: victim@example.com', email: 'eve@example.com', message: 'Hi' });
    expectError(injected, 400, 'VALIDATION', 'name');

    const bad = await send({ name: ' ', email: 'not-an-address', message: '' });
    const error = expectError(bad, 400, 'VALIDATION');
    expect(error.fields?.map((f) => f.field).sort()).toEqual(['email', 'message', 'name']);

    const long = await send({ name: 'N'.repeat(101), email: 'a@example.com', message: 'M'.repeat(5001) });
    expect(expectError(long, 400, 'VALIDATION').fields?.map((f) => f.field).sort()).toEqual(['message', 'name']);

    const missing = await call(t.app, { method: 'POST', url: '/api/contact', payload: {} });
    expectError(missing, 400, 'VALIDATION', 'captcha');
    const notJson = await call(t.app, { method: 'POST', url: '/api/contact', payload: 'x', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
  });

  it('refuses a bad, or a used, captcha with 400 CAPTCHA and sends nothing', async () => {
    const before = smtp.mails.length;
    expectError(await send({ name: 'Bot', email: 'bot@example.com', message: 'Buy', captcha: 'bm90IGEgcGF5bG9hZA==' }), 400, 'CAPTCHA', 'captcha');
    const captcha = await solveCaptcha(t.app);
    expect((await send({ name: 'Ada', email: 'ada@example.com', message: 'Once', captcha })).status).toBe(202);
    expectError(await send({ name: 'Ada', email: 'ada@example.com', message: 'Twice', captcha }), 400, 'CAPTCHA', 'captcha');
    await mailAfter(before);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(smtp.mails.length).toBe(before + 1);
  });

  it(`takes ${PER_HOUR} messages an hour from one address, then 429 with Retry-After`, async () => {
    const ip = anIp();
    for (let i = 0; i < PER_HOUR; i++) {
      expect((await send({ name: 'Ada', email: 'ada@example.com', message: `Message ${i}` }, ip)).status).toBe(202);
    }
    const refused = await send({ name: 'Ada', email: 'ada@example.com', message: 'One too many' }, ip);
    expectError(refused, 429, 'RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    // Another address is not held back.
    expect((await send({ name: 'Grace', email: 'grace@example.com', message: 'Hello' })).status).toBe(202);
  });
});

describe('without CONTACT_EMAIL', () => {
  const off = useTestApp();

  it('says the form is off and answers 404 CONTACT_DISABLED', async () => {
    expect((await call(off.app, { method: 'GET', url: '/api/contact' })).body).toEqual({ enabled: false });
    const captcha = await solveCaptcha(off.app);
    const res = await call(off.app, { method: 'POST', url: '/api/contact', payload: { name: 'Ada', email: 'ada@example.com', message: 'Hi', captcha } });
    expectError(res, 404, 'CONTACT_DISABLED');
    expect(off.mailer.sent).toHaveLength(0);
  });
});

describe('when mail cannot go out', () => {
  const down = useTestApp({ accounts: { contactEmail: OPERATOR } });

  it('answers 503 MAIL_UNAVAILABLE instead of saying the message was sent', async () => {
    down.mailer.send = async () => {
      throw new Error('SMTP relay down');
    };
    const captcha = await solveCaptcha(down.app);
    const res = await call(down.app, { method: 'POST', url: '/api/contact', payload: { name: 'Ada', email: 'ada@example.com', message: 'Hi', captcha } });
    expectError(res, 503, 'MAIL_UNAVAILABLE');
  });
});
