import { createHash } from 'node:crypto';
import type { SearchSort } from '@sift/contracts';
import { badRequest } from '../../infra/http/errors.js';
import type { Candidate, ResultKind } from './search.repository.js';

/**
 * The order of search results and the rank cursor that pages through it.
 *
 * Every sort is a total order over (sort keys…, kind, id), so no two results tie and a page boundary is exact.
 * A result's keys are plain doubles and strings that the database computes the same way on every request; the
 * cursor carries the last result's keys, and the next page is "everything after them" in that order. Nothing is
 * skipped by counting (no OFFSET), and a page never repeats a result of an earlier one.
 */
export type SortKey = (number | string)[];

/** On equal keys, channels come first, then sifts, playlists and videos: the "who" before the "what". */
const KIND_ORDER: Record<ResultKind, number> = { channel: 0, sift: 1, playlist: 2, video: 3 };

export function sortKey(sort: SearchSort, c: Candidate): SortKey {
  const kind = KIND_ORDER[c.kind];
  switch (sort) {
    case '':
      return [-c.score, kind, -c.popularity, -c.recency, -c.id];
    case 'created':
      return [-c.recency, kind, -c.id];
    case 'videos':
      return [-c.count, -c.score, kind, -c.popularity, -c.id];
    case 'alpha':
      return [c.name, kind, -c.id];
  }
}

/** Ascending, element by element; strings by code unit (like the "C" collation), so every database agrees. */
export function compareKeys(a: SortKey, b: SortKey): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) continue;
    return x < y ? -1 : 1;
  }
  return a.length - b.length;
}

/** The shape of each sort's key, to check a cursor before trusting it. */
const SHAPES: Record<SearchSort, ('n' | 's')[]> = {
  '': ['n', 'n', 'n', 'n', 'n'],
  created: ['n', 'n', 'n'],
  videos: ['n', 'n', 'n', 'n', 'n'],
  alpha: ['s', 'n', 'n'],
};

/**
 * Which search a cursor belongs to. A cursor from another query, type, sort or owner would page through a
 * different order, so it is refused rather than silently giving a wrong page.
 */
export function searchFingerprint(parts: { q: string; type: string; sort: string; ownerId: string }): string {
  return createHash('sha256').update(JSON.stringify([parts.q, parts.type, parts.sort, parts.ownerId])).digest('base64url').slice(0, 10);
}

export function encodeRankCursor(fingerprint: string, key: SortKey): string {
  return Buffer.from(JSON.stringify({ f: fingerprint, k: key })).toString('base64url');
}

const invalidCursor = (message: string) => badRequest(message, [{ field: 'next', message: 'is invalid' }]);

export function decodeRankCursor(cursor: string, fingerprint: string, sort: SearchSort): SortKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor('next is not a cursor this server issued');
  }
  const { f, k } = (parsed ?? {}) as { f?: unknown; k?: unknown };
  const shape = SHAPES[sort];
  const valid =
    Array.isArray(k) &&
    k.length === shape.length &&
    k.every((v, i) => (shape[i] === 'n' ? typeof v === 'number' && Number.isFinite(v) : typeof v === 'string'));
  if (typeof f !== 'string' || !valid) throw invalidCursor('next is not a cursor this server issued');
  if (f !== fingerprint) throw invalidCursor('next belongs to another search (q, type, sort and ownerId must stay the same)');
  return k as SortKey;
}
