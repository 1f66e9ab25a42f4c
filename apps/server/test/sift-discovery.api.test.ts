import { siftExploreSchema, siftListSchema, siftSchema, similarSiftsSchema, type Sift, type SiftList } from '@sift/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProviderChannel } from '../src/providers/video-provider.js';
import { aMember, call, expectError, login } from './support/accounts.js';
import { aChannel, aVideo } from './support/factories.js';
import { useTestApp } from './support/test-app.js';

/**
 * Discovering sifts (issue 31, decisions/044): a channel's public sifts (GET /api/sifts?channel=), similar sifts
 * (GET /api/sifts/{id}/similar), a category's (GET /api/sifts?category=) and Explore (GET /api/sifts/explore). They are
 * kept under the directory's version: every test reads a list before the change it makes, so a kept answer that hid
 * the change would fail it.
 */
const t = useTestApp();

type Member = Awaited<ReturnType<typeof aMember>>;
let owner: Member;
let fans: Member[];
let a: ProviderChannel;
let b: ProviderChannel;
let c: ProviderChannel;
let d: ProviderChannel;

const api = <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  call<T>(t.app, { method, url, token, ...(payload === undefined ? {} : { payload: payload as object }) });

async function stored(): Promise<ProviderChannel> {
  const channel = aChannel();
  t.videoService.channels.set(channel.externalId, channel);
  const video = aVideo(channel, { title: `Upload of ${channel.name}` });
  t.videoService.videos.set(video.externalId, video);
  await t.services.catalog.syncChannel(channel.externalId);
  return channel;
}

async function aSift(token: string, name: string, channels: ProviderChannel[], more: Record<string, unknown> = {}): Promise<Sift> {
  const res = await api('POST', '/api/sifts', token, { name, public: true, channels: channels.map((ch) => ({ externalId: ch.externalId })), ...more });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return siftSchema.parse(res.body);
}

async function follow(sift: Sift, ...members: Member[]): Promise<void> {
  for (const m of members) expect((await api('POST', `/api/sifts/${sift.hash}/follows`, m.token)).status).toBe(200);
}

