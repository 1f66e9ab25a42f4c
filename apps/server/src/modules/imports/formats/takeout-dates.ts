/**
 * The dates of Takeout's `watch-history.html`, written in the member's language and time zone: "Jan 3, 2024,
 * 10:15:30 PM CET", "3 janv. 2024, 22:15:30 CET", "03.01.2024, 22:15:30 MEZ", "3 de jan. de 2024 22:15:30 BRT",
 * "2024/01/03 22:15:30 JST". Read by their parts (a four-digit year, a month by name or number, a day, a time) rather
 * than by one pattern per language, so a language not listed here still reads when its months are numbers. The zone is
 * read when it is an offset (`GMT+01:00`) or a common abbreviation; otherwise the time is taken as UTC (the day is
 * what a history shows). Korean, Chinese and Japanese write "afternoon" before the time ("2024. 1. 3. 오후 10:15:30").
 * A date that cannot be read is undefined, and its entry is kept without it.
 *
 * Every pattern here is linear (no nested or overlapping repetition), and the text is cut to MAX_DATE_LENGTH first.
 */

/** Longer than any date Takeout writes; a longer text is cut, so a hostile cell costs no more than a real one. */
const MAX_DATE_LENGTH = 80;

/**
 * Months by the first letters of their name (three or four: enough to tell them apart within a language), in the
 * languages Takeout writes dates with names: English, French, German, Spanish, Italian, Portuguese, Dutch, Polish,
 * Swedish/Danish/Norwegian, Russian, Turkish. A name is a month when it starts with one of these.
 */
const MONTH_PREFIXES: readonly (readonly string[])[] = [
  ['jan', 'ene', 'gen', 'sty', 'янв', 'oca'],
  ['feb', 'fév', 'fev', 'lut', 'фев', 'şub', 'sub'],
  ['mar', 'mär', 'mrt', 'мар'],
  ['apr', 'avr', 'abr', 'kwi', 'апр', 'nis'],
  ['may', 'mai', 'mag', 'mei', 'maj', 'мая', 'май'],
  ['jun', 'juin', 'giu', 'cze', 'июн', 'haz'],
  ['jul', 'juil', 'lug', 'lip', 'июл', 'tem'],
  ['aug', 'aoû', 'aou', 'ago', 'sie', 'авг', 'ağu', 'agu'],
  ['sep', 'set', 'wrz', 'сен', 'eyl'],
  ['oct', 'okt', 'ott', 'out', 'paź', 'paz', 'окт', 'eki'],
  ['nov', 'lis', 'ноя', 'kas'],
  ['dec', 'déc', 'dez', 'dic', 'des', 'gru', 'дек', 'ara'],
];

/**
 * Zone abbreviations Takeout writes (German writes MEZ/MESZ), as minutes east of UTC. Two mean different places, and
 * the date itself tells which (see zoneOffset): IST (India, or Irish summer time) and CST (US Central, or China).
 */
const ZONES: Readonly<Record<string, number>> = {
  utc: 0, gmt: 0, wet: 0, bst: 60, west: 60, cet: 60, mez: 60, cest: 120, mesz: 120, eet: 120, eest: 180, sast: 120,
  cat: 120, eat: 180, msk: 180, gst: 240, pkt: 300, ict: 420, wib: 420, hkt: 480, sgt: 480, pht: 480, awst: 480,
  est: -300, edt: -240, cst: -360, cdt: -300, mst: -420, mdt: -360, pst: -480, pdt: -420, akst: -540, akdt: -480,
  hst: -600, ast: -240, adt: -180, brt: -180, art: -180, jst: 540, kst: 540, acst: 570, acdt: 630, aest: 600,
  aedt: 660, nzst: 720, nzdt: 780,
};
const INDIA = 330;
const IRISH_SUMMER = 60;
const CHINA = 480;

/**
 * The words for "afternoon" and "morning" that Korean, Chinese and Japanese write before the time ("오후 10:15:30",
 * "下午10:15:30", "午後10:15"), and Hindi's; Latin scripts write am/pm after it.
 */
const PM_BEFORE = /오후|下午|午後|晚上|अपराह्न/u;
const AM_BEFORE = /오전|上午|午前|凌晨|早上|पूर्वाह्न/u;

const TIME = /(\d{1,2}):(\d{2})(?::(\d{2}))?/;
const OFFSET = /(?:gmt|utc)\s?([+-−])(\d{1,2})(?::?(\d{2}))?/;
const WORD = /[\p{L}]+/gu;
const NUMBER = /\d+/g;

