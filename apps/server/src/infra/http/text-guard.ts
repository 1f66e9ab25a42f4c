import type { FastifyInstance } from 'fastify';
import { storableText, textProblem } from '../text/storable-text.js';
import { HttpError } from './errors.js';

/** Deeper than any request this API takes; a body nested further is refused rather than walked. */
const MAX_DEPTH = 32;

type Problem = { field: string; message: string };

const MESSAGES = {
  NUL: 'must not contain the NUL character',
  LONE_SURROGATE: 'must be well-formed Unicode text (it holds a lone surrogate)',
  DEPTH: 'is nested too deeply',
} as const;

/** The first string (or key) in `value` the database could not store, with where it is (as `a.b.0`), or null. */
function problemAt(value: unknown, path: string, depth = 0): Problem | null {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem === null ? null : { field: path, message: MESSAGES[problem] };
  }
  if (value === null || typeof value !== 'object') return null;
  if (depth > MAX_DEPTH) return { field: path, message: MESSAGES.DEPTH };
  for (const [key, item] of Object.entries(value)) {
    const field = path ? `${path}.${key}` : key;
    const keyProblem = textProblem(key);
    if (keyProblem !== null) return { field, message: MESSAGES[keyProblem] };
    const found = problemAt(item, field, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Text entering the database is well-formed Unicode without NUL (infra/text/storable-text.ts), and no name, search
 * or id needs anything else. Checked once for every route, after login is checked and before validation: a NUL or a
 * lone surrogate anywhere in the path's parameters, the query or a body (JSON, form, a text/plain beacon read as
 * JSON) is a 400 naming the field, never a 500 from the database.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const found = problemAt(request.params, '') ?? problemAt(request.query, '') ?? problemAt(request.body, '');
    if (found === null) return;
    // The field is named as the client wrote it, its own bad text made storable (a key may be the culprit).
    const field = storableText(found.field) || 'request';
    throw new HttpError(400, `${field} ${found.message}`, 'VALIDATION', [{ field, message: found.message }]);
  });
}
