import { type PendingActionHandler, incompleteAction } from '../../lib/pending-action';
import { followChannel, followSifts } from './api/queries';
import { openSubscribeModal } from './components/SubscribeModal';

/** Login-needing follow actions (SPEC §6, §8), replayed after login through lib/pending-action. */
export const FOLLOW_CHANNEL_ACTION = 'follow-channel';
export const FOLLOW_SIFT_ACTION = 'follow-sift';
/** SPEC §8: a 401 on unfollow saves a multiSubscribe action; after login the member manages subscriptions there. */
export const MULTI_SUBSCRIBE_ACTION = 'multiSubscribe';

export interface FollowPayload {
  /** A channel's service id, or a sift's hash. */
  id: string;
  name: string;
}

const valid = (p: FollowPayload | undefined): p is FollowPayload => !!p && typeof p.id === 'string' && p.id.length > 0;

/** Follows the channel a visitor chose, then opens the success modal with the frequency choice. */
export const replayFollowChannel: PendingActionHandler<FollowPayload> = async (payload) => {
  if (!valid(payload)) throw incompleteAction();
  const subscription = await followChannel(payload.id);
  openSubscribeModal(subscription);
};

export const replayFollowSift: PendingActionHandler<FollowPayload> = async (payload) => {
  if (!valid(payload)) throw incompleteAction();
  const { items } = await followSifts([payload.id]);
  if (items[0]) openSubscribeModal(items[0]);
};

/** Opens the multiSubscribe modal (the member's subscriptions), where the unfollow can be done. */
export const replayMultiSubscribe: PendingActionHandler<FollowPayload> = () => ({ navigateTo: '/ec/multiSubscribe' });
