import { useSyncExternalStore } from 'react';
import { forgetAnalytics, track } from '../../lib/analytics';
import { COOKIE_CONSENT_DAYS, COOKIE_CONSENT_NAME, readCookie, writeCookie } from '../../lib/cookies';

const DAY_MS = 86_400_000;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

const isAccepted = () => readCookie(COOKIE_CONSENT_NAME) === 'true';

/** Accepts the cookie notice (SPEC §2): a cookie kept COOKIE_CONSENT_DAYS; usage statistics start with this page. */
export function acceptConsent(): void {
  writeCookie(COOKIE_CONSENT_NAME, 'true', COOKIE_CONSENT_DAYS * DAY_MS);
  notify();
  // Nothing was counted before this moment: the page the visitor accepted on is their first page view.
  track('eca_page_view');
}

/**
 * Withdraws it, as easily as it was given: the cookie goes (so the notice shows again), nothing more is sent, and
 * the browser's analytics identity is deleted.
 */
export function withdrawConsent(): void {
  writeCookie(COOKIE_CONSENT_NAME, '', 0);
  forgetAnalytics();
  notify();
}

/** Whether the visitor has accepted the cookie notice, kept current in every component that asks. */
export function useConsentAccepted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isAccepted,
    () => false,
  );
}
