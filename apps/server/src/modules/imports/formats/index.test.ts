import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { IMPORT_LIMITS, MAX_SKIPPED_LISTED, parseImportFile, SKIP_REASONS, UNKNOWN_FORMAT_MESSAGE } from './index.js';
import { CHANNELS, importError, utf8 } from './test-support.js';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x01]);

describe('parseImportFile: what it does not read', () => {
  it.each([
    ['a PNG image', PNG],
    ['plain text', utf8('Dear diary,\nToday I subscribed to a few channels.\n')],
    ['an empty file', new Uint8Array()],
    ['JSON of some other program', utf8(JSON.stringify({ name: 'my-app', version: '1.0.0', dependencies: {} }))],
    ['an HTML page (a Takeout watch-history.html)', utf8('<!DOCTYPE html><html><body><div>Watched</div></body></html>')],
    ['a CSV of something else', utf8('Date,Amount,Payee\n2024-01-01,12.50,"Bakery, the"\n')],
    ['a zip of photos', zipSync({ 'IMG_0001.jpg': PNG, 'notes.txt': utf8('hello') })],
  ])('refuses %s, naming what Sift reads', async (_label, bytes) => {
    const error = await importError(parseImportFile(bytes), 'IMPORT_FORMAT_UNKNOWN');
    expect(error.message).toBe(UNKNOWN_FORMAT_MESSAGE);
    expect(error.message).toContain('Google Takeout');
  });

  it('refuses a file larger than the upload limit before reading it', async () => {
    const error = await importError(parseImportFile(new Uint8Array(IMPORT_LIMITS.maxFileBytes + 1)), 'IMPORT_TOO_LARGE');
    expect(error.message).toContain('20 MB');
  });

  it('refuses JSON holding more values than any export before building it (a small zip of [{},{},…])', async () => {
    // 20 MB of `{},` (13 million values) zip to about 20 KB; one tried from outside, 190 MB of it, took a thread half a
    // minute to build before the time limit refused it.
    const unpacked = new Uint8Array(20 * 1024 * 1024).fill(0x2c);
    const item = utf8('{},');
    for (let i = 0; i + 3 <= unpacked.length; i += 3) unpacked.set(item, i);
    unpacked[0] = 0x5b; // [
    unpacked[unpacked.length - 1] = 0x5d; // ]
    const zip = zipSync({ 'history.json': unpacked });
    expect(zip.length).toBeLessThan(1024 * 1024);
    const error = await importError(parseImportFile(zip), 'IMPORT_TOO_LARGE');
    expect(error.message).toBe('history.json in this .zip holds more than 10,000,000 values, more than any export Sift reads. Export less and import each file.');
  });

  it('counts values outside strings only: commas and brackets in titles are text', async () => {
    const { jsonValuesOver } = await import('./text.js');
    expect(jsonValuesOver('["a,[{b", "c\\"{,"]', 2)).toBe(false);
    expect(jsonValuesOver('[1,2,3]', 2)).toBe(true);
  });

  it('refuses more rows than the limit, naming it', async () => {
    const rows = Array.from({ length: IMPORT_LIMITS.maxRows + 1 }, (_, i) => {
      const id = `UC${String(i).padStart(22, '0')}`;
      return `${id},http://www.youtube.com/channel/${id},Channel ${i}`;
    });
    const csv = ['Channel Id,Channel Url,Channel Title', ...rows].join('\n');
    const error = await importError(parseImportFile(utf8(csv)), 'IMPORT_TOO_LARGE');
    expect(error.message).toContain('100,000');
    // Reading 100,001 rows is a second of CPU alone, several on a busy machine: the bound is on work, not on time.
  }, 60_000);
});

describe('parseImportFile: the skipped list', () => {
  it('lists the first 1,000 skipped rows and counts the rest in one entry', async () => {
    const subscriptions = [CHANNELS.mkbhd, ...Array.from({ length: 1_500 }, (_, i) => `bad-${i}`)];
    const bundle = await parseImportFile(utf8(JSON.stringify({ subscriptions, watch_history: [] })));
    expect(bundle.channels).toEqual([{ externalId: CHANNELS.mkbhd }]);
    expect(bundle.skipped).toHaveLength(MAX_SKIPPED_LISTED + 1);
    expect(bundle.skipped[0]).toEqual({ item: 'bad-0', reason: SKIP_REASONS.badId });
    expect(bundle.skipped.at(-1)).toEqual({ item: '…and 500 more', reason: SKIP_REASONS.unlisted });
  });
});
