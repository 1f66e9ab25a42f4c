import { ANALYTICS_EVENTS_PATH } from '@sift/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COOKIE_CONSENT_NAME } from './cookies';
import { preferences } from './storage';

/** A fresh copy of the module per test: its queue and loaded sender are module state. */
async function freshAnalytics() {
  vi.resetModules();
  return import('./analytics');
}

const consent = (accepted: boolean) => {
  document.cookie = `${COOKIE_CONSENT_NAME}=${accepted ? 'true' : ''}; path=/${accepted ? '' : '; max-age=0'}`;
};

describe('lib/analytics', () => {
  const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 202 })));
  beforeEach(() => {
    // The batch timer is the module's own: a fake clock moves it, so a busy machine cannot make these tests late.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockClear();
    localStorage.clear();
  });
  afterEach(() => {
    consent(false);
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  /** Moves the clock past the batch timer, then waits (for the sender module to load, not for time) for one batch. */
  async function flushedBatch(flushMs: number) {
    await vi.advanceTimersByTimeAsync(flushMs);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1), { timeout: 10_000 });
  }

  it('sends nothing and stores no identity before the cookie consent', async () => {
    consent(false);
    const { track, ANALYTICS_FLUSH_MS } = await freshAnalytics();
    track('eca_page_view');
    track('eca_play', { videoId: 'v1' });
    await import('./analytics-sender');
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS * 2);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(preferences.get('analytics_id')).toBeNull();
  });

  it('after consent, sends the events as one batch with a lasting identity and the member token', async () => {
    consent(true);
    preferences.set('token', 'member-token');
    const { track, ANALYTICS_FLUSH_MS } = await freshAnalytics();
    track('eca_page_view');
    track('eca_play', { videoId: 'v1' });
    await flushedBatch(ANALYTICS_FLUSH_MS);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    // lib/analytics-sender mirrors the contract's path as a value.
    expect(url).toBe(ANALYTICS_EVENTS_PATH);
    expect(init.keepalive).toBe(true);
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer member-token');
    const body = JSON.parse(init.body as string) as { visitorId: string; events: { name: string; path: string; props?: unknown }[] };
    expect(body.visitorId).toBe(preferences.get('analytics_id'));
    expect(body.visitorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.events.map((e) => [e.name, e.path, e.props])).toEqual([
      ['eca_page_view', '/', undefined],
      ['eca_play', '/', { videoId: 'v1' }],
    ]);
    preferences.remove('token');
  });

  it("sends a visitor's queue by beacon when the page is hidden", async () => {
    consent(true);
    const beacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
    const { track } = await freshAnalytics();
    track('eca_page_view');
    // The sender loads with the first event, so that a page being hidden can send at once.
    await import('./analytics-sender');
    await Promise.resolve();
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, body] = beacon.mock.calls[0] as unknown as [string, string];
    expect(url).toBe('/api/analytics/events');
    expect(JSON.parse(body)).toMatchObject({ events: [{ name: 'eca_page_view' }] });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('outside a secure context (no crypto.randomUUID) makes a v4 UUID, which the preferences keep', async () => {
    consent(true);
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: <T extends ArrayBufferView>(array: T) => real.getRandomValues(array as never) as T });
    const { track, ANALYTICS_FLUSH_MS } = await freshAnalytics();
    track('eca_page_view');
    await flushedBatch(ANALYTICS_FLUSH_MS);
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const { visitorId } = JSON.parse(init.body as string) as { visitorId: string };
    expect(visitorId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // Kept, not read back as missing: the next event carries the same identity.
    expect(preferences.get('analytics_id')).toBe(visitorId);
  });
});
