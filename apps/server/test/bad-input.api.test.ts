import { randomUUID } from 'node:crypto';
import { apiErrorSchema } from '@sift/contracts';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { aMember } from './support/accounts.js';
import { useTestApp } from './support/test-app.js';

/**
 * Issue 17: bad input never gets a 5xx. Generated from the API's own OpenAPI document (`/api/docs/json`), so a
 * route added tomorrow is covered too: every operation × every path parameter, query parameter and body field ×
 * a fixed set of hostile values (NUL and other control characters, long strings, huge and negative numbers, wrong
 * types, bogus cursors, unknown fields, wrong content types, truncated multipart), as a visitor and as a member.
 * Nested body fields too (issue 28: nine 500s hid one level down): a body built valid from the operation's schema,
 * with one nested field or array item at a time replaced by a hostile value.
 * Each answer must be below 500 and, when it is an error, in the app's shape `{status, message, code?, fields?}`.
 */
const t = useTestApp();

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyFields: string[];
  /** The JSON body's schema, to build a valid body and reach its nested fields. */
  bodySchema: Schema | undefined;
  jsonBody: boolean;
  multipart: boolean;
}

/** Values for the address (path segments and query strings). */
const HOSTILE_TEXT = [
  'a\u0000b',
  '\u0001\u001f\u007f',
  'x'.repeat(5_000),
  '-1',
  '0',
  '1e309',
  '99999999999999999999999',
  'null',
  '../../etc/passwd',
  '%',
  '😀\u202e',
  'OTk5OTk5OTk5OTk5OTk5Ljk5OTk5OTk5OTk5OTk5OQ', // a cursor from the year 33658
  '   ',
];

/** Text the database cannot store but a URL cannot carry either (encodeURIComponent refuses a lone surrogate). */
const LONE_SURROGATES = ['\ud800', 'a\udc00b'];

/** Values for JSON body fields. */
const HOSTILE_JSON: unknown[] = [
  ...HOSTILE_TEXT,
  ...LONE_SURROGATES,
  'y'.repeat(1_000_000),
  -1,
  1e308,
  2 ** 63,
  1.5,
  true,
  null,
  [],
  {},
  ['a', 1, null],
  { $gt: '' },
];

function operationsOf(doc: { paths: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const params = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      const json = content['application/json']?.schema;
      return {
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: Object.keys(json?.properties ?? {}),
        bodySchema: json,
        jsonBody: json !== undefined,
        multipart: 'multipart/form-data' in content || /\/(images|imports)$/.test(path),
      };
    }),
  );
}

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

/** The part of JSON Schema the API's document uses (zod's output: no $ref). */
interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  minimum?: number;
}

/** Strings tried, in turn, for a field with a pattern: ids of channels and videos, event names, plain words. */
const PATTERN_CANDIDATES = ['UC' + 'a'.repeat(22), 'dQw4w9WgXcQ', 'eca_play', 'abc', '/', 'x'];

/** A value the schema accepts, as far as its shape goes: every property filled, every array with one item. */
function validValue(schema: Schema): unknown {
  const option = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (option) return validValue(option);
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'object': {
      const entries = Object.entries(schema.properties ?? {}).map(([key, value]) => [key, validValue(value)]);
      if (entries.length === 0 && typeof schema.additionalProperties === 'object') entries.push(['key', validValue(schema.additionalProperties)]);
      return Object.fromEntries(entries);
    }
    case 'array':
      return schema.items ? [validValue(schema.items)] : [];
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'string': {
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'date-time') return new Date().toISOString();
      const pattern = schema.pattern ? new RegExp(schema.pattern) : null;
      const word = PATTERN_CANDIDATES.find((candidate) => !pattern || pattern.test(candidate)) ?? 'x';
      return word.padEnd(schema.minLength ?? 0, 'x');
    }
    default:
      return 'x';
  }
}

/** Where a value holds something below its top level: `[key, index, …]` of every nested field and array item. */
function nestedPaths(value: unknown, path: Array<string | number> = []): Array<Array<string | number>> {
  const here = path.length >= 2 ? [path] : [];
  if (Array.isArray(value)) return [...here, ...value.flatMap((item, index) => nestedPaths(item, [...path, index]))];
  if (value !== null && typeof value === 'object') return [...here, ...Object.entries(value).flatMap(([key, item]) => nestedPaths(item, [...path, key]))];
  return here;
}

/** `value` with `replacement` at `path` (a copy). */
function replaced(value: unknown, path: Array<string | number>, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...Array<string | number>];
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as Record<string, unknown>) }) as Record<string | number, unknown>;
  copy[head] = replaced(copy[head], rest, replacement);
  return copy;
}

