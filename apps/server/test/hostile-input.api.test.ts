import { once } from 'node:events';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aMember, call, expectError } from './support/accounts.js';
import { multipartBody } from './support/multipart.js';
import { useTestApp } from './support/test-app.js';

/**
 * Issue 17's defects, each as a person or a script would hit it: bad input gets a clear 4xx in the app's shape
 * `{status, message, code}`, never a 500; a visitor is asked to log in before anything else is said about the
 * request; framework and HTTP-level refusals speak the same shape; a stalled request is cut off.
 */
const t = useTestApp({ captureLogs: true });
type Member = Awaited<ReturnType<typeof aMember>>;
let member: Member;

beforeAll(async () => {
  member = await aMember(t);
});

const NUL = '\u0000';

describe('a NUL character is a 400 naming the field, wherever it comes', () => {
  it.each([
    '/api/feeds/public?filterText=a%00b',
    '/api/feeds/public?all=a%00',
    '/api/feeds/public?any=%00',
    '/api/feeds/public?none=x%00y',
    '/api/sifts?q=%00',
    '/api/public/v01/channel/search?q=x%00',
    '/api/search?q=cook%00ing',
    '/api/sifts/ab%00cd/feed.atom',
    '/api/playlists/1%00/feed.atom',
  ])('in the address: GET %s', async (url) => {
    expectError(await call(t.app, { method: 'GET', url }), 400, 'VALIDATION');
  });

  it('in a member’s query and in JSON bodies', async () => {
    expectError(await call(t.app, { method: 'GET', url: '/api/playlists?q=%00', token: member.token }), 400, 'VALIDATION', 'q');
    expectError(await call(t.app, { method: 'GET', url: '/api/playlists/wl/videos?q=a%00', token: member.token }), 400, 'VALIDATION', 'q');
    expectError(await call(t.app, { method: 'POST', url: '/api/playlists', token: member.token, payload: { name: `Mix${NUL}tape` } }), 400, 'VALIDATION', 'name');
    expectError(await call(t.app, { method: 'POST', url: '/api/sifts', token: member.token, payload: { name: 'ok', description: `a${NUL}` } }), 400, 'VALIDATION', 'description');
    expectError(await call(t.app, { method: 'PUT', url: '/api/users', token: member.token, payload: { firstName: `Ada${NUL}`, lastName: 'L' } }), 400, 'VALIDATION', 'firstName');
    expectError(await call(t.app, { method: 'POST', url: '/api/subscriptions', token: member.token, payload: { externalId: `UC${NUL}` } }), 400, 'VALIDATION', 'externalId');
    expectError(await call(t.app, { method: 'POST', url: '/api/subscriptions/sifts', token: member.token, payload: { sifts: [`x${NUL}`] } }), 400, 'VALIDATION', 'sifts.0');
  });
});

