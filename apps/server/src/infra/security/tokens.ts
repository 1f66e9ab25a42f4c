import { createHash, randomBytes } from 'node:crypto';

/** A new opaque token: 256 random bits, base64url (43 characters). Only its hash is ever stored (DESIGN §3). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a token, hex (64 characters): what the database keeps and looks tokens up by. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
