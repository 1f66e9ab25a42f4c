import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProviderChannel, ProviderVideo } from '../src/providers/video-provider.js';
import { aMember, call } from './support/accounts.js';
import { aChannel, aVideo } from './support/factories.js';
import { multipartBody } from './support/multipart.js';
import { useTestApp } from './support/test-app.js';

/**
 * Issue 17: an authorization matrix generated from the API's route table (its OpenAPI document). Every operation
 * on something a member owns — a playlist, a sift, a subscription — is tried by a visitor (401), by another member
 * (403 when they can see it, 404 when they cannot: it is private) and by the owner (2xx); what the others tried
 * changes nothing. A new route on an owned resource fails this test until it is given a request below.
 */
const t = useTestApp();
type Member = Awaited<ReturnType<typeof aMember>>;

/** Path prefixes of owned resources, and the operations others may do to a public one by design. */
const OWNED = [/^\/api\/playlists\/\{id\}/, /^\/api\/sifts\/\{id\}/, /^\/api\/subscriptions\/\{id\}/];
const ALLOWED_ON_PUBLIC = new Set(['POST /api/playlists/{id}/copy', 'POST /api/playlists/{id}/follows', 'DELETE /api/playlists/{id}/follows', 'POST /api/sifts/{id}/copy', 'POST /api/sifts/{id}/follows', 'DELETE /api/sifts/{id}/follows',
  // Marks the sift's videos in the caller's own history (issue 30): the sift itself is not changed.
  'POST /api/sifts/{id}/watched']);
/** Reads of someone's own things (GET is otherwise public by design for public playlists and sifts). */
const PRIVATE_READS = ['GET /api/me/imports/{id}'];

interface Fixture {
  playlistId: number;
  itemId: number;
  siftId: number;
  subscriptionId: number;
  importId: number;
}

let owner: Member;
let other: Member;
let channel: ProviderChannel;
let videos: ProviderVideo[];
let cover: Buffer;

async function api(member: Member | undefined, options: InjectOptions) {
  return call(t.app, { ...options, token: member?.token } as InjectOptions & { token?: string });
}

/** A fresh set of the owner's things, private or public. */
async function fixture(isPublic: boolean): Promise<Fixture> {
  const playlist = await api(owner, { method: 'POST', url: '/api/playlists', payload: { name: 'Owned playlist' } });
  const playlistId = (playlist.body as { id: number }).id;
  const added = await api(owner, { method: 'POST', url: `/api/playlists/${playlistId}/videos`, payload: { externalId: videos[0]!.externalId } });
  const sift = await api(owner, { method: 'POST', url: '/api/sifts', payload: { name: 'Owned sift', public: isPublic, channels: [{ externalId: channel.externalId }] } });
  if (isPublic) await api(owner, { method: 'POST', url: `/api/playlists/${playlistId}/public` });
  const subscription = await api(owner, { method: 'POST', url: '/api/subscriptions', payload: { externalId: channel.externalId } });
  const csv = Buffer.from(`Channel Id,Channel Url,Channel Title\n${channel.externalId},http://www.youtube.com/channel/${channel.externalId},x\n`);
  const upload = multipartBody('file', 'subscriptions.csv', 'text/csv', csv);
  const started = await api(owner, { method: 'POST', url: '/api/me/imports', payload: upload.payload, headers: upload.headers });
  await t.services.jobs.drain();
  return {
    playlistId,
    itemId: (added.body as { itemId: number }).itemId,
    siftId: (sift.body as { id: number }).id,
    subscriptionId: (subscription.body as { id: number }).id,
    importId: (started.body as { id: number }).id,
  };
}

