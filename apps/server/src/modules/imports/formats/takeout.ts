/**
 * Google Takeout's YouTube CSVs. Headers are localised ("Channel Id" is "Kanal-ID", "ID des chaînes" …), so a file is
 * recognised by its rows: subscriptions hold a `UC…` id or a channel address, a playlist's videos a video id and a
 * timestamp — in most of their first rows, so one damaged row is set aside rather than the file refused. The columns
 * are found by what their cells hold and by their header's words (takeout-headers.ts), never by position alone: a
 * spreadsheet re-save may move, drop or add columns, and Google has changed the playlist CSVs' twice. Three playlist
 * layouts exist:
 * - the current one: `<Title>-videos.csv` (`Video ID,Playlist Video Creation Timestamp`) per playlist, named in a
 *   `playlists.csv` list (2023: `Playlist ID,Add new videos to top,Playlist Title (Original),…,Playlist Visibility`;
 *   2024: `Playlist ID,Add new videos to top,Playlist image 1 Create timestamp,…,Playlist title (original),…`);
 * - the older one-file layout: a block `Playlist Id,Channel Id,Time Created,Time Updated,Title,Description,
 *   Visibility` + one row, a blank line, then `Video Id,Time Added` and the videos.
 * Inside a .zip the file's name gives the current layout's title (the list, when present, gives it exactly).
 * Excel re-saves these files tab- or semicolon-separated (and as UTF-16 or Windows-1252, which text.ts decodes): the
 * separator is the one that splits the first lines into the same number of columns.
 */
import { parse } from 'csv-parse/sync';
import type { BundleBuilder } from './builder.js';
import { IMPORTED_PLAYLIST_NAME, SKIP_REASONS, formatCount } from './builder.js';
import { fileLabel, ImportFileError } from './bundle.js';
import { playlistColumns, subscriptionTitleColumn, type PlaylistColumns } from './takeout-headers.js';
import { CHANNEL_ID_PATTERN, VIDEO_ID_PATTERN, channelIdFrom } from './youtube-ids.js';

export { IMPORTED_PLAYLIST_NAME } from './builder.js';

export interface TakeoutPlaylistInfo {
  id: string;
  title: string;
  public: boolean;
}

export type TakeoutCsv =
  | { kind: 'subscriptions'; rows: string[][] }
  | { kind: 'playlist-videos'; rows: string[][] }
  | { kind: 'playlist-file'; playlist: TakeoutPlaylistInfo & { description: string }; rows: string[][] }
  | { kind: 'playlist-list'; playlists: TakeoutPlaylistInfo[] };

export interface TakeoutFile {
  /** The path inside a .zip; absent for a CSV uploaded alone. */
  path?: string;
  csv: TakeoutCsv;
}

/** YouTube playlist ids: PL… (made by a member), WL (Watch later), LL (liked), and the other system prefixes. */
const PLAYLIST_ID_PATTERN = /^(PL|WL|LL|FL|OL|UU)[A-Za-z0-9_-]{0,62}$/;
/** Takeout writes ISO (`2023-04-01T10:00:00+00:00`) or `2019-03-10 18:08:29 UTC` timestamps. */
const TIMESTAMP_PATTERN = /^\d{4}-\d{2}-\d{2}/;
/**
 * "Watch later" in the languages Takeout names it in. Older Takeouts carry no WL id, and the current layout only the
 * file name, so the title is how it is found.
 */
const WATCH_LATER_TITLES = new Set(
  [
    'Watch later',
    'Später ansehen',
    'À regarder plus tard',
    'Ver más tarde',
    'Guarda più tardi',
    'Assistir mais tarde',
    'Ver mais tarde',
    'Later bekijken',
    'Do obejrzenia',
    'Смотреть позже',
    'Daha sonra izle',
    'Se senere',
    'Titta senare',
    'Katso myöhemmin',
    '後で見る',
    '나중에 볼 동영상',
    '稍后观看',
    '稍後觀看',
  ].map(normalise),
);

/**
 * What kind of Takeout CSV `source` is, or null when it is none (or not CSV at all). `path` (inside a .zip) lets an
 * empty playlist's `<Title>-videos.csv`, a header alone, count as one.
 */
export function recogniseTakeoutCsv(source: string, path?: string): TakeoutCsv | null {
  const rows = readCsv(source, path);
  if (!rows) return null;
  const filled = rows.filter((row) => !isBlank(row));
  if (filled.length === 0) return null;
  return subscriptions(filled) ?? playlistFile(rows) ?? playlistList(filled) ?? playlistVideos(filled) ?? emptyPlaylistVideos(filled, path);
}

