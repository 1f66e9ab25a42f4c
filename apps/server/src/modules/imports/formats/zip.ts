/**
 * Opens an uploaded .zip so that its cost is bounded by what it may produce, never by what it declares. The central
 * directory is read here (a few fixed-size records); each entry worth reading is then inflated by zlib with its
 * declared size as the most it may produce (`maxOutputLength`: zlib stops a chunk past it), so a stream longer than
 * its entry declares is refused, not read on to its end and cut. What comes out must be exactly the declared size and
 * match the entry's CRC-32; entries whose data overlap (several directory entries pointing at one stream, the
 * "overlapping" zip bomb) are refused; and the declared sizes of the entries read add up to at most the cap.
 */
import { crc32, inflateRawSync } from 'node:zlib';
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
 * Entries never read, by name, and so neither inflated nor counted against the cap: Takeout's index page, pictures and
 * media a Takeout carries beside the CSVs, and NewPipe's serialized Java settings. Pages are read: the watch history
 * is one (`watch-history.html`, its name localised, tens of megabytes for years of history), counted against the cap.
 * Which format a file is comes from the content of the entries that are read.
 */
const UNREAD_NAMES = /(^|\/)(__MACOSX\/|archive_browser\.html$)|\.(mp4|m4a|m4v|webm|mkv|mov|avi|3gp|mp3|aac|ogg|opus|wav|flac|jpe?g|png|gif|webp|heic|svg|pdf|settings)$/i;
const STORED = 0;
const DEFLATED = 8;

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EXTRA = 0x0001;
const END_OF_DIRECTORY_SIZE = 22;
const MAX_COMMENT = 0xffff;
const FLAG_ENCRYPTED = 0x1;
const FLAG_UTF8_NAME = 0x800;

