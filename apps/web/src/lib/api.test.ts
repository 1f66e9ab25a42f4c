import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiRequestError,
  GENERIC_ERROR_MESSAGE,
  REQUEST_TIMEOUT_MS,
  RequestCancelledError,
  classifyUnauthorized,
  createApiClient,
  errorFromResponse,
  type NormalisedError,
} from './api';

type FetchArgs = [input: string, init: RequestInit];

function respond(status: number, body: string, contentType = 'application/json') {
  return vi.fn(async (...args: FetchArgs) => {
    void args;
    return new Response(body, { status, headers: { 'content-type': contentType } });
  });
}

function setup(fetchImpl: (...args: FetchArgs) => Promise<Response>, token: string | null = null) {
  let loading = 0;
  const errors: Array<NormalisedError | null> = [];
  const loadingLog: number[] = [];
  const client = createApiClient({
    fetch: fetchImpl as unknown as typeof fetch,
    getToken: () => token,
    loading: {
      get: () => loading,
      set: (n) => {
        loading = n;
        loadingLog.push(n);
      },
    },
    errors: { set: (e) => errors.push(e) },
  });
  return { client, errors, loadingLog, loading: () => loading };
}

async function failure(p: Promise<unknown>): Promise<ApiRequestError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiRequestError) return e;
    throw e;
  }
  throw new Error('expected the call to fail');
}