/** Reads one CSV uploaded alone, or every Takeout CSV of a .zip (which the playlist list ties together). */
export function readTakeoutFiles(files: TakeoutFile[], builder: BundleBuilder, options: { inZip: boolean }): void {
  const listed = files.flatMap((file) => (file.csv.kind === 'playlist-list' ? file.csv.playlists : []));
  const matched = new Set<TakeoutPlaylistInfo>();

  for (const { path, csv } of files) {
    if (csv.kind === 'subscriptions') {
      for (const [id = '', url = '', title = ''] of csv.rows) {
        builder.followChannel(channelIdFrom(id) ?? channelIdFrom(url) ?? (id || url), title || undefined);
      }
    } else if (csv.kind === 'playlist-videos') {
      const info = path === undefined ? undefined : matchListed(path, listed, matched);
      if (info) matched.add(info);
      const title = info?.title ?? (path === undefined ? IMPORTED_PLAYLIST_NAME : titleFromFileName(path));
      const playlist = builder.addPlaylist({ name: title, public: info?.public, watchLater: isWatchLater(title, info?.id) });
      for (const [id = ''] of csv.rows) builder.addVideo(playlist, id);
    } else if (csv.kind === 'playlist-file') {
      const { id, title, description, public: isPublic } = csv.playlist;
      const name = title || (path === undefined ? IMPORTED_PLAYLIST_NAME : titleFromFileName(path));
      const playlist = builder.addPlaylist({ name, description: description || undefined, public: isPublic, watchLater: isWatchLater(name, id) });
      for (const [videoId = ''] of csv.rows) builder.addVideo(playlist, videoId);
    }
  }

  if (listed.length === 0) return;
  if (!options.inZip) {
    const count = listed.length;
    builder.skip(`List of playlists (${formatCount(count)} playlist${count === 1 ? '' : 's'})`, SKIP_REASONS.playlistListOnly);
    return;
  }
  // A listed playlist without a file of videos is an empty one (Takeout's file for it held only its header).
  for (const info of listed) {
    if (!matched.has(info) && !isWatchLater(info.title, info.id)) builder.addPlaylist({ name: info.title, public: info.public });
  }
}

/** Rows of the whole file, or of its first `toLine` lines, read with `delimiter`; throws when they are not CSV. */
function parseCsv(source: string, delimiter: string, toLine?: number): string[][] {
  return parse(source, {
    bom: true,
    delimiter,
    relax_column_count: true,
    // A title with a stray quote inside an unquoted field is kept as written rather than failing the file.
    relax_quotes: true,
    skip_empty_lines: false,
    trim: true,
    ...(toLine === undefined ? {} : { to_line: toLine }),
  }) as string[][];
}

/**
 * The file's rows, or null when it is not CSV. A file that names YouTube channels or videos yet cannot be read (a
 * quote never closed) is a Takeout CSV damaged: an error that says where, not "not an export".
 */
function readCsv(source: string, path: string | undefined): string[][] | null {
  const separator = separatorOf(source);
  try {
    return parseCsv(source, separator);
  } catch (error) {
    if (!YOUTUBE_TRACE.test(source.slice(0, 64 * 1024))) return null;
    const line = unclosedQuoteLine(source, separator);
    const detail = line !== null ? `a quote opened on line ${formatCount(line)} is never closed` : error instanceof Error ? error.message : String(error);
    throw new ImportFileError(`${fileLabel(path, 'This CSV file')} names YouTube channels or videos but is damaged (${detail}). Export it again, or open it in a spreadsheet and save it as CSV.`, 'IMPORT_FILE_INVALID');
  }
}

/** The line where a field opens a quote that never closes (csv-parse names the line where the file ends), or null. */
function unclosedQuoteLine(source: string, separator: string): number | null {
  let line = 1;
  let openedAt: number | null = null;
  let fieldStart = true;
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i];
    if (char === '\n') line += 1;
    if (openedAt !== null) {
      if (char === '"') {
        if (source[i + 1] === '"') i += 1;
        else openedAt = null;
      }
      continue;
    }
    if (char === '"' && fieldStart) openedAt = line;
    fieldStart = char === separator || char === '\n' || char === '\r' || (fieldStart && (char === ' ' || char === '\uFEFF'));
  }
  return openedAt;
}

/** A channel id or a YouTube address: what every Takeout CSV holds. */
const YOUTUBE_TRACE = /\bUC[\w-]{22}\b|youtube\.com\//;
/** The separators Takeout (commas) and Excel's re-saves (tabs for "Unicode text", semicolons in some locales) write. */
const SEPARATORS = [',', '\t', ';'] as const;
/** How many lines the separator is chosen from. */
const SEPARATOR_SAMPLE_LINES = 20;

