import { siftSchema, type Sift, type Subscription } from '@sift/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type Services } from '../src/app.js';
import { refreshFollowedChannel } from '../src/jobs/new-videos.js';
import { periodEnd } from '../src/modules/notifications/notifications.service.js';
import type { ProviderChannel, ProviderVideo } from '../src/providers/video-provider.js';
import { AUTH_TOKEN_HEADER } from '@sift/contracts';
import { call, login, signUp, type SignUpInput } from './support/accounts.js';
import { aChannel, aVideo } from './support/factories.js';
import { decodeMail, linksIn, readMail as readUtf8Mail, useSmtpCatcher, type CaughtMail } from './support/smtp-catcher.js';
import { TEST_PUBLIC_URL, useTestApp } from './support/test-app.js';

// A real SMTP server on loopback; the app sends through it (SMTP_URL), as in production.
const smtp = useSmtpCatcher();
const mailSettings = () => ({ smtpUrl: smtp.url, mailFrom: 'Sift <no-reply@sift.test>' });
const t = useTestApp({ accounts: mailSettings });

const api = <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  call<T>(t.app, { method, url, token, ...(payload === undefined ? {} : { payload: payload as object }) });

/** A confirmed member: signs up, follows the confirmation link that arrived over SMTP, logs in. */
async function aMember(input: SignUpInput = {}): Promise<{ email: string; token: string }> {
  const { body, res } = await signUp(t.app, input);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const link = linksIn((await smtp.waitFor(body.email)).raw, `${TEST_PUBLIC_URL}/confirmRegistration/`)[0]!;
  expect((await call(t.app, { method: 'POST', url: '/api/accounts/confirm', payload: { token: link.split('/').pop() } })).status).toBe(200);
  const loggedIn = await login(t.app, body.email, body.password);
  expect(loggedIn.status).toBe(200);
  smtp.mails.splice(0, smtp.mails.length, ...smtp.mails.filter((m) => !m.to.includes(body.email)));
  return { email: body.email, token: loggedIn.headers[AUTH_TOKEN_HEADER] as string };
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
let hour = 0;

async function aStoredChannel(): Promise<ProviderChannel> {
  const channel = aChannel();
  t.videoService.channels.set(channel.externalId, channel);
  addVideo(channel, { title: 'Old upload' });
  await t.services.catalog.syncChannel(channel.externalId);
  return channel;
}

function addVideo(channel: ProviderChannel, overrides: Partial<ProviderVideo>): ProviderVideo {
  // Published now (a second apart, in order): mails tell only of videos published after the follow.
  const video = aVideo(channel, { publishedAt: new Date(Date.now() + ++hour * 1_000), ...overrides });
  t.videoService.videos.set(video.externalId, video);
  return video;
}

/** New uploads at the service → the refresh job's work for that channel. */
async function upload(channel: ProviderChannel, ...titles: string[]) {
  for (const title of titles) addVideo(channel, { title });
  await refreshFollowedChannel(t.services, channel.externalId);
}

const mailsTo = (email: string): CaughtMail[] => smtp.mails.filter((m) => m.to.some((a) => a.toLowerCase() === email.toLowerCase()));
/** Headers unfolded, quoted-printable undone. */
const readMail = (mail: CaughtMail) => decodeMail(mail.raw).replace(/\r?\n[ \t]+/g, ' ');
const subjectOf = (mail: CaughtMail) => /^Subject: (.*)$/m.exec(readMail(mail))?.[1] ?? '';
/** SMTP delivery ends a moment after the send resolves on the client side; wait for the server to have it. */
async function settle() {
  await new Promise((resolve) => setTimeout(resolve, 150));
}

async function followChannel(token: string, channel: ProviderChannel, frequency: string): Promise<Subscription> {
  const res = await api<Subscription>('POST', '/api/subscriptions', token, { externalId: channel.externalId, frequency });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('IMMEDIATE', () => {
  it('mails each new video within the minute, with a one-click unsubscribe that sets NONE', async () => {
    const m = await aMember({ firstName: 'Ada' });
    const channel = await aStoredChannel();
    const sub = await followChannel(m.token, channel, 'IMMEDIATE');
    await upload(channel, 'Fresh upload');

    // Within the same minute nothing goes out yet (batched within a minute).
    expect((await t.services.notifications.dispatch(new Date(periodEnd('IMMEDIATE', new Date()).getTime() - 1))).sent).toBe(0);
    const result = await t.services.notifications.dispatch(new Date(Date.now() + MINUTE));
    expect(result.sent).toBeGreaterThanOrEqual(1);
    const mail = await smtp.waitFor(m.email);
    const text = readMail(mail);
    expect(subjectOf(mail)).toBe(`New from ${channel.name}: Fresh upload`);
    expect(text).toContain('Hi Ada');
    expect(text).toContain('Fresh upload');
    expect(text).not.toContain('Old upload');
    expect(text).toContain(`${TEST_PUBLIC_URL}/watch?v=`);
    expect(text).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    // Read from the raw headers (quoted-printable decoding would eat "=12…" of a token that starts with digits).
    const oneClick = /^List-Unsubscribe: <([^>]+)>$/m.exec(mail.raw.replace(/\r?\n[ \t]+/g, ' '))?.[1];
    expect(oneClick).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/api/subscriptions/unsubscribe\\?token=[a-f0-9]{32}$`));
    expect(text).toContain(`${TEST_PUBLIC_URL}/unsubscribe?token=`);
    // The Message-ID comes from the digest's row (stable across attempts, decisions/013), not from the transport.
    expect(mail.raw).toMatch(/^Message-ID: <digest\.\d+\.\d+\.[0-9a-z]+@sift\.test>\r?$/m);

    // Nothing twice.
    await t.services.notifications.dispatch(new Date(Date.now() + 2 * MINUTE));
    await settle();
    expect(mailsTo(m.email)).toHaveLength(1);

    // The mail client's one-click POST (RFC 8058): a form body, no login.
    const res = await t.app.inject({
      method: 'POST',
      url: oneClick!.replace(TEST_PUBLIC_URL, ''),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ frequency: 'NONE', target: { type: 'channel', name: channel.name } });
    const list = await api<{ items: Subscription[] }>('GET', '/api/subscriptions', m.token);
    expect(list.body.items.find((s) => s.id === sub.id)).toMatchObject({ frequency: 'NONE', optOut: false });

    // Still followed (in the feed), but no more mail.
    await upload(channel, 'Another upload');
    await t.services.notifications.dispatch(new Date(Date.now() + 3 * MINUTE));
    await settle();
    expect(mailsTo(m.email)).toHaveLength(1);
    expect((await t.app.inject({ method: 'POST', url: '/api/subscriptions/unsubscribe?token=0000000000000000000000000000dead' })).statusCode).toBe(404);
  });

  it('batches the videos of one minute into one mail', async () => {
    const m = await aMember();
    const channel = await aStoredChannel();
    await followChannel(m.token, channel, 'IMMEDIATE');
    await upload(channel, 'First of two', 'Second of two');
    await t.services.notifications.dispatch(new Date(Date.now() + MINUTE));
    const mail = await smtp.waitFor(m.email);
    expect(subjectOf(mail)).toBe(`2 new videos from ${channel.name}`);
    expect(readMail(mail)).toContain('First of two');
    expect(readMail(mail)).toContain('Second of two');
  });
});

describe('DAILY and WEEKLY digests', () => {
  let owner: Awaited<ReturnType<typeof aMember>>;
  beforeAll(async () => {
    owner = await aMember();
  });

  it('DAILY: one digest after the day ends, with exactly the new videos that match the sift', async () => {
    const m = await aMember();
    const channel = await aStoredChannel();
    const created = await api<Sift>('POST', '/api/sifts', owner.token, { name: 'Pasta only', public: true, channels: [{ externalId: channel.externalId }], keywords: { all: ['pasta'] } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await t.services.jobs.drain();
    const sift = siftSchema.parse(created.body);
    const res = await api<{ items: Subscription[] }>('POST', '/api/subscriptions/sifts', m.token, { sifts: [sift.hash], frequency: 'DAILY' });
    expect(res.status).toBe(200);

    await upload(channel, 'Pasta tonight', 'Bread tonight', 'More pasta');
    expect((await t.services.notifications.dispatch(new Date())).sent).toBe(0);
    const tomorrow = new Date(periodEnd('DAILY', new Date()).getTime() + DAY + MINUTE);
    await t.services.notifications.dispatch(tomorrow);
    const mail = await smtp.waitFor(m.email);
    expect(subjectOf(mail)).toBe('Your daily digest: 2 new videos from Pasta only');
    const text = readMail(mail);
    expect(text).toContain('Pasta tonight');
    expect(text).toContain('More pasta');
    expect(text).not.toContain('Bread tonight');
    expect(text).not.toContain('Old upload');
    await t.services.notifications.dispatch(new Date(tomorrow.getTime() + MINUTE));
    await settle();
    expect(mailsTo(m.email)).toHaveLength(1);
  });

  it('WEEKLY: one digest after the ISO week ends; NONE sends nothing', async () => {
    const weekly = await aMember();
    const none = await aMember();
    const channel = await aStoredChannel();
    await followChannel(weekly.token, channel, 'WEEKLY');
    await followChannel(none.token, channel, 'NONE');
    await upload(channel, 'Monday video', 'Friday video');
    const endOfThisWeek = periodEnd('WEEKLY', new Date()).getTime() + 7 * DAY;
    await t.services.notifications.dispatch(new Date(endOfThisWeek - MINUTE));
    await settle();
    expect(mailsTo(weekly.email)).toHaveLength(0);
    await t.services.notifications.dispatch(new Date(endOfThisWeek + MINUTE));
    const mail = await smtp.waitFor(weekly.email);
    expect(subjectOf(mail)).toBe(`Your weekly digest: 2 new videos from ${channel.name}`);
    expect(readMail(mail)).toContain('Monday video');
    expect(readMail(mail)).toContain('Friday video');
    await settle();
    expect(mailsTo(none.email)).toHaveLength(0);
  });
});

describe("in the member's language (issue 19)", () => {
  const NBSP = '\u00a0';

  it('a member whose language is French gets the digests in French, with French plurals and frequency', async () => {
    const owner = await aMember();
    const m = await aMember({ firstName: 'Ada', locale: 'fr' });
    const channel = await aStoredChannel();
    await followChannel(m.token, channel, 'IMMEDIATE');
    const created = await api<Sift>('POST', '/api/sifts', owner.token, { name: 'Pâtes seulement', public: true, channels: [{ externalId: channel.externalId }], keywords: { all: ['pasta'] } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await t.services.jobs.drain();
    const sift = siftSchema.parse(created.body);

    // One video, as it arrives: the one-video subject. (The sift is followed after it: a dispatch a minute after an
    // upload in a day's last minute is also past the day's end, when a daily digest would be due as well.)
    await upload(channel, 'Pasta tonight');
    await t.services.notifications.dispatch(new Date(Date.now() + MINUTE));
    const one = readUtf8Mail((await smtp.waitFor(m.email)).raw);
    expect(one.subject).toBe(`Nouvelle vidéo de ${channel.name}${NBSP}: Pasta tonight`);
    expect(one.text).toContain('Bonjour Ada,');
    expect(one.text).toContain(`1 nouvelle vidéo de ${channel.name}${NBSP}:`);
    expect(one.text).toContain(`Vous recevez ces e-mails dès leur publication car vous suivez ${channel.name} sur Sift${NBSP}:`);
    expect(one.text).toContain(`Se désabonner de ces e-mails${NBSP}: ${TEST_PUBLIC_URL}/unsubscribe?token=`);
    expect(one.html).toContain('<html lang="fr">');
    expect(one.html).toContain('>Modifier la fréquence</a>');
    expect(one.text).not.toMatch(/new video|You get these|Unsubscribe/);

    // Two more, in the day's digest of the sift: plural, the daily wording, the sift named as a Sift.
    expect((await api('POST', '/api/subscriptions/sifts', m.token, { sifts: [sift.hash], frequency: 'DAILY' })).status).toBe(200);
    await upload(channel, 'More pasta', 'Pasta again');
    const tomorrow = new Date(periodEnd('DAILY', new Date()).getTime() + DAY + MINUTE);
    await t.services.notifications.dispatch(tomorrow);
    for (let i = 0; i < 100 && !mailsTo(m.email).some((mail) => readUtf8Mail(mail.raw).subject.startsWith('Votre résumé')); i++) await settle();
    const daily = mailsTo(m.email).map((mail) => readUtf8Mail(mail.raw)).find((mail) => mail.subject.startsWith('Votre résumé'))!;
    expect(daily.subject).toBe(`Votre résumé quotidien${NBSP}: 2 nouvelles vidéos de Pâtes seulement`);
    expect(daily.text).toContain(`2 nouvelles vidéos du Sift Pâtes seulement${NBSP}:`);
    expect(daily.text).toContain('une fois par jour car vous suivez le Sift Pâtes seulement');
    expect(daily.html).toContain(`2 nouvelles vidéos du <a href="${TEST_PUBLIC_URL}/sifts/${sift.hash}">Sift Pâtes seulement</a>${NBSP}:`);
  });
});

describe('once and only once', () => {
  const others: Array<{ app: FastifyInstance; services: Services }> = [];
  /** Another server process on the same database (a restart, or a second node). */
  async function anotherProcess() {
    const built = await buildApp({ db: t.database.db, provider: t.videoService, appName: 'Sift', accounts: { publicUrl: TEST_PUBLIC_URL, ...mailSettings() } });
    await built.app.ready();
    others.push(built);
    return built;
  }
  afterAll(async () => {
    for (const other of others) await other.app.close();
  });

  it('a restart between building and sending sends each digest once, and none is lost', async () => {
    const m = await aMember();
    const channel = await aStoredChannel();
    await followChannel(m.token, channel, 'IMMEDIATE');
    await upload(channel, 'Built before the restart');
    expect(await t.services.notifications.buildDigests(new Date(Date.now() + MINUTE))).toBeGreaterThanOrEqual(1);
    // "Restart": the process that built is gone; a new one sends what was built.
    const next = await anotherProcess();
    expect(await next.services.notifications.sendBuilt()).toBeGreaterThanOrEqual(1);
    await smtp.waitFor(m.email);
    // A second run (either process) finds nothing to send.
    await next.services.notifications.dispatch(new Date(Date.now() + 2 * MINUTE));
    await t.services.notifications.dispatch(new Date(Date.now() + 2 * MINUTE));
    await settle();
    expect(mailsTo(m.email)).toHaveLength(1);
  });

  // Two app instances in this one process on one database (both tiers); the same with two real OS processes on
  // PostgreSQL is notifications-processes.api.test.ts.
  it('two app instances dispatching at once send each digest once', async () => {
    const channel = await aStoredChannel();
    const members = await Promise.all(Array.from({ length: 8 }, () => aMember()));
    for (const m of members) await followChannel(m.token, channel, 'IMMEDIATE');
    await upload(channel, 'Everyone gets this once');
    const second = await anotherProcess();
    const at = new Date(Date.now() + MINUTE);
    const [a, b] = await Promise.all([t.services.notifications.dispatch(at), second.services.notifications.dispatch(at)]);
    expect(a.sent + b.sent).toBeGreaterThanOrEqual(members.length);
    for (const m of members) await smtp.waitFor(m.email);
    await settle();
    for (const m of members) expect(mailsTo(m.email)).toHaveLength(1);
  });
});
