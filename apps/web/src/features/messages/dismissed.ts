import { DISMISSED_MESSAGE_MS, readCookie, writeCookie } from '../../lib/cookies';

/** One cookie per dismissed message: `sift_msg_<id>`; 30 days for 'forever', a session cookie for 'session'. */
export const dismissedCookieName = (id: number) => `sift_msg_${id}`;

export function isDismissed(id: number, cookies?: string): boolean {
  return readCookie(dismissedCookieName(id), cookies) === '1';
}

export function dismiss(id: number, dismissal: 'forever' | 'session'): void {
  writeCookie(dismissedCookieName(id), '1', dismissal === 'forever' ? DISMISSED_MESSAGE_MS : null);
}
