import { useQuery } from '@tanstack/react-query';
import type { FeedToken, FeedTokenStatus } from '@sift/contracts';
import { api } from '../../../lib/api';

const TOKEN_PATH = '/api/me/feeds/token';
export const feedTokenKey = ['feed', 'token'] as const;

/** GET /api/me/feeds/token: whether the member has a private feed reader address, and since when. */
export function useFeedTokenStatus() {
  return useQuery({ queryKey: feedTokenKey, queryFn: ({ signal }) => api.get<FeedTokenStatus>(TOKEN_PATH, { signal }) });
}

/** POST: a new address (the old one stops working); the answer is the only time the address is shown. */
export const createFeedToken = () => api.post<FeedToken>(TOKEN_PATH);
/** DELETE: the address stops working. */
export const deleteFeedToken = () => api.del<void>(TOKEN_PATH);
