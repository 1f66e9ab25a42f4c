import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Frequency, Subscription, SubscriptionList } from '@sift/contracts';
import { trackOnSuccess } from '../../../lib/analytics';
import { api } from '../../../lib/api';
import { usePreference } from '../../../lib/hooks';

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
};

/**
 * After a follow change the feed filter and the feeds are stale (SPEC §4): the personal and public feeds (['feed']),
 * the sifts' follower counts (['sifts']) and this list.
 */
export function refreshAfterFollow(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: subscriptionKeys.all }),
    qc.invalidateQueries({ queryKey: ['feed'] }),
    qc.invalidateQueries({ queryKey: ['sifts'] }),
  ]);
}

/**
 * GET /api/subscriptions: the member's followed channels and sifts (empty for a visitor, without a call; and
 * without a call when the server has the subscription option off: `enabled` false).
 */
export function useSubscriptions(enabled = true) {
  const [token] = usePreference('token');
  return useQuery({
    queryKey: subscriptionKeys.all,
    queryFn: ({ signal }) => api.get<SubscriptionList>('/api/subscriptions', { signal }),
    enabled: !!token && enabled,
    staleTime: 30_000,
  });
}

/** The member's subscription of a channel or sift, if followed. */
export function useSubscriptionOf(type: 'channel' | 'sift', id: number): Subscription | undefined {
  const { data } = useSubscriptions();
  return data?.items.find((s) => s.target.type === type && s.target.id === id);
}

// SPEC §8 "follow failure: logged, no user message": the follow calls are quiet (no global error banner); the
// client logs them (api.ts, and FollowButton's follow actions). A 401 still takes its login path (lib/pending-action).
export const followChannel = (externalId: string, frequency?: Frequency) =>
  api.post<Subscription>('/api/subscriptions', { externalId, ...(frequency ? { frequency } : {}) }, { quiet: true }).then(trackOnSuccess('eca_follow', { kind: 'channel' }));

export const followSifts = (sifts: string[], frequency?: Frequency) =>
  api.post<SubscriptionList>('/api/subscriptions/sifts', { sifts, ...(frequency ? { frequency } : {}) }, { quiet: true }).then(trackOnSuccess('eca_follow', { kind: 'sift', count: sifts.length }));

/** A channel or sift to follow: our id (to find its subscription), its follow key (a channel's service id, a sift's hash), its name. */
export interface FollowTarget {
  type: 'channel' | 'sift';
  id: number;
  key: string;
  name: string;
}

/** The follow call of a channel or a sift, with a frequency (Undo) or the server's default (SPEC §4: weekly). */
export const followTarget = async (target: FollowTarget, frequency?: Frequency): Promise<Subscription | undefined> =>
  target.type === 'channel' ? followChannel(target.key, frequency) : (await followSifts([target.key], frequency)).items[0];

export const updateSubscription = (id: number, change: { frequency?: Frequency; muted?: boolean }) =>
  api.put<Subscription>(`/api/subscriptions/${id}`, change);

export const unfollow = (id: number) => api.del<void>(`/api/subscriptions/${id}`);

export const unsubscribeByToken = (token: string) =>
  api.post<{ frequency: Frequency; target: Subscription['target'] }>(`/api/subscriptions/unsubscribe?token=${encodeURIComponent(token)}`, undefined, { anonymous: true });
