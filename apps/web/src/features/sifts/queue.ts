import type { PagedVideos, Sift, Video } from '@sift/contracts';
import { api } from '../../lib/api';
import { QUEUE_FIND_PAGES, QUEUE_PAGE_SIZE } from '../../player/constants';
import type { QueueSource } from '../../player/queue';

/**
 * The sift as the player's queue (`/watch?v=…&s={hash}`, SPEC §3 "Current item playing", type sift): its feed,
 * newest first, GET /api/sifts/{hash}/videos page by page, key `s:{hash}`.
 */
export function siftQueue(sift: Sift): QueueSource<Video> {
  return {
    key: `s:${sift.hash}`,
    item: {
      type: 'sift',
      id: String(sift.id),
      hash: sift.hash,
      name: sift.name,
      owner: { name: `${sift.owner.firstName} ${sift.owner.lastName}`.trim(), uuid: sift.owner.uuid, creator: sift.owner.creator },
      playbackRate: null,
      caption: null,
      captionEnabled: false,
    },
    pageSize: QUEUE_PAGE_SIZE,
    findPages: QUEUE_FIND_PAGES,
    async fetchPage(cursor, signal) {
      const page = await api.get<PagedVideos>(`/api/sifts/${encodeURIComponent(sift.hash)}/videos`, {
        signal,
        quiet: true,
        query: { limit: QUEUE_PAGE_SIZE, next: cursor ?? undefined },
      });
      return { videos: page.videos, next: page.next };
    },
  };
}
