import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { IMPORT_LIMITS, ImportFileError, parseImportFile } from './index.js';
import { importError, utf8 } from './test-support.js';
import { unzipSafely } from './zip.js';

const CENTRAL_DIRECTORY_HEADER = 0x02014b50;

/** Rewrites every entry's declared uncompressed size in the central directory (what a crafted archive lies about). */
function declareSize(zip: Uint8Array, size: number): Uint8Array {
  const patched = zip.slice();
  const view = new DataView(patched.buffer);
  for (let offset = 0; offset + 4 <= patched.length; offset++) {
    if (view.getUint32(offset, true) === CENTRAL_DIRECTORY_HEADER) view.setUint32(offset + 24, size, true);
  }
  return patched;
}

describe('unzipSafely', () => {
  it('refuses, before inflating anything, an archive whose entries declare more than the cap', async () => {
    const zip = zipSync({ 'a.csv': utf8('x'.repeat(1000)), 'b.csv': utf8('y'.repeat(1000)) });
    const lying = declareSize(zip, Math.ceil(IMPORT_LIMITS.maxUncompressedBytes / 2) + 1);
    // Damage the compressed data too: inflating it would fail as "damaged", so the answer shows nothing was inflated.
    const headerEnd = 30 + 'a.csv'.length;
    lying.fill(0xff, headerEnd, headerEnd + 8);
    const error = await importError(parseImportFile(lying), 'IMPORT_TOO_LARGE');
    expect(error.message).toContain('200 MB');
  });

  it('refuses a real deflate bomb by its declared size', () => {
    const bomb = zipSync({ 'zeros.csv': new Uint8Array(4 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(20_000);
    expect(() => unzipSafely(bomb, { maxUncompressedBytes: 1024 * 1024, maxEntries: 10 })).toThrow(ImportFileError);
  });

  it('refuses a stored entry whose declared size is a lie', async () => {
    // Stored (not compressed) entries are their bytes: one declaring 10 bytes while holding 2 MB is damaged.
    const stored = zipSync({ 'big.csv': new Uint8Array(2 * 1024 * 1024).fill(0x41) }, { level: 0 });
    await importError(parseImportFile(declareSize(stored, 10)), 'IMPORT_FILE_INVALID');
  });

  it('refuses an entry longer than it declares instead of importing it cut short', async () => {
    // Issue 28: a 13-channel subscriptions.csv declaring the length of its first line came in as 1 channel.
    const rows = Array.from({ length: 13 }, (_, i) => `UC${String(i).padStart(22, 'x')},http://www.youtube.com/channel/UC${String(i).padStart(22, 'x')},Channel ${i}`);
    const csv = utf8(['Channel Id,Channel Url,Channel Title', ...rows].join('\n'));
    const zip = zipSync({ 'Takeout/YouTube and YouTube Music/subscriptions/subscriptions.csv': csv });
    const error = await importError(parseImportFile(declareSize(zip, 100)), 'IMPORT_FILE_INVALID');
    expect(error.message).toContain('subscriptions.csv in this .zip is damaged');
  });

  it('checks each entry against its CRC-32', async () => {
    const zip = zipSync({ 'subscriptions.csv': utf8('Channel Id,Channel Url,Channel Title\n') });
    const patched = zip.slice();
    const view = new DataView(patched.buffer);
    for (let offset = 0; offset + 4 <= patched.length; offset++) {
      if (view.getUint32(offset, true) === CENTRAL_DIRECTORY_HEADER) view.setUint32(offset + 16, view.getUint32(offset + 16, true) ^ 1, true);
    }
    await importError(parseImportFile(patched), 'IMPORT_FILE_INVALID');
  });

  it('refuses directory entries that share one stream (an overlapping zip bomb)', async () => {
    const zip = zipSync({ 'a.csv': new Uint8Array(100_000).fill(0x41), 'b.csv': utf8('b') }, { level: 9 });
    // Point the second directory entry at the first entry's data, under a new size and CRC copied from the first.
    const patched = zip.slice();
    const view = new DataView(patched.buffer);
    const headers: number[] = [];
    for (let offset = 0; offset + 4 <= patched.length; offset++) if (view.getUint32(offset, true) === CENTRAL_DIRECTORY_HEADER) headers.push(offset);
    const [first, second] = headers as [number, number];
    for (const field of [10, 16, 20, 24, 42]) view.setUint32(second + field, view.getUint32(first + field, true), true);
    await importError(parseImportFile(patched), 'IMPORT_FILE_INVALID');
  });

  it('refuses an archive of very many files', () => {
    const files = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`f${i}.csv`, utf8('x')]));
    expect(() => unzipSafely(zipSync(files), { maxUncompressedBytes: 1024, maxEntries: 10 })).toThrow(/more than 10 files/);
  });

  it('skips folders, macOS resource forks and media, keeping the order of the rest', () => {
    const entries = unzipSafely(
      zipSync({
        'Takeout/': new Uint8Array(),
        'Takeout/b.csv': utf8('b'),
        '__MACOSX/Takeout/._b.csv': utf8('junk'),
        'Takeout/video.mp4': new Uint8Array(10),
        'Takeout/123.json': utf8('{}'),
        'Takeout/a.csv': utf8('a'),
      }),
    );
    expect(entries.map((entry) => entry.path)).toEqual(['Takeout/b.csv', 'Takeout/123.json', 'Takeout/a.csv']);
  });

  it('calls a truncated archive damaged', async () => {
    const zip = zipSync({ 'subscriptions.csv': utf8('Channel Id,Channel Url,Channel Title\n') });
    await importError(parseImportFile(zip.slice(0, zip.length - 10)), 'IMPORT_FILE_INVALID');
  });
});
