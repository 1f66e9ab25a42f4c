import {
  accountChannelListSchema,
  accountChannelsFollowedSchema,
  accountPlaylistImportSchema,
  accountPlaylistImportsSchema,
  accountPlaylistListSchema,
  playlistSchema,
  playlistVideoIdsSchema,
  providerAuthorizationSchema,
  subscriptionListSchema,
  videoServiceAccountSchema,
  videoServiceUserStatusSchema,
  type AccountPlaylistImport,
} from '@sift/contracts';
import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import * as client from 'openid-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/infra/db/client.js';
import { TokenCipher } from '../src/infra/security/token-cipher.js';
import { createYouTubeProvider } from '../src/providers/youtube/index.js';
import { YOUTUBE_READONLY_SCOPE } from '../src/providers/youtube/youtube-provider.js';
import { aMember, call, expectError } from './support/accounts.js';
import { startOidcProvider, type TestOidcProvider } from './support/oidc-provider.js';
import { TEST_PUBLIC_URL, useTestApp, type TestContext } from './support/test-app.js';
import { YouTubeStandIn, type StandInVideo } from './support/youtube-stand-in.js';

/**
 * Issue 16 §1: import from a YouTube account over OAuth, end to end. A real OpenID provider (oidc-provider, as the
 * sign-in tests use) plays Google: consent, code, refresh tokens, revocation. The Data API stand-in plays YouTube and
 * accepts a bearer token only when that provider says it is live and carries the YouTube scope.
 */
const REDIRECT_URI = `${TEST_PUBLIC_URL}/oauth2/youtube/callback`;
const KEY = randomBytes(32);
const standIn = new YouTubeStandIn();
let op: TestOidcProvider;

// Registered before useTestApp, so both services listen (and their addresses are known) when the app is built.
beforeAll(async () => {
  await standIn.start();
  op = await startOidcProvider({ redirectUri: REDIRECT_URI, refreshTokens: true, scopes: [YOUTUBE_READONLY_SCOPE] });
  standIn.verifyAccessToken = (token) => op.accessTokenInfo(token);
});
afterAll(async () => {
  await op?.close();
  await standIn.stop();
});

const quiet = { warn: () => {}, error: () => {} };
const youtubeOn = (database: TestContext['database']) =>
  createYouTubeProvider({ apiKey: standIn.acceptedApiKey, apiUrl: standIn.apiUrl, feedsUrl: standIn.feedsUrl, quotaPerDay: 10_000, region: 'US' }, database.db, quiet, { timeoutMs: 3_000 });
const t = useTestApp({
  accounts: () => ({ google: { issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret }, tokenEncryptionKey: KEY }),
  videoProvider: youtubeOn,
});

type Member = Awaited<ReturnType<typeof aMember>>;
const get = <T = unknown>(url: string, member?: Member) => call<T>(t.app, { method: 'GET', url, token: member?.token });
const post = <T = unknown>(url: string, payload: unknown, member?: Member) => call<T>(t.app, { method: 'POST', url, payload: payload as object, token: member?.token });

let sequence = 0;
const channelId = () => `UC${String(++sequence).padStart(6, '0')}${'a'.repeat(16)}`;
const videoId = () => `y${String(++sequence).padStart(10, '0')}`;
const playlistId = () => `PL${String(++sequence).padStart(8, '0')}${'p'.repeat(24)}`;

/** A channel at YouTube with `count` uploads. */
function aServiceChannel(title: string, count = 0): { id: string; videos: StandInVideo[] } {
  const id = channelId();
  standIn.addChannel({ id, title, subscriberCount: 1000 });
  const videos: StandInVideo[] = [];
  for (let i = 0; i < count; i++) {
    const video: StandInVideo = { id: videoId(), channelId: id, title: `${title} #${i}`, publishedAt: new Date(Date.UTC(2026, 0, 1) - i * 3_600_000).toISOString() };
    standIn.addVideo(video);
    videos.push(video);
  }
  return { id, videos };
}

