import type { Playlist, PlaylistVideos, Video } from '@sift/contracts';
import { api } from '../../lib/api';
import { QUEUE_FIND_PAGES, QUEUE_PAGE_SIZE } from '../../player/constants';
import type { QueueSource } from '../../player/queue';

/**
 * The playlist as the player's queue (`/watch?v=…&p={id}`, SPEC §3 "Current item playing", type playlist):
 * GET /api/playlists/{id}/videos page by page, key `p:{id}`.
 */
export function playlistQueue(playlist: Playlist): QueueSource<Video> {
  const id = String(playlist.id);
  return {
    key: `p:${id}`,
    item: {
      type: 'playlist',
      id,
      name: playlist.name,
      owner: { name: `${playlist.owner.firstName} ${playlist.owner.lastName}`.trim(), uuid: playlist.owner.uuid, creator: playlist.owner.creator },
      playbackRate: Number(playlist.playbackRate) || null,
      caption: playlist.caption === 'none' ? null : playlist.caption,
      captionEnabled: playlist.captionEnabled,
    },
    pageSize: QUEUE_PAGE_SIZE,
    findPages: QUEUE_FIND_PAGES,
    async fetchPage(cursor, signal) {
      const page = await api.get<PlaylistVideos>(`/api/playlists/${encodeURIComponent(id)}/videos`, {
        signal,
        quiet: true,
        query: { limit: QUEUE_PAGE_SIZE, next: cursor ?? undefined },
      });
      return { videos: page.videos, next: page.next };
    },
  };
}
