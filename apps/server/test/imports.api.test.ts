import { importStartedSchema, memberImportSchema, playlistListSchema, playlistVideosSchema, siftSchema, subscriptionListSchema, type MemberImport } from '@sift/contracts';
import { sql } from 'drizzle-orm';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/infra/db/client.js';
import { SIFT_EXPORT_FILE, type SiftExportDocument } from '../src/modules/imports/formats/sift-export-document.js';
import type { ProviderChannel, ProviderVideo } from '../src/providers/video-provider.js';
import { aMember, call, expectError } from './support/accounts.js';
import { aChannel, aVideo } from './support/factories.js';
import { multipartBody, multipartBodyOf } from './support/multipart.js';
import { useTestApp } from './support/test-app.js';

/**
 * Issue 16 §2: export files in. Each test uploads a file shaped like the real one, lets the import job run, and
 * checks what the member would see: who they follow, their playlists and Watch later in order, their sifts, and
 * what was skipped and why. Formats in detail are the parsers' unit tests (src/modules/imports/formats).
 */
const t = useTestApp();
type Member = Awaited<ReturnType<typeof aMember>>;

async function upload(token: string | undefined, bytes: Buffer, filename = 'export') {
  const body = multipartBody('file', filename, 'application/octet-stream', bytes);
  return call(t.app, { method: 'POST', url: '/api/me/imports', token, payload: body.payload, headers: body.headers });
}

/** Uploads, runs the job to its end and answers the finished import. */
async function importFile(member: Member, bytes: Buffer, filename?: string): Promise<MemberImport> {
  const res = await upload(member.token, bytes, filename);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const started = importStartedSchema.parse(res.body);
  expect(started.status).toBe('PENDING');
  expect(res.headers.location).toBe(`/api/me/imports/${started.id}`);
  await t.services.jobs.drain();
  const status = await call(t.app, { method: 'GET', url: `/api/me/imports/${started.id}`, token: member.token });
  expect(status.status).toBe(200);
  return memberImportSchema.parse(status.body);
}

const followedNames = async (member: Member) => {
  const res = await call(t.app, { method: 'GET', url: '/api/subscriptions', token: member.token });
  return subscriptionListSchema
    .parse(res.body)
    .items.flatMap((s) => (s.optOut || s.target.type !== 'channel' ? [] : [s.target.name]))
    .sort();
};

const count = async (query: ReturnType<typeof sql>) => Number(rowsOf<{ n: number }>(await t.database.db.execute(query))[0]!.n);
const importCount = () => count(sql`SELECT count(*)::int AS n FROM member_imports`);

let lamps: ProviderChannel;
let tides: ProviderChannel;
let knots: ProviderChannel;
let videos: ProviderVideo[];

beforeAll(async () => {
  // Channels the video service knows but the catalog has not stored yet: the import fetches them.
  lamps = aChannel({ name: 'Lamps, Lights & More' });
  tides = aChannel({ name: 'Tides' });
  knots = aChannel({ name: 'Knots für alle' });
  for (const c of [lamps, tides, knots]) t.videoService.channels.set(c.externalId, c);
  videos = [aVideo(lamps, { title: 'Brass lamp' }), aVideo(tides, { title: 'Spring tide' }), aVideo(knots, { title: 'Bowline' }), aVideo(knots, { title: 'Clove hitch' })];
  for (const v of videos) t.videoService.videos.set(v.externalId, v);
});