/** A person at "Google": the OpenID provider's subject, for the consent pages. */
function aGooglePerson(): string {
  const subject = `yt-person-${++sequence}`;
  op.people.set(subject, { email: `${subject}@example.com`, email_verified: true, given_name: 'Yu', family_name: 'Tube' });
  return subject;
}

/** The browser's part: ask for the permission, consent at "Google", come back to the web's callback with code and state. */
async function consent(member: Member, subject: string): Promise<URL> {
  const res = await get('/api/providers/youtube/authorization', member);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return op.signIn(providerAuthorizationSchema.parse(res.body).url, subject);
}

async function connect(member: Member, subject: string) {
  const back = await consent(member, subject);
  const res = await post('/api/idp/GOOGLE', { code: back.searchParams.get('code'), state: back.searchParams.get('state') }, member);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return videoServiceAccountSchema.parse(res.body);
}

const userId = async (member: Member) => rowsOf<{ id: number }>(await t.database.db.execute(sql`SELECT id::int AS id FROM users WHERE uuid = ${member.user.uuid}`))[0]!.id;
/** The member's row as the database holds it, every column. */
const storedAccount = async (member: Member) =>
  rowsOf<{ refresh_token_sealed: string; scope: string; account_subject: string | null; status: string }>(
    await t.database.db.execute(sql`SELECT * FROM provider_accounts WHERE user_id = ${await userId(member)}`),
  )[0];
/** What the server keeps, opened with the key the test gave it: only the test can read it this way. */
const refreshTokenOf = async (member: Member) => new TokenCipher(KEY).open((await storedAccount(member))!.refresh_token_sealed, `youtube:${await userId(member)}`);

async function refreshAtProvider(refreshToken: string) {
  const config = await client.discovery(new URL(op.issuer), op.clientId, op.clientSecret, undefined, { execute: [client.allowInsecureRequests] });
  return client.refreshTokenGrant(config, refreshToken);
}

const status = async (member: Member) => {
  const res = await get('/api/idp/GOOGLE/status', member);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return videoServiceUserStatusSchema.parse(res.body);
};

beforeEach(() => {
  standIn.failAll(null);
  standIn.resetCounters();
});

describe('every call needs login, and a provider it knows', () => {
  const routes: Array<[string, string, unknown?]> = [
    ['GET', '/api/idp/GOOGLE/status'],
    ['POST', '/api/idp/GOOGLE', { nonsense: true }],
    ['GET', '/api/idp/GOOGLE/channels'],
    ['POST', '/api/idp/GOOGLE/channels', { ids: 'not a list' }],
    ['GET', '/api/providers/youtube'],
    ['DELETE', '/api/providers/youtube'],
    ['GET', '/api/providers/youtube/authorization'],
    ['GET', '/api/providers/youtube/code'],
    ['GET', '/api/providers/youtube/playlists'],
    ['POST', '/api/providers/youtube/playlists', {}],
    ['GET', '/api/providers/youtube/playlists/PLx/status'],
  ];

  it('answers 401 to a visitor before looking at what was sent', async () => {
    for (const [method, url, payload] of routes) {
      expectError(await call(t.app, { method: method as 'GET', url, ...(payload ? { payload: payload as object } : {}) }), 401, 'UNAUTHENTICATED');
    }
  });

  it('takes GOOGLE and youtube in any case, and 404 UNKNOWN_PROVIDER for others', async () => {
    const member = await aMember(t);
    for (const url of ['/api/providers/YouTube', '/api/providers/google', '/api/idp/google/status', '/api/idp/YOUTUBE/status']) expect((await get(url, member)).status).toBe(200);
    expectError(await get('/api/providers/vimeo', member), 404, 'UNKNOWN_PROVIDER');
    expectError(await post('/api/idp/github', { code: 'x' }, member), 404, 'UNKNOWN_PROVIDER');
    expectError(await post('/api/idp/GOOGLE', {}, member), 400, 'VALIDATION', 'code');
  });
});

