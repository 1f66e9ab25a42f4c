import { describe, expect, it } from 'vitest';
import { HttpError } from '../../infra/http/errors.js';
import { compareKeys, decodeRankCursor, encodeRankCursor, searchFingerprint, sortKey } from './search-order.js';
import type { Candidate } from './search.repository.js';

const c = (over: Partial<Candidate>): Candidate => ({ kind: 'video', id: 1, score: 0, popularity: 0, recency: 0, count: 0, name: '', whole: true, ...over });
const fp = searchFingerprint({ q: 'ramen', type: 'all', sort: '', ownerId: '' });

describe('search order', () => {
  it('relevance: score, then kind (channels first), then popularity, recency and id', () => {
    const list = [
      c({ id: 1, score: 0.5, popularity: 10 }),
      c({ id: 2, score: 0.9 }),
      c({ id: 3, score: 0.5, popularity: 99 }),
      c({ id: 4, score: 0.5, popularity: 10, kind: 'channel' }),
    ];
    const sorted = [...list].sort((a, b) => compareKeys(sortKey('', a), sortKey('', b)));
    expect(sorted.map((x) => x.id)).toEqual([2, 4, 3, 1]);
  });

  it('alphabetical compares folded names by code unit', () => {
    const list = [c({ id: 1, name: 'zebra' }), c({ id: 2, name: 'apple' }), c({ id: 3, name: 'apple' })];
    const sorted = [...list].sort((a, b) => compareKeys(sortKey('alpha', a), sortKey('alpha', b)));
    expect(sorted.map((x) => x.id)).toEqual([3, 2, 1]);
  });

  it('gives every result a distinct key (kind and id end every key)', () => {
    expect(compareKeys(sortKey('created', c({ id: 1, kind: 'video' })), sortKey('created', c({ id: 1, kind: 'sift' })))).not.toBe(0);
  });

  it('round-trips a cursor exactly, floats included', () => {
    const key = sortKey('', c({ score: 0.1 + 0.2, popularity: 12345, recency: 1795315154298.123, id: 77 }));
    expect(decodeRankCursor(encodeRankCursor(fp, key), fp, '')).toEqual(key);
  });

  it('refuses cursors it did not issue, of another shape, or of another search', () => {
    const fail = (cursor: string, sort: '' | 'alpha' = '', fingerprint = fp) => {
      try {
        decodeRankCursor(cursor, fingerprint, sort);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(HttpError);
        expect((error as HttpError).fields?.[0]?.field).toBe('next');
      }
    };
    fail('garbage');
    fail(Buffer.from('{"f":1}').toString('base64url'));
    const good = encodeRankCursor(fp, [-0.5, 3, -1, -2, -9]);
    fail(good, 'alpha');
    fail(good, '', searchFingerprint({ q: 'other', type: 'all', sort: '', ownerId: '' }));
    fail(encodeRankCursor(fp, [-0.5, 3, -1, -2, 'x']));
  });
});
