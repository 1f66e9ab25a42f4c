/**
 * The one entry point of the import parsers: `parseImportFile` tells the format from the content (magic bytes, then
 * the shape of the JSON, XML or CSV; never the file's name, which people rename) and reads it into an `ImportBundle`.
 * Everything here is pure: no database, no network, no disk.
 */
import { BundleBuilder } from './builder.js';
import { fileLabel, IMPORT_LIMITS, ImportFileError, type ImportBundle, type ImportFormat } from './bundle.js';
import { isFreeTubeRecord, readFreeTube, readNedbLines } from './freetube.js';
import { isInvidiousJson, readInvidious } from './invidious.js';
import { isLibreTubeJson, readLibreTube } from './libretube.js';
import { isSqlite, readNewPipeDb } from './newpipe-db.js';
import { isNewPipeJson, readNewPipeJson } from './newpipe.js';
import { looksLikeOpml, readOpml } from './opml.js';
import { isPipedJson, readPiped } from './piped.js';
import { isSiftExport, isSiftHistory, readSiftExport, readSiftHistory } from './sift-export.js';
import { readTakeoutFiles, recogniseTakeoutCsv, type TakeoutFile } from './takeout.js';
import { isTakeoutHistoryJson, looksLikeTakeoutHistoryHtml, readTakeoutHistoryHtml, readTakeoutHistoryJson } from './takeout-history.js';
import { decodeText, isRecord, jsonValuesOver, MAX_JSON_VALUES, parseJson } from './text.js';
import { isYouTubePlaylistItems, isYouTubeSubscriptionList, readYouTubePlaylistItems, readYouTubeSubscriptions } from './youtube-json.js';
import { isZip, unzipSafely } from './zip.js';

export * from './bundle.js';
export { SKIP_REASONS, MAX_SKIPPED_LISTED, WATCH_LATER_NAME, skippedItemText } from './builder.js';
export { IMPORTED_PLAYLIST_NAME } from './takeout.js';
export {
  SIFT_EXPORT_FILE,
  SIFT_EXPORT_FORMAT,
  SIFT_EXPORT_VERSION,
  SIFT_HISTORY_FILE,
  type SiftExportDocument,
  type SiftHistoryExportEntry,
} from './sift-export.js';

export const UNKNOWN_FORMAT_MESSAGE =
  "This file is not an export Sift can read. Sift reads Google Takeout (subscriptions.csv or .json, playlists, watch history, or the .zip), NewPipe, FreeTube, Invidious, Piped, LibreTube, OPML and Sift's own export.";

/**
 * Reads an uploaded file. Throws `ImportFileError`: IMPORT_FORMAT_UNKNOWN (no format Sift reads), IMPORT_TOO_LARGE
 * (IMPORT_LIMITS: the file, a zip's unpacked size, the rows), IMPORT_FILE_INVALID (a format recognised but damaged).
 */
export async function parseImportFile(data: Uint8Array): Promise<ImportBundle> {
  if (data.byteLength > IMPORT_LIMITS.maxFileBytes) {
    const megabytes = Math.round(IMPORT_LIMITS.maxFileBytes / (1024 * 1024));
    throw new ImportFileError(`This file is larger than ${megabytes} MB, the most Sift imports at once.`, 'IMPORT_TOO_LARGE');
  }
  if (isZip(data)) return readZip(data);
  const found = recognise(data, undefined);
  if (!found) throw new ImportFileError(UNKNOWN_FORMAT_MESSAGE, 'IMPORT_FORMAT_UNKNOWN');
  const builder = new BundleBuilder(found.format);
  await read([found], builder, { inZip: false });
  return builder.build();
}

/** A file whose format is known, and how to read it into a bundle. Takeout CSVs are read together (see takeout.ts). */
type Recognised =
  | { kind: 'takeout'; format: 'TAKEOUT_CSV'; file: TakeoutFile }
  | { kind: 'reader'; format: ImportFormat; read: (builder: BundleBuilder) => void | Promise<void> };

function reader(format: ImportFormat, read: (builder: BundleBuilder) => void | Promise<void>): Recognised {
  return { kind: 'reader', format, read };
}

/** `path` is set for a zip's entries, which may be a Takeout's watch history or may name a playlist. */
function recognise(bytes: Uint8Array, path: string | undefined): Recognised | null {
  // A bare newpipe.db (taken out of its backup) is read like the backup.
  if (isSqlite(bytes)) return reader('NEWPIPE_ZIP', (builder) => readNewPipeDb(bytes, builder));
  const source = decodeText(bytes);
  if (source === null) return null;
  const start = source.trimStart().charAt(0);
  if (start === '{' || start === '[') return recogniseJson(source, path);
  if (start === '<') {
    if (looksLikeOpml(source)) return reader('OPML', (builder) => readOpml(source, builder));
    return looksLikeTakeoutHistoryHtml(source) ? reader(takeoutHistoryFormat(path), (builder) => readTakeoutHistoryHtml(source, builder)) : null;
  }
  const csv = recogniseTakeoutCsv(source, path);
  return csv ? { kind: 'takeout', format: 'TAKEOUT_CSV', file: path === undefined ? { csv } : { path, csv } } : null;
}

