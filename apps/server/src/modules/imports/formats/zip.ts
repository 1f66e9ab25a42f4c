/**
 * Opens an uploaded .zip without letting it cost more memory than the limits allow. A zip's central directory declares
 * each entry's uncompressed size; a first pass reads only that (fflate's filter refuses every entry, so nothing is
 * inflated) and refuses the archive when the declared sizes add up past the cap. The second pass inflates; fflate
 * inflates into a buffer of the declared size, and the sizes actually produced are added up and checked again (a
 * stored entry is copied whole, whatever it declared).
 */
import { unzipSync, type UnzipFileInfo } from 'fflate';
import { IMPORT_LIMITS, ImportFileError } from './bundle.js';
import { startsWithBytes } from './text.js';

export interface ZipEntry {
  /** The path inside the archive, e.g. `Takeout/YouTube and YouTube Music/playlists/Watch later-videos.csv`. */
  path: string;
  bytes: Uint8Array;
}

export interface ZipLimits {
  maxUncompressedBytes: number;
  maxEntries: number;
}

/** More files than any export holds (a Takeout has one CSV per playlist): a zip of many tiny entries is refused. */
export const ZIP_MAX_ENTRIES = 10_000;

const DEFAULT_LIMITS: ZipLimits = { maxUncompressedBytes: IMPORT_LIMITS.maxUncompressedBytes, maxEntries: ZIP_MAX_ENTRIES };

/**
 * Entries never read, by name, and so neither inflated nor counted against the cap: pages, pictures and media a
 * Takeout carries beside the CSVs (watch-history.html alone can be tens of megabytes), and NewPipe's serialized Java
 * settings. Which format a file is comes from the content of the entries that are read.
 */
const UNREAD_NAMES = /(^|\/)__MACOSX\/|\.(html?|mp4|m4a|m4v|webm|mkv|mov|avi|3gp|mp3|aac|ogg|opus|wav|flac|jpe?g|png|gif|webp|heic|svg|pdf|settings)$/i;
const STORED = 0;
const DEFLATED = 8;

/** A local file header or, for an archive without entries, the end of the central directory. */
export function isZip(bytes: Uint8Array): boolean {
  return startsWithBytes(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWithBytes(bytes, [0x50, 0x4b, 0x05, 0x06]);
}

/** The entries worth reading, in the archive's order; throws IMPORT_TOO_LARGE or IMPORT_FILE_INVALID. */
export function unzipSafely(data: Uint8Array, limits: ZipLimits = DEFAULT_LIMITS): ZipEntry[] {
  const wanted: string[] = [];
  let entries = 0;
  let declared = 0;
  unzip(data, (info) => {
    entries += 1;
    if (isRead(info)) {
      wanted.push(info.name);
      declared += info.originalSize;
    }
    return false;
  });
  if (entries > limits.maxEntries) {
    throw new ImportFileError(`This .zip holds more than ${limits.maxEntries.toLocaleString('en-US')} files, more than any export Sift reads.`, 'IMPORT_TOO_LARGE');
  }
  if (declared > limits.maxUncompressedBytes) throw tooLarge(limits);

  const wantedNames = new Set(wanted);
  const files = unzip(data, (info) => wantedNames.has(info.name) && isRead(info));
  let inflated = 0;
  const result: ZipEntry[] = [];
  // Object keys that look like integers would come out first; the names collected in the first pass keep the order.
  for (const path of wantedNames) {
    const bytes = files[path];
    if (!bytes) continue;
    inflated += bytes.length;
    if (inflated > limits.maxUncompressedBytes) throw tooLarge(limits);
    result.push({ path, bytes });
  }
  return result;
}

function isRead(info: UnzipFileInfo): boolean {
  return !info.name.endsWith('/') && !UNREAD_NAMES.test(info.name) && (info.compression === STORED || info.compression === DEFLATED);
}

function unzip(data: Uint8Array, filter: (info: UnzipFileInfo) => boolean): Record<string, Uint8Array> {
  try {
    return unzipSync(data, { filter });
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError('This .zip file is damaged and cannot be opened. Download the export again and upload the new file.', 'IMPORT_FILE_INVALID');
  }
}

function tooLarge(limits: ZipLimits): ImportFileError {
  const megabytes = Math.round(limits.maxUncompressedBytes / (1024 * 1024));
  return new ImportFileError(`This .zip unpacks to more than ${megabytes} MB, more than Sift reads from one archive.`, 'IMPORT_TOO_LARGE');
}
