/**
 * Display formatting (SPEC §9 "Number format", "Duration format") in the active language (lib/i18n; issue 19).
 * English keeps the spec's exact forms: en-US grouping and the K/M/G abbreviations. The other languages use `Intl`
 * for their locale: their grouping ("1.234.567"), their compact notation ("1,2 Mio.", "12 k"), their unit words.
 * Features format through these helpers only, never `toLocaleString` or `Intl` themselves, so that a number reads
 * the same everywhere in one language.
 */
import { activeLocale } from './i18n';

/**
 * One formatter per locale and options, built on first use: building an Intl formatter costs far more than using it,
 * and none is built while the app's modules load (the first one in a page starts ICU: lib/intl-warmup.ts).
 */
const cache = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, kind: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${kind}`;
  let f = cache.get(key);
  if (!f) cache.set(key, (f = new Intl.NumberFormat(locale, options)));
  return f;
}

const UNITS = [1e9, 1e6, 1e3];

/**
 * The languages whose abbreviations the app writes itself, G/M/K units first. English: SPEC §9's ("1.2M", "999K").
 * German: CLDR's short compact notation leaves thousands whole, so that "803.803" stood beside "5,2 Mio." (issue 31);
 * Duden's "Tsd." is what German sites write ("1,2 Tsd. Aufrufe"), with its "Mio." and "Mrd.". The other languages
 * abbreviate thousands themselves ("803 mil", "803 k"): Intl's compact notation for them.
 */
// eslint-disable-next-line lingui/no-unlocalized-strings -- units as each language writes them, not texts to translate
const SUFFIXES: Readonly<Record<string, readonly string[]>> = { en: ['G', 'M', 'K'], de: ['\u00a0Mrd.', '\u00a0Mio.', '\u00a0Tsd.'] };

/**
 * Formats a count. With `abbreviate`, G ≥ 1e9, M ≥ 1e6, K ≥ 1e3. The scaled value is floored, never rounded up,
 * so 999 999 reads "999K" rather than claiming a million it has not reached; one decimal is kept below 10 of a
 * unit (1.2M) where it carries information, none from 10 up (12M, 999K).
 * In another language: its grouping, and its compact notation floored the same way ("1,2 Mio.", "999 k"), thousands
 * included: one compact form per language wherever a count is abbreviated.
 */
export function formatNumber(n: number, abbreviate = false, locale: string = activeLocale()): string {
  const value = Number.isFinite(n) ? Math.trunc(n) : 0;
  const suffixes = SUFFIXES[locale];
  // en-US grouping for English (SPEC §9), the language's own for the others.
  const tag = locale === 'en' ? 'en-US' : locale;
  if (!abbreviate || !suffixes) {
    return abbreviate
      ? // roundingMode (ES2023) is in every browser we support; TypeScript's ES2022 lib does not know it yet.
        numberFormat(tag, 'compact', { notation: 'compact', roundingMode: 'trunc' } as Intl.NumberFormatOptions).format(value)
      : numberFormat(tag, 'int', { maximumFractionDigits: 0 }).format(value);
  }
  const abs = Math.abs(value);
  const at = UNITS.findIndex((unit) => abs >= unit);
  if (at < 0) return numberFormat(tag, 'int', { maximumFractionDigits: 0 }).format(value);
  const unit = UNITS[at]!;
  // Divide by a tenth of the unit first: exact for integers, so 4 100 000 gives 41 and not 40.999….
  const shown = abs / unit < 10 ? Math.floor(abs / (unit / 10)) / 10 : Math.floor(abs / unit);
  return `${value < 0 ? '-' : ''}${numberFormat(tag, 'one-decimal', { maximumFractionDigits: 1 }).format(shown)}${suffixes[at]}`;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** mm:ss below one hour, h:mm:ss from one hour (SPEC §9). Negative or non-finite input counts as 0. */
export function formatDuration(totalSeconds: number): string {
  const s = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0;
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  return hours > 0 ? `${hours}:${pad2(minutes)}:${pad2(seconds)}` : `${pad2(minutes)}:${pad2(seconds)}`;
}

/** Spoken form for screen readers: "1 hour 2 minutes 5 seconds" ("1 Stunde 2 Minuten 5 Sekunden"), through Intl's unit words. */
export function durationLabel(totalSeconds: number, locale: string = activeLocale()): string {
  const s = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0;
  const unit = (n: number, u: 'hour' | 'minute' | 'second') =>
    numberFormat(locale, u, { style: 'unit', unit: u, unitDisplay: 'long' }).format(n);
  const parts: string[] = [];
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h) parts.push(unit(h, 'hour'));
  if (m) parts.push(unit(m, 'minute'));
  if (sec || parts.length === 0) parts.push(unit(sec, 'second'));
  return parts.join(' ');
}

const STEPS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.345],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

const rtfCache = new Map<string, Intl.RelativeTimeFormat>();

/** "3 days ago", "in 2 hours" … in the given locale (default: the active language). Invalid dates give ''. */
export function formatRelativeTime(date: string | number | Date, now: number = Date.now(), locale: string = activeLocale()): string {
  const then = new Date(date).getTime();
  if (Number.isNaN(then)) return '';
  let rtf = rtfCache.get(locale);
  if (!rtf) {
    rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    rtfCache.set(locale, rtf);
  }
  let delta = (then - now) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(delta) < size) return rtf.format(Math.trunc(delta), unit);
    delta /= size;
  }
  return rtf.format(Math.trunc(delta), 'year');
}

const dateCache = new Map<string, Intl.DateTimeFormat>();

/** A calendar date in words ("June 15, 2025", "15. Juni 2025") in the active language; '' for an invalid date. */
export function formatDate(date: string | number | Date, locale: string = activeLocale()): string {
  const d = new Date(date);
  if (Number.isNaN(d.getTime())) return '';
  let f = dateCache.get(locale);
  if (!f) dateCache.set(locale, (f = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric' })));
  return f.format(d);
}

/** An amount in a currency's smallest unit (Stripe's cents), in the active language's way: "€4.00", "4,00 €". */
export function formatMoney(minorUnits: number, currency: string, locale: string = activeLocale()): string {
  const code = currency.toUpperCase();
  return numberFormat(locale === 'en' ? 'en-US' : locale, `money-${code}`, { style: 'currency', currency: code }).format(minorUnits / 100);
}
