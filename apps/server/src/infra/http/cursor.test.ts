import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './cursor.js';
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
