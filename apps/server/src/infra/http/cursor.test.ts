import { describe, expect, it } from 'vitest';
import { decodeCursor, decodeListCursor, encodeCursor, encodeListCursor } from './cursor.js';
import { HttpError } from './errors.js';

describe('keyset cursor', () => {
  it('round-trips the key of the last row', () => {
    const key = { publishedAt: new Date('2025-03-04T05:06:07.000Z'), id: 4242 };
    expect(decodeCursor(encodeCursor(key))).toEqual(key);
  });

  it('rejects a cursor the server did not issue with a 400 naming the field', () => {
    for (const bad of ['abc', Buffer.from('1.2.3').toString('base64url'), Buffer.from("1; drop").toString('base64url')]) {
      try {
        decodeCursor(bad);
        expect.unreachable();
      } catch (e) {
        expect(e).toBeInstanceOf(HttpError);
        expect((e as HttpError).status).toBe(400);
        expect((e as HttpError).fields?.[0]?.field).toBe('next');
      }
    }
  });
});

describe('sorted list cursor', () => {
  it('round-trips the sort value and id of the last item', () => {
    expect(decodeListCursor(encodeListCursor('alpha', { value: 'café', id: 7 }), 'alpha', 'text')).toEqual({ value: 'café', id: 7 });
    expect(decodeListCursor(encodeListCursor('', { value: 1_764_000_000_000, id: 9 }), '', 'number')).toEqual({ value: 1_764_000_000_000, id: 9 });
  });

  it('refuses a cursor of another sort, of the wrong value type, or not made here, with a 400 naming next', () => {
    const cases: Array<[string, string, 'text' | 'number']> = [
      [encodeListCursor('created', { value: 1, id: 1 }), 'videos', 'number'],
      [encodeListCursor('alpha', { value: 'a', id: 1 }), 'alpha', 'number'],
      [encodeListCursor('videos', { value: 1.5, id: 1 }), 'videos', 'number'],
      [Buffer.from('["alpha","a"]').toString('base64url'), 'alpha', 'text'],
      ['not-json', 'alpha', 'text'],
    ];
    for (const [cursor, sort, type] of cases) {
      try {
        decodeListCursor(cursor, sort, type);
        expect.unreachable();
      } catch (e) {
        expect((e as HttpError).status).toBe(400);
        expect((e as HttpError).fields?.[0]?.field).toBe('next');
      }
    }
  });
});
