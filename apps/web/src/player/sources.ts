import { QUEUE_PAGE_SIZE } from './constants';
import type { QueuePage, QueueSource } from './queue';
import type { PlayerVideo } from './types';

/**
 * Queue sources over the API. Each is a key, the SPEC §3 current item, and a page fetcher. Playlist (`p`) and
 * sift (`s`) sources arrive with their issues and follow the same shape:
 *   playlist: GET /api/playlists/{id}/videos?limit=48&next=…, key `p:{id}`, item type 'playlist'
 *   sift:     GET /api/sifts/{hash}/videos?limit=48&next=…,    key `s:{hash}`, item type 'sift'
 */

/** The subset of lib/api's client a source needs; tests pass a fake. */
export type GetJson = <T>(path: string, options: { signal?: AbortSignal; query?: Record<string, string | number | undefined> }) => Promise<T>;

interface PagedVideosLike<V> {
  videos: readonly V[];
  next: string | null;
}

/** A channel's uploads, newest first: what `/watch?v=` alone plays (GET /api/search/channels/{externalId}/videos). */
export function channelSource<V extends PlayerVideo>(
  get: GetJson,
  channel: { externalId: string; name: string },
): QueueSource<V> {
  return {
    key: `channel:${channel.externalId}`,
    item: { type: 'channel', id: channel.externalId, name: channel.name },
    pageSize: QUEUE_PAGE_SIZE,
    async fetchPage(cursor, signal): Promise<QueuePage<V>> {
      const page = await get<PagedVideosLike<V>>(`/api/search/channels/${encodeURIComponent(channel.externalId)}/videos`, {
        signal,
        query: { limit: QUEUE_PAGE_SIZE, next: cursor ?? undefined },
      });
      return { videos: page.videos, next: page.next };
    },
  };
}

export { singleVideoSource } from './queue';
