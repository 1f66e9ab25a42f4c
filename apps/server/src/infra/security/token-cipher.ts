import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * TOKEN_ENCRYPTION_KEY as configured: 32 bytes written as 64 hex digits or as base64 (standard or url-safe, padded
 * or not). Anything else is refused, so a mistyped key stops the server at start rather than sealing with a weak one.
 */
export function parseTokenEncryptionKey(text: string): Buffer {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(value)) {
    const key = Buffer.from(value.replaceAll('-', '+').replaceAll('_', '/'), 'base64');
    if (key.length === 32) return key;
  }
  throw new Error('must be 32 bytes, written as 64 hex digits or 44 base64 characters (openssl rand -base64 32)');
}

/**
 * Seals secrets that must be kept but never read by anyone with the database alone (the refresh tokens of
 * members' video-service accounts): AES-256-GCM, a fresh 96-bit IV per seal, and `context` (the row's owner) as
 * additional authenticated data, so a sealed value copied onto another member's row does not open.
 * Format: `v1.<iv>.<ciphertext followed by the 16-byte tag>`, base64url.
 */
export class TokenCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new RangeError('TokenCipher needs a 32-byte key');
  }

  seal(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${VERSION}.${iv.toString('base64url')}.${body.toString('base64url')}`;
  }

  /** The plaintext, or an error when the value was not sealed with this key and context (or was altered). */
  open(sealed: string, context: string): string {
    const [version, ivText, bodyText] = sealed.split('.');
    if (version !== VERSION || !ivText || !bodyText) throw new Error('not a sealed token');
    const iv = Buffer.from(ivText, 'base64url');
    const body = Buffer.from(bodyText, 'base64url');
    if (iv.length !== IV_BYTES || body.length <= TAG_BYTES) throw new Error('not a sealed token');
    const decipher = createDecipheriv(ALGORITHM, this.key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
    return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  }
}
