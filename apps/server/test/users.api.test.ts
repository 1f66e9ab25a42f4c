import { AUTH_TOKEN_HEADER, PLACEHOLDER_CREATED_AT, REACTIVATED_HEADER, userDataSchema, type UserData } from '@sift/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { runAdmin } from '../src/cli/admin.js';
import { accountDeletions, authTokens, playlists, sifts, users } from '../src/infra/db/schema.js';
import { aMember, call, expectError, GOOD_PASSWORD, login, signUp } from './support/accounts.js';
import { multipartBody } from './support/multipart.js';
import { useTestApp } from './support/test-app.js';

const t = useTestApp();

const me = (token?: string) => call<UserData>(t.app, { method: 'GET', url: '/api/users', token });

describe('GET /api/users', () => {
  it('answers a visitor 200 with userIsLoggedIn false, empty names, the placeholder date and no Watch later', async () => {
    const res = await me();
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(userDataSchema.parse(res.body)).toEqual({
      userIsLoggedIn: false,
      uuid: null,
      firstName: '',
      lastName: '',
      email: '',
      picture: null,
      createdAt: PLACEHOLDER_CREATED_AT,
      origin: null,
      plan: 'FREE',
      isPremium: false,
      onboarded: false,
      watchLater: null,
      locale: null,
    });
  });

  it('answers a member with their data', async () => {
    const member = await aMember(t, { firstName: 'Hedy', lastName: 'Lamarr' });
    const res = await me(member.token);
    const user = userDataSchema.parse(res.body);
    expect(user).toMatchObject({ userIsLoggedIn: true, firstName: 'Hedy', lastName: 'Lamarr', email: member.email, origin: 'email', plan: 'FREE', isPremium: false, onboarded: false, locale: 'en' });
    expect(user.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.now() - Date.parse(user.createdAt)).toBeLessThan(60_000);
    expect(user.watchLater?.id).toBeGreaterThan(0);
  });
});

