export { useHistoryVideoMenu, useHistoryActions } from './menu';
export { historyKeys, markAllWatched, invalidateHistory } from './api/queries';
export { ContinueWatching } from './components/ContinueWatching';
export { MarkAllWatched } from './components/MarkAllWatched';
