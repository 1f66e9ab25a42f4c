import { describe, expect, it } from 'vitest';
import type { SearchItem } from '@sift/contracts';
import { addRecent, entryFromItem, readRecent, recentKey, removeRecent, RECENT_LIMIT, type RecentEntry } from './recent';

const entry = (over: Partial<RecentEntry>): RecentEntry => ({
  id: 1,
  externalId: 'v1',
  type: 'video',
  name: 'A video',
  thumbnail: null,
  q: 'ramen',
  at: 1000,
  ...over,
});

describe('recent searches', () => {
  it('keeps one list per person and per scope', () => {
    expect(recentKey('u-1', 'videos')).toBe('u-1:videos');
    expect(recentKey(null, 'all')).toBe('visitor:all');
    expect(recentKey('u-1', 'all')).not.toBe(recentKey('u-2', 'all'));
  });

  it('puts the newest first and de-duplicates by externalId, id and type', () => {
    let list: RecentEntry[] = [];
    list = addRecent(list, entry({ id: 1, externalId: 'v1', at: 1 }));
    list = addRecent(list, entry({ id: 2, externalId: 'v2', at: 2 }));
    list = addRecent(list, entry({ id: 1, externalId: 'v1', at: 3, q: 'again' }));
    expect(list.map((e) => [e.externalId, e.q])).toEqual([
      ['v1', 'again'],
      ['v2', 'ramen'],
    ]);
    // Same id and externalId but another type is another entry (a channel and a video may share an id).
    list = addRecent(list, entry({ id: 1, externalId: 'v1', type: 'channel', at: 4 }));
    expect(list).toHaveLength(3);
    // "1" and 1 are the same id.
    list = addRecent(list, entry({ id: '2', externalId: 'v2', at: 5 }));
    expect(list.map((e) => e.externalId)).toEqual(['v2', 'v1', 'v1']);
  });

  it('keeps at most the newest 20', () => {
    let list: RecentEntry[] = [];
    for (let i = 0; i < 30; i++) list = addRecent(list, entry({ id: i, externalId: `v${i}`, at: i }));
    expect(list).toHaveLength(RECENT_LIMIT);
    expect(list[0]!.externalId).toBe('v29');
    expect(list.at(-1)!.externalId).toBe('v10');
  });

  it('removes one entry', () => {
    const list = [entry({ id: 1, externalId: 'a' }), entry({ id: 2, externalId: 'b' })];
    expect(removeRecent(list, { type: 'video', id: 1, externalId: 'a' }).map((e) => e.externalId)).toEqual(['b']);
  });

  it('reads stored lists defensively: drops malformed entries, sorts newest first, removes duplicates', () => {
    const stored = {
      'visitor:all': [
        entry({ externalId: 'old', id: 5, at: 1 }),
        { id: 'x' },
        null,
        'text',
        entry({ externalId: 'new', id: 6, at: 9 }),
        entry({ externalId: 'old', id: 5, at: 0 }),
        { ...entry({ externalId: 'bad-type', id: 7 }), type: 'person' },
      ],
      'visitor:videos': 'not a list',
    };
    expect(readRecent(stored, 'visitor:all').map((e) => e.externalId)).toEqual(['new', 'old']);
    expect(readRecent(stored, 'visitor:videos')).toEqual([]);
    expect(readRecent(stored, 'nobody:all')).toEqual([]);
  });

  it('makes an entry from any result', () => {
    const sift = { type: 'sift', id: 9, externalId: 'abc12345', name: 'Ramen sift', thumbnail: '/t.svg' } as SearchItem;
    expect(entryFromItem(sift, 'ramen', 42)).toEqual({ id: 9, externalId: 'abc12345', type: 'sift', name: 'Ramen sift', thumbnail: '/t.svg', q: 'ramen', at: 42 });
  });
});