describe('POST /api/me/imports', () => {
  it('asks who is calling before it reads anything: a visitor gets a 401, even without a file', async () => {
    expectError(await upload(undefined, Buffer.from('Channel Id,Channel Url,Channel Title\n')), 401);
    expectError(await call(t.app, { method: 'POST', url: '/api/me/imports', payload: { not: 'a file' } }), 401);
    expectError(await call(t.app, { method: 'GET', url: '/api/me/imports/1' }), 401);
  });

  it('refuses a request without the file, and a file it cannot read, with a clear message and no import left', async () => {
    const member = await aMember(t);
    const before = await importCount();
    expectError(await call(t.app, { method: 'POST', url: '/api/me/imports', token: member.token, payload: { file: 'x' } }), 400, 'VALIDATION', 'file');
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const res = await upload(member.token, png, 'subscriptions.csv');
    expectError(res, 422, 'IMPORT_FORMAT_UNKNOWN', 'file');
    expect((res.body as { message: string }).message).toMatch(/Takeout/);
    expectError(await upload(member.token, Buffer.from('just some words, nothing to import\n')), 422, 'IMPORT_FORMAT_UNKNOWN');
    expect(await importCount()).toBe(before);
  });

  it('refuses a file over 20 MiB with 413 IMPORT_TOO_LARGE, as decisions/016 promises', async () => {
    const member = await aMember(t);
    const before = await importCount();
    const big = Buffer.alloc(20 * 1024 * 1024 + 1, 0x20);
    const refused = expectError(await upload(member.token, big), 413, 'IMPORT_TOO_LARGE', 'file');
    // Years of Takeout history as HTML are this large: the message says what to send instead (decisions/040).
    expect(refused.message).toMatch(/^The file is too large: at most 20 MB\. Upload the Google Takeout \.zip as it was downloaded/);
    expect(await importCount()).toBe(before);
  });

  it('refuses two files in one request rather than importing one of them silently', async () => {
    const member = await aMember(t);
    const before = await importCount();
    const csv = (c: ProviderChannel) => Buffer.from(`Channel Id,Channel Url,Channel Title\n${c.externalId},http://www.youtube.com/channel/${c.externalId},${c.name}\n`);
    const body = multipartBodyOf([
      { field: 'file', filename: 'subscriptions.csv', contentType: 'text/csv', bytes: csv(tides) },
      { field: 'file', filename: 'more.csv', contentType: 'text/csv', bytes: csv(knots) },
    ]);
    const res = await call(t.app, { method: 'POST', url: '/api/me/imports', token: member.token, payload: body.payload, headers: body.headers });
    const error = expectError(res, 400, 'VALIDATION', 'file');
    expect(error.message).toMatch(/one file/);
    expect(await importCount()).toBe(before);
    expect(await followedNames(member)).toEqual([]);
  });

  it('imports a 2024 Takeout .zip: each playlist once, with its title, visibility and videos, and the empty one', async () => {
    const member = await aMember(t);
    const [brass, spring, bowline] = videos as [ProviderVideo, ProviderVideo, ProviderVideo];
    const root = 'Takeout/YouTube and YouTube Music/playlists';
    const zip = zipSync({
      [`${root}/playlists.csv`]: strToU8(
        'Playlist ID,Add new videos to top,Playlist image 1 Create timestamp,Playlist image 1 URL,Playlist image 1 Height,Playlist image 1 Width,Playlist title (original),Playlist title (original) language,Playlist create timestamp,Playlist update timestamp,Playlist video order,Playlist visibility\r\n' +
          'PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI,False,2024-02-01T10:00:00+00:00,https://i9.ytimg.com/s_p/x/landscape_mqdefault.jpg,180,320,Seaside,en,2024-01-01T10:00:00+00:00,2024-02-01T10:00:00+00:00,Manual,Public\r\n' +
          'PLrAXtmErZgOdP_8GztsuKi9nrraNbKKp4,True,,,,,Someday,,2024-01-07T10:00:00+00:00,2024-01-07T10:00:00+00:00,Manual,Private\r\n',
      ),
      [`${root}/Seaside-videos.csv`]: strToU8(
        `Video ID,Playlist Video Creation Timestamp\r\n${spring.externalId},2024-03-01T08:00:00+00:00\r\n${brass.externalId},2024-03-02T08:00:00+00:00\r\n`,
      ),
      [`${root}/Someday-videos.csv`]: strToU8('Video ID,Playlist Video Creation Timestamp\r\n'),
      [`${root}/Watch later-videos.csv`]: strToU8(`Video ID,Playlist Video Creation Timestamp\r\n${bowline.externalId},2024-03-03T08:00:00+00:00\r\n`),
    });
    const result = await importFile(member, Buffer.from(zip), 'takeout-20240301T000000Z-001.zip');
    expect(result).toMatchObject({ format: 'TAKEOUT_ZIP', status: 'CREATED', counts: { playlists: 2, videos: 3 }, skipped: [] });
    const mine = playlistListSchema.parse((await call(t.app, { method: 'GET', url: '/api/playlists', token: member.token })).body).items;
    const imported = mine.filter((p) => p.imported).map((p) => ({ name: p.name, public: p.public, videos: p.numberOfVideos }));
    expect(imported.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'Seaside', public: true, videos: 2 },
      { name: 'Someday', public: false, videos: 0 },
    ]);
  });

  it('imports a LibreTube backup: channels, the local playlist, the group as a sift, the rest listed as skipped', async () => {
    const member = await aMember(t);
    const [brass, , bowline, clove] = videos as [ProviderVideo, ProviderVideo, ProviderVideo, ProviderVideo];
    const backup = {
      watchHistory: [{ videoId: brass.externalId, title: brass.title, uploader: lamps.name, duration: 300 }],
      watchPositions: [{ videoId: brass.externalId, position: 120000 }],
      subscriptions: [lamps, knots].map((c) => ({ channelId: c.externalId, url: `https://www.youtube.com/channel/${c.externalId}`, name: c.name, avatar: 'https://yt3.ggpht.com/a.jpg' })),
      playlistBookmarks: [{ playlistId: 'PLBCF2DAC6FFB574DE', playlistName: 'Their mix' }],
      localPlaylists: [
        {
          playlist: { id: 1, name: 'Knots to learn', thumbnailUrl: 'https://i.ytimg.com/vi/x/hqdefault.jpg' },
          videos: [clove, bowline].map((v, i) => ({ id: i + 1, playlistId: 1, videoId: v.externalId, title: v.title, uploader: knots.name, duration: 300 })),
        },
      ],
      playlists: [{ name: 'Knots to learn', type: 'playlist', visibility: 'private', videos: [clove, bowline].map((v) => `https://www.youtube.com/watch?v=${v.externalId}`) }],
      groups: [{ groupName: 'Hands', channels: [knots.externalId, lamps.externalId] }],
    };
    const result = await importFile(member, Buffer.from(JSON.stringify(backup)), 'libretube-backup-2024-05-01.json');
    expect(result).toMatchObject({ format: 'LIBRETUBE_JSON', status: 'CREATED', counts: { channels: 2, playlists: 1, videos: 2, sifts: 1 } });
    expect(result.skipped).toEqual([
      { item: 'Their mix (PLBCF2DAC6FFB574DE)', reason: expect.stringMatching(/bookmarked playlist/) },
    ]);
    expect(await followedNames(member)).toEqual(['Knots für alle', 'Lamps, Lights & More']);
    const mine = await call(t.app, { method: 'GET', url: '/api/sifts?following=false', token: member.token });
    expect((mine.body as { items: Array<{ name: string }> }).items.map((s) => s.name)).toContain('Hands');
  });

  it("follows the channels of a YouTube-JSON subscription list (FreeTube's YouTube export, Takeout 2019–21)", async () => {
    const member = await aMember(t);
    const subscription = (c: ProviderChannel) => ({
      contentDetails: { activityType: 'all', newItemCount: 0, totalItemCount: 0 },
      etag: '',
      id: '',
      kind: 'youtube#subscription',
      snippet: { channelId: c.externalId, description: '', publishedAt: '2024-05-01T09:30:00.000Z', resourceId: { channelId: c.externalId, kind: 'youtube#channel' }, thumbnails: {}, title: c.name },
    });
    const result = await importFile(member, Buffer.from(JSON.stringify([subscription(tides), subscription(lamps)])), 'youtube-subscriptions-2024-05-01.json');
    expect(result).toMatchObject({ format: 'YOUTUBE_JSON', status: 'CREATED', counts: { channels: 2 }, skipped: [] });
    expect(await followedNames(member)).toEqual(['Lamps, Lights & More', 'Tides']);
  });

  it('follows the channels of a Takeout subscriptions.csv with a localised header, says what it skipped, and adds nothing the second time', async () => {
    const member = await aMember(t);
    const missing = 'UC' + 'x'.repeat(22);
    const csv =
      '\ufeffKanal-ID,Kanal-URL,Kanaltitel\r\n' +
      `${lamps.externalId},http://www.youtube.com/channel/${lamps.externalId},"Lamps, Lights & More"\r\n` +
      `${tides.externalId},http://www.youtube.com/channel/${tides.externalId},Tides\r\n` +
      `${missing},http://www.youtube.com/channel/${missing},Gone channel\r\n`;
    const first = await importFile(member, Buffer.from(csv), 'Abos.csv');
    expect(first).toMatchObject({ format: 'TAKEOUT_CSV', status: 'CREATED', progress: 100, error: null, counts: { channels: 2, playlists: 0, videos: 0, sifts: 0 } });
    expect(first.skipped).toEqual([{ item: expect.stringContaining(missing), reason: expect.stringMatching(/unknown channel/) }]);
    expect(first.finishedAt).not.toBeNull();
    expect(await followedNames(member)).toEqual(['Lamps, Lights & More', 'Tides']);

    const second = await importFile(member, Buffer.from(csv));
    expect(second.counts).toEqual({ channels: 0, playlists: 0, videos: 0, sifts: 0, history: 0 });
    expect(await followedNames(member)).toEqual(['Lamps, Lights & More', 'Tides']);
  });

  it("shows an import to its owner only", async () => {
    const owner = await aMember(t);
    const other = await aMember(t);
    const res = await upload(owner.token, Buffer.from(`<?xml version="1.0"?><opml version="1.1"><body><outline text="YouTube"><outline type="rss" text="Tides" xmlUrl="https://www.youtube.com/feeds/videos.xml?channel_id=${tides.externalId}"/></outline></body></opml>`));
    expect(res.status).toBe(202);
    const { id, format } = importStartedSchema.parse(res.body);
    expect(format).toBe('OPML');
    await t.services.jobs.drain();
    expectError(await call(t.app, { method: 'GET', url: `/api/me/imports/${id}`, token: other.token }), 404);
    expectError(await call(t.app, { method: 'GET', url: '/api/me/imports/abc', token: owner.token }), 400);
    expect((await call(t.app, { method: 'GET', url: `/api/me/imports/${id}`, token: owner.token })).status).toBe(200);
  });

  it('brings FreeTube playlists in order, merges watchLater and favorites into Watch later, and skips deleted videos', async () => {
    const member = await aMember(t);
    const [brass, spring, bowline, clove] = videos as [ProviderVideo, ProviderVideo, ProviderVideo, ProviderVideo];
    const entry = (v: ProviderVideo) => ({ videoId: v.externalId, title: v.title, author: 'x', authorId: v.channelExternalId, lengthSeconds: 300, timeAdded: 1_700_000_000_000 });
    const db = [
      { playlistName: 'Knots to learn', protected: false, description: '', videos: [entry(clove), entry(bowline), { ...entry(bowline) }, { videoId: 'deletedVid1', title: 'Gone video', lengthSeconds: 1, timeAdded: 1 }], _id: 'ft-playlist-1' },
      { playlistName: 'Watch Later', protected: true, videos: [entry(spring)], _id: 'watchLater' },
      { playlistName: 'Favorites', protected: true, videos: [entry(brass)], _id: 'favorites' },
    ]
      .map((p) => JSON.stringify(p))
      .join('\n');
    const result = await importFile(member, Buffer.from(db + '\n'), 'playlists.db');
    expect(result).toMatchObject({ format: 'FREETUBE_DB', status: 'CREATED', counts: { channels: 0, playlists: 1, videos: 4, sifts: 0 } });
    expect(result.skipped).toContainEqual({ item: expect.stringContaining('Gone video'), reason: 'deleted or private video' });

    const list = await call(t.app, { method: 'GET', url: '/api/playlists', token: member.token });
    const knotsList = (list.body as { items: Array<{ id: number; name: string; imported: boolean }> }).items.find((p) => p.name === 'Knots to learn');
    expect(knotsList?.imported).toBe(true);
    const inOrder = async (id: string | number) =>
      playlistVideosSchema.parse((await call(t.app, { method: 'GET', url: `/api/playlists/${id}/videos`, token: member.token })).body).videos.map((v) => v.title);
    expect(await inOrder(knotsList!.id)).toEqual(['Clove hitch', 'Bowline']);
    expect((await inOrder('wl')).sort()).toEqual(['Brass lamp', 'Spring tide']);

    const again = await importFile(member, Buffer.from(db + '\n'));
    expect(again.counts).toEqual({ channels: 0, playlists: 0, videos: 0, sifts: 0, history: 0 });
    expect(await inOrder(knotsList!.id)).toEqual(['Clove hitch', 'Bowline']);
  });

  it('makes a private sift of each FreeTube profile and follows every channel of "All Channels"', async () => {
    const member = await aMember(t);
    const sub = (c: ProviderChannel) => ({ id: c.externalId, name: c.name, thumbnail: '' });
    const profiles = [
      { _id: 'allChannels', name: 'All Channels', bgColor: '#000000', textColor: '#FFFFFF', subscriptions: [sub(lamps), sub(tides), sub(knots)] },
      { _id: 'p1x9', name: 'Outdoors', bgColor: '#00ff00', textColor: '#000000', subscriptions: [sub(tides), sub(knots)] },
    ]
      .map((p) => JSON.stringify(p))
      .join('\n');
    const result = await importFile(member, Buffer.from(profiles), 'profiles.db');
    expect(result).toMatchObject({ format: 'FREETUBE_DB', status: 'CREATED', counts: { channels: 3, sifts: 1 } });
    expect(await followedNames(member)).toEqual(['Knots für alle', 'Lamps, Lights & More', 'Tides']);
    const mine = await call(t.app, { method: 'GET', url: '/api/sifts?following=false', token: member.token });
    const outdoors = (mine.body as { items: Array<{ id: number; name: string; public: boolean }> }).items.find((s) => s.name === 'Outdoors');
    expect(outdoors?.public).toBe(false);
    const sift = siftSchema.parse((await call(t.app, { method: 'GET', url: `/api/sifts/${outdoors!.id}`, token: member.token })).body);
    expect(sift.channels.map((c) => c.name).sort()).toEqual(['Knots für alle', 'Tides']);

    const again = await importFile(member, Buffer.from(profiles));
    expect(again.counts).toEqual({ channels: 0, playlists: 0, videos: 0, sifts: 0, history: 0 });
  });

  it('imports a file whose strings hold \\u0000 or a lone surrogate: NULs dropped, the surrogate shown as �, nothing refused by the database', async () => {
    const member = await aMember(t);
    const [brass, spring] = videos as [ProviderVideo, ProviderVideo];
    // JSON.stringify writes both as the escapes \u0000 and \ud800, as a broken or hostile export would.
    const db = [
      { playlistName: 'Lamps\u0000 & tides\ud800', protected: false, description: '\u0000', videos: [{ videoId: brass.externalId, title: 'Brass\u0000', timeAdded: 1 }, { videoId: `${spring.externalId}\u0000`, title: '\ud800', timeAdded: 2 }], _id: 'p\u0000' },
      { _id: 'p1x9', name: 'Out\u0000doors\udc00', bgColor: '#00ff00', textColor: '#000000', subscriptions: [{ id: tides.externalId, name: 'Tides\ud800', thumbnail: '' }] },
    ]
      .map((p) => JSON.stringify(p))
      .join('\n');
    expect(db).toContain('\\u0000');
    const result = await importFile(member, Buffer.from(db + '\n'), 'playlists.db');
    expect(result).toMatchObject({ format: 'FREETUBE_DB', status: 'CREATED', error: null, counts: { playlists: 1, videos: 1, sifts: 1 } });
    expect(result.skipped).toContainEqual({ item: expect.stringContaining('\ufffd'), reason: expect.any(String) });

    const list = await call(t.app, { method: 'GET', url: '/api/playlists', token: member.token });
    expect((list.body as { items: Array<{ name: string }> }).items.map((p) => p.name)).toContain('Lamps & tides\ufffd');
    const mine = await call(t.app, { method: 'GET', url: '/api/sifts?following=false', token: member.token });
    expect((mine.body as { items: Array<{ name: string }> }).items.map((s) => s.name)).toContain('Outdoors\ufffd');

    // Sift's own export, every string escaped likewise.
    const own = JSON.stringify({
      format: 'Sift',
      version: 1,
      follows: { channels: [{ externalId: knots.externalId, name: 'Knots\u0000' }], sifts: [{ hash: '\ud800', name: '\u0000' }] },
      playlists: [{ name: '\u0000', description: 'a\ud800', videos: [{ externalId: brass.externalId, title: '\u0000' }] }],
      sifts: [{ name: 'Rules\u0000', keywords: { all: ['knot\u0000'], any: ['tide\ud800'], none: [] }, channels: [{ externalId: knots.externalId, name: '\u0000' }] }],
    });
    const ownResult = await importFile(member, Buffer.from(own), 'sift-export.json');
    expect(ownResult).toMatchObject({ format: 'SIFT_ZIP', status: 'CREATED', error: null, counts: { channels: 1, playlists: 1, sifts: 1 } });
    expect(ownResult.skipped).toEqual([{ item: '\ufffd', reason: expect.stringMatching(/followed sift/) }]);
  });

  it('reads OPML folders nested 150 deep, and calls OPML the XML parser refuses damaged (422), never a 500', async () => {
    const member = await aMember(t);
    const feed = `xmlUrl="https://www.youtube.com/feeds/videos.xml?channel_id=${lamps.externalId}"`;
    const nested = `<opml version="2.0"><body>${'<outline text="Folder">'.repeat(150)}<outline type="rss" text="Lamps" ${feed}/>${'</outline>'.repeat(150)}</body></opml>`;
    expect((await importFile(member, Buffer.from(nested), 'feeds.opml')).counts.channels).toBe(1);
    for (const opml of [
      `<opml version="2.0"><body>${'<outline>'.repeat(5_000)}${'</outline>'.repeat(5_000)}</body></opml>`,
      `<opml version="2.0"><body><outline __proto__="x" ${feed}/></body></opml>`,
      `<opml version="2.0"><body><constructor/><outline ${feed}/></body></opml>`,
    ]) {
      expectError(await upload(member.token, Buffer.from(opml), 'feeds.opml'), 422, 'IMPORT_FILE_INVALID');
    }
  });

  it('mails about none of the old uploads the refresh brings for channels an import followed', async () => {
    const member = await aMember(t);
    const quiet = aChannel({ name: 'Quiet channel' });
    t.videoService.channels.set(quiet.externalId, quiet);
    t.videoService.videos.set('oldUpload01', aVideo(quiet, { externalId: 'oldUpload01', title: 'Old upload', publishedAt: new Date('2020-01-01T00:00:00Z') }));
    const csv = `Channel Id,Channel Url,Channel Title\n${quiet.externalId},http://www.youtube.com/channel/${quiet.externalId},Quiet channel\n`;
    expect((await importFile(member, Buffer.from(csv))).counts.channels).toBe(1);
    await t.services.jobs.drain(); // the refresh the import asked for
    const queued = await count(sql`
      SELECT count(*)::int AS n FROM notification_items i JOIN subscriptions s ON s.id = i.subscription_id
      JOIN users u ON u.id = s.user_id WHERE u.email = ${member.email}`);
    expect(queued).toBe(0);
  });
});

