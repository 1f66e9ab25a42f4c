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

type PostTask = (callback: () => void) => Promise<void>;
const postTask = (globalThis as { scheduler?: { postTask?: PostTask } }).scheduler?.postTask?.bind((globalThis as { scheduler?: object }).scheduler);

/**
 * Settles in a task of its own where the browser can post one (`scheduler.postTask`: Chromium, Firefox), at once
 * elsewhere. A commit's effects start the page's requests; each `fetch` costs a phone a few milliseconds, and seven
 * of them in the effects' task made it one of the long tasks after the first paint (issue 32's traces). Awaited by
 * the API client before it sends, so each request leaves from a short task of its own.
 */
export function nextTask(): Promise<void> {
  return postTask ? postTask(() => {}) : Promise.resolve();
}
