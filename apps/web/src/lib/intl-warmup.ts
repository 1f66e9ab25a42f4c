/**
 * Starts ICU in a worker as the app loads (issue 18). A page's first Intl formatter costs 40–80 ms of a desktop's
 * main thread while ICU loads its data, and four times that on a phone: it used to fall inside the app's start-up
 * task and the first list's render. ICU's data is shared by the whole renderer process, so once a worker has built
 * the same kinds of formatter, the main thread's ones cost well under a millisecond each (decision 028).
 * Imported first by main.tsx, so that the worker starts before the app's modules are evaluated.
 * The worker is made from a Blob of `warm`'s source, not from a file: a file was one more request, made only once the
 * app's modules ran, so the worker started a round trip late and lost the race to a first render whose chunks had
 * arrived (the watch page's: 45–60 ms of ICU in its first render at 4×, decision 056). The CSP allows `worker-src blob:`.
 * Without workers (tests, an old browser, a stricter CSP) nothing changes: the first formatter just costs what it used
 * to. The first render does not wait for it: measured, that made the list pages' first render one longer task in
 * Lighthouse (decision 056).
 */

/** Runs in the worker: one formatter of each kind the app uses (lib/format.ts, Lingui's plurals, sorting). Self-contained: its source is the worker. */
function warm(locales: string[]): void {
  new Intl.NumberFormat(locales, { maximumFractionDigits: 1 }).format(1234.5);
  new Intl.NumberFormat(locales, { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(2);
  new Intl.RelativeTimeFormat(locales, { numeric: 'auto' }).format(-3, 'day');
  new Intl.PluralRules(locales).select(2);
  new Intl.DateTimeFormat(locales, { year: 'numeric', month: 'long', day: 'numeric' }).format(0);
  new Intl.Collator(locales).compare('a', 'b');
  (globalThis as unknown as { postMessage(message: string): void }).postMessage('ready');
}

function warmUpIntl(): void {
  if (typeof Worker === 'undefined' || typeof Blob === 'undefined' || typeof URL.createObjectURL !== 'function') return;
  try {
    const locales = [...new Set([...(navigator.languages ?? []), 'en-US'])];
    const url = URL.createObjectURL(new Blob([`(${warm.toString()})(${JSON.stringify(locales)})`], { type: 'text/javascript' }));
    const worker = new Worker(url, { name: 'intl-warmup' });
    const done = () => {
      worker.terminate();
      URL.revokeObjectURL(url);
    };
    worker.onmessage = done;
    worker.onerror = done;
  } catch {
    // Refused (CSP, an old browser): the main thread builds its formatters as before.
  }
}

warmUpIntl();
