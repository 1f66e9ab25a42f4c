import { paths } from '../../lib/paths';
import { type PendingActionHandler, incompleteAction } from '../../lib/pending-action';
import { updateProfile, type ProfileInput } from './api/endpoints';

/**
 * The account's login-needing action: saving the profile form. When the session has ended by the time the user
 * presses Save (PUT /api/users answers 401), the edit is kept as a pending action, the user logs in again, and
 * the same update is sent then — nothing typed is lost.
 */
export const UPDATE_PROFILE_ACTION = 'update-profile';

export const replayUpdateProfile: PendingActionHandler<ProfileInput> = async (payload) => {
  if (!payload || typeof payload.firstName !== 'string' || typeof payload.lastName !== 'string') {
    throw incompleteAction();
  }
  await updateProfile(payload);
  return { navigateTo: paths.profile };
};
