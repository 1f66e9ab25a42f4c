/**
 * Starts ICU in a worker as the app loads (issue 18). A page's first Intl formatter costs 40–80 ms of a desktop's
 * main thread while ICU loads its data, and four times that on a phone: it used to fall inside the app's start-up
 * task and the first list's render. ICU's data is shared by the whole renderer process, so once a worker has built
 * the same kinds of formatter, the main thread's ones cost well under a millisecond each (decision 028).
 * An entry of its own, loaded by an async script at the top of the page's head (vite.config.ts earlyIntlWarmup), so
 * that the worker starts while the app's modules are still loading: imported by main.tsx it started only once they
 * had all loaded, and was still warming ICU when the first cards formatted their counts (issue 32, decision 057).
 * Without workers (tests, an old browser, a stricter CSP) nothing changes: the first formatter just costs what it
 * used to.
 */
function warmUpIntl(): void {
  if (typeof Worker === 'undefined') return;
  try {
    const worker = new Worker(new URL('./intl-warmup.worker.ts', import.meta.url), { type: 'module', name: 'intl-warmup' });
    worker.onmessage = () => worker.terminate();
    worker.onerror = () => worker.terminate();
    worker.postMessage([...new Set([...(navigator.languages ?? []), 'en-US'])]);
  } catch {
    // Refused (CSP, an old browser): the main thread builds its formatters as before.
  }
}

warmUpIntl();
