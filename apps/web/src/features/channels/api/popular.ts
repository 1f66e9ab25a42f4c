import { useQuery } from '@tanstack/react-query';
import type { PopularChannels } from '@sift/contracts';
import { api } from '../../../lib/api';
import { channelKeys } from './queries';

// Apart from queries.ts, which the Dashboard's channel strip loads with the first route: only the onboarding needs it.

/** GET /api/channels/popular: each category's most followed channels that have videos (the onboarding's step to follow). */
export function usePopularChannels(perCategory: number) {
  return useQuery({
    queryKey: [...channelKeys.all, 'popular', { perCategory }],
    // Quiet: the step says itself that the channels did not load, with a way to try again (no global banner).
    queryFn: ({ signal }) => api.get<PopularChannels>('/api/channels/popular', { query: { perCategory }, signal, quiet: true }),
  });
}
