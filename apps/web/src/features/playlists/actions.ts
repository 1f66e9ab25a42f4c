import { type PendingActionHandler, incompleteAction } from '../../lib/pending-action';
import { isApiError } from '../../lib/api';
import { paths, to } from '../../lib/paths';
import { addToPlaylist, createPlaylist, WATCH_LATER } from './api/queries';

/** Login-needing playlist actions (SPEC §6, §8), replayed after login through lib/pending-action. */
export const ADD_TO_WATCH_LATER_ACTION = 'add-to-watch-later';
export const ADD_TO_PLAYLIST_ACTION = 'add-to-playlist';

export interface VideoPayload {
  externalId: string;
  title?: string;
}

const valid = (p: VideoPayload | undefined): p is VideoPayload => !!p && typeof p.externalId === 'string' && p.externalId.length > 0;

/** Adds the video a visitor chose to their Watch later; one already there counts as done. */
export const replayAddToWatchLater: PendingActionHandler<VideoPayload> = async (payload) => {
  if (!valid(payload)) throw incompleteAction();
  try {
    await addToPlaylist(WATCH_LATER, payload);
  } catch (err) {
    if (!(isApiError(err) && err.status === 409)) throw err;
  }
};

/** Opens the add-to-playlist page for the video a visitor chose. */
export const replayAddToPlaylist: PendingActionHandler<VideoPayload> = (payload) => {
  if (!valid(payload)) throw incompleteAction();
  return { navigateTo: `${paths.addToPlaylist}?video=${encodeURIComponent(payload.externalId)}` };
};

export const CREATE_PLAYLIST_ACTION = 'create-playlist';

/** Makes the playlist a visitor named before logging in, then opens it. */
export const replayCreatePlaylist: PendingActionHandler<{ name: string }> = async (payload) => {
  if (!payload || typeof payload.name !== 'string' || !payload.name.trim()) throw incompleteAction();
  const playlist = await createPlaylist(payload.name.trim());
  return { navigateTo: to.playlist(playlist.id) };
};
