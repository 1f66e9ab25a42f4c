import { badRequest } from './errors.js';

/**
 * Keyset cursor for lists ordered newest first by (published_at, id) (DESIGN §3 "Paging"). Opaque to clients:
 * base64url of "<epoch ms>.<id>", so a page is found by an index seek, never by OFFSET.
 */
export interface PublishedKey {
  publishedAt: Date;
  id: number;
}

export function encodeCursor(key: PublishedKey): string {
  return Buffer.from(`${key.publishedAt.getTime()}.${key.id}`).toString('base64url');
}

export function decodeCursor(cursor: string): PublishedKey {
  const match = /^(\d{1,15})\.(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw badRequest('next is not a cursor this server issued', [{ field: 'next', message: 'is invalid' }]);
  return { publishedAt: new Date(Number(match[1])), id: Number(match[2]) };
}
