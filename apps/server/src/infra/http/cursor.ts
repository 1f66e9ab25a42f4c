import { badRequest } from './errors.js';

/**
 * Keyset cursor for lists ordered newest first by (published_at, id) (DESIGN §3 "Paging"). Opaque to clients:
 * base64url of "<epoch ms>.<id>", so a page is found by an index seek, never by OFFSET.
 */
export interface PublishedKey {
  publishedAt: Date;
  id: number;
}

/** The last millisecond of the year 9999: no real key is later, and PostgreSQL cannot hold much later dates. */
const MAX_TIME_MS = 253_402_300_799_999;

const badCursor = () => badRequest('next is not a cursor this server issued', [{ field: 'next', message: 'is invalid' }]);

export function encodeCursor(key: PublishedKey): string {
  return Buffer.from(`${key.publishedAt.getTime()}.${key.id}`).toString('base64url');
}

export function decodeCursor(cursor: string): PublishedKey {
  const match = /^(\d{1,15})\.(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match || Number(match[1]) > MAX_TIME_MS) throw badCursor();
  return { publishedAt: new Date(Number(match[1])), id: Number(match[2]) };
}

/**
 * Keyset cursor for lists sorted by one value, then id (playlists, sifts): the last item's sort value and id,
 * tagged with the sort, so a cursor made for another sort is refused rather than misread.
 */
export interface ListKey {
  value: string | number;
  id: number;
}


export function encodeListCursor(sort: string, key: ListKey): string {
  return Buffer.from(JSON.stringify([sort, key.value, key.id])).toString('base64url');
}

/** `valueType`: what the sort's value is, text (a name) or a whole number (a count, a time in epoch ms). */
export function decodeListCursor(cursor: string, sort: string, valueType: 'text' | 'number'): ListKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || parsed[0] !== sort) throw badCursor();
  const [, value, id] = parsed as [string, unknown, unknown];
  // Number values are counts or times in epoch ms: bounded like a time, so no decoded value is out of PostgreSQL's range.
  const valueOk = valueType === 'text' ? typeof value === 'string' : typeof value === 'number' && Number.isSafeInteger(value) && Math.abs(value) <= MAX_TIME_MS;
  if (!valueOk || typeof id !== 'number' || !Number.isSafeInteger(id)) throw badCursor();
  return { value: value as string | number, id };
}
