export {
  ADD_TO_PLAYLIST_ACTION,
  ADD_TO_WATCH_LATER_ACTION,
  CREATE_PLAYLIST_ACTION,
  replayAddToPlaylist,
  replayAddToWatchLater,
  replayCreatePlaylist,
} from './actions';
export { usePlaylistActions, usePlaylistVideoMenu } from './menu';
export { AddToPlaylistHost, openAddToPlaylist } from './components/AddToPlaylist';
export { playlistQueue } from './queue';
export { usePlaylist } from './api/queries';
export { usePlaylistPlayer } from './player';
