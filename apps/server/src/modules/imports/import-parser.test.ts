import { afterEach, describe, expect, it } from 'vitest';
import { ImportFileError } from './formats/index.js';
import { importError, utf8 } from './formats/test-support.js';
import { ImportParser } from './import-parser.js';

const log = { warn: () => undefined };
const subscriptions = utf8('Channel Id,Channel Url,Channel Title\nUCsXVk37bltHxD1rDPwtNM8Q,http://www.youtube.com/channel/UCsXVk37bltHxD1rDPwtNM8Q,Kurzgesagt\n');
/** 100,000 subscriptions: a third of a second or more of a thread's time on any machine here (a row takes microseconds). */
const huge = (() => {
  const rows = ['Channel Id,Channel Url,Channel Title'];
  for (let i = 0; i < 100_000; i++) {
    const id = `UC${String(i).padStart(22, 'x')}`;
    rows.push(`${id},http://www.youtube.com/channel/${id},Channel ${i}`);
  }
  return utf8(`${rows.join('\n')}\n`);
})();

// Each parser starts a thread that loads the parsers (compiled by tsx from source here): seconds on a busy machine.
describe('ImportParser (files read in a worker thread)', { timeout: 60_000 }, () => {
  const parsers: ImportParser[] = [];
  const aParser = (options: { timeLimitMs?: number; waitLimitMs?: number; threads?: number } = {}) => {
    const parser = new ImportParser({ log, ...options });
    parsers.push(parser);
    return parser;
  };
  afterEach(async () => {
    await Promise.all(parsers.splice(0).map((parser) => parser.close()));
  });

  it('reads a file in its thread into the bundle the parsers make', async () => {
    const bundle = await aParser().parse(subscriptions);
    expect(bundle.format).toBe('TAKEOUT_CSV');
    expect(bundle.channels).toEqual([{ externalId: 'UCsXVk37bltHxD1rDPwtNM8Q', name: 'Kurzgesagt' }]);
  });

  it("brings a parser's refusal back as the same ImportFileError", async () => {
    const error = await importError(aParser().parse(utf8('nothing to import\n')), 'IMPORT_FORMAT_UNKNOWN');
    expect(error.message).toMatch(/Takeout/);
  });

  it('gives up on a file past its time limit with a 422, and reads the next file', async () => {
    const parser = aParser({ timeLimitMs: 1 });
    const error = await importError(parser.parse(huge), 'IMPORT_FILE_INVALID');
    expect(error).toBeInstanceOf(ImportFileError);
    expect(error.message).toMatch(/takes too long to read/);
    expect((await aParser().parse(subscriptions)).channels).toHaveLength(1);
  });

  it("does not count a file's wait for a thread against its time limit: a small file behind a huge one is read", async () => {
    // One thread; the huge file is stopped at its limit, and the small one queued behind it is then read in full.
    const parser = aParser({ threads: 1, timeLimitMs: 150 });
    await parser.parse(subscriptions); // the thread is up
    const [first, second] = await Promise.allSettled([parser.parse(huge), parser.parse(subscriptions)]);
    expect(first.status === 'rejected' && first.reason instanceof ImportFileError && first.reason.message).toMatch(/takes too long to read/);
    expect(second.status === 'fulfilled' && second.value.channels).toHaveLength(1);
  });

  it('tells a file that waited too long for a thread that Sift is busy (503), not that the file is at fault', async () => {
    const parser = aParser({ threads: 1, waitLimitMs: 50 });
    // The thread is up (starting it takes longer than the wait allowed: until then, files are told Sift is busy).
    await expect.poll(() => parser.parse(subscriptions).then(() => true, () => false), { timeout: 30_000 }).toBe(true);
    const [first, second] = await Promise.allSettled([parser.parse(huge), parser.parse(subscriptions)]);
    expect(first.status === 'fulfilled' && first.value.channels).toHaveLength(100_000);
    expect(second.status).toBe('rejected');
    expect(second.status === 'rejected' && second.reason).toMatchObject({ status: 503, code: 'OVERLOADED' });
    expect((await parser.parse(subscriptions)).channels).toHaveLength(1);
  });
});
