/**
 * The typed HTTP client for `/api` (SPEC §7, §8; DESIGN §3).
 *
 * - Every call sends `Accept: application/json` and, when a token is stored, `Authorization: Bearer <token>`.
 * - Calls time out after 10 000 ms (AbortController; a call may set its own `timeoutMs`); a timeout, like any call
 *   that got no response, fails with status 0; while the browser says it is offline, with a message that says so
 *   (issue 31) rather than the generic one.
 * - Bodies are JSON, or text; `as: 'blob'` reads a download's bytes whatever its type.
 * - Failures are normalised to `{ status, message }`: the response's `message` field, or the body text, or the
 *   generic text; 401 and 404 carry an empty message and only the status.
 * - A 401 is classified (classifyUnauthorized): on the login-related calls the login data is refreshed and the
 *   call retried once; any other 401 of a call that carried a token logs out and redirects to /login. The app
 *   wires both through `hooks`.
 * - An in-flight counter drives the global loading indicator, which hides after every call.
 */

import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { nextTask } from './idle';
import { preferences } from './storage';
import { createStore } from './store';

/** SPEC §8's message for an error with nothing better to say, in the active language (call it when showing). */
export const genericErrorMessage = () => i18n._(msg`Ooops! A generic error has occurred. Please contact administrator.`);
/**
 * The same in English, for tests. Use genericErrorMessage().
 * @deprecated evaluated once, before any language is chosen.
 */
// eslint-disable-next-line lingui/no-unlocalized-strings -- the English source of genericErrorMessage, for tests
export const GENERIC_ERROR_MESSAGE = 'Ooops! A generic error has occurred. Please contact administrator.';
/** A call that got no response while the browser is offline (issue 31): the cached pages still show. */
const offlineMessage = () => i18n._(msg`You are offline — showing what was saved`);
export const REQUEST_TIMEOUT_MS = 10_000;

/** Whether the browser says it has no network (`navigator.onLine`; only its `false` is to be believed). */
export const browserOffline = () => !navigator.onLine;

export interface NormalisedError {
  status: number;
  message: string;
}

/** A refused field: the server's English `message`, and a `code` when the app words it itself (FieldErrorCode). */
export interface FieldError {
  field: string;
  message: string;
  code?: string;
}

export class ApiRequestError extends Error implements NormalisedError {
  readonly status: number;
  readonly code: string | undefined;
  readonly fields: ReadonlyArray<FieldError> | undefined;

  constructor(err: NormalisedError & { code?: string; fields?: ReadonlyArray<FieldError> }) {
    super(err.message);
    this.name = 'ApiRequestError';
    this.status = err.status;
    this.code = err.code;
    this.fields = err.fields;
  }
}

export const isApiError = (e: unknown): e is ApiRequestError => e instanceof ApiRequestError;

/** SPEC §8: no response at all is an error with status 0; offline, it says so instead of blaming anyone. */
const noResponse = () => new ApiRequestError({ status: 0, message: browserOffline() ? offlineMessage() : genericErrorMessage() });

/** The caller cancelled (e.g. TanStack Query dropping a stale request): not a failure to show anyone. */
export class RequestCancelledError extends Error {
  constructor() {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- for developers; a cancelled request shows nothing
    super('Request cancelled');
    this.name = 'RequestCancelledError';
  }
}

// ---- pure rules ---------------------------------------------------------------------------------------------

/** The "login-related calls" of SPEC §7: a 401 on these refreshes the login data instead of logging out. */
export const LOGIN_RELATED_CALLS: ReadonlyArray<readonly [method: string, path: string]> = [
  ['POST', '/api/login'],
  ['GET', '/api/sifts'],
  ['GET', '/api/playlists'],
  ['GET', '/api/me/feeds/videos'],
  ['POST', '/api/subscriptions'],
  ['POST', '/api/subscriptions/sifts'],
  ['GET', '/api/idp/GOOGLE'],
  ['GET', '/api/idp/GOOGLE/status'],
  ['GET', '/api/idp/GOOGLE/channels'],
];

export type UnauthorizedAction = 'refresh-login' | 'logout';

/** Which way a 401 goes. Matches the path exactly (query string and trailing slash ignored). */
export function classifyUnauthorized(method: string, url: string): UnauthorizedAction {
  const path = stripPath(url);
  const m = method.toUpperCase();
  return LOGIN_RELATED_CALLS.some(([cm, cp]) => cm === m && cp === path) ? 'refresh-login' : 'logout';
}

