import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openSharePopup } from './popup';

/** A window whose open() hands out a popup the test closes. */
function fakeWindow(popup: { closed: boolean; opener: unknown } | null) {
  const open = vi.fn(() => popup);
  const win = { screenX: 100, screenY: 50, outerWidth: 1280, outerHeight: 800, open, setInterval, clearInterval } as unknown as Window;
  return { win, open };
}

describe('the share popup (SPEC §9: 626x436, close check every 500 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens the address in a 626×436 window centred over this one, keeping it watchable', () => {
    const popup = { closed: false, opener: 'me' as unknown };
    const { win, open } = fakeWindow(popup);
    expect(openSharePopup('https://t.me/share/url?url=x', () => {}, win)).toBeTypeOf('function');
    const [address, , features] = open.mock.calls[0] as unknown as [string, string, string];
    expect(address).toBe('https://t.me/share/url?url=x');
    expect(features).toContain('width=626');
    expect(features).toContain('height=436');
    expect(features).toContain(`left=${100 + (1280 - 626) / 2}`);
    expect(features).toContain(`top=${50 + (800 - 436) / 2}`);
    // noopener (or opener = null) would leave a window that reads `closed` at once in Chromium.
    expect(features).not.toContain('noopener');
    expect(popup.opener).toBe('me');
  });

  it('tells within 500 ms that the popup was closed, once', () => {
    const popup = { closed: false, opener: null };
    const onClosed = vi.fn();
    openSharePopup('https://x.test', onClosed, fakeWindow(popup).win);
    vi.advanceTimersByTime(1500);
    expect(onClosed).not.toHaveBeenCalled();
    popup.closed = true;
    vi.advanceTimersByTime(499);
    expect(onClosed).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onClosed).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('stops checking when told to (the dialog closed first)', () => {
    const popup = { closed: false, opener: null };
    const onClosed = vi.fn();
    const stop = openSharePopup('https://x.test', onClosed, fakeWindow(popup).win)!;
    stop();
    popup.closed = true;
    vi.advanceTimersByTime(2000);
    expect(onClosed).not.toHaveBeenCalled();
  });

  it('answers null when the browser blocked the popup', () => {
    expect(openSharePopup('https://x.test', () => {}, fakeWindow(null).win)).toBeNull();
  });
});
