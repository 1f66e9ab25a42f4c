/**
 * Runs `fn` once the page has loaded and the main thread is idle, at most `timeout` ms after the load (where
 * requestIdleCallback is missing, a timer after the load). Returns a cancel. For work a page can do without while its
 * first view is drawn: Lighthouse counts every task of the first seconds that is over 50 ms (decision 056).
 */
export function whenIdle(fn: () => void, timeout = 2_000): () => void {
  let cancel = () => {};
  const schedule = () => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(fn, { timeout });
      cancel = () => cancelIdleCallback(id);
    } else {
      const id = setTimeout(fn, 0);
      cancel = () => clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') {
    schedule();
    return () => cancel();
  }
  window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    cancel();
  };
}