function stripPath(url: string): string {
  let path = url;
  try {
    path = new URL(url, 'http://x').pathname;
  } catch {
    path = url.split(/[?#]/)[0] ?? url;
  }
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** SPEC §8 message rules, from a status and the raw response body. */
export function errorFromResponse(
  status: number,
  body: string,
): NormalisedError & { code?: string; fields?: FieldError[] } {
  const text = body.trim();
  if (status === 401 || status === 404) {
    // The global error carries only the status; a form may still branch on the code (BAD_CREDENTIALS, ...).
    const code = codeOf(text);
    return code ? { status, message: '', code } : { status, message: '' };
  }
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'object' && parsed !== null) {
        const obj = parsed as { message?: unknown; code?: unknown; fields?: unknown };
        const extra = {
          ...(typeof obj.code === 'string' ? { code: obj.code } : {}),
          ...(Array.isArray(obj.fields) ? { fields: obj.fields as FieldError[] } : {}),
        };
        if (typeof obj.message === 'string' && obj.message.trim()) return { status, message: obj.message, ...extra };
        return { status, message: genericErrorMessage(), ...extra };
      }
      if (typeof parsed === 'string' && parsed.trim()) return { status, message: parsed };
    } catch {
      // Not JSON: a plain-text body is the message, but an HTML error page from a proxy is not worth showing.
      if (!text.startsWith('<')) return { status, message: text };
    }
  }
  return { status, message: genericErrorMessage() };
}

function codeOf(text: string): string | undefined {
  if (!text.startsWith('{')) return undefined;
  try {
    const parsed = JSON.parse(text) as { code?: unknown };
    return typeof parsed.code === 'string' ? parsed.code : undefined;
  } catch {
    return undefined;
  }
}

// ---- global loading and error state ---------------------------------------------------------------------------

/** Number of calls in flight; the loading indicator shows while it is above 0. */
export const inFlight = createStore(0);
/** The last failed call's error (SPEC §8 "global error"); cleared on each navigation. */
export const globalError = createStore<NormalisedError | null>(null);

// ---- the client -----------------------------------------------------------------------------------------------

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  query?: Record<string, QueryValue>;
  /** JSON-encoded unless it is FormData / URLSearchParams. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Send no Authorization header (login: a stale token must not ride along). */
  anonymous?: boolean;
  /**
   * Skip the 401 hooks: the caller handles a 401 itself (logout, whose 401 only means the session had already
   * ended, must not bounce the browser to /login).
   */
  skipAuthHooks?: boolean;
  /** Do not raise the global error for a failure (SPEC §8: a user-data fetch failure is only logged). */
  quiet?: boolean;
  /** Let the request outlive the page (a position saved as the page closes): fetch's keepalive. */
  keepalive?: boolean;
  /** Read the body as a Blob, whatever its type (downloads); otherwise JSON, or text. */
  as?: 'blob';
  /** This call's time limit instead of the client's (a download may take longer than a page of JSON). */
  timeoutMs?: number;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
  status: number;
}

export interface ApiHooks {
  /** Login-related 401: refresh the login data; resolve true to retry the call once. */
  refreshLogin?: () => Promise<boolean>;
  /** Any other 401: log out and go to /login. */
  logout?: () => void;
}

