import { describe, expect, it } from 'vitest';
import { Queue, singleVideoSource } from './queue';
import { channelSource } from './sources';
import { fakeSource, video } from './test-support';

describe('Queue', () => {
  it('pages through a source, merging without duplicates, complete on a short page', async () => {
    const source = fakeSource(100);
    const q = new Queue(source);
    expect(q.complete).toBe(false);
    await q.fetchMore();
    expect(q.videos).toHaveLength(48);
    await q.fetchMore();
    await q.fetchMore();
    expect(q.videos).toHaveLength(100);
    expect(q.complete).toBe(true);
    expect(await q.fetchMore()).toBe(false);
    expect(source.fetches).toEqual([null, '48', '96']);
  });

  it('shares one request between concurrent calls', async () => {
    const source = fakeSource(100);
    const q = new Queue(source);
    await Promise.all([q.fetchMore(), q.fetchMore()]);
    expect(source.fetches).toEqual([null]);
  });

  it('finds a video by id, or by id and item id in playlists', async () => {
    const q = new Queue(fakeSource(3, { make: (i) => video(i, { itemId: i + 10 }) }));
    await q.fetchMore();
    expect(q.indexOf(video(1, { itemId: 11 }))).toBe(1);
    expect(q.indexOf(video(1, { itemId: 99 }))).toBe(-1);
    expect(q.indexOf(video(2))).toBe(2);
  });

  it('a single video is a complete queue of one', async () => {
    const q = new Queue(singleVideoSource(video(5)));
    await q.fetchMore();
    expect(q.videos.map((v) => v.externalId)).toEqual(['vid5']);
    expect(q.complete).toBe(true);
  });

  it('the channel source asks the API for 48 at a time with the cursor', async () => {
    const calls: unknown[] = [];
    const get = (async (path: string, options: unknown) => {
      calls.push([path, options]);
      return { videos: [video(1)], next: null };
    }) as Parameters<typeof channelSource>[0];
    const source = channelSource(get, { externalId: 'UC1', name: 'One' });
    expect(source.item).toEqual({ type: 'channel', id: 'UC1', name: 'One' });
    expect(source.key).toBe('channel:UC1');
    const signal = new AbortController().signal;
    await source.fetchPage('abc', signal);
    expect(calls).toEqual([['/api/search/channels/UC1/videos', { signal, query: { limit: 48, next: 'abc' } }]]);
  });
});
