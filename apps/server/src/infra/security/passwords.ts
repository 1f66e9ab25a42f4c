import { hash, verify } from '@node-rs/argon2';
import { COMMON_PASSWORDS } from './common-passwords.js';

/**
 * Passwords are hashed with argon2id (the library's defaults: m=19 MiB, t=2, p=1, OWASP's recommendation), so the
 * stored value starts with `$argon2id$` and carries its own salt and parameters.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Verified against when there is no account (or no password), so an unknown e-mail costs as long as a wrong password.
let dummyHash: Promise<string> | undefined;

/** True when password matches; with no stored hash it still spends the time of a real check and answers false. */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hash('not-a-real-password-but-the-same-cost');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

/**
 * The password policy beyond length (at least 8 characters, checked by the request schema): not one of the most
 * common passwords. Returns the problem to show, or null.
 */
export function passwordProblem(password: string): string | null {
  if (COMMON_PASSWORDS.has(password.trim().toLowerCase())) return 'is too common; choose one that is harder to guess';
  return null;
}
