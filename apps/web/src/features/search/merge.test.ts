import { describe, expect, it } from 'vitest';
import type { SearchItem } from '@sift/contracts';
import { mergeResults, resultKey } from './merge';

const item = (type: SearchItem['type'], id: number, externalId: string, extra: Record<string, unknown> = {}) =>
  ({ type, id, externalId, name: `${type} ${id}`, ...extra }) as unknown as SearchItem;

describe('search result merging (SPEC §5)', () => {
  it('drops a result a later page repeats, keeping the first occurrence and page order', () => {
    const merged = mergeResults([
      [item('video', 1, 'v1'), item('channel', 2, 'c2')],
      [item('video', 1, 'v1'), item('video', 3, 'v3')],
      [item('channel', 2, 'c2'), item('sift', 4, 'h4')],
    ]);
    expect(merged.map(resultKey)).toEqual(['video:v1', 'channel:c2', 'video:v3', 'sift:h4']);
  });

  it('keeps results of different types apart even with the same id or externalId', () => {
    const merged = mergeResults([[item('video', 7, 'same'), item('channel', 7, 'same'), item('playlist', 7, '7'), item('sift', 7, 'h7')]]);
    expect(merged).toHaveLength(4);
  });

  it('keys playlist entries by externalId plus itemId, so a video repeated in a playlist stays', () => {
    const merged = mergeResults([[item('video', 1, 'v1', { itemId: 10 }), item('video', 1, 'v1', { itemId: 11 }), item('video', 1, 'v1', { itemId: 10 })]]);
    expect(merged).toHaveLength(2);
  });
});
