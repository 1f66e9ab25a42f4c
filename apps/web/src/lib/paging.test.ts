import { describe, expect, it } from 'vitest';
import { mergeUnique, nextCursor } from './paging';

describe('nextCursor', () => {
  const videos = (n: number) => Array.from({ length: n }, (_, i) => ({ externalId: `v${i}` }));

  it('continues while full pages come back with a cursor', () => {
    expect(nextCursor({ videos: videos(50), next: 'abc' }, 50)).toBe('abc');
  });

  it('is complete when fewer than the page size come back, even with a cursor', () => {
    expect(nextCursor({ videos: videos(49), next: 'abc' }, 50)).toBeUndefined();
  });

  it('is complete when next is null', () => {
    expect(nextCursor({ videos: videos(50), next: null }, 50)).toBeUndefined();
  });

  it('reads items as well as videos', () => {
    expect(nextCursor({ items: videos(10), next: 'n' }, 10)).toBe('n');
  });
});

describe('mergeUnique', () => {
  it('drops repeats by externalId, keeping the first', () => {
    const merged = mergeUnique([
      [
        { externalId: 'a', id: 1 },
        { externalId: 'b', id: 2 },
      ],
      [
        { externalId: 'b', id: 3 },
        { externalId: 'c', id: 4 },
      ],
    ]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 4]);
  });

  it('keys playlist entries on externalId plus itemId', () => {
    const merged = mergeUnique([
      [
        { externalId: 'a', itemId: 1 },
        { externalId: 'a', itemId: 2 },
      ],
      [{ externalId: 'a', itemId: 2 }],
    ]);
    expect(merged).toHaveLength(2);
  });

  it('falls back to id when there is no externalId', () => {
    expect(mergeUnique([[{ id: 1 }, { id: 1 }, { id: 2 }]])).toHaveLength(2);
  });
});
