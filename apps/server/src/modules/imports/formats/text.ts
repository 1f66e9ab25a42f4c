/**
 * Bytes as text and JSON values as the loose shapes exports have. An uploaded file may hold anything, so every parser
 * reads through these checks instead of trusting a field's type.
 */

import { storableText } from '../../../infra/text/storable-text.js';

// `fatal` makes invalid text (images, archives) an answer rather than replacement characters; the decoders drop the
// BOM by themselves (`ignoreBOM: false`), which Windows tools put before CSV and JSON.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
// Excel's "Unicode text" and "CSV UTF-16" saves (a Takeout CSV opened and saved again) are UTF-16 with a BOM, little-
// endian on Windows, big-endian from some Mac tools. Without a BOM nothing says the bytes are UTF-16: read as UTF-8.
const utf16le = new TextDecoder('utf-16le', { fatal: true, ignoreBOM: false });
const utf16be = new TextDecoder('utf-16be', { fatal: true, ignoreBOM: false });
const UTF16LE_BOM = [0xff, 0xfe] as const;
const UTF16BE_BOM = [0xfe, 0xff] as const;

/** The bytes as text without a BOM (UTF-8, or UTF-16 that starts with its BOM), or null when they are not text. */
export function decodeText(bytes: Uint8Array): string | null {
  const decoder = startsWithBytes(bytes, UTF16LE_BOM) ? utf16le : startsWithBytes(bytes, UTF16BE_BOM) ? utf16be : utf8;
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    return null;
  }
  // A NUL never occurs in the text exports; binary data that happens to be valid UTF-8 is not one of them.
  return text.includes('\u0000') ? null : text;
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

export type JsonResult = { ok: true; value: unknown } | { ok: false; message: string };

export function parseJson(source: string): JsonResult {
  try {
    return { ok: true, value: JSON.parse(source) as unknown };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
