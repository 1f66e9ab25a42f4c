import { useSyncExternalStore } from 'react';
import { forgetAnalytics, track } from '../../lib/analytics';
import { COOKIE_CONSENT_DAYS, COOKIE_CONSENT_NAME, readCookie, writeCookie } from '../../lib/cookies';

const DAY_MS = 86_400_000;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** The visitor's answer to the cookie notice: accepted, declined, or none yet (the notice shows). */
export type ConsentAnswer = 'accepted' | 'declined' | null;

const answer = (): ConsentAnswer => {
  const value = readCookie(COOKIE_CONSENT_NAME);
  return value === 'true' ? 'accepted' : value === 'false' ? 'declined' : null;
};

/** Accepts the cookie notice (SPEC §2): a cookie kept COOKIE_CONSENT_DAYS; usage statistics start with this page. */
export function acceptConsent(): void {
  writeCookie(COOKIE_CONSENT_NAME, 'true', COOKIE_CONSENT_DAYS * DAY_MS);
  notify();
  // Nothing was counted before this moment: the page the visitor accepted on is their first page view.
  track('eca_page_view');
}

/**
 * Declines it (issue 31): the answer is kept as long as an acceptance, so the notice stays away, and usage statistics
 * stay off (`lib/analytics` sends only after `true`).
 */
export function declineConsent(): void {
  writeCookie(COOKIE_CONSENT_NAME, 'false', COOKIE_CONSENT_DAYS * DAY_MS);
  forgetAnalytics();
  notify();
}

/**
 * Withdraws it, as easily as it was given: the cookie goes (so the notice shows again), nothing more is sent, and
 * the browser's analytics identity is deleted. Also how a visitor who declined is asked again.
 */
export function withdrawConsent(): void {
  writeCookie(COOKIE_CONSENT_NAME, '', 0);
  forgetAnalytics();
  notify();
}

/** The visitor's answer to the cookie notice, kept current in every component that asks. */
export function useConsentAnswer(): ConsentAnswer {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    answer,
    () => null,
  );
}
