/**
 * Takeout's YouTube watch history, newest first, in either of the forms Takeout offers:
 * - `watch-history.json`: `[{header: 'YouTube' | 'YouTube Music', title: 'Watched <title>', titleUrl:
 *   'https://www.youtube.com/watch?v=…', subtitles: [{name, url}], time: ISO 8601, products, activityControls,
 *   details?: [{name: 'From Google Ads'}]}]`;
 * - `watch-history.html` (My Activity's page): one `outer-cell` block per entry, its header cell naming the product,
 *   its first content cell holding "Watched&nbsp;<a href=…watch?v=…>title</a><br><a>channel</a><br>date", the date
 *   in the member's language (takeout-dates.ts), and a caption cell that says "From Google Ads" for an ad.
 * The verb ("Watched", "Vu", "Angesehen" …) is localised and never needed: the address is the video. Set aside, one
 * summary line per kind: ads, removed videos (Takeout keeps their title, "Watched a video that has been removed", but
 * no address) and YouTube Music listening (songs played, not videos watched; they would fill the member's history).
 * Neither form has positions.
 *
 * The HTML is read by `indexOf` from block to block and by a hand loop for tags, never by a pattern that can backtrack,
 * and each block is read only up to MAX_BLOCK characters: the cost is linear in the file's size whatever it holds.
 */
import type { BundleBuilder } from './builder.js';
import { parseTakeoutDate } from './takeout-dates.js';
import { isRecord, list, text } from './text.js';

/** Longer than any real entry's block (about 1.5 KB); a longer one is read up to here. */
const MAX_BLOCK = 16 * 1024;
const BLOCK_MARK = 'outer-cell';
const ADS_MARK = 'Google Ads';
const MUSIC_HEADER = 'YouTube Music';

/**
 * "Watched " as the JSON's titles begin in the languages known here; a title starting otherwise is left out (the
 * catalog has the video's own title), rather than kept with a verb in front.
 */
const WATCHED_PREFIXES = [
  'Watched ', 'Vous avez regardé ', 'A regardé ', 'Vu ', 'Angesehen: ', 'Angesehen ', 'Has visto ', 'Visto ', 'Hai guardato ',
  'Guardato ', 'Assistiu a ', 'Assistiu ', 'Bekeken: ', 'Bekeken ', 'Obejrzano: ', 'Obejrzano ', 'Tittade på ', 'Så ',
  'Просмотрено: ', 'Вы посмотрели ',
];

/** Takeout's activity JSON (`{header, title, titleUrl?, time}` per entry) whose addresses are videos, not searches. */
export function isTakeoutHistoryJson(value: unknown): value is unknown[] {
  if (!Array.isArray(value) || value.length === 0 || !value.every((entry) => isRecord(entry) && typeof entry.header === 'string' && 'time' in entry)) return false;
  const addresses = value.map((entry: Record<string, unknown>) => entry.titleUrl).filter((url) => typeof url === 'string');
  return addresses.some((url) => url.includes('/watch?v=')) && !addresses.some((url) => url.includes('search_query='));
}

export function readTakeoutHistoryJson(entries: unknown[], builder: BundleBuilder): void {
  for (const entry of entries) {
    if (!isRecord(entry)) continue;
    const address = text(entry.titleUrl);
    if (list(entry.details).length > 0) builder.skipHistory('ad');
    else if (entry.header === MUSIC_HEADER || isMusicAddress(address)) builder.skipHistory('music');
    else if (address === undefined) builder.skipHistory('removed');
    else builder.addHistory(address, { watchedAt: text(entry.time), title: titleOf(text(entry.title)) });
  }
}

/** My Activity's page: its blocks and a link to a video (search history has blocks but links to searches). */
export function looksLikeTakeoutHistoryHtml(source: string): boolean {
  const block = source.indexOf(BLOCK_MARK);
  return block >= 0 && source.indexOf('/watch?v=', block) >= 0;
}

export function readTakeoutHistoryHtml(source: string, builder: BundleBuilder): void {
  let start = source.indexOf(BLOCK_MARK);
  while (start >= 0) {
    const next = source.indexOf(BLOCK_MARK, start + BLOCK_MARK.length);
    const end = next < 0 ? source.length : next;
    readBlock(source.slice(start, Math.min(end, start + MAX_BLOCK)), builder);
    start = next;
  }
}

function readBlock(block: string, builder: BundleBuilder): void {
  const headerAt = block.indexOf('header-cell');
  const cellAt = block.indexOf('content-cell', Math.max(0, headerAt));
  // A block without a content cell is the page's frame, not an entry.
  if (cellAt < 0) return;
  const header = headerAt < 0 ? '' : textOf(block.slice(block.indexOf('>', headerAt) + 1, cellAt));
  const openEnd = block.indexOf('>', cellAt);
  const closeAt = block.indexOf('</div>', cellAt);
  if (openEnd < 0) return;
  const body = block.slice(openEnd + 1, closeAt < 0 ? block.length : closeAt);
  const rest = closeAt < 0 ? '' : block.slice(closeAt);

  const link = firstLink(body);
  if (rest.includes(ADS_MARK)) return builder.skipHistory('ad');
  if (header.includes(MUSIC_HEADER) || isMusicAddress(link?.href)) return builder.skipHistory('music');
  if (!link) return builder.skipHistory('removed');
  // The date is the cell's last line: "…<br>Jan 3, 2024, 10:15:30 PM CET<br>" (a trailing <br> or none).
  const lines = body.split(/<br\s*\/?>/i).map(textOf).filter((line) => line !== '');
  const date = lines.length > 1 ? lines.at(-1) : undefined;
  builder.addHistory(link.href, { watchedAt: date === undefined ? undefined : parseTakeoutDate(date), title: titleText(link.text) });
}

/** The first `<a href="…">text</a>` of a cell. */
function firstLink(cell: string): { href: string; text: string } | undefined {
  const at = cell.indexOf('href="');
  if (at < 0) return undefined;
  const hrefEnd = cell.indexOf('"', at + 6);
  const tagEnd = hrefEnd < 0 ? -1 : cell.indexOf('>', hrefEnd);
  if (tagEnd < 0) return undefined;
  const closeAt = cell.indexOf('</a>', tagEnd);
  return { href: decodeEntities(cell.slice(at + 6, hrefEnd)), text: textOf(cell.slice(tagEnd + 1, closeAt < 0 ? cell.length : closeAt)) };
}

/** A fragment's text: tags dropped (by a loop: linear however the brackets fall), entities decoded, spaces folded. */
function textOf(fragment: string): string {
  let out = '';
  let inTag = false;
  for (const char of fragment) {
    if (char === '<') inTag = true;
    else if (char === '>' && inTag) inTag = false;
    else if (!inTag) out += char;
  }
  return decodeEntities(out).replace(/\s+/g, ' ').trim();
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', emsp: ' ', ensp: ' ', thinsp: ' ' };

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function isMusicAddress(address: string | undefined): boolean {
  return address !== undefined && address.includes('music.youtube.com');
}

function titleOf(title: string | undefined): string | undefined {
  const prefix = title === undefined ? undefined : WATCHED_PREFIXES.find((verb) => title.startsWith(verb));
  return prefix === undefined ? undefined : titleText(title!.slice(prefix.length));
}

/** A title, unless it is empty or the address itself (Takeout's stand-in for a video that is private now). */
function titleText(title: string): string | undefined {
  const trimmed = title.trim();
  return trimmed === '' || /^https?:\/\//.test(trimmed) ? undefined : trimmed;
}
