import { pagedVideosSchema, videoSchema } from '@sift/contracts';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { refreshFollowedChannel } from '../src/jobs/new-videos.js';
import { aChannel, aVideo } from './support/factories.js';
import { useTestApp } from './support/test-app.js';

/**
 * Issue 17: the public feed, channel pages and videos are kept encoded under the newest video's id (decision 014),
 * so an arrival is shown at the very next read — kept pages never hide it — and an unchanged page is not rebuilt.
 */
const t = useTestApp();

const page = async (url: string) => pagedVideosSchema.parse((await t.app.inject({ method: 'GET', url })).json());

describe('kept public pages', () => {
  it('show a new video at the next read, in the public feed and on its channel page', async () => {
    const channel = aChannel();
    t.videoService.channels.set(channel.externalId, channel);
    const first = aVideo(channel, { title: 'First upload', publishedAt: new Date(Date.now() - 60_000) });
    t.videoService.videos.set(first.externalId, first);
    await t.services.catalog.syncChannel(channel.externalId);

    expect((await page('/api/feeds/public?limit=5')).videos[0]!.title).toBe('First upload');
    expect((await page(`/api/search/channels/${channel.externalId}/videos`)).videos.map((v) => v.title)).toEqual(['First upload']);
    // Read again: the same bytes (kept), gzip or not.
    const gzip = await t.app.inject({ method: 'GET', url: '/api/feeds/public?limit=5', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/api/feeds/public?limit=5' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8')));

    const second = aVideo(channel, { title: 'Second upload', publishedAt: new Date() });
    t.videoService.videos.set(second.externalId, second);
    await refreshFollowedChannel(t.services, channel.externalId);
    expect((await page('/api/feeds/public?limit=5')).videos[0]!.title).toBe('Second upload');
    expect((await page(`/api/search/channels/${channel.externalId}/videos`)).videos.map((v) => v.title)).toEqual(['Second upload', 'First upload']);
    expect(videoSchema.parse((await t.app.inject(`/api/videos/${second.externalId}`)).json()).title).toBe('Second upload');
  });

  it('keep an unknown video a 404, and pages of other lengths apart', async () => {
    expect((await t.app.inject('/api/videos/nosuchvideo')).statusCode).toBe(404);
    const one = await page('/api/feeds/public?limit=1');
    const two = await page('/api/feeds/public?limit=2');
    expect(one.videos).toHaveLength(1);
    expect(two.videos).toHaveLength(2);
  });
});

describe('kept search answers', () => {
  it("a visitor's search is kept under the newest video's id: a new video is found at the next search", async () => {
    const channel = aChannel({ name: 'Kept search channel' });
    t.videoService.channels.set(channel.externalId, channel);
    const first = aVideo(channel, { title: 'Zanzibar marmalade', publishedAt: new Date(Date.now() - 60_000) });
    t.videoService.videos.set(first.externalId, first);
    await t.services.catalog.syncChannel(channel.externalId);
    const titles = async () =>
      ((await t.app.inject('/api/search?q=zanzibar&type=videos')).json() as { items: Array<{ title?: string; name?: string }> }).items.map((i) => i.title ?? i.name);
    expect(await titles()).toEqual(['Zanzibar marmalade']);
    expect(await titles()).toEqual(['Zanzibar marmalade']);
    const second = aVideo(channel, { title: 'Zanzibar spice market', publishedAt: new Date() });
    t.videoService.videos.set(second.externalId, second);
    await refreshFollowedChannel(t.services, channel.externalId);
    expect((await titles()).sort()).toEqual(['Zanzibar marmalade', 'Zanzibar spice market']);
  });
});
