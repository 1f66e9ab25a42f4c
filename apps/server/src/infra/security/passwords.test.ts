import { describe, expect, it } from 'vitest';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.js';
import { hashToken, newToken } from './tokens.js';

describe('passwords', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(stored, 'wrong horse battery')).toBe(false);
  });

  it('answers false without a stored hash', async () => {
    expect(await verifyPassword(null, 'anything at all')).toBe(false);
  });

  it('refuses common passwords whatever their case', () => {
    expect(passwordProblem('password1')).toMatch(/common/);
    expect(passwordProblem('PASSWORD123')).toMatch(/common/);
    expect(passwordProblem('qwertyuiop')).toMatch(/common/);
    expect(passwordProblem('a quiet lighthouse')).toBeNull();
  });
});

describe('tokens', () => {
  it('are 256-bit base64url and hash to 64 hex characters', () => {
    const token = newToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(newToken()).not.toBe(token);
  });
});
