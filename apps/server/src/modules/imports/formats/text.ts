/**
 * Bytes as text and JSON values as the loose shapes exports have. An uploaded file may hold anything, so every parser
 * reads through these checks instead of trusting a field's type.
 */

import { storableText } from '../../../infra/text/storable-text.js';

// `fatal` makes invalid text (images, archives) an answer rather than replacement characters; the decoders drop the
// BOM by themselves (`ignoreBOM: false`), which Windows tools put before CSV and JSON.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
// Excel's "Unicode text" and "CSV UTF-16" saves (a Takeout CSV opened and saved again) are UTF-16, little-endian on
// Windows, big-endian from some Mac tools, with a BOM (and without one from some tools: then the NULs of its ASCII
// half say which).
const utf16le = new TextDecoder('utf-16le', { fatal: true, ignoreBOM: false });
const utf16be = new TextDecoder('utf-16be', { fatal: true, ignoreBOM: false });
const UTF16LE_BOM = [0xff, 0xfe] as const;
const UTF16BE_BOM = [0xfe, 0xff] as const;
const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;
/** A file that says it is UTF-8 (its BOM) but holds a few bytes that are not (a line appended in another encoding). */
const lenientUtf8 = new TextDecoder('utf-8', { fatal: false, ignoreBOM: false });
/**
 * Excel's plain "CSV" save in a Western locale is Windows-1252 (a German Takeout CSV opened and saved again: `Müller`
 * as the byte 0xFC), and an OPML file may declare ISO-8859-1: text that is not UTF-8 is read in the encoding its XML
 * declaration names, else as Windows-1252 (which every byte decodes in; what ISO-8859-1 means on the web too).
 */
const LEGACY_DEFAULT = 'windows-1252';
/** How much of a file is looked at to tell text from binary data, and UTF-16 without a BOM. */
const SAMPLE_BYTES = 64 * 1024;

/**
 * The bytes as text without a BOM, or null when they are not text: UTF-8; UTF-16 (by its BOM, or by the NULs of its
 * ASCII half); else a legacy single-byte encoding (see LEGACY_DEFAULT). A stray NUL (fewer than 1 % of the
 * characters: a damaged title) is dropped; more mean binary data.
 */
export function decodeText(bytes: Uint8Array): string | null {
  const decoder = startsWithBytes(bytes, UTF16LE_BOM) ? utf16le : startsWithBytes(bytes, UTF16BE_BOM) ? utf16be : utf16WithoutBom(bytes);
  let text: string | null;
  try {
    text = (decoder ?? utf8).decode(bytes);
  } catch {
    // Its BOM says UTF-8: the bad bytes become U+FFFD rather than every accent of the file turning into two letters.
    text = decoder ? null : startsWithBytes(bytes, UTF8_BOM) ? lenientUtf8.decode(bytes) : legacyText(bytes);
  }
  return text === null ? null : withoutStrayNuls(text);
}

/** UTF-16 without a BOM: most of one half of each byte pair NUL (ASCII text), few of the other. */
function utf16WithoutBom(bytes: Uint8Array): typeof utf8 | undefined {
  const length = Math.min(bytes.length, SAMPLE_BYTES) & ~1;
  if (length < 4) return undefined;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < length; i += 2) {
    if (bytes[i] === 0) even += 1;
    if (bytes[i + 1] === 0) odd += 1;
  }
  const pairs = length / 2;
  if (odd > 0.4 * pairs && even < 0.05 * pairs) return utf16le;
  if (even > 0.4 * pairs && odd < 0.05 * pairs) return utf16be;
  return undefined;
}

/** Text in a single-byte encoding, or null when control bytes say the data is binary. */
function legacyText(bytes: Uint8Array): string | null {
  const sample = bytes.subarray(0, SAMPLE_BYTES);
  let control = 0;
  // Tab, line feed, form feed, carriage return and DOS's end of file (0x1A) occur in text; NULs are counted later.
  for (const byte of sample) if (byte < 0x20 && byte !== 0 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d && byte !== 0x1a) control += 1;
  if (control > 0) return null;
  try {
    return new TextDecoder(declaredEncoding(sample) ?? LEGACY_DEFAULT, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The encoding an XML declaration names (`<?xml version="1.0" encoding="ISO-8859-1"?>`) when the decoder knows it. */
function declaredEncoding(sample: Uint8Array): string | undefined {
  const head = new TextDecoder('latin1').decode(sample.subarray(0, 200));
  const label = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head)?.[1];
  if (!label) return undefined;
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return undefined;
  }
}

function withoutStrayNuls(text: string): string | null {
  if (!text.includes('\u0000')) return text;
  const nuls = text.split('\u0000').length - 1;
  // A NUL never occurs in the text exports: a few are damage, many are binary data that happens to decode.
  return nuls * 100 < text.length ? text.replaceAll('\u0000', '') : null;
}

export function startsWithBytes(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, i) => bytes[i] === byte);
}

export type JsonRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A non-empty trimmed string, or undefined (numbers too: some exports write ids or names as numbers). Storable
 * (infra/text): a name of nothing but NULs reads as absent, so the parser's own fallback name applies.
 */
export function text(value: unknown): string | undefined {
  const string = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
  const trimmed = string === undefined ? undefined : storableText(string).trim();
  return trimmed ? trimmed : undefined;
}

/** The value if it is an array, else an empty one: a missing or mistyped list reads as no entries. */
export function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/**
 * How many values a JSON text may hold (counted as its `{`, `[` and `,` outside strings), more than any export Sift
 * reads: a Takeout watch history of 200,000 entries holds about 3,000,000. Building a JSON document costs per value,
 * not per byte: 180 KB of zip inflating to 190 MB of `[{},{},…]` is 63 million objects, half a minute of a thread
 * and a gigabyte of memory; counted first, it is refused in a fraction of a second.
 */
export const MAX_JSON_VALUES = 10_000_000;

/** Whether `source` holds more than `max` JSON values (see MAX_JSON_VALUES): one pass, stopping at the bound. */
export function jsonValuesOver(source: string, max = MAX_JSON_VALUES): boolean {
  let values = 0;
  let inString = false;
  for (let i = 0; i < source.length; i += 1) {
    const code = source.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) i += 1; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if ((code === 0x7b || code === 0x5b || code === 0x2c) && ++values > max) return true;
  }
  return false;
}

export type JsonResult = { ok: true; value: unknown } | { ok: false; message: string };

export function parseJson(source: string): JsonResult {
  try {
    return { ok: true, value: JSON.parse(source) as unknown };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