/** Values for nested fields: text the database cannot store, wrong types, a huge string; fewer than the top level's. */
const HOSTILE_NESTED: unknown[] = ['a\u0000b', ...LONE_SURROGATES, 'z'.repeat(100_000), -1, 1e308, 1.5, true, null, [], {}, { $gt: '' }];

/** A path with every parameter filled: the hostile value in `target`, a plausible one elsewhere. */
function fill(op: Operation, target?: string, value?: string): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(name === target ? value! : name === 'provider' ? 'youtube' : '1'));
}

/** Every request the generator makes of one operation. */
function requestsOf(op: Operation): InjectOptions[] {
  const out: InjectOptions[] = [];
  const base = fill(op);
  for (const name of op.pathParams) for (const value of HOSTILE_TEXT) out.push({ method: op.method, url: fill(op, name, value) } as InjectOptions);
  for (const name of [...op.queryParams, 'unknownField']) {
    for (const value of HOSTILE_TEXT) out.push({ method: op.method, url: `${base}?${encodeURIComponent(name)}=${encodeURIComponent(value)}` } as InjectOptions);
  }
  if (op.jsonBody || op.method !== 'GET') {
    for (const name of [...op.bodyFields, 'unknownField']) {
      for (const value of HOSTILE_JSON) out.push({ method: op.method, url: base, payload: { [name]: value } } as InjectOptions);
    }
    for (const whole of ['"just a string"', '[1,2,3]', 'null', '{"unclosed": ', '{"a":'.repeat(2_000)]) {
      out.push({ method: op.method, url: base, payload: whole, headers: { 'content-type': 'application/json' } } as InjectOptions);
    }
    out.push({ method: op.method, url: base, payload: 'name=x', headers: { 'content-type': 'text/plain' } } as InjectOptions);
  }
  if (op.bodySchema) {
    const valid = validValue(op.bodySchema);
    out.push({ method: op.method, url: base, payload: valid as InjectOptions['payload'] } as InjectOptions);
    for (const path of nestedPaths(valid)) {
      for (const value of HOSTILE_NESTED) out.push({ method: op.method, url: base, payload: replaced(valid, path, value) as InjectOptions['payload'] } as InjectOptions);
    }
  }
  if (op.multipart) {
    const boundary = '----hostile';
    const cut = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n`;
    out.push({ method: op.method, url: base, payload: cut, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } } as InjectOptions);
    out.push({ method: op.method, url: base, payload: 'not multipart', headers: { 'content-type': 'multipart/form-data' } } as InjectOptions);
  }
  return out;
}

let operations: Operation[];
let token: string;

beforeAll(async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Parameters<typeof operationsOf>[0];
  operations = operationsOf(doc).filter((op) => op.path.startsWith('/api/'));
  token = (await aMember(t)).token;
});

async function check(request: InjectOptions, as: 'visitor' | 'member'): Promise<string | null> {
  const headers = { ...(request.headers ?? {}), ...(as === 'member' ? { authorization: `Bearer ${token}` } : {}) };
  const res = await t.app.inject({ ...request, headers });
  const where = `${as} ${request.method} ${String(request.url).slice(0, 120)} ${request.payload === undefined ? '' : JSON.stringify(request.payload).slice(0, 240)}`;
  if (res.statusCode >= 500) return `${where} → ${res.statusCode} ${res.body.slice(0, 200)}`;
  if (res.statusCode >= 400) {
    const parsed = apiErrorSchema.safeParse(safeJson(res.body));
    if (!parsed.success || parsed.data.status !== res.statusCode) return `${where} → ${res.statusCode} not in the app's error shape: ${res.body.slice(0, 200)}`;
  }
  // An operation that ended the member's session or account (logout, deactivate, delete): carry on as a new member.
  if (as === 'member' && res.statusCode === 401) token = (await aMember(t)).token;
  return null;
}

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

describe('bad input, generated from the OpenAPI document', () => {
  it('covers every operation the API documents', () => {
    expect(operations.length).toBeGreaterThan(80);
  });

  for (const as of ['visitor', 'member'] as const) {
    it(`never answers 5xx, always {status, message}: as a ${as}`, { timeout: 600_000 }, async () => {
      const problems: string[] = [];
      let sent = 0;
      for (const op of operations) {
        for (const request of requestsOf(op)) {
          sent++;
          const problem = await check(request, as);
          if (problem) problems.push(problem);
        }
      }
      expect(sent).toBeGreaterThan(5_000);
      expect(problems).toEqual([]);
    });
  }
});
