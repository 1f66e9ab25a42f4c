import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseTokenEncryptionKey, TokenCipher } from './token-cipher.js';

describe('TokenCipher', () => {
  const key = randomBytes(32);
  const cipher = new TokenCipher(key);

  it('seals without the plaintext showing and opens it again with the same context', () => {
    const sealed = cipher.seal('1//refresh-token-value', 'youtube:7');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('refresh-token');
    expect(cipher.open(sealed, 'youtube:7')).toBe('1//refresh-token-value');
    // A fresh IV each time: sealing twice never gives the same text.
    expect(cipher.seal('1//refresh-token-value', 'youtube:7')).not.toBe(sealed);
  });

  it('refuses another context, another key and any change', () => {
    const sealed = cipher.seal('secret', 'youtube:7');
    expect(() => cipher.open(sealed, 'youtube:8')).toThrow();
    expect(() => new TokenCipher(randomBytes(32)).open(sealed, 'youtube:7')).toThrow();
    const [v, iv, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => cipher.open(`${v}.${iv}.${flipped.toString('base64url')}`, 'youtube:7')).toThrow();
    expect(() => cipher.open('plain-text', 'youtube:7')).toThrow();
  });
});

describe('parseTokenEncryptionKey', () => {
  const key = randomBytes(32);

  it('reads 32 bytes as hex, base64 and base64url', () => {
    expect(parseTokenEncryptionKey(key.toString('hex'))).toEqual(key);
    expect(parseTokenEncryptionKey(key.toString('base64'))).toEqual(key);
    expect(parseTokenEncryptionKey(` ${key.toString('base64url')} `)).toEqual(key);
  });

  it('refuses keys of another length or alphabet', () => {
    expect(() => parseTokenEncryptionKey(randomBytes(16).toString('hex'))).toThrow(/32 bytes/);
    expect(() => parseTokenEncryptionKey(randomBytes(31).toString('base64'))).toThrow(/32 bytes/);
    expect(() => parseTokenEncryptionKey('correct horse battery staple correct horse!!')).toThrow(/32 bytes/);
  });
});
