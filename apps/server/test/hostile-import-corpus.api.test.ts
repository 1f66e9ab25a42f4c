import { importStartedSchema } from '@sift/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { aMember, call, type Res } from './support/accounts.js';
import { exportSamples, type ExportSample } from './support/export-samples.js';
import { finishedImport, uploadImport, whilePinging, worstPingBound } from './support/import-uploads.js';
import { multipartBody } from './support/multipart.js';
import { useTestApp } from './support/test-app.js';

/**
 * Issue 28: every format the importer reads, its file mutated as damaged and hostile files are — cut short, NUL and
 * lone surrogates in every string, nested past any parser's depth, re-saved as UTF-16, a zip's sizes lied about, two
 * files in one upload. Each is answered 202 and imported to its end, or refused with a 4xx; never a 5xx, never an
 * import that fails half-way; and another client asking `/api/health` meanwhile is answered as quickly as ever.
 */
const t = useTestApp();

interface Mutant {
  name: string;
  bytes: Buffer;
}

/** Every string value of a JSON document (or of each NDJSON line) with `inject` in its middle. */
function injectIntoStrings(source: string, inject: string): string | null {
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return value.slice(0, 3) + inject + value.slice(3);
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item)]));
    return value;
  };
  try {
    return JSON.stringify(walk(JSON.parse(source)));
  } catch {
    const lines = source.split('\n').filter((line) => line.trim() !== '');
    try {
      return lines.map((line) => JSON.stringify(walk(JSON.parse(line)))).join('\n') + '\n';
    } catch {
      return null;
    }
  }
}

function utf16(source: string): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(source, 'utf16le')]);
}

/** Rewrites every central directory entry's declared uncompressed size. */
function declareSize(zip: Buffer, size: number): Buffer {
  const patched = Buffer.from(zip);
  for (let offset = 0; offset + 4 <= patched.length; offset++) {
    if (patched.readUInt32LE(offset) === 0x02014b50) patched.writeUInt32LE(size, offset + 24);
  }
  return patched;
}

function mutants(sample: ExportSample): Mutant[] {
  const out: Mutant[] = [
    { name: 'as it is', bytes: sample.bytes },
    { name: 'cut at 60 %', bytes: sample.bytes.subarray(0, Math.floor(sample.bytes.length * 0.6)) },
  ];
  if (sample.text) {
    const source = sample.bytes.toString('utf8');
    const isJson = /^\s*[[{]/.test(source);
    for (const [label, inject] of [
      ['NUL', '\u0000'],
      ['a lone surrogate', '\ud800'],
    ] as const) {
      const mutated = isJson ? injectIntoStrings(source, inject) : source.replaceAll('Kurzgesagt', `Kur${inject}zgesagt`);
      // A lone surrogate cannot be written in UTF-8 bytes; in JSON it is the escape \ud800, which JSON.stringify writes.
      if (mutated !== null) out.push({ name: `${label} in every string`, bytes: Buffer.from(mutated, 'utf8') });
    }
    out.push({ name: 'UTF-16 with a BOM', bytes: utf16(source) });
    const nested = isJson ? '['.repeat(20_000) + source + ']'.repeat(20_000) : source.startsWith('<') ? nestOutlines(source, 150) : null;
    if (nested !== null) out.push({ name: 'nested past any depth', bytes: Buffer.from(nested, 'utf8') });
  } else if (sample.bytes.readUInt32LE(0) === 0x04034b50) {
    out.push({ name: 'sizes declared smaller', bytes: declareSize(sample.bytes, 10) });
    out.push({ name: 'sizes declared huge', bytes: declareSize(sample.bytes, 0x7fffffff) });
  } else {
    const damaged = Buffer.from(sample.bytes);
    damaged.fill(0x5a, 100, 2_000);
    out.push({ name: 'pages overwritten', bytes: damaged });
  }
  return out;
}

/** The OPML's feed inside `depth` outlines. */
function nestOutlines(source: string, depth: number): string {
  const open = '<outline text="Folder">'.repeat(depth);
  const close = '</outline>'.repeat(depth);
  return source.replace('<body>', `<body>${open}`).replace('</body>', `${close}</body>`);
}

/** A 4xx in the app's shape, or a 202 whose import runs to its end. */
async function expectHandled(member: { token: string }, res: Res, what: string): Promise<void> {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
  if (res.status !== 202) {
    expect(res.status, what).toBeGreaterThanOrEqual(400);
    expect((res.body as { status?: number }).status, what).toBe(res.status);
    return;
  }
  const done = await finishedImport(t, member.token, importStartedSchema.parse(res.body).id);
  expect(done.status, `${what}: ${JSON.stringify(done)}`).toBe('CREATED');
}

let samples: ExportSample[];

beforeAll(async () => {
  samples = await exportSamples();
  // Sift's own export, as a member downloads it.
  const owner = await aMember(t);
  const res = await t.app.inject({ method: 'GET', url: '/api/me/exports/data.zip', headers: { authorization: `Bearer ${owner.token}` } });
  expect(res.statusCode).toBe(200);
  samples.push({ name: "Sift's data.zip", bytes: res.rawPayload, text: false });
});

describe('the hostile-file corpus', () => {
  it('answers every mutant of every format with a 202 that imports to its end or a 4xx, and nobody else waits', async () => {
    const member = await aMember(t);
    const { worstPingMs } = await whilePinging(t, async () => {
      for (const sample of samples) {
        for (const mutant of mutants(sample)) {
          await expectHandled(member, await uploadImport(t, member.token, mutant.bytes), `${sample.name}, ${mutant.name}`);
        }
      }
    });
    expect(worstPingMs).toBeLessThan(worstPingBound());
  }, 240_000);

  it('refuses two files in one upload', async () => {
    const member = await aMember(t);
    const first = multipartBody('file', 'a.csv', 'text/csv', samples[0]!.bytes);
    const second = multipartBody('file', 'b.csv', 'text/csv', samples[0]!.bytes);
    const boundary = first.headers['content-type'].split('boundary=')[1]!;
    const secondPart = second.payload.toString('latin1').replace(second.headers['content-type'].split('boundary=')[1]!, boundary);
    const payload = Buffer.concat([first.payload.subarray(0, first.payload.length - `--${boundary}--\r\n`.length), Buffer.from(secondPart.slice(secondPart.indexOf(`--${boundary}`)), 'latin1')]);
    const res = await call(t.app, { method: 'POST', url: '/api/me/imports', token: member.token, payload, headers: first.headers });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
  });
});
