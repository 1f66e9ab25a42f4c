/// <reference lib="webworker" />
/**
 * Builds one formatter of each kind the app uses (lib/format.ts, Lingui's plurals, sorting) in the reader's
 * languages, which loads ICU's data into the process for the main thread too (intl-warmup.ts), then says so.
 */
self.onmessage = (event: MessageEvent<string[]>) => {
  const locales = event.data;
  new Intl.NumberFormat(locales, { maximumFractionDigits: 1 }).format(1234.5);
  new Intl.NumberFormat(locales, { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(2);
  new Intl.RelativeTimeFormat(locales, { numeric: 'auto' }).format(-3, 'day');
  new Intl.PluralRules(locales).select(2);
  new Intl.DateTimeFormat(locales, { year: 'numeric', month: 'long', day: 'numeric' }).format(0);
  new Intl.Collator(locales).compare('a', 'b');
  self.postMessage('ready');
};