/** The request an operation is tried with: a body the owner's own call succeeds with. */
function requestFor(key: string, f: Fixture): InjectOptions {
  const [method, path] = key.split(' ') as [InjectOptions['method'], string];
  const url = path
    .replace('/api/playlists/{id}', `/api/playlists/${f.playlistId}`)
    .replace('/api/sifts/{id}', `/api/sifts/${f.siftId}`)
    .replace('/api/subscriptions/{id}', `/api/subscriptions/${f.subscriptionId}`)
    .replace('/api/me/imports/{id}', `/api/me/imports/${f.importId}`)
    .replace('{videoId}', videos[0]!.externalId)
    .replace('{channelId}', channel.externalId);
  const bodies: Record<string, object> = {
    'PUT /api/playlists/{id}': { name: 'Renamed by someone' },
    'POST /api/playlists/{id}/videos': { externalId: videos[1]!.externalId },
    'PUT /api/playlists/{id}/videos': { itemId: f.itemId, position: 0 },
    'PUT /api/sifts/{id}': { name: 'Renamed by someone' },
    'POST /api/sifts/{id}/channels': { externalId: channel.externalId },
    'PUT /api/subscriptions/{id}': { frequency: 'DAILY' },
  };
  if (key.endsWith('/images') && method === 'PUT') {
    const upload = multipartBody('file', 'cover.png', 'image/png', cover);
    return { method, url, payload: upload.payload, headers: upload.headers };
  }
  return { method, url, ...(bodies[key] ? { payload: bodies[key] } : {}) };
}

let operations: string[];

beforeAll(async () => {
  owner = await aMember(t);
  other = await aMember(t);
  channel = aChannel({ name: 'Owned channel' });
  t.videoService.channels.set(channel.externalId, channel);
  videos = [aVideo(channel, { title: 'One' }), aVideo(channel, { title: 'Two' })];
  for (const v of videos) t.videoService.videos.set(v.externalId, v);
  await t.services.catalog.syncChannel(channel.externalId);
  cover = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#446688' } }).png().toBuffer();
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .map((m) => `${m.toUpperCase()} ${path}`)
      .filter((key) => (!key.startsWith('GET ') && OWNED.some((p) => p.test(path))) || PRIVATE_READS.includes(key)),
  );
});

/** What the owner sees of their things, to prove the others' attempts changed nothing. */
async function snapshot(f: Fixture) {
  const [playlist, items, sift, subscriptions] = await Promise.all([
    api(owner, { method: 'GET', url: `/api/playlists/${f.playlistId}` }),
    api(owner, { method: 'GET', url: `/api/playlists/${f.playlistId}/videos` }),
    api(owner, { method: 'GET', url: `/api/sifts/${f.siftId}` }),
    api(owner, { method: 'GET', url: '/api/subscriptions' }),
  ]);
  const strip = (body: unknown) => JSON.parse(JSON.stringify(body, (k, v) => (['numberOfFollowers', 'subscriptionDetail', 'followed', 'isFollowing'].includes(k) ? undefined : v)));
  return [playlist.status, strip(playlist.body), strip(items.body), sift.status, strip(sift.body), strip(subscriptions.body)];
}

describe('authorization matrix, generated from the route table', () => {
  it('covers every operation on a playlist, sift or subscription', () => {
    expect(operations.length).toBeGreaterThanOrEqual(20);
  });

  for (const visibility of ['private', 'public'] as const) {
    it(`on ${visibility} things: a visitor gets 401, another member ${visibility === 'private' ? '404' : '403'} and changes nothing, the owner is let through`, { timeout: 120_000 }, async () => {
      const problems: string[] = [];
      for (const key of operations) {
        const f = await fixture(visibility === 'public');
        const before = await snapshot(f);
        const visitor = await api(undefined, requestFor(key, f));
        if (visitor.status !== 401) problems.push(`${key} as a visitor: ${visitor.status}`);
        const stranger = await api(other, requestFor(key, f));
        const isSubscription = key.includes('/subscriptions/') || key.includes('/me/imports/');
        const allowed = visibility === 'public' && ALLOWED_ON_PUBLIC.has(key);
        // A subscription or an import is never anyone else's to see: 404 whatever the visibility of what it follows.
        const expected = allowed ? [200, 201, 204] : visibility === 'private' || isSubscription ? [404] : [403];
        if (!expected.includes(stranger.status)) problems.push(`${key} as another member: ${stranger.status} ${JSON.stringify(stranger.body).slice(0, 120)}`);
        if (!allowed && JSON.stringify(await snapshot(f)) !== JSON.stringify(before)) problems.push(`${key} by another member changed the owner's things`);
        // The owner is let through: a success, or a refusal about the thing's state (following one's own playlist,
        // removing a cover there is none of), never one about who is asking.
        const own = await api(owner, requestFor(key, f));
        if ([401, 403, 404].includes(own.status) || own.status >= 500) problems.push(`${key} as the owner: ${own.status} ${JSON.stringify(own.body).slice(0, 120)}`);
      }
      expect(problems).toEqual([]);
    });
  }
});
