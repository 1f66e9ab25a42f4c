/**
 * Display formatting (SPEC §9 "Number format", "Duration format"). Numbers use en-US grouping as the spec says;
 * relative dates follow the user's locale (DESIGN §3: format in the browser with Intl).
 */

const grouping = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

const UNITS = [
  { value: 1e9, suffix: 'G' },
  { value: 1e6, suffix: 'M' },
  { value: 1e3, suffix: 'K' },
] as const;

/**
 * Formats a count. With `abbreviate`, G ≥ 1e9, M ≥ 1e6, K ≥ 1e3. The scaled value is floored, never rounded up,
 * so 999 999 reads "999K" rather than claiming a million it has not reached; one decimal is kept below 10 of a
 * unit (1.2M) where it carries information, none from 10 up (12M, 999K).
 */
export function formatNumber(n: number, abbreviate = false): string {
  if (!Number.isFinite(n)) return '0';
  const value = Math.trunc(n);
  if (!abbreviate) return grouping.format(value);
  const abs = Math.abs(value);
  for (const unit of UNITS) {
    if (abs >= unit.value) {
      const scaled = abs / unit.value;
      // Divide by a tenth of the unit first: exact for integers, so 4 100 000 gives 41 and not 40.999….
      const shown = scaled < 10 ? Math.floor(abs / (unit.value / 10)) / 10 : Math.floor(scaled);
      return `${value < 0 ? '-' : ''}${oneDecimal.format(shown)}${unit.suffix}`;
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

/** Spoken form for screen readers: "1 hour 2 minutes 5 seconds". */
export function durationLabel(totalSeconds: number): string {
  const s = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0;
  const parts: string[] = [];
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h) parts.push(`${h} hour${h === 1 ? '' : 's'}`);
  if (m) parts.push(`${m} minute${m === 1 ? '' : 's'}`);
  if (sec || parts.length === 0) parts.push(`${sec} second${sec === 1 ? '' : 's'}`);
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

/** "3 days ago", "in 2 hours" … in the given locale (default: the browser's). Invalid dates give ''. */
export function formatRelativeTime(date: string | number | Date, now: number = Date.now(), locale?: string): string {
  const then = new Date(date).getTime();
  if (Number.isNaN(then)) return '';
  const key = locale ?? '';
  let rtf = rtfCache.get(key);
  if (!rtf) {
    rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    rtfCache.set(key, rtf);
  }
  let delta = (then - now) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(delta) < size) return rtf.format(Math.trunc(delta), unit);
    delta /= size;
  }
  return rtf.format(Math.trunc(delta), 'year');
}
