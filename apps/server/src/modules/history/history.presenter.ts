import type { HistoryItem, Video } from '@sift/contracts';
import type { HistoryRow } from './history.repository.js';

/** A history row on its video's card: the row's own fields; a live video has no position. */
export function presentHistoryItem(card: Video, row: HistoryRow): HistoryItem {
  const position = row.live ? null : row.position;
  const positionOf = position && row.duration ? { positionOf: row.duration } : {};
  return { ...card, watched: row.watched, position, ...positionOf, duration: row.duration, watchedAt: row.watchedAt.toISOString() };
}
