import { afterEach, describe, expect, it } from 'vitest';
import { ImportFileError } from './formats/index.js';
import { importError, utf8 } from './formats/test-support.js';
import { ImportParser } from './import-parser.js';

const log = { warn: () => undefined };
const subscriptions = utf8('Channel Id,Channel Url,Channel Title\nUCsXVk37bltHxD1rDPwtNM8Q,http://www.youtube.com/channel/UCsXVk37bltHxD1rDPwtNM8Q,Kurzgesagt\n');

// Each parser starts a thread that loads the parsers (compiled by tsx from source here): seconds on a busy machine.
describe('ImportParser (files read in a worker thread)', { timeout: 60_000 }, () => {
  const parsers: ImportParser[] = [];
  const aParser = (timeLimitMs?: number) => {
    const parser = new ImportParser({ log, ...(timeLimitMs === undefined ? {} : { timeLimitMs }) });
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
    const parser = aParser(1);
    const error = await importError(parser.parse(subscriptions), 'IMPORT_FILE_INVALID');
    expect(error).toBeInstanceOf(ImportFileError);
    expect(error.message).toMatch(/takes too long to read/);
    expect((await aParser().parse(subscriptions)).channels).toHaveLength(1);
  });
});
