import type { AnalyticsEventName, AnalyticsProps } from '@sift/contracts';
import { preferences } from './storage';

/** `ANALYTICS_EVENTS_PATH` of `@sift/contracts`, mirrored as a value (a value import would pull zod into the bundle). */
const ANALYTICS_PATH = '/api/analytics/events';

export interface QueuedEvent {
  name: AnalyticsEventName;
  at: string;
  path: string;
  props?: AnalyticsProps;
}

/** The browser's analytics identity: a random UUID made with its first event, kept with the preferences. */
function visitorId(): string {
  let id = preferences.get('analytics_id');
  if (!id) {
    id = randomUuid();
    preferences.set('analytics_id', id);
  }
  return id;
}

function randomUuid(): string {
  // crypto.randomUUID exists only in secure contexts; an instance served over plain http on a LAN is not one.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Sends one batch and forgets it: analytics never show an error or hold the page. A member's events go with their
 * token (fetch with keepalive, which outlives the page like a beacon); a visitor's, as the page closes, by
 * navigator.sendBeacon (text/plain, which the endpoint reads as JSON).
 */
export function send(events: QueuedEvent[], closing: boolean): void {
  const body = JSON.stringify({ visitorId: visitorId(), events });
  const token = preferences.get('token');
  if (closing && !token && typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(ANALYTICS_PATH, body)) return;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  fetch(ANALYTICS_PATH, { method: 'POST', body, headers, keepalive: true }).catch(() => {});
}
