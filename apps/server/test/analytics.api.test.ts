import { randomUUID } from 'node:crypto';
import { ANALYTICS_EVENTS_PATH } from '@sift/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runAdmin } from '../src/cli/admin.js';
import { analyticsEvents, users } from '../src/infra/db/schema.js';
import { UNLIMITED_RATE_LIMITS } from '../src/infra/rate-limit/rate-limiter.js';
import { aMember, call, expectError } from './support/accounts.js';
import { useTestApp, type TestContext } from './support/test-app.js';

const PER_MINUTE = 4;
const t = useTestApp({ accounts: { rateLimits: { ...UNLIMITED_RATE_LIMITS, analyticsPerIp: { points: PER_MINUTE, durationSeconds: 60 } } } });

let addresses = 0;
/** Each test sends from an address of its own, so the per-address limit counts only its own batches. */
const anIp = () => `10.30.0.${++addresses}`;

function post(app: TestContext['app'], payload: unknown, options: { token?: string; ip?: string; contentType?: string } = {}) {
  return call<{ accepted: number }>(app, {
    method: 'POST',
    url: ANALYTICS_EVENTS_PATH,
    token: options.token,
    remoteAddress: options.ip ?? anIp(),
    headers: { 'content-type': options.contentType ?? 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

const rowsOf = (visitorId: string) => t.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.visitorId, visitorId)).orderBy(analyticsEvents.id);

describe('POST /api/analytics/events', () => {
  it("stores a visitor's batch without a login: names, path, props, time", async () => {
    const visitorId = randomUUID();
    const at = new Date(Date.now() - 60_000).toISOString();
    const res = await post(t.app, {
      visitorId,
      events: [
        { name: 'eca_page_view', at, path: '/sifts/abc123' },
        { name: 'eca_play', path: '/watch', props: { videoId: 'demo-1', list: false, position: 3, playlist: null } },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toEqual({ accepted: 2 });
    const rows = await rowsOf(visitorId);
    expect(rows.map((r) => [r.name, r.path, r.userId, r.isPremium])).toEqual([
      ['eca_page_view', '/sifts/abc123', null, null],
      ['eca_play', '/watch', null, null],
    ]);
    expect(rows[0]!.occurredAt.toISOString()).toBe(at);
    expect(rows[1]!.props).toEqual({ videoId: 'demo-1', list: false, position: 3, playlist: null });
  });

  it('takes the text/plain body navigator.sendBeacon sends', async () => {
    const visitorId = randomUUID();
    const res = await post(t.app, JSON.stringify({ visitorId, events: [{ name: 'eca_page_view', path: '/' }] }), { contentType: 'text/plain;charset=UTF-8' });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(await rowsOf(visitorId)).toHaveLength(1);
    expectError(await post(t.app, '{"visitorId": ', { contentType: 'text/plain;charset=UTF-8' }), 400);
  });

  it("links a member's events to the account and its plan from the session, not from the body", async () => {
    const member = await aMember(t);
    const visitorId = randomUUID();
    expect((await post(t.app, { visitorId, events: [{ name: 'eca_login', props: { isPremium: true, userId: 1 } }] }, { token: member.token })).status).toBe(202);
    expect(await runAdmin(['set-plan', member.email, 'PREMIUM'], { database: t.database.db, out: () => {} })).toBe(0);
    expect((await post(t.app, { visitorId, events: [{ name: 'eca_follow' }] }, { token: member.token })).status).toBe(202);
    const rows = await rowsOf(visitorId);
    const [{ id: userId }] = (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, member.email))) as [{ id: number }];
    expect(rows.map((r) => [r.name, r.userId, r.isPremium])).toEqual([
      ['eca_login', userId, false],
      ['eca_follow', userId, true],
    ]);

    // An ended session does not lose the events: they are a visitor's.
    expect((await call(t.app, { method: 'POST', url: '/api/logout', token: member.token })).status).toBeLessThan(300);
    const after = await post(t.app, { visitorId, events: [{ name: 'eca_page_view' }] }, { token: member.token });
    expect(after.status, JSON.stringify(after.body)).toBe(202);
    expect((await rowsOf(visitorId)).at(-1)).toMatchObject({ userId: null, isPremium: null });

    // Deleting the account keeps its events only as anonymous counts.
    const again = await aMember(t);
    const mine = randomUUID();
    await post(t.app, { visitorId: mine, events: [{ name: 'eca_create_sift' }] }, { token: again.token });
    expect((await call(t.app, { method: 'PUT', url: '/api/users/delete', token: again.token, payload: { reason: '' } })).status).toBeLessThan(300);
    expect(await rowsOf(mine)).toMatchObject([{ name: 'eca_create_sift', userId: null }]);
  });

  it('keeps a skewed clock within the day before arrival', async () => {
    const visitorId = randomUUID();
    const before = Date.now();
    const res = await post(t.app, {
      visitorId,
      events: [
        { name: 'eca_page_view', at: '2099-01-01T00:00:00Z' },
        { name: 'eca_page_view', at: '2001-01-01T00:00:00+02:00' },
      ],
    });
    expect(res.status).toBe(202);
    const [future, past] = await rowsOf(visitorId);
    expect(future!.occurredAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(future!.occurredAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(past!.occurredAt.getTime()).toBeGreaterThanOrEqual(before - 86_400_000);
    expect(past!.occurredAt.getTime()).toBeLessThan(before - 86_000_000);
  });

  it('answers bad input 400 with the failing fields and stores nothing', async () => {
    const visitorId = randomUUID();
    const bad = async (payload: unknown, field: string) => {
      const error = expectError(await post(t.app, payload), 400, 'VALIDATION');
      expect(error.fields?.map((f) => f.field).join(' '), JSON.stringify(error)).toContain(field);
    };
    await bad({ visitorId: 'me', events: [{ name: 'eca_play' }] }, 'visitorId');
    await bad({ visitorId, events: [] }, 'events');
    await bad({ visitorId, events: [{ name: 'page_view' }] }, 'events.0.name');
    await bad({ visitorId, events: [{ name: 'eca_Play<script>' }] }, 'events.0.name');
    await bad({ visitorId, events: Array.from({ length: 51 }, () => ({ name: 'eca_play' })) }, 'events');
    await bad({ visitorId, events: [{ name: 'eca_play', props: { nested: { a: 1 } } }] }, 'events.0.props');
    await bad({ visitorId, events: [{ name: 'eca_play', props: { title: 'x'.repeat(201) } }] }, 'events.0.props');
    await bad({ visitorId, events: [{ name: 'eca_play', at: 'yesterday' }] }, 'events.0.at');
    await bad({ visitorId, events: [{ name: 'eca_play', path: `/${'x'.repeat(600)}` }] }, 'events.0.path');
    // Text the database cannot store (issue 28): JSON.stringify writes the escapes \ud800 and \u0000, which parse back.
    await bad({ visitorId, events: [{ name: 'eca_play', props: { title: 'a\ud800b' } }] }, 'events.0.props.title');
    await bad({ visitorId, events: [{ name: 'eca_play', props: { 'ke\udc00y': 'x' } }] }, 'events.0.props.ke');
    await bad({ visitorId, events: [{ name: 'eca_play', path: '/\u0000' }] }, 'events.0.path');
    for (const contentType of ['application/json', 'text/plain;charset=UTF-8']) {
      const beacon = JSON.stringify({ visitorId, events: [{ name: 'eca_play', props: { title: '\ud800' } }] });
      expect(beacon).toContain('\\ud800');
      expectError(await post(t.app, beacon, { contentType }), 400, 'VALIDATION', 'events.0.props.title');
    }
    expect(await rowsOf(visitorId)).toHaveLength(0);
    const huge = await post(t.app, JSON.stringify({ visitorId, events: [{ name: 'eca_play', path: 'x'.repeat(70_000) }] }));
    expect(huge.status).toBe(413);
  });

  it(`takes ${PER_MINUTE} batches a minute from one address, then 429 with Retry-After`, async () => {
    const ip = anIp();
    const batch = { visitorId: randomUUID(), events: [{ name: 'eca_page_view' }] };
    for (let i = 0; i < PER_MINUTE; i++) expect((await post(t.app, batch, { ip })).status).toBe(202);
    const refused = await post(t.app, batch, { ip });
    expectError(refused, 429, 'RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post(t.app, batch)).status).toBe(202);
  });
});

describe('npm run admin -- analytics', () => {
  const fresh = useTestApp();
  const report = async (...args: string[]) => {
    const lines: string[] = [];
    const code = await runAdmin(['analytics', ...args], { database: fresh.database.db, out: (line) => lines.push(line) });
    return { code, lines };
  };

  it('says when there is nothing, then sums events by name: events, browsers, members, premium', async () => {
    const empty = await report();
    expect(empty.code).toBe(0);
    expect(empty.lines[0]).toMatch(/^No analytics events in the last 30 days/);

    const member = await aMember(fresh);
    const [a, b] = [randomUUID(), randomUUID()];
    await post(fresh.app, { visitorId: a, events: [{ name: 'eca_page_view' }, { name: 'eca_page_view' }, { name: 'eca_play' }] });
    await post(fresh.app, { visitorId: b, events: [{ name: 'eca_page_view' }, { name: 'eca_login' }] }, { token: member.token });
    // An event older than the period is left out (a day and more before its arrival).
    await post(fresh.app, { visitorId: b, events: [{ name: 'eca_follow', at: new Date(Date.now() - 30 * 3_600_000).toISOString() }] });
    // It is kept at exactly a day before its arrival: a report in the same millisecond would still count it.
    await new Promise((resolve) => setTimeout(resolve, 5));

    const { code, lines } = await report('1');
    expect(code).toBe(0);
    expect(lines[0]).toMatch(/^Analytics for the last 1 day \(since .+\): 5 events from 2 browsers and 1 members\.$/);
    expect(lines.slice(1, 5).map((l) => l.split(/\s+/))).toEqual([
      ['event', 'events', 'browsers', 'members', 'premium'],
      ['eca_page_view', '3', '2', '1', '0'],
      ['eca_login', '1', '1', '1', '0'],
      ['eca_play', '1', '1', '0', '0'],
    ]);
    expect((await report('0')).code).toBe(2);
    expect((await report('soon')).code).toBe(2);
  });
});

describe('retention (ANALYTICS_RETENTION_DAYS)', () => {
  it('forgets the events older than the retention, keeps the rest', async () => {
    const visitorId = randomUUID();
    await post(t.app, { visitorId, events: [{ name: 'eca_page_view' }, { name: 'eca_play' }] });
    const [older] = await rowsOf(visitorId);
    // One of them happened long ago (the API keeps a browser's clock within a day, so it is aged here).
    await t.database.db.update(analyticsEvents).set({ occurredAt: new Date(Date.now() - 400 * 86_400_000) }).where(eq(analyticsEvents.id, older!.id));

    expect(await t.services.analytics.forgetOlderThan(395)).toBeGreaterThanOrEqual(1);
    expect((await rowsOf(visitorId)).map((r) => r.name)).toEqual(['eca_play']);
    expect(await t.services.analytics.forgetOlderThan(395)).toBe(0);
  });
});
