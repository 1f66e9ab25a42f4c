/**
 * Bytes as text and JSON values as the loose shapes exports have. An uploaded file may hold anything, so every parser
 * reads through these checks instead of trusting a field's type.
 */

import { storableText } from '../../../infra/text/storable-text.js';

// `fatal` makes invalid UTF-8 (images, archives, UTF-16) an answer rather than replacement characters; the decoder
// drops a leading UTF-8 BOM by itself (`ignoreBOM: false`), which Windows tools put before CSV and JSON.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** The bytes as text without a BOM, or null when they are not UTF-8 text. */
export function decodeText(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = utf8.decode(bytes);
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