/** The moment `text` names, in milliseconds since the epoch, or undefined. */
export function parseTakeoutDate(text: string): number | undefined {
  const source = text.slice(0, MAX_DATE_LENGTH).normalize('NFKC').toLowerCase().replace(/[\u00a0\u202f]/g, ' ');
  const time = TIME.exec(source);
  // Takeout writes the date, then the time and its zone: the date is what comes before the time.
  const datePart = time ? source.slice(0, time.index) : source;
  const numbers = [...datePart.matchAll(NUMBER)].map((match) => match[0]);
  const yearAt = numbers.findIndex((number) => number.length === 4);
  if (yearAt < 0) return undefined;
  const year = Number(numbers[yearAt]);
  const others = numbers.filter((_, index) => index !== yearAt).map(Number);
  const month = monthByName(datePart);

  let day: number | undefined;
  let monthNumber: number | undefined;
  if (month !== undefined) {
    monthNumber = month;
    day = others[0];
  } else if (yearAt === 0) {
    // Year first (ISO, Japanese, Chinese, Korean): year, month, day.
    [monthNumber, day] = others;
  } else {
    // Day first, as every language but US English writes numbers; a first number over 12 can only be a day.
    const [first, second] = others;
    [day, monthNumber] = second !== undefined && second > 12 ? [second, first] : [first, second];
  }
  if (day === undefined || monthNumber === undefined || monthNumber < 1 || monthNumber > 12 || day < 1 || day > 31) return undefined;

  let hours = time ? Number(time[1]) : 0;
  const minutes = time ? Number(time[2]) : 0;
  const secondsPart = time?.[3] === undefined ? 0 : Number(time[3]);
  const latinMeridiem = /(?:^|[^\p{L}])([ap])\.?\s?m\.?(?![\p{L}])/u.exec(source.slice(time ? time.index : 0))?.[1];
  const meridiem = latinMeridiem ?? (PM_BEFORE.test(datePart) ? 'p' : AM_BEFORE.test(datePart) ? 'a' : undefined);
  if (meridiem && hours <= 12) hours = (hours % 12) + (meridiem === 'p' ? 12 : 0);
  if (hours > 23 || minutes > 59 || secondsPart > 59) return undefined;

  const local = Date.UTC(year, monthNumber - 1, day, hours, minutes, secondsPart);
  // Date.UTC rolls 31 February over into March: such a date is not one.
  if (new Date(local).getUTCDate() !== day) return undefined;
  const zone = time ? source.slice(time.index + time[0].length) : '';
  return local - zoneOffset(zone, { local, twelveHour: meridiem !== undefined, chinese: /[\u4e00-\u9fff]/u.test(datePart) }) * 60_000;
}

function monthByName(text: string): number | undefined {
  for (const [word] of text.matchAll(WORD)) {
    if (word.length < 3) continue;
    const index = MONTH_PREFIXES.findIndex((prefixes) => prefixes.some((prefix) => word.startsWith(prefix)));
    if (index >= 0) return index + 1;
  }
  return undefined;
}

/** What the date says of the place its zone's abbreviation means. */
interface DateTraits {
  /** The local time as if it were UTC. */
  local: number;
  /** Written with am/pm (Indian English does; Irish English writes 24 hours). */
  twelveHour: boolean;
  /** Written in Chinese characters. */
  chinese: boolean;
}

/** Minutes east of UTC named after the time, 0 when none is named or it is not known. */
function zoneOffset(rest: string, date: DateTraits): number {
  const offset = OFFSET.exec(rest);
  if (offset) {
    const minutes = Number(offset[2]) * 60 + Number(offset[3] ?? 0);
    return offset[1] === '+' ? minutes : -minutes;
  }
  for (const [word] of rest.matchAll(WORD)) {
    // India's time, unless the date is written on a 24-hour clock within Ireland's summer time (Ireland writes GMT
    // the rest of the year).
    if (word === 'ist') return !date.twelveHour && inIrishSummer(date.local) ? IRISH_SUMMER : INDIA;
    if (word === 'cst' && date.chinese) return CHINA;
    const zone = ZONES[word];
    if (zone !== undefined) return zone;
  }
  return 0;
}

/** Between the last Sundays of March and of October (Ireland's summer time, give or take the hour it starts). */
function inIrishSummer(local: number): boolean {
  const year = new Date(local).getUTCFullYear();
  return local >= lastSunday(year, 2) && local < lastSunday(year, 9);
}

function lastSunday(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, last.getUTCDate() - last.getUTCDay());
}
