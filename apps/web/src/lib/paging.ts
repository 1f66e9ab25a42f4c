/**
 * Paging rules shared by every infinite list. DESIGN §3: `next` is an opaque cursor; a list is complete when
 * fewer items than the page size come back (SPEC §4) or when the server says there is no next page.
 */

export const PAGE_SIZE = 50;

export interface CursorPage {
  next: string | null;
  videos?: readonly unknown[];
  items?: readonly unknown[];
}

/** The cursor of the page after `page`, or undefined when the list is complete. */
export function nextCursor(page: CursorPage, pageSize: number = PAGE_SIZE): string | undefined {
  const count = (page.videos ?? page.items ?? []).length;
  if (page.next == null || count < pageSize) return undefined;
  return page.next;
}

export interface Keyed {
  externalId?: string | null;
  id?: number | string | null;
  itemId?: number | null;
}

/**
 * SPEC §5: results merge de-duplicated by externalId, or by id plus externalId, or by externalId plus itemId.
 * Playlist entries (itemId) may repeat a video, so they key on both; everything else keys on externalId, and
 * items without one fall back to their id. The first occurrence wins, keeping the order pages arrived in.
 */
export function itemKey(item: Keyed): string {
  if (item.itemId != null) return `${item.externalId ?? ''}#${item.itemId}`;
  if (item.externalId) return item.externalId;
  return `id:${item.id ?? ''}`;
}

export function mergeUnique<T extends Keyed>(pages: ReadonlyArray<ReadonlyArray<T>>): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const page of pages) {
    for (const item of page) {
      const key = itemKey(item);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(item);
    }
  }
  return out;
}