describe('request headers', () => {
  it('sends Accept: application/json and no Authorization without a token', async () => {
    const fetchMock = respond(200, '{"ok":true}');
    const { client } = setup(fetchMock);
    await expect(client.get('/api/feeds/public')).resolves.toEqual({ ok: true });
    const [, init] = fetchMock.mock.calls[0]!;
    const headers = init.headers as Record<string, string>;
    expect(headers.Accept).toBe('application/json');
    expect(headers.Authorization).toBeUndefined();
  });

  it('sends the stored token as a Bearer token', async () => {
    const fetchMock = respond(200, '{}');
    const { client } = setup(fetchMock, 'tok-123');
    await client.get('/api/users');
    const headers = fetchMock.mock.calls[0]![1].headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok-123');
  });

  it('builds the query string, skipping empty values', async () => {
    const fetchMock = respond(200, '{}');
    const { client } = setup(fetchMock);
    await client.get('/api/feeds/public', { query: { limit: 50, next: undefined, q: '', s: 'a b' } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/feeds/public?limit=50&s=a+b');
  });

  it('sends JSON bodies with a content type', async () => {
    const fetchMock = respond(201, '{"id":1}');
    const { client } = setup(fetchMock);
    await client.post('/api/playlists', { name: 'x' });
    const init = fetchMock.mock.calls[0]![1];
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"x"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });
});

describe('error normalisation (SPEC §8)', () => {
  it('uses the response message field', async () => {
    const { client, errors } = setup(respond(400, '{"status":400,"message":"limit must be at most 100"}'));
    const err = await failure(client.get('/api/feeds/public'));
    expect(err).toMatchObject({ status: 400, message: 'limit must be at most 100' });
    // The previous error is cleared, then the new one set.
    expect(errors).toEqual([null, { status: 400, message: 'limit must be at most 100' }]);
  });

  it('falls back to a plain-text body', async () => {
    const { client } = setup(respond(500, 'Database is down', 'text/plain'));
    expect(await failure(client.get('/api/x'))).toMatchObject({ status: 500, message: 'Database is down' });
  });

  it('uses the generic text when there is no message or body', async () => {
    const { client } = setup(respond(500, ''));
    expect(await failure(client.get('/api/x'))).toMatchObject({ status: 500, message: GENERIC_ERROR_MESSAGE });
    expect(GENERIC_ERROR_MESSAGE).toBe('Ooops! A generic error has occurred. Please contact administrator.');
    expect(errorFromResponse(502, '<html><body>Bad gateway</body></html>').message).toBe(GENERIC_ERROR_MESSAGE);
    expect(errorFromResponse(500, '{"error":"x"}').message).toBe(GENERIC_ERROR_MESSAGE);
  });

  it('gives 401 and 404 an empty message and only the status', async () => {
    const { client, errors } = setup(respond(404, '{"status":404,"message":"Video not found"}'));
    const err = await failure(client.get('/api/videos/nope'));
    expect(err.status).toBe(404);
    expect(err.message).toBe('');
    expect(errors.at(-1)).toEqual({ status: 404, message: '' });
    expect(errorFromResponse(401, '{"message":"Unauthorized"}')).toEqual({ status: 401, message: '' });
  });

  it('keeps code and fields for forms', () => {
    const e = errorFromResponse(400, '{"message":"Invalid","code":"VALIDATION","fields":[{"field":"name","message":"required"}]}');
    expect(e).toEqual({ status: 400, message: 'Invalid', code: 'VALIDATION', fields: [{ field: 'name', message: 'required' }] });
  });

  it('gives status 0 when there is no response at all', async () => {
    const { client } = setup(vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await failure(client.get('/api/feeds/public'))).toMatchObject({ status: 0 });
  });

  it('says the browser is offline, not that something broke, when there is no response and no network (issue 31)', async () => {
    const { client, errors } = setup(vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      expect(await failure(client.get('/api/feeds/public'))).toMatchObject({ status: 0, message: 'You are offline — showing what was saved' });
      expect(errors.at(-1)).toEqual({ status: 0, message: 'You are offline — showing what was saved' });
    } finally {
      onLine.mockRestore();
    }
    // Online, no response is still the generic failure.
    expect(await failure(client.get('/api/feeds/public'))).toMatchObject({ status: 0, message: GENERIC_ERROR_MESSAGE });
  });
});

describe('timeout', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A fetch that never answers but rejects when its signal aborts, as the real one does. */
  const hangingFetch = () =>
    vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );

  it('aborts after 10 000 ms with status 0', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(10_000);
    const fetchMock = hangingFetch();
    const { client } = setup(fetchMock);
    let settled: unknown = 'pending';
    const p = client.get('/api/feeds/public').then(
      () => (settled = 'resolved'),
      (e: unknown) => (settled = e),
    );
    await vi.advanceTimersByTimeAsync(9_999);
    expect(settled).toBe('pending');
    expect(fetchMock.mock.calls[0]![1].signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await p;
    expect(settled).toBeInstanceOf(ApiRequestError);
    expect((settled as ApiRequestError).status).toBe(0);
    expect(fetchMock.mock.calls[0]![1].signal?.aborted).toBe(true);
  });

  it('reports a caller cancellation as cancelled, not as an error', async () => {
    const { client, errors } = setup(hangingFetch());
    const controller = new AbortController();
    const p = client.get('/api/feeds/public', { signal: controller.signal });
    controller.abort();
    await expect(p).rejects.toBeInstanceOf(RequestCancelledError);
    expect(errors).toEqual([]);
  });

  it("takes a call's own limit (downloads)", async () => {
    const fetchMock = hangingFetch();
    const { client } = setup(fetchMock);
    const p = client.get('/api/me/exports/data.zip', { timeoutMs: 60_000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(fetchMock.mock.calls[0]![1].signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(50_000);
    expect(((await p) as ApiRequestError).status).toBe(0);
  });
});

describe('downloads', () => {
  it("reads the body as a Blob with as: 'blob', whatever its type", async () => {
    // (Node's fetch makes Node's Blob, not jsdom's: compared by what it does.)
    const { client } = setup(respond(200, '<opml version="1.1"/>', 'text/x-opml; charset=utf-8'), 'tok');
    const res = await client.requestFull<Blob>('/api/me/exports/subscriptions.opml', { as: 'blob' });
    expect(res.data.size).toBe(21);
    expect(await res.data.text()).toBe('<opml version="1.1"/>');
    const json = await setup(respond(200, '{"subscriptions":[]}')).client.request<Blob>('/api/me/exports/newpipe.json', { as: 'blob' });
    expect(await json.text()).toBe('{"subscriptions":[]}');
  });
});

describe('loading indicator', () => {
  it('counts calls in flight and hides after every call, failed ones included', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const fetchMock = vi.fn(async (url: string) => {
      if (url.includes('slow')) await gate;
      return url.includes('fail') ? new Response('', { status: 500 }) : new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const { client, loading } = setup(fetchMock);
    const slow = client.get('/api/slow');
    const failing = client.get('/api/fail').catch(() => undefined);
    expect(loading()).toBe(2);
    await failing;
    expect(loading()).toBe(1);
    release();
    await slow;
    expect(loading()).toBe(0);
  });
});

describe('401 handling (SPEC §7)', () => {
  it('classifies the login-related calls', () => {
    expect(classifyUnauthorized('POST', '/api/login')).toBe('refresh-login');
    expect(classifyUnauthorized('get', '/api/sifts?limit=50')).toBe('refresh-login');
    expect(classifyUnauthorized('GET', '/api/playlists')).toBe('refresh-login');
    expect(classifyUnauthorized('GET', '/api/me/feeds/videos')).toBe('refresh-login');
    expect(classifyUnauthorized('POST', '/api/subscriptions')).toBe('refresh-login');
    expect(classifyUnauthorized('POST', '/api/subscriptions/sifts')).toBe('refresh-login');
    expect(classifyUnauthorized('GET', '/api/idp/GOOGLE')).toBe('refresh-login');
    expect(classifyUnauthorized('GET', '/api/idp/GOOGLE/status')).toBe('refresh-login');
    expect(classifyUnauthorized('GET', '/api/idp/GOOGLE/channels')).toBe('refresh-login');
  });

  it('sends every other 401 to logout', () => {
    expect(classifyUnauthorized('GET', '/api/users')).toBe('logout');
    expect(classifyUnauthorized('POST', '/api/sifts')).toBe('logout'); // creating is not in the list
    expect(classifyUnauthorized('GET', '/api/sifts/abc')).toBe('logout');
    expect(classifyUnauthorized('GET', '/api/playlists/1/videos')).toBe('logout');
  });

  it('logs out on a 401 outside the list', async () => {
    const { client } = setup(respond(401, ''), 'expired');
    const logout = vi.fn();
    const refreshLogin = vi.fn(async () => true);
    client.setHooks({ logout, refreshLogin });
    expect((await failure(client.get('/api/users'))).status).toBe(401);
    expect(logout).toHaveBeenCalledOnce();
    expect(refreshLogin).not.toHaveBeenCalled();
  });

  it('logs nobody out on a 401 of a call sent without a token (there was no session to end)', async () => {
    const { client } = setup(respond(401, ''));
    const logout = vi.fn();
    client.setHooks({ logout });
    expect((await failure(client.get('/api/subscriptions'))).status).toBe(401);
    expect(logout).not.toHaveBeenCalled();
  });

  it('refreshes the login and retries a login-related call once', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response('', { status: 401 }))
      .mockResolvedValueOnce(new Response('{"items":[]}', { status: 200, headers: { 'content-type': 'application/json' } }));
    const { client } = setup(fetchMock);
    const logout = vi.fn();
    const refreshLogin = vi.fn(async () => true);
    client.setHooks({ logout, refreshLogin });
    await expect(client.get('/api/sifts')).resolves.toEqual({ items: [] });
    expect(refreshLogin).toHaveBeenCalledOnce();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(logout).not.toHaveBeenCalled();
  });

  it('does not retry more than once', async () => {
    const fetchMock = vi.fn(async () => new Response('', { status: 401 }));
    const { client } = setup(fetchMock);
    client.setHooks({ refreshLogin: async () => true });
    expect((await failure(client.get('/api/playlists'))).status).toBe(401);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('account call options', () => {
  it('keeps the code of a 401 for forms, with the empty message of SPEC §8', async () => {
    const { client, errors } = setup(respond(401, '{"status":401,"message":"Wrong e-mail or password","code":"BAD_CREDENTIALS"}'));
    const err = await failure(client.post('/api/login', new URLSearchParams({ username: 'a', password: 'b' })));
    expect(err).toMatchObject({ status: 401, message: '', code: 'BAD_CREDENTIALS' });
    expect(errors.at(-1)).toEqual({ status: 401, message: '' });
  });

  it('anonymous calls carry no token', async () => {
    const fetchMock = respond(200, '{}');
    const { client } = setup(fetchMock, 'stale');
    await client.post('/api/login', undefined, { anonymous: true });
    expect((fetchMock.mock.calls[0]![1].headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('skipAuthHooks: a 401 neither logs out nor refreshes (logout of an ended session)', async () => {
    const { client } = setup(respond(401, ''), 'tok');
    const logout = vi.fn();
    client.setHooks({ logout, refreshLogin: vi.fn(async () => true) });
    expect((await failure(client.post('/api/logout', undefined, { skipAuthHooks: true }))).status).toBe(401);
    expect(logout).not.toHaveBeenCalled();
  });

  it('quiet calls do not raise the global error (SPEC §8: a user-data fetch failure is only logged)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { client, errors } = setup(respond(500, '{"message":"down"}'));
    await failure(client.get('/api/users', { quiet: true }));
    expect(errors).toEqual([]);
    warn.mockRestore();
  });

  it('requestFull gives the response headers (login tokens travel in X-Auth-Token)', async () => {
    const fetchMock = vi.fn(async () => new Response('{"firstName":"Ann"}', { status: 200, headers: { 'content-type': 'application/json', 'x-auth-token': 'tok-9' } }));
    const { client } = setup(fetchMock);
    const res = await client.requestFull<{ firstName: string }>('/api/login', { method: 'POST' });
    expect(res.data.firstName).toBe('Ann');
    expect(res.headers.get('x-auth-token')).toBe('tok-9');
    expect(res.status).toBe(200);
  });
});
