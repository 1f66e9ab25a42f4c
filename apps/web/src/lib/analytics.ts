import type { AnalyticsEventName, AnalyticsProps } from '@sift/contracts';
import { COOKIE_CONSENT_NAME, readCookie } from './cookies';
import { preferences } from './storage';
import type * as SenderModule from './analytics-sender';
import type { QueuedEvent } from './analytics-sender';

/**
 * Usage events (`eca_*`, SPEC §9) for Sift's own endpoint (decisions/020), never a third party's. `track` is all a
 * feature needs: it does nothing until the visitor has accepted the cookie notice (SPEC §2), and otherwise only queues
 * the event. Queued events go out together ANALYTICS_FLUSH_MS after the first, or when the page is hidden; the code
 * that sends them loads with the first event, so the first route carries only this file.
 */
export const ANALYTICS_FLUSH_MS = 2000;
const BATCH_MAX = 50;

type Sender = typeof SenderModule;

const queue: QueuedEvent[] = [];
let sender: Sender | null = null;
let loading: Promise<Sender> | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;

/** Whether the visitor accepted the cookie notice: the only condition under which anything is sent. */
const analyticsAllowed = () => readCookie(COOKIE_CONSENT_NAME) === 'true';

/** Records one event on the current page, if the visitor consented. Never throws, never waits. */
export function track(name: AnalyticsEventName, props?: AnalyticsProps): void {
  if (!analyticsAllowed()) return;
  queue.push({ name, at: new Date().toISOString(), path: location.pathname, ...(props ? { props } : {}) });
  if (!loading) {
    loading = import('./analytics-sender').then((m) => (sender = m));
    // A page being left or hidden is the last chance to send: then the beacon goes at once.
    addEventListener('pagehide', () => flush(true));
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flush(true);
    });
  }
  if (queue.length >= BATCH_MAX) flush(false);
  else timer ??= setTimeout(() => flush(false), ANALYTICS_FLUSH_MS);
}

function flush(closing: boolean): void {
  if (timer) clearTimeout(timer);
  timer = null;
  while (queue.length) {
    const events = queue.splice(0, BATCH_MAX);
    if (sender) sender.send(events, closing);
    else void loading?.then((m) => m.send(events, false)).catch(() => {});
  }
}

/** For a call's `.then(…)`: records the event once the call succeeded, and passes its result on. */
export const trackOnSuccess =
  (name: AnalyticsEventName, props?: AnalyticsProps) =>
  <T>(value: T): T => {
    track(name, props);
    return value;
  };

/**
 * Consent withdrawn: events still queued are dropped and the browser's analytics identity is deleted, so nothing
 * sent later (after a new consent) can be tied to what was sent before.
 */
export function forgetAnalytics(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  queue.length = 0;
  preferences.remove('analytics_id');
}
