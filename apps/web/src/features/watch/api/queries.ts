import { useQuery } from '@tanstack/react-query';
import type { Video } from '@sift/contracts';
import { api } from '../../../lib/api';

export const videoKeys = {
  all: ['videos'] as const,
  detail: (externalId: string) => [...videoKeys.all, 'detail', externalId] as const,
};

/** GET /api/videos/{externalId}. */
export function useVideo(externalId: string) {
  return useQuery({
    queryKey: videoKeys.detail(externalId),
    queryFn: ({ signal }) => api.get<Video>(`/api/videos/${encodeURIComponent(externalId)}`, { signal }),
    enabled: !!externalId,
    staleTime: 5 * 60_000,
  });
}