/**
 * The separator that splits the first lines into one number of columns (two or more) most often: a title holding a
 * comma in a semicolon-separated save ("Smith, John") does not make the file comma-separated. Ties go to the one
 * giving more columns, then to the order of SEPARATORS.
 */
function separatorOf(source: string): string {
  let best: { separator: string; score: number; columns: number } = { separator: ',', score: 0, columns: 0 };
  for (const separator of SEPARATORS) {
    let rows: string[][];
    try {
      rows = parseCsv(source, separator, SEPARATOR_SAMPLE_LINES).filter((row) => !isBlank(row));
    } catch {
      continue;
    }
    const counts = new Map<number, number>();
    for (const row of rows) counts.set(row.length, (counts.get(row.length) ?? 0) + 1);
    for (const [columns, score] of counts) {
      if (columns < 2) continue;
      if (score > best.score || (score === best.score && columns > best.columns)) best = { separator, score, columns };
    }
  }
  return best.separator;
}

function isBlank(row: string[]): boolean {
  return row.every((cell) => cell === '');
}

/** How many of a file's first data rows say what it is: most of them must. */
const RECOGNITION_SAMPLE_ROWS = 50;

/** Whether most of the first data `rows` pass `test` (at least one row). */
function mostly(rows: string[][], test: (row: string[]) => boolean): boolean {
  const sample = rows.slice(0, RECOGNITION_SAMPLE_ROWS);
  return sample.length > 0 && 2 * sample.filter(test).length > sample.length;
}

