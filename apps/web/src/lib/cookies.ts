/** Small cookie helpers for the consent bar and dismissed messages (SPEC §3, §9). */

export const COOKIE_CONSENT_NAME = 'sift_cookie_consent';
export const COOKIE_CONSENT_DAYS = 365;
/** SPEC §9: dismissed "forever" messages are remembered for 2 592 000 000 ms (30 days). */
export const DISMISSED_MESSAGE_MS = 2_592_000_000;

export function readCookie(name: string, source: string = document.cookie): string | null {
  for (const part of source.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return part.slice(eq + 1).trim();
      }
    }
  }
  return null;
}

/** `maxAgeMs` null → a session cookie (gone when the browser closes). */
export function writeCookie(name: string, value: string, maxAgeMs: number | null): void {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'path=/', 'SameSite=Lax'];
  if (maxAgeMs !== null) parts.push(`max-age=${Math.floor(maxAgeMs / 1000)}`);
  if (location.protocol === 'https:') parts.push('Secure');
  document.cookie = parts.join('; ');
}