describe('Round trip: what Sift exports, Sift imports', () => {
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    call(t.app, { method, url, token, ...(payload ? { payload } : {}) });

  async function exported(member: Member): Promise<SiftExportDocument> {
    const res = await t.app.inject({ method: 'GET', url: '/api/me/exports/data.zip', headers: { authorization: `Bearer ${member.token}` } });
    expect(res.statusCode).toBe(200);
    return JSON.parse(strFromU8(unzipSync(new Uint8Array(res.rawPayload))[SIFT_EXPORT_FILE]!)) as SiftExportDocument;
  }
  /** What a member has, without what belongs to the account itself (who, when). */
  const contents = (doc: SiftExportDocument) => ({ follows: doc.follows, playlists: doc.playlists, sifts: doc.sifts });

  it("loses nothing: a fresh account that imports another's data.zip exports the same follows, playlists and sifts", async () => {
    const before = await aMember(t);
    const [brass, spring, bowline, clove] = videos as [ProviderVideo, ProviderVideo, ProviderVideo, ProviderVideo];
    for (const c of [knots, lamps]) expect((await api('POST', '/api/subscriptions', before.token, { externalId: c.externalId, frequency: 'DAILY' })).status).toBeLessThan(300);
    const playlist = await api('POST', '/api/playlists', before.token, { name: 'Rope & light <3', description: 'Knots, then lamps' });
    const playlistId = (playlist.body as { id: number }).id;
    for (const v of [clove, brass, bowline]) expect((await api('POST', `/api/playlists/${playlistId}/videos`, before.token, { externalId: v.externalId })).status).toBe(201);
    for (const v of [spring, clove]) expect((await api('POST', '/api/playlists/wl/videos', before.token, { externalId: v.externalId })).status).toBe(201);
    const sift = await api('POST', '/api/sifts', before.token, {
      name: 'Knots, not lamps',
      description: 'Only the knots',
      public: true,
      channels: [{ externalId: knots.externalId }, { externalId: tides.externalId }],
      keywords: { all: [], any: ['hitch', 'bowline'], none: ['lamp'] },
      filters: { hideShorts: true, hideLive: false, minDurationSeconds: 60, maxDurationSeconds: null },
    });
    expect(sift.status, JSON.stringify(sift.body)).toBe(201);
    await t.services.jobs.drain();
    const original = await exported(before);

    const after = await aMember(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/me/exports/data.zip', headers: { authorization: `Bearer ${before.token}` } });
    const result = await importFile(after, Buffer.from(res.rawPayload), 'sift-data.zip');
    expect(result).toMatchObject({ format: 'SIFT_ZIP', status: 'CREATED', counts: { channels: 2, playlists: 1, videos: 5, sifts: 1 }, skipped: [] });
    const copy = await exported(after);
    // Frequencies are the new member's own choice (the default), not carried over.
    const withoutFrequency = (doc: SiftExportDocument) => ({ ...contents(doc), follows: { ...doc.follows, channels: doc.follows.channels.map(({ frequency: _, ...c }) => c) } });
    expect(withoutFrequency(copy)).toEqual(withoutFrequency(original));

    const again = await importFile(after, Buffer.from(res.rawPayload));
    expect(again.counts).toEqual({ channels: 0, playlists: 0, videos: 0, sifts: 0, history: 0 });
    expect(contents(await exported(after))).toEqual(contents(copy));
  });
});
