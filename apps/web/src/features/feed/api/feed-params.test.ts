import { describe, expect, it } from 'vitest';
import { feedQuerySchema } from '@sift/contracts';
import { buildUrl } from '../../../lib/api';
import { feedParamsFrom } from '../address';
import { feedQuery } from './queries';

/** SPEC §7 "Feeds": the client sends the feed url parameters by their names, and the server's contract reads them back. */
describe('feed parameters', () => {
  it('a feed page address becomes a feed query the server reads the same', () => {
    const page = new URLSearchParams('?subs=3&filterText=%20bread%20oven%20&itemBefore=12&itemBeforeExternal=vid-9&all=flour&any=rye,spelt&none=cake&excludedAny=spelt&itemId=x');
    const params = feedParamsFrom(page);
    expect(params).toEqual({
      filterText: 'bread oven',
      itemBefore: 12,
      itemBeforeExternal: 'vid-9',
      all: ['flour'],
      any: ['rye', 'spelt'],
      none: ['cake'],
      excludedAny: ['spelt'],
    });

    const url = new URL(buildUrl('/api/me/feeds/videos', feedQuery(50, params)), 'http://sift.test');
    expect([...url.searchParams.keys()]).toEqual(['itemsPerPage', 'filterText', 'itemBefore', 'itemBeforeExternal', 'all', 'any', 'none', 'excludedAny']);
    const read = feedQuerySchema.parse(Object.fromEntries(url.searchParams));
    expect(read).toMatchObject({
      itemsPerPage: 50,
      filterText: 'bread oven',
      itemBefore: 12,
      itemBeforeExternal: 'vid-9',
      all: ['flour'],
      any: ['rye', 'spelt'],
      none: ['cake'],
      excludedAll: [],
      excludedAny: ['spelt'],
      excludedNone: [],
    });
  });

  it('a plain feed sends only its page size, by the name of SPEC §7', () => {
    expect(buildUrl('/api/feeds/public', feedQuery(50))).toBe('/api/feeds/public?itemsPerPage=50');
  });
});
