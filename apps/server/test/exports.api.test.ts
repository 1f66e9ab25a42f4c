import { EXPORT_PATHS, newPipeSubscriptionsSchema, playlistSchema, siftSchema, subscriptionSchema, type Playlist, type Sift, type Subscription } from '@sift/contracts';
import { XMLParser } from 'fast-xml-parser';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { SIFT_EXPORT_FILE, SIFT_HISTORY_FILE, type SiftExportDocument } from '../src/modules/imports/formats/sift-export-document.js';
import type { ProviderChannel, ProviderVideo } from '../src/providers/video-provider.js';
import { aMember, call, expectError } from './support/accounts.js';
import { aChannel, videosOf } from './support/factories.js';
import { useTestApp } from './support/test-app.js';

const t = useTestApp();
type Member = Awaited<ReturnType<typeof aMember>>;

const api = <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  call<T>(t.app, { method, url, token, ...(payload === undefined ? {} : { payload: payload as object }) });

/** A download: status, headers and the raw bytes (the JSON helper would not read OPML or a zip). */
async function download(url: string, token?: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.statusCode, headers: res.headers, text: res.body, bytes: new Uint8Array(res.rawPayload) };
}

/** A channel at the (fake) video service with `count` videos, stored in the catalog. */
async function channelWith(count: number, overrides: Partial<ProviderChannel> = {}): Promise<{ channel: ProviderChannel; videos: ProviderVideo[] }> {
  const channel = aChannel({ numberOfVideos: count, ...overrides });
  const videos = videosOf(channel, count);
  t.videoService.channels.set(channel.externalId, channel);
  for (const v of videos) t.videoService.videos.set(v.externalId, v);
  await t.services.catalog.syncChannel(channel.externalId, { maxPages: Infinity });
  return { channel, videos };
}