describe('connecting a YouTube account', () => {
  it('is offered and not connected at first; nothing can be read yet', async () => {
    const member = await aMember(t);
    const account = videoServiceAccountSchema.parse((await get('/api/providers/youtube', member)).body);
    expect(account).toEqual({ provider: 'youtube', enabled: true, connected: false, status: 'OFFLINE', connectedAt: null, checkedAt: null });
    expect(await status(member)).toEqual({ status: 'OFFLINE', connected: false });
    expectError(await get('/api/idp/GOOGLE/channels', member), 403, 'VIDEO_SERVICE_PERMISSION_REQUIRED');
    expectError(await get('/api/providers/youtube/playlists', member), 403, 'VIDEO_SERVICE_PERMISSION_REQUIRED');
  });

  it('sends the browser to Google for read-only YouTube access, offline, with PKCE (S256) and state', async () => {
    const member = await aMember(t);
    const url = new URL(providerAuthorizationSchema.parse((await get('/api/providers/youtube/authorization', member)).body).url);
    expect(url.origin).toBe(op.issuer);
    expect(url.searchParams.get('client_id')).toBe(op.clientId);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(url.searchParams.get('scope')!.split(' ')).toContain('https://www.googleapis.com/auth/youtube.readonly');
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('prompt')).toBe('consent');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it('exchanges the code on the server and keeps only a sealed refresh token, never sent back', async () => {
    const member = await aMember(t);
    const subject = aGooglePerson();
    const back = await consent(member, subject);
    const res = await post('/api/idp/GOOGLE', { code: back.searchParams.get('code'), state: back.searchParams.get('state') }, member);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const account = videoServiceAccountSchema.parse(res.body);
    expect(account).toMatchObject({ enabled: true, connected: true, status: 'ONLINE' });

    const row = (await storedAccount(member))!;
    const refreshToken = await refreshTokenOf(member);
    expect(refreshToken.length).toBeGreaterThan(20);
    expect(row.refresh_token_sealed).toMatch(/^v1\./);
    expect(row.refresh_token_sealed).not.toContain(refreshToken);
    expect(JSON.stringify(row)).not.toContain(refreshToken);
    expect(JSON.stringify(res.body)).not.toContain(refreshToken);
    expect(row.scope.split(' ')).toContain(YOUTUBE_READONLY_SCOPE);
    expect(row.account_subject).toBe(subject);
    // It is a real refresh token of that grant: the provider honours it.
    expect((await refreshAtProvider(refreshToken)).access_token).toBeTruthy();
    // The sealed value is bound to its member: on anyone else's row it would not open.
    const elsewhere = `youtube:${(await userId(member)) + 1}`;
    expect(() => new TokenCipher(KEY).open(row.refresh_token_sealed, elsewhere)).toThrow();

    // A state works once, and only for the member it was made for.
    expectError(await post('/api/idp/GOOGLE', { code: back.searchParams.get('code'), state: back.searchParams.get('state') }, member), 400, 'STATE_INVALID');
    const other = await aMember(t);
    const theirs = await consent(member, subject);
    expectError(await post('/api/idp/GOOGLE', { code: theirs.searchParams.get('code'), state: theirs.searchParams.get('state') }, other), 400, 'STATE_INVALID');
    expect((await get<{ connected: boolean }>('/api/providers/youtube', other)).body.connected).toBe(false);
  });

  it('takes the callback by query too (GET /api/providers/youtube/code), and a code without state for the latest request', async () => {
    const viaQuery = await aMember(t);
    const back = await consent(viaQuery, aGooglePerson());
    const res = await get(`/api/providers/youtube/code?code=${back.searchParams.get('code')}&state=${back.searchParams.get('state')}`, viaQuery);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(videoServiceAccountSchema.parse(res.body)).toMatchObject({ connected: true, status: 'ONLINE' });

    const withoutState = await aMember(t);
    const again = await consent(withoutState, aGooglePerson());
    const done = await post('/api/idp/GOOGLE', { code: again.searchParams.get('code') }, withoutState);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    // A code that does not belong to the PKCE verifier of the request is refused by Google.
    const third = await aMember(t);
    await consent(third, aGooglePerson());
    expectError(await post('/api/idp/GOOGLE', { code: back.searchParams.get('code') }, third), 400, 'OAUTH_FAILED');
  });
});

describe('the video-service user status (the permission check)', () => {
  it('is ONLINE while a refresh and a cheap call succeed, OFFLINE as soon as YouTube refuses the token', async () => {
    const member = await aMember(t);
    await connect(member, aGooglePerson());
    expect(await status(member)).toEqual({ status: 'ONLINE', connected: true });
    const checks = standIn.calls.filter((c) => c.endpoint === 'channels' && c.params.mine === 'true');
    expect(checks.length).toBeGreaterThan(0);
    // The member's calls carry their token, never the instance's key.
    expect(checks.every((c) => c.subject !== undefined && c.params.key === undefined)).toBe(true);

    standIn.failNext('authError', { endpoint: 'channels' });
    expect(await status(member)).toEqual({ status: 'OFFLINE', connected: true });
    expect(videoServiceAccountSchema.parse((await get('/api/providers/youtube', member)).body).status).toBe('OFFLINE');

    // The token was good after all (a passing refusal): the next check says so.
    expect(await status(member)).toEqual({ status: 'ONLINE', connected: true });

    // A token without the YouTube scope: every read answers 403, the status is OFFLINE.
    standIn.failNext('insufficientPermissions', { endpoint: 'subscriptions' });
    expectError(await get('/api/idp/GOOGLE/channels', member), 403, 'VIDEO_SERVICE_PERMISSION_REQUIRED');
    expect(videoServiceAccountSchema.parse((await get('/api/providers/youtube', member)).body).status).toBe('OFFLINE');
  });

  it('is OFFLINE when Google no longer honours the refresh token', async () => {
    const member = await aMember(t);
    await connect(member, aGooglePerson());
    const config = await client.discovery(new URL(op.issuer), op.clientId, op.clientSecret, undefined, { execute: [client.allowInsecureRequests] });
    await client.tokenRevocation(config, await refreshTokenOf(member));
    expect(await status(member)).toEqual({ status: 'OFFLINE', connected: true });
    expectError(await get('/api/providers/youtube/playlists', member), 403, 'VIDEO_SERVICE_PERMISSION_REQUIRED');
  });
});

describe('channels: the subscriptions of the account', () => {
  it('lists every subscription across pages, follows the ones picked once, and flags them followed', async () => {
    const channels = Array.from({ length: 62 }, (_, i) => aServiceChannel(`Subscribed ${String(i).padStart(2, '0')}`));
    const subject = aGooglePerson();
    standIn.addAccount({ subject, subscriptions: channels.map((c) => c.id), playlists: [] });
    const member = await aMember(t);
    await connect(member, subject);
    standIn.resetCounters();

    const res = await get('/api/idp/GOOGLE/channels', member);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const list = accountChannelListSchema.parse(res.body);
    expect(list.totalResults).toBe(62);
    expect(list.items.map((c) => c.id)).toEqual(channels.map((c) => c.id));
    expect(list.items[0]).toMatchObject({ type: 'channel', externalId: channels[0]!.id, name: 'Subscribed 00', follow: false });
    expect(list.items[0]!.thumbnail).toMatch(/^https:\/\//);
    // Two pages of 50, with the member's token.
    const pages = standIn.calls.filter((c) => c.endpoint === 'subscriptions');
    expect(pages).toHaveLength(2);
    expect(pages.map((c) => [c.params.mine, c.params.maxResults, c.params.part, c.subject])).toEqual([
      ['true', '50', 'snippet', subject],
      ['true', '50', 'snippet', subject],
    ]);

    // Follow 60 of them and an id YouTube does not know; channels.list takes 50 ids a unit.
    standIn.resetCounters();
    const unknown = channelId();
    const picked = [...channels.slice(0, 60).map((c) => c.id), unknown];
    const followed = await post('/api/idp/GOOGLE/channels', { ids: picked }, member);
    expect(followed.status, JSON.stringify(followed.body)).toBe(200);
    expect(accountChannelsFollowedSchema.parse(followed.body)).toEqual({ requested: 61, followed: 60, skipped: [{ item: unknown, reason: expect.stringContaining('unknown channel') }] });
    expect(standIn.calls.filter((c) => c.endpoint === 'channels')).toHaveLength(2);
    expect(standIn.units).toBe(2);

    const subscriptions = subscriptionListSchema.parse((await get('/api/subscriptions', member)).body).items;
    expect(subscriptions.filter((s) => !s.optOut && s.target.type === 'channel')).toHaveLength(60);

    // Again, leniently as externalIds with names: nothing new; the last two come in.
    const again = await post('/api/idp/GOOGLE/channels', { externalIds: channels.map((c) => ({ externalId: c.id, name: 'whatever' })) }, member);
    expect(accountChannelsFollowedSchema.parse(again.body)).toMatchObject({ requested: 62, followed: 2, skipped: [] });

    const flagged = accountChannelListSchema.parse((await get('/api/idp/GOOGLE/channels', member)).body);
    expect(flagged.items.every((c) => c.follow)).toBe(true);

    expectError(await post('/api/idp/GOOGLE/channels', { ids: ['not-a-channel'] }, member), 400, 'VALIDATION');
    expectError(await post('/api/idp/GOOGLE/channels', { ids: [] }, member), 400, 'VALIDATION');
  });
});

describe('playlists: imported one job each', () => {
  const subject = () => aGooglePerson();

  /** Polls as the web app does (SPEC §4) until the import ends; answers every progress seen. */
  async function watch(member: Member, id: string): Promise<{ final: AccountPlaylistImport; seen: number[] }> {
    const seen: number[] = [];
    for (let i = 0; i < 2_000; i++) {
      const res = await get(`/api/providers/youtube/playlists/${id}/status`, member);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const state = accountPlaylistImportSchema.parse(res.body);
      seen.push(state.progress);
      if (state.status === 'CREATED' || state.status === 'FAILED') return { final: state, seen };
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`import of ${id} did not end`);
  }

  it('lists the account playlists, imports two with progress to CREATED, their videos in order, and refuses others', async () => {
    const baker = aServiceChannel('Bakery', 8);
    const traveller = aServiceChannel('Travels', 70);
    const gone = videoId(); // deleted since it was added: listed by YouTube, left out by Sift
    const roadTrip = { id: playlistId(), title: 'Road trip', description: 'Long drives', videoIds: [...traveller.videos.slice(0, 30).map((v) => v.id), gone, ...traveller.videos.slice(40, 70).map((v) => v.id)] };
    const baking = { id: playlistId(), title: 'Baking', privacyStatus: 'private' as const, videoIds: [baker.videos[3]!.id, baker.videos[0]!.id, traveller.videos[5]!.id] };
    const broken = { id: playlistId(), title: 'Broken', videoIds: [baker.videos[1]!.id], notAccessible: true };
    const person = subject();
    standIn.addAccount({ subject: person, subscriptions: [], playlists: [roadTrip, baking, broken] });
    const member = await aMember(t);
    await connect(member, person);

    const listed = accountPlaylistListSchema.parse((await get('/api/providers/youtube/playlists', member)).body);
    expect(listed.items.map((p) => [p.id, p.name, p.numberOfVideos, p.public, p.imported, p.importStatus, p.playlistId])).toEqual([
      [roadTrip.id, 'Road trip', 61, true, false, null, null],
      [baking.id, 'Baking', 3, false, false, null, null],
      [broken.id, 'Broken', 1, true, false, null, null],
    ]);
    expect(listed.items[0]).toMatchObject({ type: 'playlist', externalId: roadTrip.id, description: 'Long drives' });

    expectError(await post('/api/providers/youtube/playlists', { ids: [roadTrip.id, 'PLnotmine000000000000000000000000'] }, member), 400, 'VALIDATION', 'ids.1');

    const started = await post('/api/providers/youtube/playlists', { ids: [roadTrip.id, baking.id] }, member);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const imports = accountPlaylistImportsSchema.parse(started.body).items;
    expect(imports.map((i) => [i.id, i.name, i.status, i.progress])).toEqual([
      [roadTrip.id, 'Road trip', 'PENDING', 0],
      [baking.id, 'Baking', 'PENDING', 0],
    ]);

    const road = await watch(member, roadTrip.id);
    expect(road.final).toMatchObject({ status: 'CREATED', progress: 100, playlistId: imports[0]!.playlistId });
    expect(road.seen).toEqual([...road.seen].sort((a, b) => a - b));
    // Status by Sift's own playlist id too.
    const bakingDone = await watch(member, String(imports[1]!.playlistId));
    expect(bakingDone.final).toMatchObject({ id: baking.id, status: 'CREATED', progress: 100 });
    await t.services.jobs.drain();

    const roadIds = playlistVideoIdsSchema.parse((await get(`/api/playlists/${imports[0]!.playlistId}/video-ids`, member)).body).externalIds;
    expect(roadIds).toEqual(roadTrip.videoIds.filter((id) => id !== gone));
    const bakingIds = playlistVideoIdsSchema.parse((await get(`/api/playlists/${imports[1]!.playlistId}/video-ids`, member)).body).externalIds;
    expect(bakingIds).toEqual(baking.videoIds);
    const made = playlistSchema.parse((await get(`/api/playlists/${imports[0]!.playlistId}`, member)).body);
    expect(made).toMatchObject({ name: 'Road trip', description: 'Long drives', public: false, imported: true, importStatus: 'CREATED', numberOfVideos: 60 });
    // The private playlist's items were read with the member's token; the videos through the instance's key.
    expect(standIn.calls.some((c) => c.endpoint === 'playlistItems' && c.params.playlistId === baking.id && c.subject === person)).toBe(true);

    const after = accountPlaylistListSchema.parse((await get('/api/providers/youtube/playlists', member)).body);
    expect(after.items.map((p) => [p.imported, p.importStatus, p.playlistId])).toEqual([
      [true, 'CREATED', imports[0]!.playlistId],
      [true, 'CREATED', imports[1]!.playlistId],
      [false, null, null],
    ]);

    // Importing again fills the same playlist with what it lacks: nothing, here.
    const again = accountPlaylistImportsSchema.parse((await post('/api/providers/youtube/playlists', { ids: [roadTrip.id] }, member)).body).items;
    expect(again[0]).toMatchObject({ playlistId: imports[0]!.playlistId, status: 'PENDING' });
    expect((await watch(member, roadTrip.id)).final.status).toBe('CREATED');
    expect(playlistSchema.parse((await get(`/api/playlists/${imports[0]!.playlistId}`, member)).body).numberOfVideos).toBe(60);
  });

  it('marks a playlist YouTube will not show FAILED, and shows imports to their owner only', async () => {
    const baker = aServiceChannel('Crumbs', 2);
    const broken = { id: playlistId(), title: 'Hidden', videoIds: [baker.videos[0]!.id], notAccessible: true };
    const person = subject();
    standIn.addAccount({ subject: person, subscriptions: [], playlists: [broken] });
    const member = await aMember(t);
    await connect(member, person);

    const started = accountPlaylistImportsSchema.parse((await post('/api/providers/youtube/playlists', { ids: [broken.id] }, member)).body).items[0]!;
    const failed = await watch(member, broken.id);
    expect(failed.final).toMatchObject({ status: 'FAILED', name: 'Hidden' });
    const listed = accountPlaylistListSchema.parse((await get('/api/providers/youtube/playlists', member)).body);
    expect(listed.items[0]).toMatchObject({ imported: false, importStatus: 'FAILED', playlistId: started.playlistId });
    // The member's permission is not what failed.
    expect(await status(member)).toEqual({ status: 'ONLINE', connected: true });

    const someoneElse = await aMember(t);
    expectError(await get(`/api/providers/youtube/playlists/${broken.id}/status`, someoneElse), 404, 'NOT_FOUND');
    expectError(await get(`/api/providers/youtube/playlists/${started.playlistId}/status`, someoneElse), 404, 'NOT_FOUND');
    expect(await status(someoneElse)).toEqual({ status: 'OFFLINE', connected: false });
    expect((await get<{ connected: boolean }>('/api/providers/youtube', someoneElse)).body.connected).toBe(false);
  });
});

describe('disconnecting', () => {
  it('revokes the permission at Google and forgets the token; what was imported stays', async () => {
    const channel = aServiceChannel('Stays followed');
    const person = aGooglePerson();
    standIn.addAccount({ subject: person, subscriptions: [channel.id], playlists: [] });
    const member = await aMember(t);
    await connect(member, person);
    await post('/api/idp/GOOGLE/channels', { ids: [channel.id] }, member);
    const refreshToken = await refreshTokenOf(member);

    const res = await call(t.app, { method: 'DELETE', url: '/api/providers/youtube', token: member.token });
    expect(res.status).toBe(204);
    expect(await storedAccount(member)).toBeUndefined();
    await expect(refreshAtProvider(refreshToken)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect(await status(member)).toEqual({ status: 'OFFLINE', connected: false });
    expect(subscriptionListSchema.parse((await get('/api/subscriptions', member)).body).items.some((s) => s.target.type === 'channel' && !s.optOut)).toBe(true);
    // Disconnecting what is not connected is not an error.
    expect((await call(t.app, { method: 'DELETE', url: '/api/providers/youtube', token: member.token })).status).toBe(204);
  });

  it('revokes the permission when the member deletes their account', async () => {
    const member = await aMember(t);
    await connect(member, aGooglePerson());
    const refreshToken = await refreshTokenOf(member);
    const res = await call(t.app, { method: 'PUT', url: '/api/users/delete', token: member.token, payload: { reason: 'moving on' } });
    expect(res.status).toBe(204);
    await expect(refreshAtProvider(refreshToken)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect(rowsOf<{ n: number }>(await t.database.db.execute(sql`SELECT count(*)::int AS n FROM provider_accounts pa WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = pa.user_id)`))[0]!.n).toBe(0);
  });
});

describe('without TOKEN_ENCRYPTION_KEY', () => {
  const off = useTestApp({ accounts: () => ({ google: { issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret } }), videoProvider: youtubeOn });

  it('says the import is not offered and every other call answers 404 PROVIDER_DISABLED', async () => {
    const member = await aMember(off);
    const account = videoServiceAccountSchema.parse((await call(off.app, { method: 'GET', url: '/api/providers/youtube', token: member.token })).body);
    expect(account).toMatchObject({ enabled: false, connected: false, status: 'OFFLINE' });
    for (const url of ['/api/providers/youtube/authorization', '/api/idp/GOOGLE/status', '/api/idp/GOOGLE/channels', '/api/providers/youtube/playlists']) {
      expectError(await call(off.app, { method: 'GET', url, token: member.token }), 404, 'PROVIDER_DISABLED');
    }
  });
});
