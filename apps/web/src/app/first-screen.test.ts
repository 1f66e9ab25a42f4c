import { afterEach, describe, expect, it, vi } from 'vitest';
import { INTL_WAIT_MS, waitForIntl } from './first-screen';

describe('waitForIntl', () => {
  afterEach(() => vi.useRealTimers());

  it('lets the first render go as soon as ICU is warm', async () => {
    let warm!: () => void;
    const settled = vi.fn();
    void waitForIntl(new Promise<void>((resolve) => (warm = resolve))).then(settled);
    await Promise.resolve();
    expect(settled).not.toHaveBeenCalled();
    warm();
    await vi.waitFor(() => expect(settled).toHaveBeenCalled());
  });

  it('waits no longer than INTL_WAIT_MS for a worker that never answers, and a failed one does not stop the render', async () => {
    vi.useFakeTimers();
    const settled = vi.fn();
    void waitForIntl(new Promise(() => {})).then(settled);
    await vi.advanceTimersByTimeAsync(INTL_WAIT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalled();
    await expect(waitForIntl(Promise.reject(new Error('no worker')))).resolves.toBeUndefined();
  });
});
