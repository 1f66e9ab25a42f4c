import { UPDATE_PROFILE_ACTION, replayUpdateProfile } from '../features/account';
import { registerPendingActionHandler } from '../lib/pending-action';

/**
 * The replay handlers of login-needing actions (lib/pending-action), one per action type. Features provide the
 * handlers; the app composes them here. Later issues add theirs (follow a channel, add to a playlist, ...).
 */
export function registerPendingActions() {
  registerPendingActionHandler(UPDATE_PROFILE_ACTION, replayUpdateProfile);
}
