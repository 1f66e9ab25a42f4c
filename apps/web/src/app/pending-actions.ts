import { UPDATE_PROFILE_ACTION, replayUpdateProfile } from '../features/account';
import {
  ADD_TO_PLAYLIST_ACTION,
  ADD_TO_WATCH_LATER_ACTION,
  CREATE_PLAYLIST_ACTION,
  replayAddToPlaylist,
  replayAddToWatchLater,
  replayCreatePlaylist,
} from '../features/playlists';
import { ADD_TO_SIFT_ACTION, CREATE_SIFT_ACTION, replayAddToSift, replayCreateSift } from '../features/sifts';
import {
  FOLLOW_CHANNEL_ACTION,
  FOLLOW_SIFT_ACTION,
  MULTI_SUBSCRIBE_ACTION,
  replayFollowChannel,
  replayFollowSift,
  replayMultiSubscribe,
} from '../features/subscriptions';
import { registerPendingActionHandler } from '../lib/pending-action';

/**
 * The replay handlers of login-needing actions (lib/pending-action), one per action type. Features provide the
 * handlers; the app composes them here. Later issues add theirs (follow a channel, add to a playlist, ...).
 */
export function registerPendingActions() {
  registerPendingActionHandler(UPDATE_PROFILE_ACTION, replayUpdateProfile);
  registerPendingActionHandler(ADD_TO_WATCH_LATER_ACTION, replayAddToWatchLater);
  registerPendingActionHandler(ADD_TO_PLAYLIST_ACTION, replayAddToPlaylist);
  registerPendingActionHandler(CREATE_PLAYLIST_ACTION, replayCreatePlaylist);
  registerPendingActionHandler(CREATE_SIFT_ACTION, replayCreateSift);
  registerPendingActionHandler(ADD_TO_SIFT_ACTION, replayAddToSift);
  registerPendingActionHandler(FOLLOW_CHANNEL_ACTION, replayFollowChannel);
  registerPendingActionHandler(FOLLOW_SIFT_ACTION, replayFollowSift);
  registerPendingActionHandler(MULTI_SUBSCRIBE_ACTION, replayMultiSubscribe);
}
