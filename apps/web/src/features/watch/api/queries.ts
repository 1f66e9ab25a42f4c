import { useQuery } from '@tanstack/react-query';
import type { Video } from '@sift/contracts';
import { api } from '../../../lib/api';
import { readJsonIsland } from '../../../lib/json-island';

export const videoKeys = {
  all: ['videos'] as const,
  detail: (externalId: string) => [...videoKeys.all, 'detail', externalId] as const,
};

/** The JSON island of the video the page's address opens (apps/server/src/modules/catalog/catalog.page.ts). */
const INLINE_VIDEO_ID = 'sift-video';

const isVideo = (v: unknown): v is Video =>
  typeof v === 'object' && v !== null && typeof (v as Video).externalId === 'string' && typeof (v as Video).title === 'string';

/** The island, read once: it belongs to the address the app started on. */
let pageVideo: Video | null | undefined;

/** The video the server put in the page when it is the one asked for: the player's first paint has it (issue 18). */
function videoInPage(externalId: string): Video | undefined {
  pageVideo ??= readJsonIsland(INLINE_VIDEO_ID, isVideo) ?? null;
  return pageVideo?.externalId === externalId ? pageVideo : undefined;
}

/** GET /api/videos/{externalId}; the page's own video is known at once, as fresh as the page. */
export function useVideo(externalId: string) {
  return useQuery({
    queryKey: videoKeys.detail(externalId),
    queryFn: ({ signal }) => api.get<Video>(`/api/videos/${encodeURIComponent(externalId)}`, { signal }),
    enabled: !!externalId,
    initialData: () => videoInPage(externalId),
    initialDataUpdatedAt: performance.timeOrigin,
    staleTime: 5 * 60_000,
  });
}
