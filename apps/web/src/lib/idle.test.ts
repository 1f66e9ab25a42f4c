import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './idle';

describe('whenIdle', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('waits for the page to load, then runs the work when the browser is idle', () => {
    vi.useFakeTimers();
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const work = vi.fn();
    whenIdle(work);
    vi.runAllTimers();
    expect(work).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    vi.runAllTimers();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs once the browser is idle on a page already loaded, and not at all when cancelled first', () => {
    vi.useFakeTimers();
    const work = vi.fn();
    const cancelled = vi.fn();
    whenIdle(work);
    whenIdle(cancelled)();
    vi.runAllTimers();
    expect(work).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('does nothing after the load when cancelled before it', () => {
    vi.useFakeTimers();
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const work = vi.fn();
    whenIdle(work)();
    window.dispatchEvent(new Event('load'));
    vi.runAllTimers();
    expect(work).not.toHaveBeenCalled();
  });
});
