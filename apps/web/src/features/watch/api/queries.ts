import { useQuery } from '@tanstack/react-query';
import type { Video } from '@sift/contracts';
import { api } from '../../../lib/api';
import { usePreference } from '../../../lib/hooks';
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

/**
 * GET /api/videos/{externalId}; the page's own video is known at once, as fresh as the page — for a visitor. A member's
 * card carries where they left the video (issue 30, `position`), which the page (served without their token) cannot
 * know: the player would start it from 0:00. So a member's player waits for the API's card.
 */
export function useVideo(externalId: string) {
  const [token] = usePreference('token');
  return useQuery({
    queryKey: videoKeys.detail(externalId),
    queryFn: ({ signal }) => api.get<Video>(`/api/videos/${encodeURIComponent(externalId)}`, { signal }),
    enabled: !!externalId,
    initialData: () => (token ? undefined : videoInPage(externalId)),
    initialDataUpdatedAt: performance.timeOrigin,
    staleTime: 5 * 60_000,
  });
}