describe('a lone surrogate is a 400 naming the field, as a NUL is (text entering the database is well-formed)', () => {
  const LONE = '\ud800';
  it.each(['/api/feeds/public?any=%ED%A0%80', `/api/search?q=${encodeURIComponent('a')}%ED%B0%80`])('an ill-formed %-escape in the address: GET %s', async (url) => {
    // A UTF-8 decoder reads these bytes (an encoded surrogate) as U+FFFD, not as a lone surrogate: never a 500.
    expect((await call(t.app, { method: 'GET', url })).status).toBeLessThan(500);
  });

  it('in JSON and form bodies, values and keys alike', async () => {
    expectError(await call(t.app, { method: 'POST', url: '/api/playlists', token: member.token, payload: { name: `Mix${LONE}tape` } }), 400, 'VALIDATION', 'name');
    expectError(await call(t.app, { method: 'POST', url: '/api/sifts', token: member.token, payload: { name: 'ok', description: `\udc00a` } }), 400, 'VALIDATION', 'description');
    expectError(await call(t.app, { method: 'PUT', url: '/api/users', token: member.token, payload: { firstName: 'Ada', lastName: `L${LONE}` } }), 400, 'VALIDATION', 'lastName');
    expectError(await call(t.app, { method: 'POST', url: '/api/subscriptions/sifts', token: member.token, payload: { sifts: ['ok', `x${LONE}`] } }), 400, 'VALIDATION', 'sifts.1');
    const error = expectError(await call(t.app, { method: 'POST', url: '/api/playlists', token: member.token, payload: { name: 'x', [`k${LONE}`]: 1 } }), 400, 'VALIDATION');
    expect(error.message).toMatch(/well-formed/);
    // A form login with an encoded surrogate: the form parser reads it as U+FFFD; never a 500.
    const form = 'username=a%40b.c&password=pw%ED%A0%80';
    expect((await call(t.app, { method: 'POST', url: '/api/login', payload: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBeLessThan(500);
  });
});

describe('ids and cursors that name nothing', () => {
  it.each(['zz', 'null', '1e309', '99999999999999999999999', '-1', '0'])('playlist %s is a 404, as an unknown sift is', async (id) => {
    expectError(await call(t.app, { method: 'GET', url: `/api/playlists/${id}`, token: member.token }), 404, 'NOT_FOUND');
    expectError(await call(t.app, { method: 'GET', url: `/api/playlists/${id}/feed.atom` }), 404, 'NOT_FOUND');
  });

  it('a cursor from the year 33658 is a 400, not a database error', async () => {
    const far = Buffer.from('999999999999999.999999999999999').toString('base64url');
    expectError(await call(t.app, { method: 'GET', url: `/api/feeds/public?next=${far}` }), 400, 'VALIDATION', 'next');
    expectError(await call(t.app, { method: 'GET', url: `/api/me/feeds/videos?next=${far}`, token: member.token }), 400, 'VALIDATION', 'next');
    const farList = Buffer.from(JSON.stringify(['created', 999_999_999_999_999, 1])).toString('base64url');
    expectError(await call(t.app, { method: 'GET', url: `/api/playlists?sort=created&next=${farList}`, token: member.token }), 400, 'VALIDATION', 'next');
  });
});

describe('login is asked before the request is judged', () => {
  it('a visitor’s incomplete update or follow is a 401 (the client then keeps the action and goes to login)', async () => {
    expectError(await call(t.app, { method: 'PUT', url: '/api/users', payload: { firstName: '' } }), 401, 'UNAUTHENTICATED');
    expectError(await call(t.app, { method: 'POST', url: '/api/subscriptions', payload: {} }), 401, 'UNAUTHENTICATED');
    expectError(await call(t.app, { method: 'POST', url: '/api/playlists', payload: { name: 42 } }), 401, 'UNAUTHENTICATED');
    expectError(await call(t.app, { method: 'POST', url: '/api/sifts', payload: 'not json', headers: { 'content-type': 'application/json' } }), 401, 'UNAUTHENTICATED');
  });
});

describe('uploads', () => {
  it('a multipart cover cut before its closing boundary is a 400', async () => {
    const playlist = await call<{ id: number }>(t.app, { method: 'POST', url: '/api/playlists', token: member.token, payload: { name: 'Cut' } });
    const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const body = multipartBody('file', 'cover.png', 'image/png', png);
    const cut = body.payload.subarray(0, body.payload.length - 200);
    expectError(await call(t.app, { method: 'PUT', url: `/api/playlists/${playlist.body.id}/images`, token: member.token, payload: cut, headers: body.headers }), 400);
  });

  it('a cover smaller than 300 × 300 is refused with its size, a large enough one is taken', async () => {
    const playlist = await call<{ id: number }>(t.app, { method: 'POST', url: '/api/playlists', token: member.token, payload: { name: 'Small cover' } });
    const upload = async (width: number, height: number) => {
      const png = await sharp({ create: { width, height, channels: 3, background: '#cc3366' } }).png().toBuffer();
      const body = multipartBody('file', 'cover.png', 'image/png', png);
      return call(t.app, { method: 'PUT', url: `/api/playlists/${playlist.body.id}/images`, token: member.token, payload: body.payload, headers: body.headers });
    };
    const tiny = expectError(await upload(1, 1), 400, 'IMAGE_TOO_SMALL', 'file');
    expect(tiny.message).toContain('1 × 1');
    expectError(await upload(299, 800), 400, 'IMAGE_TOO_SMALL');
    expect((await upload(300, 300)).status).toBe(200);
  });
});

describe('framework and HTTP-level refusals speak the app’s shape', () => {
  it('a malformed %-escape is a 400, a path parameter over 200 characters a 414', async () => {
    expectError(await call(t.app, { method: 'GET', url: '/api/sifts/%E0%A4%A' }), 400, 'BAD_URL');
    expectError(await call(t.app, { method: 'GET', url: `/api/sifts/${'a'.repeat(201)}` }), 414, 'URI_TOO_LONG');
  });

  describe('over a real connection', () => {
    let port: number;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as net.AddressInfo).port;
    });
    afterAll(() => t.app.server.close());

    /** Writes raw bytes and answers the status line and body the server sends back before it closes. */
    async function raw(request: string): Promise<{ status: number; body: string }> {
      const socket = net.connect(port, '127.0.0.1');
      await once(socket, 'connect');
      socket.write(request);
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('latin1')));
      await once(socket, 'close');
      return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]), body: text.slice(text.indexOf('\r\n\r\n') + 4) };
    }

    it('headers over 16 KB are a 431 in the app’s shape', async () => {
      const res = await raw(`GET /api/sifts HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      expect(res.status).toBe(431);
      expect(JSON.parse(res.body)).toEqual({ status: 431, message: expect.any(String), code: 'HEADERS_TOO_LARGE' });
    });

    it('is told apart from the server’s own errors: bytes that are not HTTP are a 400', async () => {
      const res = await raw('HELLO THERE\r\n\r\n');
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    });

    it('a HTTP/1.1 request without Host is a 400 in the app’s shape (Node alone answers it with an empty body)', async () => {
      const res = await raw('GET /api/sifts/categories HTTP/1.1\r\nConnection: close\r\n\r\n');
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toEqual({ status: 400, message: expect.stringMatching(/Host/), code: 'BAD_REQUEST' });
      // HTTP/1.0 needs none, and with one the same request is answered.
      expect((await raw('GET /api/sifts/categories HTTP/1.0\r\n\r\n')).status).toBe(200);
      expect((await raw('GET /api/sifts/categories HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).status).toBe(200);
    });

    it('keeps no connection waiting for ever: the server is set to cut a request that takes over 30 s to arrive', () => {
      // Waiting 30 s in a test would slow every run; the settings Node enforces are what is checked.
      expect(t.app.server.requestTimeout).toBe(30_000);
      expect(t.app.server.headersTimeout).toBe(30_000);
    });
  });
});

describe('the log', () => {
  it('keeps a failed query’s text and the database’s message, never its parameters (a whole import file, say)', async () => {
    const secret = `member data ${'x'.repeat(50)}`;
    const failure: unknown = await t.database.db.execute(sql`SELECT ${secret}::int AS n`).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect(String((failure as Error).message)).toContain(secret);
    const before = t.logs.length;
    t.app.log.error({ err: failure }, 'unhandled error');
    const line = JSON.stringify(t.logs.slice(before));
    expect(line).toContain('unhandled error');
    expect(line).toMatch(/SELECT \$1::int/);
    expect(line).toMatch(/invalid input syntax for type integer/);
    expect(line).toContain('22P02');
    expect(line).not.toContain('member data');
  });
});

describe('security headers', () => {
  it('frame-ancestors alone says who may frame us, HSTS only over HTTPS, and a Permissions-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/sifts/categories' });
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(String(res.headers['permissions-policy'])).toContain('camera=()');
  });
});
