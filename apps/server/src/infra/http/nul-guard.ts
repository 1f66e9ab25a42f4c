import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';

/** Deeper than any request this API takes; a body nested further is refused rather than walked. */
const MAX_DEPTH = 32;

/** Where in `value` a string holds U+0000 (as `a.b.0`), or null. */
function nulAt(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  if (depth > MAX_DEPTH) return path;
  for (const [key, item] of Object.entries(value)) {
    const field = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return field;
    const found = nulAt(item, field, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000 (`invalid byte sequence for encoding "UTF8": 0x00`), and no name, search or
 * id needs it. Checked once for every route, after login is checked and before validation: a NUL anywhere in the
 * path's parameters, the query or a JSON or form body is a 400 naming the field, never a 500 from the database.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field = nulAt(request.params, '') ?? nulAt(request.query, '') ?? nulAt(request.body, '');
    if (field === null) return;
    const name = field || 'request';
    throw new HttpError(400, `${name} must not contain the NUL character`, 'VALIDATION', [{ field: name, message: 'must not contain the NUL character' }]);
  });
}