describe('PUT /api/users', () => {
  it("changes the member's names", async () => {
    const member = await aMember(t);
    const res = await call<UserData>(t.app, { method: 'PUT', url: '/api/users', token: member.token, payload: { logonId: member.email, firstName: ' Ada M. ', lastName: 'King' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: 'Ada M.', lastName: 'King', email: member.email });
    expect((await me(member.token)).body).toMatchObject({ firstName: 'Ada M.', lastName: 'King' });
  });

  it("answers 403 for someone else's logonId, 400 for bad fields, 401 without a token", async () => {
    const member = await aMember(t);
    const other = await aMember(t);
    const put = (payload: Record<string, string>, token?: string) => call(t.app, { method: 'PUT', url: '/api/users', token, payload });
    expectError(await put({ logonId: other.email, firstName: 'A', lastName: 'B' }, member.token), 403, 'FORBIDDEN', 'logonId');
    expectError(await put({ logonId: 'not-an-email', firstName: 'A', lastName: 'B' }, member.token), 400, 'VALIDATION', 'logonId');
    expectError(await put({ logonId: member.email, firstName: '', lastName: 'B' }, member.token), 400, 'VALIDATION', 'firstName');
    expectError(await put({ logonId: member.email, firstName: 'A', lastName: 'B' }), 401, 'UNAUTHENTICATED');
    // Nobody's names changed.
    expect((await me(other.token)).body.firstName).toBe('Ada');
  });
});

describe('PUT /api/users/onboard', () => {
  it('marks the member onboarded', async () => {
    const member = await aMember(t);
    expect(member.user.onboarded).toBe(false);
    const res = await call<UserData>(t.app, { method: 'PUT', url: '/api/users/onboard', token: member.token });
    expect(res.status).toBe(200);
    expect(res.body.onboarded).toBe(true);
    expect((await login(t.app, member.email)).body.onboarded).toBe(true);
    expectError(await call(t.app, { method: 'PUT', url: '/api/users/onboard' }), 401);
  });
});

describe('PUT /api/users/update-password', () => {
  const update = (token: string, payload: Record<string, string>) => call(t.app, { method: 'PUT', url: '/api/users/update-password', token, payload });

  it('changes the password, ends the other sessions and keeps this one', async () => {
    const member = await aMember(t);
    const elsewhere = (await login(t.app, member.email)).headers[AUTH_TOKEN_HEADER] as string;
    const res = await update(member.token, { logonId: member.email, currentPassword: member.password, newPassword: 'another fine phrase' });
    expect(res.status).toBe(204);
    expect((await me(member.token)).status).toBe(200);
    expectError(await me(elsewhere), 401, 'UNAUTHENTICATED');
    expectError(await login(t.app, member.email, member.password), 401, 'BAD_CREDENTIALS');
    expect((await login(t.app, member.email, 'another fine phrase')).status).toBe(200);
  });

  it('answers 400 on currentPassword when it is wrong, on newPassword when it is short or common', async () => {
    const member = await aMember(t);
    expectError(await update(member.token, { logonId: member.email, currentPassword: 'not it', newPassword: 'another fine phrase' }), 400, 'WRONG_PASSWORD', 'currentPassword');
    expectError(await update(member.token, { logonId: member.email, currentPassword: member.password, newPassword: 'short' }), 400, 'VALIDATION', 'newPassword');
    expectError(await update(member.token, { logonId: member.email, currentPassword: member.password, newPassword: 'password1' }), 400, 'VALIDATION', 'newPassword');
    const other = await aMember(t);
    expectError(await update(member.token, { logonId: other.email, currentPassword: member.password, newPassword: 'another fine phrase' }), 403, 'FORBIDDEN');
    expect((await login(t.app, member.email, GOOD_PASSWORD)).status).toBe(200);
  });
});

describe('PUT /api/users/deactivate', () => {
  it('ends every session and stores the reason; logging in again brings the account back with X-Reactivated', async () => {
    const member = await aMember(t);
    const res = await call(t.app, { method: 'PUT', url: '/api/users/deactivate', token: member.token, payload: { reason: 'Taking a break' } });
    expect(res.status).toBe(204);
    expectError(await me(member.token), 401);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, member.email));
    expect(row!.deactivatedAt).not.toBeNull();
    expect(row!.deactivationReason).toBe('Taking a break');
    expect(await t.database.db.select().from(authTokens).where(eq(authTokens.userId, row!.id))).toEqual([]);

    const back = await login(t.app, member.email);
    expect(back.status).toBe(200);
    expect(back.headers[REACTIVATED_HEADER]).toBe('true');
    expect((await me(back.headers[AUTH_TOKEN_HEADER] as string)).body.email).toBe(member.email);
    const [after] = await t.database.db.select().from(users).where(eq(users.email, member.email));
    expect(after!.deactivatedAt).toBeNull();
    expect(after!.deactivationReason).toBeNull();

    const again = await login(t.app, member.email);
    expect(again.headers[REACTIVATED_HEADER]).toBeUndefined();
  });

  it('takes no reason too, but not without a login', async () => {
    const member = await aMember(t);
    expect((await call(t.app, { method: 'PUT', url: '/api/users/deactivate', token: member.token })).status).toBe(204);
    expectError(await call(t.app, { method: 'PUT', url: '/api/users/deactivate', payload: { reason: 'x' } }), 401);
  });

  it('does not let a wrong password bring the account back', async () => {
    const member = await aMember(t);
    await call(t.app, { method: 'PUT', url: '/api/users/deactivate', token: member.token, payload: { reason: '' } });
    expectError(await login(t.app, member.email, 'not the password'), 401, 'BAD_CREDENTIALS');
    const [row] = await t.database.db.select().from(users).where(eq(users.email, member.email));
    expect(row!.deactivatedAt).not.toBeNull();
  });
});