async function ofChannel(channel: ProviderChannel, query = '', token?: string): Promise<SiftList> {
  const res = await api('GET', `/api/sifts?channel=${channel.externalId}${query}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return siftListSchema.parse(res.body);
}

async function similar(sift: Sift, token?: string) {
  const res = await api('GET', `/api/sifts/${sift.hash}/similar`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return similarSiftsSchema.parse(res.body);
}

async function explore(token?: string) {
  const res = await api('GET', '/api/sifts/explore', token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return siftExploreSchema.parse(res.body);
}

async function ofCategory(category: string, query = ''): Promise<SiftList> {
  const res = await api('GET', `/api/sifts?category=${category}${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return siftListSchema.parse(res.body);
}

const names = (list: { items: Array<{ name: string }> } | Array<{ name: string }>) => ('items' in list ? list.items : list).map((s) => s.name);
const followersOf = async (sift: Sift) => siftSchema.parse((await api('GET', `/api/sifts/${sift.hash}`)).body).numberOfFollowers;

beforeAll(async () => {
  owner = await aMember(t);
  fans = [await aMember(t), await aMember(t), await aMember(t)];
  [a, b, c, d] = [await stored(), await stored(), await stored(), await stored()];
});

describe("a channel's public sifts", () => {
  it('counts the public sifts that include it and lists them most followed first, page after page', async () => {
    const quiet = await aSift(owner.token, 'Channel quiet', [a, b]);
    const loved = await aSift(owner.token, 'Channel loved', [a]);
    const liked = await aSift(owner.token, 'Channel liked', [a, c]);
    await aSift(owner.token, 'Channel private', [a, b], { public: false });
    await aSift(owner.token, 'Channel elsewhere', [b]);
    await follow(loved, ...fans);
    await follow(liked, fans[0]!);

    const first = await ofChannel(a, '&limit=2');
    expect(first.totalResults).toBe(3);
    expect(names(first)).toEqual(['Channel loved', 'Channel liked']);
    expect(first.items.map((s) => s.numberOfFollowers)).toEqual([3, 1]);
    const second = await ofChannel(a, `&limit=2&next=${first.next}`);
    expect(names(second)).toEqual([quiet.name]);
    expect(second.next).toBeNull();
    // The same for a member (the owner sees their own marked theirs) and for a visitor.
    const asOwner = await ofChannel(a, '', owner.token);
    expect(names(asOwner)).toEqual(['Channel loved', 'Channel liked', 'Channel quiet']);
    expect(asOwner.items.every((s) => s.owner.creator)).toBe(true);
    expect((await ofChannel(a)).items.some((s) => s.owner.creator)).toBe(false);
    expect((await ofChannel(a, '', fans[0]!.token)).items.some((s) => s.owner.creator)).toBe(false);

    // A channel in no public sift, and one the catalog does not know.
    expect(await ofChannel(d)).toMatchObject({ items: [], totalResults: 0, next: null });
    expect(await ofChannel(aChannel())).toMatchObject({ items: [], totalResults: 0 });
  });

  it('refuses what is not a channel id, both filters at once and a cursor of another list', async () => {
    expectError(await api('GET', '/api/sifts?channel=not%20an%20id'), 400, 'VALIDATION', 'channel');
    expectError(await api('GET', `/api/sifts?channel=${a.externalId}&category=food`), 400, 'VALIDATION', 'category');
    expectError(await api('GET', '/api/sifts?category=Food%20%26%20cooking'), 400, 'VALIDATION', 'category');
    const alpha = siftListSchema.parse((await api('GET', '/api/sifts?sort=alpha&limit=1')).body);
    expect(alpha.next).not.toBeNull();
    expectError(await api('GET', `/api/sifts?channel=${a.externalId}&next=${alpha.next}`), 400, 'VALIDATION', 'next');
  });
});

describe('similar sifts', () => {
  it('are the public sifts sharing channels, most shared first, then most followed; never the sift itself or a private one', async () => {
    const [e, f, g] = [await stored(), await stored(), await stored()];
    const source = await aSift(owner.token, 'Similar source', [e, f, g]);
    await aSift(owner.token, 'Similar two', [e, f, d]);
    const three = await aSift(owner.token, 'Similar three', [e, f, g, a]);
    const oneLoved = await aSift(owner.token, 'Similar one, loved', [g]);
    await aSift(owner.token, 'Similar one', [e]);
    await aSift(owner.token, 'Similar hidden', [e, f, g], { public: false });
    await aSift(owner.token, 'Similar none', [d]);
    await follow(oneLoved, fans[1]!);
    await follow(three, fans[2]!);

    const list = await similar(source);
    expect(names(list)).toEqual(['Similar three', 'Similar two', 'Similar one, loved', 'Similar one']);
    expect(list.items.map((s) => s.sharedChannels)).toEqual([3, 2, 1, 1]);
    expect(list.limit).toBe(8);
    expect(names(await similar(source, owner.token))).toEqual(names(list));
    // By id as by hash; `limit` cuts the same order.
    const two = similarSiftsSchema.parse((await api('GET', `/api/sifts/${source.id}/similar?limit=2`)).body);
    expect(two.limit).toBe(2);
    expect(names(two)).toEqual(['Similar three', 'Similar two']);

    // A private sift's similar sifts are its owner's to see; others get 404, as for the sift itself.
    const mine = await aSift(owner.token, 'Similar private source', [e], { public: false });
    // One channel in common with each: most followed first, then newest.
    expect(names(await similar(mine, owner.token))).toEqual(['Similar three', 'Similar one', 'Similar two', 'Similar source']);
    expectError(await api('GET', `/api/sifts/${mine.hash}/similar`), 404);
    expectError(await api('GET', `/api/sifts/${mine.hash}/similar`, fans[0]!.token), 404);
    expectError(await api('GET', '/api/sifts/nosuchsift/similar'), 404);
    expectError(await api('GET', `/api/sifts/${source.hash}/similar?limit=25`), 400, 'VALIDATION', 'limit');

    // The private sift's own channels changing moves its list too (its feed version), though no public list changed.
    expect((await api('POST', `/api/sifts/${mine.hash}/channels`, owner.token, { externalId: g.externalId })).status).toBe(200);
    expect(names(await similar(mine, owner.token))).toEqual(['Similar three', 'Similar source', 'Similar one, loved', 'Similar one', 'Similar two']);
  });
});

describe('a sift that turns private or is deleted', () => {
  it('leaves every list at the next read, and comes back when made public again', async () => {
    const [h, k] = [await stored(), await stored()];
    const leaving = await aSift(owner.token, 'Leaving sift', [h, k], { category: 'travel' });
    const staying = await aSift(owner.token, 'Staying sift', [h, k], { category: 'travel' });
    await follow(leaving, ...fans);
    const lists = async () => ({
      channel: names(await ofChannel(h)),
      count: (await ofChannel(h)).totalResults,
      similar: names(await similar(staying)),
      category: names(await ofCategory('travel')),
      explore: names((await explore()).mostFollowed),
      travel: (await explore()).categories.find((x) => x.id === 'travel')?.numberOfSifts,
    });
    const before = await lists();
    expect(before).toMatchObject({ channel: ['Leaving sift', 'Staying sift'], count: 2, similar: ['Leaving sift'], category: ['Leaving sift', 'Staying sift'], travel: 2 });
    expect(before.explore).toContain('Leaving sift');

    expect((await api('DELETE', `/api/sifts/${leaving.hash}/public`, owner.token)).status).toBe(200);
    const hidden = await lists();
    expect(hidden).toMatchObject({ channel: ['Staying sift'], count: 1, similar: [], category: ['Staying sift'], travel: 1 });
    expect(hidden.explore).not.toContain('Leaving sift');

    expect((await api('POST', `/api/sifts/${leaving.hash}/public`, owner.token)).status).toBe(200);
    expect(await lists()).toMatchObject({ channel: ['Leaving sift', 'Staying sift'], count: 2, similar: ['Leaving sift'] });

    expect((await api('DELETE', `/api/sifts/${leaving.hash}`, owner.token)).status).toBe(204);
    const gone = await lists();
    expect(gone).toMatchObject({ channel: ['Staying sift'], count: 1, similar: [], category: ['Staying sift'], travel: 1 });
    expect(gone.explore).not.toContain('Leaving sift');
  });

  it('a renamed public sift and a public sift losing a channel show at the next read', async () => {
    const m = await stored();
    const sift = await aSift(owner.token, 'Before rename', [m, a]);
    expect(names(await ofChannel(m))).toEqual(['Before rename']);
    expect((await api('PUT', `/api/sifts/${sift.hash}`, owner.token, { name: 'After rename' })).status).toBe(200);
    expect(names(await ofChannel(m))).toEqual(['After rename']);
    expect((await api('DELETE', `/api/sifts/${sift.hash}/channels/${m.externalId}`, owner.token)).status).toBe(200);
    expect(await ofChannel(m)).toMatchObject({ items: [], totalResults: 0 });
  });

  it('an owner who deactivates their account takes their public sifts out of the lists, and back on their return', async () => {
    const n = await stored();
    const leaver = await aMember(t);
    await aSift(leaver.token, 'Deactivated owner sift', [n]);
    expect(names(await ofChannel(n))).toEqual(['Deactivated owner sift']);
    expect((await api('PUT', '/api/users/deactivate', leaver.token, { reason: '' })).status).toBe(204);
    expect(await ofChannel(n)).toMatchObject({ items: [], totalResults: 0 });
    expect((await login(t.app, leaver.email, leaver.password)).status).toBe(200);
    expect(names(await ofChannel(n))).toEqual(['Deactivated owner sift']);
  });
});

describe('follower counts', () => {
  it('follow, unfollow, follow again and a follower deleting their account keep the count the lists order by', async () => {
    const sift = await aSift(owner.token, 'Counted sift', [d]);
    const follower = await aMember(t);
    expect(await followersOf(sift)).toBe(0);
    await follow(sift, follower, fans[0]!);
    expect(await followersOf(sift)).toBe(2);
    expect((await api('DELETE', `/api/sifts/${sift.id}/follows`, follower.token)).status).toBe(204);
    expect(await followersOf(sift)).toBe(1);
    // Unfollowing twice changes nothing; following again counts once.
    expect((await api('DELETE', `/api/sifts/${sift.id}/follows`, follower.token)).status).toBe(204);
    expect(await followersOf(sift)).toBe(1);
    await follow(sift, follower);
    await follow(sift, follower);
    expect(await followersOf(sift)).toBe(2);
    expect((await api('PUT', '/api/users/delete', follower.token, { reason: '' })).status).toBeLessThan(300);
    expect(await followersOf(sift)).toBe(1);
  });
});

describe('Explore', () => {
  it('shows the most followed public sifts, the week’s new ones newest first and the categories that have public sifts', async () => {
    const curator = await aMember(t);
    const popular = await aSift(curator.token, 'Explore popular', [d], { category: 'music' });
    await aSift(curator.token, 'Explore newest', [d], { category: 'music' });
    await aSift(curator.token, 'Explore private', [d], { category: 'gaming', public: false });
    await follow(popular, ...fans, owner);

    const seen = await explore();
    expect(seen.mostFollowed[0]!.name).toBe('Explore popular');
    expect(seen.mostFollowed.length).toBeLessThanOrEqual(8);
    const followers = seen.mostFollowed.map((s) => s.numberOfFollowers);
    expect([...followers].sort((x, y) => y - x)).toEqual(followers);
    expect(seen.newThisWeek[0]!.name).toBe('Explore newest');
    expect(seen.newThisWeek.map((s) => s.name)).not.toContain('Explore private');
    expect(seen.categories.find((x) => x.id === 'music')).toEqual({ id: 'music', name: 'Music', numberOfSifts: 2 });
    expect(seen.categories.find((x) => x.id === 'gaming')).toBeUndefined();
    expect(seen.mostFollowed.every((s) => s.public && !s.owner.creator)).toBe(true);
    // The curator's own sifts are marked theirs for them alone.
    const theirs = await explore(curator.token);
    expect(theirs.mostFollowed.find((s) => s.name === 'Explore popular')?.owner.creator).toBe(true);
    expect(names(await ofCategory('music'))).toEqual(['Explore popular', 'Explore newest']);
    // A page at a time, most followed first.
    const first = await ofCategory('music', '&limit=1');
    expect([names(first), first.totalResults]).toEqual([['Explore popular'], 2]);
    const second = await ofCategory('music', `&limit=1&next=${first.next}`);
    expect([names(second), second.next]).toEqual([['Explore newest'], null]);
  });
});