function recogniseJson(source: string, path: string | undefined): Recognised | null {
  if (jsonValuesOver(source)) {
    throw new ImportFileError(
      `${fileLabel(path)} holds more than ${MAX_JSON_VALUES.toLocaleString('en-US')} values, more than any export Sift reads. Export less and import each file.`,
      'IMPORT_TOO_LARGE',
    );
  }
  const parsed = parseJson(source);
  if (parsed.ok) {
    const value = parsed.value;
    if (isSiftExport(value)) return reader('SIFT_ZIP', (builder) => readSiftExport(value, builder));
    if (isSiftHistory(value)) return reader('SIFT_ZIP', (builder) => readSiftHistory(value, builder));
    // Before Piped's and NewPipe's: LibreTube writes their shapes too, and more.
    if (isLibreTubeJson(value)) return reader('LIBRETUBE_JSON', (builder) => readLibreTube(value, builder));
    if (isPipedJson(value)) return reader('PIPED_JSON', (builder) => readPiped(value, builder));
    if (isNewPipeJson(value)) return reader('NEWPIPE_JSON', (builder) => readNewPipeJson(value, builder));
    if (isInvidiousJson(value)) return reader('INVIDIOUS_JSON', (builder) => readInvidious(value, builder));
    // A NeDB file of one line is one JSON object.
    if (isRecord(value) && isFreeTubeRecord(value)) return reader('FREETUBE_DB', (builder) => readFreeTube([value], builder));
    // Takeout's 2019–21 subscriptions.json and playlist .json files (in its .zip) or FreeTube's "Export YouTube (.json)".
    if (isYouTubeSubscriptionList(value)) return reader(path === undefined ? 'YOUTUBE_JSON' : 'TAKEOUT_ZIP', (builder) => readYouTubeSubscriptions(value, builder));
    if (isYouTubePlaylistItems(value)) return reader(path === undefined ? 'YOUTUBE_JSON' : 'TAKEOUT_ZIP', (builder) => readYouTubePlaylistItems(value, path, builder));
    // Takeout's watch-history.json (when history was exported as JSON rather than the HTML page).
    if (isTakeoutHistoryJson(value)) return reader(takeoutHistoryFormat(path), (builder) => readTakeoutHistoryJson(value, builder));
    return null;
  }
  const records = readNedbLines(source);
  if (records) return records.some(isFreeTubeRecord) ? reader('FREETUBE_DB', (builder) => readFreeTube(records, builder)) : null;
  throw new ImportFileError(`${fileLabel(path)} looks like a JSON export but is damaged or cut short (${parsed.message}).`, 'IMPORT_FILE_INVALID');
}

/** Takeout's watch history is part of the Takeout in its .zip, a format of its own uploaded alone. */
function takeoutHistoryFormat(path: string | undefined): ImportFormat {
  return path === undefined ? 'TAKEOUT_HISTORY' : 'TAKEOUT_ZIP';
}

/**
 * A zip's format is that of what it holds: Sift's export, then a NewPipe database, then Takeout CSVs (with anything
 * else recognised beside them), else whatever single-file exports it holds. Names are only used for playlist titles.
 */
async function readZip(data: Uint8Array): Promise<ImportBundle> {
  const found = unzipSafely(data)
    .map((entry) => recognise(entry.bytes, entry.path))
    .filter((entry): entry is Recognised => entry !== null);

  const sift = found.filter((entry) => entry.format === 'SIFT_ZIP');
  const newPipe = found.filter((entry) => entry.format === 'NEWPIPE_ZIP');
  const [first] = found;
  const [format, chosen]: [ImportFormat, Recognised[]] | [null, []] =
    sift.length > 0
      ? ['SIFT_ZIP', sift]
      : newPipe.length > 0
        ? ['NEWPIPE_ZIP', newPipe]
        : found.some((entry) => entry.kind === 'takeout')
          ? ['TAKEOUT_ZIP', found]
          : first
            ? [first.format, found]
            : [null, []];
  if (format === null) throw new ImportFileError(UNKNOWN_FORMAT_MESSAGE, 'IMPORT_FORMAT_UNKNOWN');

  const builder = new BundleBuilder(format);
  await read(chosen, builder, { inZip: true });
  return builder.build();
}

async function read(found: Recognised[], builder: BundleBuilder, options: { inZip: boolean }): Promise<void> {
  const takeout = found.flatMap((entry) => (entry.kind === 'takeout' ? [entry.file] : []));
  if (takeout.length > 0) readTakeoutFiles(takeout, builder, options);
  for (const entry of found) {
    if (entry.kind === 'reader') await entry.read(builder);
  }
}