describe('PUT /api/users/delete', () => {
  it('removes the member, their playlists and sifts for good, keeping only the reason', async () => {
    const member = await aMember(t);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, member.email));
    await t.database.db.insert(sifts).values({ hash: `del${row!.id}xyz`, ownerId: row!.id, name: 'Public sift', public: true });
    await t.database.db.insert(playlists).values({ ownerId: row!.id, name: 'Public list', public: true });

    const res = await call(t.app, { method: 'PUT', url: '/api/users/delete', token: member.token, payload: { reason: 'Found another app' } });
    expect(res.status).toBe(204);

    expect(await t.database.db.select().from(users).where(eq(users.id, row!.id))).toEqual([]);
    expect(await t.database.db.select().from(playlists).where(eq(playlists.ownerId, row!.id))).toEqual([]);
    expect(await t.database.db.select().from(sifts).where(eq(sifts.ownerId, row!.id))).toEqual([]);
    expect(await t.database.db.select().from(authTokens).where(eq(authTokens.userId, row!.id))).toEqual([]);
    const reasons = await t.database.db.select().from(accountDeletions);
    expect(reasons.map((r) => r.reason)).toContain('Found another app');
    expect(Object.keys(reasons[0]!).sort()).toEqual(['createdAt', 'id', 'reason']);

    expectError(await me(member.token), 401);
    expectError(await login(t.app, member.email), 401, 'BAD_CREDENTIALS');
    // The address is free again.
    expect((await signUp(t.app, { email: member.email })).res.status).toBe(201);
  });

  it("deletes the cover image files of the member's playlists and sifts from the file store", async () => {
    const member = await aMember(t);
    const other = await aMember(t);
    const png = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const cover = async (url: string, token: string) => {
      const u = multipartBody('file', 'cover.png', 'image/png', png);
      const res = await call<{ thumbnail: string }>(t.app, { method: 'PUT', url, token, payload: u.payload, headers: u.headers });
      expect(res.status).toBe(200);
      return res.body.thumbnail;
    };
    const served = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
    const newPlaylist = async (token: string) => (await call<{ id: number }>(t.app, { method: 'POST', url: '/api/playlists', token, payload: { name: 'Covered' } })).body.id;
    const newSift = async (token: string) => (await call<{ hash: string }>(t.app, { method: 'POST', url: '/api/sifts', token, payload: { name: 'Covered' } })).body.hash;

    const covers = [
      await cover(`/api/playlists/${await newPlaylist(member.token)}/images`, member.token),
      await cover(`/api/playlists/${await newPlaylist(member.token)}/images`, member.token),
      await cover(`/api/sifts/${await newSift(member.token)}/images`, member.token),
    ];
    const othersCovers = [
      await cover(`/api/playlists/${await newPlaylist(other.token)}/images`, other.token),
      await cover(`/api/sifts/${await newSift(other.token)}/images`, other.token),
    ];
    for (const url of [...covers, ...othersCovers]) expect(await served(url), url).toBe(200);

    expect((await call(t.app, { method: 'PUT', url: '/api/users/delete', token: member.token, payload: { reason: 'bye' } })).status).toBe(204);

    for (const url of covers) expect(await served(url), url).toBe(404);
    // Another member's covers stay.
    for (const url of othersCovers) expect(await served(url), url).toBe(200);
  });

  it('answers 401 without a login', async () => {
    expectError(await call(t.app, { method: 'PUT', url: '/api/users/delete', payload: { reason: 'x' } }), 401);
  });
});

describe('plans: npm run admin -- set-plan', () => {
  it('makes a member PREMIUM (shown as isPremium) and FREE again', async () => {
    const member = await aMember(t);
    const lines: string[] = [];
    const out = (line: string) => lines.push(line);
    expect(await runAdmin(['set-plan', member.email.toUpperCase(), 'premium'], { database: t.database.db, out })).toBe(0);
    expect((await me(member.token)).body).toMatchObject({ plan: 'PREMIUM', isPremium: true });
    expect(await runAdmin(['set-plan', member.email, 'FREE'], { database: t.database.db, out })).toBe(0);
    expect((await me(member.token)).body).toMatchObject({ plan: 'FREE', isPremium: false });
    expect(lines.at(-1)).toContain('FREE');
  });

  it('says so for an unknown e-mail or plan', async () => {
    const out = () => {};
    expect(await runAdmin(['set-plan', 'nobody@example.com', 'PREMIUM'], { database: t.database.db, out })).toBe(1);
    expect(await runAdmin(['set-plan', 'nobody@example.com', 'GOLD'], { database: t.database.db, out })).toBe(2);
    expect(await runAdmin(['drop-everything'], { database: t.database.db, out })).toBe(2);
  });
});