export interface ApiClientOptions {
  fetch?: typeof fetch;
  getToken?: () => string | null;
  timeoutMs?: number;
  hooks?: ApiHooks;
  /** Global loading counter and error sink; the app's defaults unless a test passes its own. */
  loading?: { get(): number; set(n: number): void };
  errors?: { set(e: NormalisedError | null): void };
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    params.append(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

export function createApiClient(options: ApiClientOptions = {}) {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const loading = options.loading ?? inFlight;
  const errors = options.errors ?? globalError;
  const hooks: ApiHooks = { ...options.hooks };

  async function once<T>(path: string, opts: RequestOptions): Promise<ApiResponse<T>> {
    const method = opts.method ?? 'GET';
    const url = buildUrl(path, opts.query);
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    const token = opts.anonymous ? null : options.getToken?.();
    if (token) headers.Authorization = `Bearer ${token}`;

    let body: BodyInit | undefined;
    if (opts.body !== undefined) {
      if (opts.body instanceof FormData || opts.body instanceof URLSearchParams) body = opts.body;
      else {
        body = JSON.stringify(opts.body);
        headers['Content-Type'] = 'application/json';
      }
    }

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, opts.timeoutMs ?? timeoutMs);
    const onCallerAbort = () => controller.abort();
    if (opts.signal?.aborted) controller.abort();
    opts.signal?.addEventListener('abort', onCallerAbort);

    const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    let response: Response;
    try {
      // A request sent as the page unloads (keepalive) leaves at once; the others from a task of their own, unless
      // their caller gave up meanwhile.
      if (!opts.keepalive) {
        await nextTask();
        controller.signal.throwIfAborted();
      }
      response = await doFetch(url, { method, headers, body, signal: controller.signal, credentials: 'same-origin', ...(opts.keepalive ? { keepalive: true } : {}) });
    } catch {
      if (opts.signal?.aborted && !timedOut) throw new RequestCancelledError();
      // Network failure, DNS, CORS or our timeout: no response at all → status 0 (SPEC §8).
      throw noResponse();
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onCallerAbort);
    }

    if (!response.ok) {
      let text = '';
      try {
        text = await response.text();
      } catch {
        /* body unreadable: fall through to the generic message */
      }
      throw new ApiRequestError(errorFromResponse(response.status, text));
    }
    const done = (data: unknown): ApiResponse<T> => ({ data: data as T, headers: response.headers, status: response.status });
    if (response.status === 204) return done(undefined);
    if (opts.as === 'blob') {
      try {
        return done(await response.blob());
      } catch {
        // The connection broke while the body was coming: as good as no response.
        throw noResponse();
      }
    }
    const type = response.headers.get('content-type') ?? '';
    const text = await response.text();
    if (!text) return done(undefined);
    if (type.includes('json')) {
      try {
        return done(JSON.parse(text));
      } catch {
        throw new ApiRequestError({ status: response.status, message: genericErrorMessage() });
      }
    }
    return done(text);
  }

  async function requestFull<T>(path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
    const method = opts.method ?? 'GET';
    loading.set(loading.get() + 1);
    const sentToken = !opts.anonymous && !!options.getToken?.();
    try {
      try {
        return await once<T>(path, opts);
      } catch (err) {
        if (isApiError(err) && err.status === 401 && !opts.skipAuthHooks) {
          if (classifyUnauthorized(method, path) === 'refresh-login') {
            if (hooks.refreshLogin && (await hooks.refreshLogin())) return await once<T>(path, opts);
          } else if (sentToken) {
            // Only a session can end. A call that went without a token (a login-only list refetched in the instant
            // a logout or account deletion cleared the token) must not send the visitor on to /login.
            hooks.logout?.();
          }
        }
        throw err;
      }
    } catch (err) {
      if (isApiError(err) && !opts.quiet) {
        // "Any failed API call clears the previous error and then sets a global error."
        errors.set(null);
        errors.set({ status: err.status, message: err.message });
      }
      if (isApiError(err) && opts.quiet) console.warn(`${method} ${path} failed`, err.status, err.message);
      throw err;
    } finally {
      loading.set(Math.max(0, loading.get() - 1));
    }
  }

  const request = async <T>(path: string, opts: RequestOptions = {}): Promise<T> => (await requestFull<T>(path, opts)).data;

  return {
    request,
    /** Like request(), with the response headers and status (login tokens travel in headers). */
    requestFull,
    get: <T>(path: string, opts: Omit<RequestOptions, 'method' | 'body'> = {}) => request<T>(path, { ...opts, method: 'GET' }),
    post: <T>(path: string, body?: unknown, opts: RequestOptions = {}) => request<T>(path, { ...opts, method: 'POST', body }),
    put: <T>(path: string, body?: unknown, opts: RequestOptions = {}) => request<T>(path, { ...opts, method: 'PUT', body }),
    del: <T>(path: string, opts: RequestOptions = {}) => request<T>(path, { ...opts, method: 'DELETE' }),
    /** Late wiring: the app installs its login/logout handlers once the router exists. */
    setHooks(next: ApiHooks) {
      Object.assign(hooks, next);
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app's client. The token is read per call, so logging in or out takes effect at once. */
export const api = createApiClient({ getToken: () => preferences.get('token') });