/** A local file header or, for an archive without entries, the end of the central directory. */
export function isZip(bytes: Uint8Array): boolean {
  return startsWithBytes(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWithBytes(bytes, [0x50, 0x4b, 0x05, 0x06]);
}

/** One central directory record: what the archive says of an entry. */
interface DirectoryEntry {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

/** The entries worth reading, in the archive's order; throws IMPORT_TOO_LARGE or IMPORT_FILE_INVALID. */
export function unzipSafely(data: Uint8Array, limits: ZipLimits = DEFAULT_LIMITS): ZipEntry[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const directory = readDirectory(view, limits);
  const wanted = directory.filter(isRead);
  const declared = wanted.reduce((sum, entry) => sum + entry.size, 0);
  if (declared > limits.maxUncompressedBytes) throw tooLarge(limits);

  const located = wanted.map((entry) => ({ entry, start: dataStart(view, entry) }));
  refuseOverlaps(located);
  return located.map(({ entry, start }) => ({ path: entry.name, bytes: extract(data, entry, start) }));
}

function isRead(entry: DirectoryEntry): boolean {
  return (
    !entry.name.endsWith('/') &&
    !UNREAD_NAMES.test(entry.name) &&
    (entry.flags & FLAG_ENCRYPTED) === 0 &&
    (entry.method === STORED || entry.method === DEFLATED)
  );
}

function readDirectory(view: DataView, limits: ZipLimits): DirectoryEntry[] {
  const end = findEndOfDirectory(view);
  let count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  if (count === 0xffff || offset === 0xffffffff) ({ count, offset } = readZip64End(view, end));
  if (count > limits.maxEntries) {
    throw new ImportFileError(`This .zip holds more than ${limits.maxEntries.toLocaleString('en-US')} files, more than any export Sift reads.`, 'IMPORT_TOO_LARGE');
  }
  const entries: DirectoryEntry[] = [];
  for (let i = 0; i < count; i++) {
    need(view, offset, 46);
    if (view.getUint32(offset, true) !== CENTRAL_HEADER) throw damaged();
    const flags = view.getUint16(offset + 8, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    need(view, offset + 46, nameLength + extraLength);
    const nameBytes = new Uint8Array(view.buffer, view.byteOffset + offset + 46, nameLength);
    const entry: DirectoryEntry = {
      name: decodeName(nameBytes, flags),
      flags,
      method: view.getUint16(offset + 10, true),
      crc: view.getUint32(offset + 16, true),
      compressedSize: view.getUint32(offset + 20, true),
      size: view.getUint32(offset + 24, true),
      localHeaderOffset: view.getUint32(offset + 42, true),
    };
    applyZip64Extra(view, offset + 46 + nameLength, extraLength, entry);
    entries.push(entry);
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The end-of-directory record sits in the last 22 bytes plus at most a 64 KiB comment. */
function findEndOfDirectory(view: DataView): number {
  const last = view.byteLength - END_OF_DIRECTORY_SIZE;
  for (let offset = last; offset >= 0 && offset >= last - MAX_COMMENT; offset--) {
    if (view.getUint32(offset, true) === END_OF_DIRECTORY) return offset;
  }
  throw damaged();
}

function readZip64End(view: DataView, end: number): { count: number; offset: number } {
  const locator = end - 20;
  if (locator < 0 || view.getUint32(locator, true) !== ZIP64_LOCATOR) throw damaged();
  const record = safeNumber(view.getBigUint64(locator + 8, true));
  need(view, record, 56);
  if (view.getUint32(record, true) !== ZIP64_END_OF_DIRECTORY) throw damaged();
  return { count: safeNumber(view.getBigUint64(record + 32, true)), offset: safeNumber(view.getBigUint64(record + 48, true)) };
}

/** Zip64 keeps the sizes and offset that did not fit 32 bits in an extra field, in this order, when marked 0xFFFFFFFF. */
function applyZip64Extra(view: DataView, start: number, length: number, entry: DirectoryEntry): void {
  for (let at = start; at + 4 <= start + length; ) {
    const id = view.getUint16(at, true);
    const size = view.getUint16(at + 2, true);
    if (id === ZIP64_EXTRA) {
      let field = at + 4;
      const next = (): number => {
        if (field + 8 > at + 4 + size) throw damaged();
        const value = safeNumber(view.getBigUint64(field, true));
        field += 8;
        return value;
      };
      if (entry.size === 0xffffffff) entry.size = next();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = next();
      return;
    }
    at += 4 + size;
  }
}

function dataStart(view: DataView, entry: DirectoryEntry): number {
  const at = entry.localHeaderOffset;
  need(view, at, 30);
  if (view.getUint32(at, true) !== LOCAL_HEADER) throw damaged();
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  need(view, start, entry.compressedSize);
  return start;
}

/** Two entries sharing bytes is never an export, and would let a small archive be inflated many times over. */
function refuseOverlaps(located: { entry: DirectoryEntry; start: number }[]): void {
  const spans = located.map(({ entry, start }) => [entry.localHeaderOffset, start + entry.compressedSize] as const).sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < spans.length; i++) {
    if (spans[i]![0] < spans[i - 1]![1]) throw damaged();
  }
}

function extract(data: Uint8Array, entry: DirectoryEntry, start: number): Uint8Array {
  const packed = data.subarray(start, start + entry.compressedSize);
  let bytes: Uint8Array;
  if (entry.method === STORED) {
    if (entry.compressedSize !== entry.size) throw damaged(entry.name);
    bytes = packed;
  } else {
    try {
      // maxOutputLength must be at least 1; an empty entry that inflates to a byte is still refused below.
      bytes = inflateRawSync(packed, { maxOutputLength: Math.max(1, entry.size) });
    } catch {
      throw damaged(entry.name);
    }
  }
  if (bytes.length !== entry.size || crc32(bytes) !== entry.crc) throw damaged(entry.name);
  return bytes;
}

/** Names are UTF-8 when the archive says so, and in practice often when it does not (else the old DOS code page). */
function decodeName(bytes: Uint8Array, flags: number): string {
  if (flags & FLAG_UTF8_NAME) return new TextDecoder().decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

function need(view: DataView, offset: number, length: number): void {
  if (offset < 0 || offset + length > view.byteLength) throw damaged();
}

function safeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw damaged();
  return Number(value);
}

function damaged(entry?: string): ImportFileError {
  const what = entry === undefined ? 'This .zip file is damaged and cannot be opened.' : `${entry.split('/').at(-1)} in this .zip is damaged (its contents do not match what the archive records).`;
  return new ImportFileError(`${what} Download the export again and upload the new file.`, 'IMPORT_FILE_INVALID');
}

function tooLarge(limits: ZipLimits): ImportFileError {
  const megabytes = Math.round(limits.maxUncompressedBytes / (1024 * 1024));
  return new ImportFileError(`This .zip unpacks to more than ${megabytes} MB, more than Sift reads from one archive.`, 'IMPORT_TOO_LARGE');
}