/** A row of data rather than a header: a cell that is a `UC…` id (valid or not) or an address. */
const looksLikeData = (row: string[]): boolean => row.some((cell) => /^UC[\w-]{4,}$/.test(cell) || /^https?:\/\/|youtube\.com\//i.test(cell));
const isChannelId = (cell: string): boolean => CHANNEL_ID_PATTERN.test(cell);
const isChannelAddress = (cell: string): boolean => cell.includes('/') && channelIdFrom(cell) !== null;

/**
 * Subscriptions: a channel's address, id and title a row (Takeout's `Channel Id,Channel Url,Channel Title`), the
 * columns in any order and beside others, found by what most of the first rows hold (the id may be missing); the
 * header may be missing, or alone when nothing is followed. Rows are given as `[id, url, title]`.
 */
function subscriptions(filled: string[][]): TakeoutCsv | null {
  const [first = []] = filled;
  const header = looksLikeData(first) ? [] : first;
  const data = header.length === 0 ? filled : filled.slice(1);
  if (data.length === 0) {
    // Only a header: three columns, one of them the channel's URL in every language Takeout writes.
    const headerOnly = header.length === 3 && header.some((cell) => /url/i.test(cell)) && header.every((cell) => !cell.includes('/'));
    return headerOnly ? { kind: 'subscriptions', rows: [] } : null;
  }
  // The address column says it is a list of subscriptions: the member's own channel (`Kanal.csv` in a Takeout) has an
  // id and a title but no address. A damaged row (most are not) is set aside by the builder.
  const url = columnMostly(data, isChannelAddress);
  if (url === null) return null;
  const id = columnMostly(data, isChannelId);
  const title = subscriptionTitleColumn(header, data.slice(0, RECOGNITION_SAMPLE_ROWS), id, url);
  const cell = (row: string[], column: number | null) => (column === null ? '' : (row[column] ?? ''));
  return { kind: 'subscriptions', rows: data.map((row) => [cell(row, id), cell(row, url), cell(row, title)]) };
}

/** The first column whose cells pass `test` in most of the first rows; null if none. */
function columnMostly(rows: string[][], test: (cell: string) => boolean): number | null {
  const width = Math.max(0, ...rows.slice(0, RECOGNITION_SAMPLE_ROWS).map((row) => row.length));
  for (let column = 0; column < width; column += 1) if (mostly(rows, (row) => test(row[column] ?? ''))) return column;
  return null;
}

/** The older one-file layout: header, playlist row, blank line, `Video Id,Time Added`, videos. */
function playlistFile(rows: string[][]): TakeoutCsv | null {
  const start = rows.findIndex((row) => !isBlank(row));
  const header = rows[start] ?? [];
  const values = rows[start + 1] ?? [];
  const separator = rows[start + 2];
  if (header.length < 5 || values.length < 5 || !PLAYLIST_ID_PATTERN.test(values[0] ?? '') || !separator || !isBlank(separator)) return null;
  // The `Video Id,Time Added` header is there even when the playlist is empty; a list of playlists followed by a
  // blank line has nothing after it.
  const [videoHeader, ...videos] = rows.slice(start + 3).filter((row) => !isBlank(row));
  if (!videoHeader || (videos[0] && !VIDEO_ID_PATTERN.test(videos[0][0] ?? ''))) return null;
  const columns = playlistColumns(header, [values], ONE_FILE_LAYOUT);
  const id = values[0] ?? '';
  const description = columns.description === null ? '' : (values[columns.description] ?? '');
  return { kind: 'playlist-file', playlist: { id, title: values[columns.title] ?? '', description, public: isPublic(values, columns) }, rows: videos };
}

/** The current layout's `playlists.csv`: one row per playlist, its id first, the other columns found by their header. */
function playlistList(filled: string[][]): TakeoutCsv | null {
  const [header = [], ...data] = filled;
  const [first] = data;
  if (!first || first.length < 3 || !PLAYLIST_ID_PATTERN.test(first[0] ?? '')) return null;
  const rows = data.filter((row) => PLAYLIST_ID_PATTERN.test(row[0] ?? ''));
  const columns = playlistColumns(header, rows, LIST_LAYOUT_2023);
  const playlists = rows.map((row) => {
    const id = row[0] ?? '';
    return { id, title: row[columns.title] || id, public: isPublic(row, columns) };
  });
  return { kind: 'playlist-list', playlists };
}

/** The current layout's `<Title>-videos.csv`: a video id and the time it was added. */
function playlistVideos(filled: string[][]): TakeoutCsv | null {
  const isVideoRow = (row: string[] | undefined): boolean => VIDEO_ID_PATTERN.test(row?.[0] ?? '') && TIMESTAMP_PATTERN.test(row?.[1] ?? '');
  const data = isVideoRow(filled[0]) || TIMESTAMP_PATTERN.test(filled[0]?.[1] ?? '') ? filled : filled.slice(1);
  return mostly(data, isVideoRow) ? { kind: 'playlist-videos', rows: data } : null;
}

/** The empty playlist's `<Title>-videos.csv` in a .zip: its header alone, `Video ID,<timestamp>` in any language. */
function emptyPlaylistVideos(filled: string[][], path: string | undefined): TakeoutCsv | null {
  const [header, ...rest] = filled;
  const named = path !== undefined && /-[\p{L}]+\.csv$/iu.test(path);
  return named && header && rest.length === 0 && header.length === 2 && /id/i.test(header[0] ?? '') ? { kind: 'playlist-videos', rows: [] } : null;
}

/** Positions in the older one-file layout's header block, and in the 2023 `playlists.csv`, for unlisted languages. */
const ONE_FILE_LAYOUT: PlaylistColumns = { title: 4, description: 5, visibility: 6 };
const LIST_LAYOUT_2023: PlaylistColumns = { title: 2, description: null, visibility: 7 };

function isPublic(row: string[], columns: PlaylistColumns): boolean {
  return columns.visibility !== null && (row[columns.visibility] ?? '').trim().toLowerCase() === 'public';
}

/** Takeout's Watch later: its id, or its title in any language Takeout writes (youtube-json.ts asks too). */
export function isWatchLater(title: string, id: string | undefined): boolean {
  return id === 'WL' || WATCH_LATER_TITLES.has(normalise(title));
}

/**
 * The listed playlist a `<Title>-videos.csv` is of, comparing letters and digits only (file names lose `/`, `:` …).
 * Of two playlists with one title, each file takes the first not already `matched`.
 */
function matchListed(path: string, listed: TakeoutPlaylistInfo[], matched: Set<TakeoutPlaylistInfo>): TakeoutPlaylistInfo | undefined {
  const base = baseName(path);
  const candidates = new Set([key(base), key(stripSuffix(base))]);
  const named = listed.filter((info) => candidates.has(key(info.title)));
  return named.find((info) => !matched.has(info)) ?? named[0];
}

function titleFromFileName(path: string): string {
  return stripSuffix(baseName(path)) || IMPORTED_PLAYLIST_NAME;
}

function baseName(path: string): string {
  return (path.split('/').at(-1) ?? '').normalize('NFC').replace(/\.csv$/i, '');
}

/** `Watch later-videos` → `Watch later` (the suffix is localised: `-Videos`, `-vidéos` …). */
function stripSuffix(base: string): string {
  return base.replace(/-[\p{L}]+$/u, '').trim();
}

function key(value: string): string {
  return value.normalize('NFC').toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

function normalise(title: string): string {
  return title.normalize('NFC').trim().toLowerCase();
}
