import Fastify from 'fastify';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LOG_SERIALIZERS, loggerOptions, RequestLogController } from './logger.js';

/** An app whose log lines (JSON) are kept, at the given level. */
function appLogging(level: string) {
  const lines: { level: number; msg: string; statusCode?: number }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as (typeof lines)[number]);
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new RequestLogController() });
  app.get('/hello', () => ({ hi: true }));
  return { app, lines };
}

describe('server logs', () => {
  it('write one debug line per request, with status and time, and nothing at info', async () => {
    const debug = appLogging('debug');
    await debug.app.inject({ url: '/hello' });
    await debug.app.inject({ url: '/missing' });
    const requests = debug.lines.filter((l) => l.level === 20);
    expect(requests.map((l) => l.msg)).toEqual([
      expect.stringMatching(/^GET \/hello → 200 in [\d.]+ ms$/),
      'no route for GET /missing',
      expect.stringMatching(/^GET \/missing → 404 in [\d.]+ ms$/),
    ]);
    expect(debug.lines.filter((l) => l.level === 30)).toEqual([]);

    const info = appLogging('info');
    await info.app.inject({ url: '/hello' });
    expect(info.lines).toEqual([]);
  });

  it('are JSON lines unless stdout is a terminal, where they go through pino-pretty', async () => {
    expect(await loggerOptions('info', false)).toEqual({ level: 'info', serializers: LOG_SERIALIZERS });
    const pretty = (await loggerOptions('warn', true)) as { level: string; stream: unknown };
    expect(pretty.level).toBe('warn');
    expect(pretty.stream).toBeDefined();
  });

  it('log a failed query, also as the cause of another error, without its parameters', () => {
    const query = Object.assign(new Error('Failed query: insert into t values ($1)\nparams: the whole file'), {
      query: 'insert into t values ($1)',
      params: ['the whole file'],
      cause: Object.assign(new Error('unsupported Unicode escape sequence'), { code: '22P05', detail: 'the whole file' }),
    });
    const wrapped = new Error('Import failed', { cause: query });
    for (const error of [query, wrapped]) {
      const logged = JSON.stringify(LOG_SERIALIZERS.err(error));
      expect(logged).toContain('insert into t values ($1)');
      expect(logged).toContain('unsupported Unicode escape sequence');
      expect(logged).not.toContain('the whole file');
    }
    expect(wrapped.cause).toBe(query);
  });
});