async function follow(token: string, channel: ProviderChannel, frequency?: string): Promise<Subscription> {
  const res = await api('POST', '/api/subscriptions', token, { externalId: channel.externalId, ...(frequency ? { frequency } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return subscriptionSchema.parse(res.body);
}

async function createPlaylist(token: string, name: string, description = ''): Promise<Playlist> {
  const res = await api('POST', '/api/playlists', token, { name, description });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return playlistSchema.parse(res.body);
}

async function addVideo(token: string, playlist: number | string, video: ProviderVideo): Promise<number> {
  const res = await api<{ itemId: number }>('POST', `/api/playlists/${playlist}/videos`, token, { externalId: video.externalId });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body.itemId;
}

async function createSift(token: string, body: Record<string, unknown>): Promise<Sift> {
  const res = await api('POST', '/api/sifts', token, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await t.services.jobs.drain();
  return siftSchema.parse(res.body);
}

const feedUrl = (externalId: string) => `https://www.youtube.com/feeds/videos.xml?channel_id=${externalId}`;
const channelUrl = (externalId: string) => `https://www.youtube.com/channel/${externalId}`;
const TRICKY_NAME = `Tom & Jerry <"Live"> 'n' Friends`;

let member: Member;
let other: Member;
let tricky: ProviderChannel;
let cooking: { channel: ProviderChannel; videos: ProviderVideo[] };
let music: { channel: ProviderChannel; videos: ProviderVideo[] };
let dropped: ProviderChannel;
let othersOnly: ProviderChannel;
let publicSiftOfOther: Sift;
let ownSift: Sift;
let roadTrip: Playlist;

beforeAll(async () => {
  member = await aMember(t, { firstName: 'Ada', lastName: 'Lovelace' });
  other = await aMember(t, { firstName: 'Grace', lastName: 'Hopper' });
  tricky = (await channelWith(2, { name: TRICKY_NAME })).channel;
  cooking = await channelWith(6);
  music = await channelWith(4);
  dropped = (await channelWith(1)).channel;
  othersOnly = (await channelWith(1)).channel;

  // Follows: three channels stay followed, one is unfollowed (opt-out: not exported).
  await follow(member.token, tricky, 'DAILY');
  await follow(member.token, cooking.channel);
  const droppedFollow = await follow(member.token, dropped);
  await follow(member.token, music.channel, 'NONE');
  expect((await api('DELETE', `/api/subscriptions/${droppedFollow.id}`, member.token)).status).toBeLessThan(300);

  // The other member's things: a follow, a playlist, a public sift the member follows, a private one.
  await follow(other.token, othersOnly);
  const theirs = await createPlaylist(other.token, 'Not yours');
  await addVideo(other.token, theirs.id, music.videos[0]!);
  await addVideo(other.token, 'wl', music.videos[1]!);
  publicSiftOfOther = await createSift(other.token, { name: 'Shared cooking', public: true, channels: [{ externalId: cooking.channel.externalId }] });
  await createSift(other.token, { name: 'Their secret', channels: [{ externalId: othersOnly.externalId }], keywords: { all: ['secret'], any: [], none: [] } });
  const followed = await api('POST', '/api/subscriptions/sifts', member.token, { sifts: [publicSiftOfOther.hash], frequency: 'WEEKLY' });
  expect(followed.status, JSON.stringify(followed.body)).toBeLessThan(300);

  // The member's playlists: Watch later in a moved order, and one playlist.
  const wl = cooking.videos.slice(0, 4);
  const items: number[] = [];
  for (const v of wl) items.push(await addVideo(member.token, 'wl', v));
  // Move the last entry to the top: Watch later reads 3, 0, 1, 2.
  expect((await api('PUT', '/api/playlists/wl/videos', member.token, { itemId: items[3], position: 0 })).status).toBe(204);
  roadTrip = await createPlaylist(member.token, 'Road & trip <mix>', 'Songs for "the" car');
  for (const v of [music.videos[2]!, music.videos[0]!, cooking.videos[5]!]) await addVideo(member.token, roadTrip.id, v);

  // The member's sift.
  ownSift = await createSift(member.token, {
    name: 'Pasta only',
    description: 'Just pasta',
    category: 'food',
    public: true,
    channels: [{ externalId: music.channel.externalId }, { externalId: cooking.channel.externalId }],
    keywords: { all: ['pasta'], any: ['carbonara', 'pesto'], none: ['pizza'] },
    filters: { hideShorts: true, hideLive: false, minDurationSeconds: 60, maxDurationSeconds: null },
  });
});

describe('every export needs a login', () => {
  it('answers 401 to a visitor and to a token that is not a session', async () => {
    for (const path of Object.values(EXPORT_PATHS)) {
      const visitor = await download(path);
      expect(visitor.status, path).toBe(401);
      expectError({ status: visitor.status, body: JSON.parse(visitor.text), headers: visitor.headers }, 401, 'UNAUTHENTICATED');
      expect((await download(path, 'not-a-real-token-0123456789')).status, path).toBe(401);
    }
  });
});

describe('GET /api/me/exports/subscriptions.opml', () => {
  it('is an OPML download listing exactly the followed channels with their YouTube feeds, names escaped', async () => {
    const res = await download(EXPORT_PATHS.opml, member.token);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/x-opml; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="sift-subscriptions.opml"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    // Escaped in the document itself, not only readable by a forgiving parser.
    expect(res.text).toContain('text="Tom &amp; Jerry &lt;&quot;Live&quot;&gt; &apos;n&apos; Friends"');

    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => name === 'outline' }).parse(res.text) as {
      opml: { version: string; head: { title: string }; body: { outline: Array<{ text: string; outline?: Array<Record<string, string>> }> } };
    };
    expect(parsed.opml.version).toBe('1.1');
    expect(parsed.opml.head.title).toBe('Sift subscriptions');
    const folder = parsed.opml.body.outline;
    expect(folder).toHaveLength(1);
    expect(folder[0]!.text).toBe('YouTube Subscriptions');
    const channels = folder[0]!.outline!;
    expect(channels).toEqual(
      [tricky, cooking.channel, music.channel].map((c) => ({
        text: c.name,
        title: c.name,
        type: 'rss',
        xmlUrl: feedUrl(c.externalId),
        htmlUrl: channelUrl(c.externalId),
      })),
    );
    expect(channels[0]!.text).toBe(TRICKY_NAME);
    expect(res.text).not.toContain(dropped.externalId);
    expect(res.text).not.toContain(othersOnly.externalId);
  });

  it('is a valid empty folder for a member who follows nothing', async () => {
    const newcomer = await aMember(t);
    const res = await download(EXPORT_PATHS.opml, newcomer.token);
    expect(res.status).toBe(200);
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(res.text) as { opml: { body: { outline: Record<string, unknown> } } };
    expect(parsed.opml.body.outline).toEqual({ text: 'YouTube Subscriptions', title: 'YouTube Subscriptions' });
  });
});

describe('GET /api/me/exports/newpipe.json', () => {
  it("is NewPipe's subscriptions format with the followed channels", async () => {
    const res = await download(EXPORT_PATHS.newPipe, member.token);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="sift-newpipe-subscriptions.json"');
    expect(res.headers['cache-control']).toBe('no-store');
    const body = newPipeSubscriptionsSchema.parse(JSON.parse(res.text));
    expect(body).toEqual({
      app_version: '0.27.6',
      app_version_int: 1004,
      subscriptions: [tricky, cooking.channel, music.channel].map((c) => ({ service_id: 0, url: channelUrl(c.externalId), name: c.name })),
    });
  });
});

describe('GET /api/me/exports/data.zip', () => {
  async function exported(token: string): Promise<{ files: Record<string, Uint8Array>; document: SiftExportDocument; headers: Record<string, unknown> }> {
    const res = await download(EXPORT_PATHS.data, token);
    expect(res.status).toBe(200);
    const files = unzipSync(res.bytes);
    return { files, document: JSON.parse(strFromU8(files[SIFT_EXPORT_FILE]!)) as SiftExportDocument, headers: res.headers };
  }

  it('is a zip of sift-export.json, history.json, freetube-history.db and README.txt, downloaded under the day it was made', async () => {
    const before = new Date().toISOString().slice(0, 10);
    const { files, document, headers } = await exported(member.token);
    expect(headers['content-type']).toBe('application/zip');
    expect(headers['cache-control']).toBe('no-store');
    const name = /^attachment; filename="sift-data-(\d{4}-\d{2}-\d{2})\.zip"$/.exec(String(headers['content-disposition']));
    expect(name?.[1]).toBeDefined();
    expect([before, new Date().toISOString().slice(0, 10)]).toContain(name![1]);
    expect(Object.keys(files).sort()).toEqual(['README.txt', 'freetube-history.db', SIFT_HISTORY_FILE, SIFT_EXPORT_FILE]);
    const readme = strFromU8(files['README.txt']!);
    expect(readme).toContain(SIFT_EXPORT_FILE);
    expect(readme).toContain('Watch later');
    expect(document.format).toBe('Sift');
    expect(document.version).toBe(1);
    expect(name![1]).toBe(document.exportedAt.slice(0, 10));
  });

  it("holds the member's profile, follows, playlists (Watch later in its order) and sifts, and nothing of anyone else", async () => {
    const { document } = await exported(member.token);
    expect(document.profile).toEqual({ email: member.email, firstName: 'Ada', lastName: 'Lovelace', createdAt: member.user.createdAt });

    expect(document.follows.channels).toEqual([
      { externalId: tricky.externalId, name: TRICKY_NAME, frequency: 'DAILY' },
      { externalId: cooking.channel.externalId, name: cooking.channel.name, frequency: 'WEEKLY' },
      { externalId: music.channel.externalId, name: music.channel.name, frequency: 'NONE' },
    ]);
    expect(document.follows.sifts).toEqual([{ hash: publicSiftOfOther.hash, name: 'Shared cooking', frequency: 'WEEKLY' }]);

    const v = (video: ProviderVideo) => ({ externalId: video.externalId, title: video.title });
    expect(document.playlists).toEqual([
      { name: 'Watch later', description: '', public: false, watchLater: true, videos: [3, 0, 1, 2].map((i) => v(cooking.videos[i]!)) },
      {
        name: 'Road & trip <mix>',
        description: 'Songs for "the" car',
        public: false,
        watchLater: false,
        videos: [v(music.videos[2]!), v(music.videos[0]!), v(cooking.videos[5]!)],
      },
    ]);

    expect(document.sifts).toEqual([
      {
        name: 'Pasta only',
        description: 'Just pasta',
        public: true,
        category: 'food',
        keywords: { all: ['pasta'], any: ['carbonara', 'pesto'], none: ['pizza'] },
        filters: { hideShorts: true, hideLive: false, minDurationSeconds: 60, maxDurationSeconds: null },
        channels: [
          { externalId: music.channel.externalId, name: music.channel.name },
          { externalId: cooking.channel.externalId, name: cooking.channel.name },
        ],
      },
    ]);
    expect(ownSift.hash).not.toBe(publicSiftOfOther.hash);

    const text = JSON.stringify(document);
    for (const foreign of ['Not yours', 'Their secret', othersOnly.externalId, other.email, music.videos[1]!.externalId]) expect(text).not.toContain(foreign);
  });

  it("gives the other member their own data only", async () => {
    const { document } = await exported(other.token);
    expect(document.profile.email).toBe(other.email);
    expect(document.follows.channels.map((c) => c.externalId)).toEqual([othersOnly.externalId]);
    expect(document.follows.sifts).toEqual([]);
    expect(document.playlists.map((p) => [p.name, p.watchLater, p.videos.map((x) => x.externalId)])).toEqual([
      ['Watch later', true, [music.videos[1]!.externalId]],
      ['Not yours', false, [music.videos[0]!.externalId]],
    ]);
    expect(document.sifts.map((s) => s.name)).toEqual(['Shared cooking', 'Their secret']);
    expect(document.sifts[1]!.keywords).toEqual({ all: ['secret'], any: [], none: [] });
    const text = JSON.stringify(document);
    for (const foreign of [member.email, 'Pasta only', 'Road & trip', tricky.externalId]) expect(text).not.toContain(foreign);
  });
});
