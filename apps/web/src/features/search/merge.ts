import type { SearchItem } from '@sift/contracts';
import { itemKey } from '../../lib/paging';

/**
 * SPEC §5 list merging for search results: de-duplicated by externalId, or by id plus externalId, or by
 * externalId plus itemId (lib/paging's itemKey), within each type, since a channel and a video may share an
 * id. The first occurrence wins and pages keep the order they arrived in.
 */
export function resultKey(item: Pick<SearchItem, 'type' | 'id' | 'externalId'> & { itemId?: number | null }): string {
  return `${item.type}:${itemKey(item)}`;
}

export function mergeResults<T extends SearchItem>(pages: ReadonlyArray<ReadonlyArray<T>>): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const page of pages) {
    for (const item of page) {
      const key = resultKey(item);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(item);
    }
  }
  return out;
}
