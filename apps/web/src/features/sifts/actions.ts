import { type PendingActionHandler, incompleteAction } from '../../lib/pending-action';
import { paths, to } from '../../lib/paths';
import { createSift, type SiftBody } from './api/queries';

/** Login-needing sift actions (SPEC §6, §8), replayed after login through lib/pending-action. */
export const CREATE_SIFT_ACTION = 'create-sift';
export const ADD_TO_SIFT_ACTION = 'add-to-sift';

export interface ChannelPayload {
  externalId: string;
  name?: string;
  thumbnail?: string;
  numberOfFollowers?: number;
}

/** Makes the sift a visitor put together before logging in, then opens it. */
export const replayCreateSift: PendingActionHandler<SiftBody & { name: string }> = async (payload) => {
  if (!payload || typeof payload.name !== 'string' || !payload.name.trim()) throw incompleteAction();
  const sift = await createSift(payload);
  return { navigateTo: to.sift(sift.hash) };
};

/** Opens the add-to-sift page for the channel a visitor chose. */
export const replayAddToSift: PendingActionHandler<ChannelPayload> = (payload) => {
  if (!payload || typeof payload.externalId !== 'string' || !payload.externalId) throw incompleteAction();
  const q = new URLSearchParams({ channel: payload.externalId, name: payload.name ?? '', thumbnail: payload.thumbnail ?? '' });
  return { navigateTo: `${paths.addToSift}?${q.toString()}` };
};
