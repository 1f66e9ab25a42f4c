import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * A member's marks on one video (issue 30, decisions/039 and 041): written into every cached list at once, so a card
 * changes the moment its menu is used, without fetching the pages again. A list read with `hideWatched: true` (its
 * query key carries it) loses the card instead, as the server would have left it out.
 */
export interface VideoMarks {
  watched?: boolean;
  position?: number | null;
  /** The length the position is a point of (the player's), shown as how far the card is watched. */
  positionOf?: number;
  /** "Hide from my feeds": the card leaves every list that hides watched videos. */
  hidden?: boolean;
}

type Card = { type: 'video'; externalId: string; watched?: boolean; position?: number | null; positionOf?: number };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isCard = (v: unknown, externalId: string): v is Card => isRecord(v) && v.type === 'video' && v.externalId === externalId;

/** Whether a query's key asks for watched videos to be left out (`{ hideWatched: true }` anywhere in it). */
export const hidesWatched = (key: QueryKey): boolean => key.some((part) => isRecord(part) && part.hideWatched === true);

/**
 * A copy of `data` with the card of `externalId` changed (or dropped, `drop`), sharing every part that did not change
 * (the cards are memoised on their object). Arrays and plain objects are walked; the cached answers hold nothing else.
 */
export function withMarks(data: unknown, externalId: string, marks: VideoMarks, drop: boolean): unknown {
  if (Array.isArray(data)) {
    let changed = false;
    const out: unknown[] = [];
    for (const item of data) {
      if (drop && isCard(item, externalId)) {
        changed = true;
        continue;
      }
      const next = withMarks(item, externalId, marks, drop);
      if (next !== item) changed = true;
      out.push(next);
    }
    return changed ? out : data;
  }
  if (!isRecord(data)) return data;
  if (isCard(data, externalId)) {
    const next = { ...data };
    if (marks.watched !== undefined) next.watched = marks.watched;
    if (marks.position !== undefined) next.position = marks.position;
    if (marks.positionOf !== undefined) next.positionOf = marks.positionOf;
    return next.watched === data.watched && next.position === data.position && next.positionOf === data.positionOf ? data : next;
  }
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) {
    const next = withMarks(v, externalId, marks, drop);
    if (next !== v) changed = true;
    out[k] = next;
  }
  return changed ? out : data;
}

/** Writes the marks into every cached query; lists that hide watched videos drop the card when it is watched or hidden. */
export function applyVideoMarks(qc: QueryClient, externalId: string, marks: VideoMarks): void {
  const drop = marks.watched === true || marks.hidden === true;
  for (const query of qc.getQueryCache().getAll()) {
    const data = query.state.data;
    if (data === undefined) continue;
    const next = withMarks(data, externalId, marks, drop && hidesWatched(query.queryKey));
    if (next !== data) qc.setQueryData(query.queryKey, next);
  }
}
