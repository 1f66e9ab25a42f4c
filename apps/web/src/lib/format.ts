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

const UNITS = [
  { value: 1e9, suffix: 'G' },
  { value: 1e6, suffix: 'M' },
  { value: 1e3, suffix: 'K' },
] as const;

/**
 * Languages whose short compact notation (CLDR) leaves thousands whole, and the abbreviation their readers know for
 * them. German's does: it wrote "803.803" beside "5,2 Mio." (issue 31); Duden's "Tsd." is what German sites show
 * ("1,2 Tsd. Aufrufe"). Spanish, French and Portuguese abbreviate thousands themselves ("803 mil", "803 k").
 */
// eslint-disable-next-line lingui/no-unlocalized-strings -- the German abbreviation itself, used only in German
const THOUSANDS: Readonly<Record<string, string>> = { de: 'Tsd.' };

/** One decimal below ten, none from ten up, floored: 1234 → 1.2, 12 345 → 12 (of a thousand). */
function flooredScale(abs: number, unit: number): number {
  // Divide by a tenth of the unit first: exact for integers, so 4 100 000 gives 41 and not 40.999….
  return abs / unit < 10 ? Math.floor(abs / (unit / 10)) / 10 : Math.floor(abs / unit);
}

/**
 * Formats a count. With `abbreviate`, G ≥ 1e9, M ≥ 1e6, K ≥ 1e3. The scaled value is floored, never rounded up,
 * so 999 999 reads "999K" rather than claiming a million it has not reached; one decimal is kept below 10 of a
 * unit (1.2M) where it carries information, none from 10 up (12M, 999K).
 * In another language: its grouping, and its compact notation floored the same way ("1,2 Mio.", "999 k"), thousands
 * included: one compact form per language wherever a count is abbreviated.
 */
export function formatNumber(n: number, abbreviate = false, locale: string = activeLocale()): string {
  if (!Number.isFinite(n)) return locale === 'en' ? '0' : numberFormat(locale, 'int', { maximumFractionDigits: 0 }).format(0);
  const value = Math.trunc(n);
  if (locale !== 'en') {
    if (!abbreviate) return numberFormat(locale, 'int', { maximumFractionDigits: 0 }).format(value);
    const thousands = THOUSANDS[locale];
    const abs = Math.abs(value);
    if (thousands && abs >= 1e3 && abs < 1e6) {
      // The locale's decimal comma and its no-break space before the unit, as its "Mio." has.
      const shown = numberFormat(locale, 'one-decimal', { maximumFractionDigits: 1 }).format(flooredScale(abs, 1e3));
      return `${value < 0 ? '-' : ''}${shown}\u00a0${thousands}`;
    }
    // roundingMode (ES2023) is in every browser we support; TypeScript's ES2022 lib does not know it yet.
    return numberFormat(locale, 'compact', { notation: 'compact', roundingMode: 'trunc' } as Intl.NumberFormatOptions).format(value);
  }
  const grouping = numberFormat('en-US', 'int', { maximumFractionDigits: 0 });
  if (!abbreviate) return grouping.format(value);
  const abs = Math.abs(value);
  for (const unit of UNITS) {
    if (abs >= unit.value) {
      const shown = flooredScale(abs, unit.value);
      return `${value < 0 ? '-' : ''}${numberFormat('en-US', 'one-decimal', { maximumFractionDigits: 1 }).format(shown)}${unit.suffix}`;
    }
  }
  return grouping.format(value);
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
