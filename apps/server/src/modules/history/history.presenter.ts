import type { HistoryItem, Video } from '@sift/contracts';
import type { HistoryRow } from './history.repository.js';

/** A history row on its video's card: the row's own fields; a live video has no position. */
export function presentHistoryItem(card: Video, row: HistoryRow): HistoryItem {
  const position = row.live ? null : row.position;
  return { ...card, watched: row.watched, position, duration: row.duration, watchedAt: row.watchedAt.toISOString() };
}
