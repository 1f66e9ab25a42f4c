import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError } from '@sift/contracts';
import { databaseRefusal } from '../db/query-bounds.js';
import { OVERLOADED_MESSAGE, RETRY_AFTER_SECONDS } from './load-shedding.js';

/**
 * Errors a service throws on purpose. The error handler turns them into the JSON error shape of DESIGN §3;
 * anything else is a bug and becomes a logged 500 without internals in the body.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fields?: ApiError['fields'],
    /** Response headers that belong to the error, such as Retry-After on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`, 'NOT_FOUND');
export const badRequest = (message: string, fields?: ApiError['fields']) =>
  new HttpError(400, message, 'VALIDATION', fields);

function send(reply: FastifyReply, body: ApiError, headers: Record<string, string> = {}) {
  return reply.status(body.status).headers(headers).type('application/json; charset=utf-8').send(body);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return send(reply, {
        status: error.status,
        message: error.message,
        ...(error.code ? { code: error.code } : {}),
        ...(error.fields ? { fields: error.fields } : {}),
      }, error.headers);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Fastify validates one part of the request at a time (params, then querystring, then body).
      const part = error.validationContext ?? 'request';
      const fields = error.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || part,
        message: v.message ?? 'is invalid',
      }));
      const summary = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
      return send(reply, { status: 400, message: `Invalid ${part}: ${summary}`, code: 'VALIDATION', fields });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return send(reply, { status, message: error.message, code: 'RATE_LIMITED' });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON (400), too large (413), wrong content type (415) ...
      return send(reply, { status, message: error.message, code: error.code });
    }
    const refusal = databaseRefusal(error);
    if (refusal) {
      // Past a request's bounds on the database (infra/db/query-bounds.ts): the client may try again shortly.
      const retryAfter = { 'Retry-After': String(RETRY_AFTER_SECONDS) };
      if (refusal === 'busy') return send(reply, { status: 503, message: OVERLOADED_MESSAGE, code: 'OVERLOADED' }, retryAfter);
      // A statement cut off by its timeout is a read to make faster: logged with its route, not its parameters.
      request.log.warn({ route: request.routeOptions.url }, 'a query took longer than DATABASE_STATEMENT_TIMEOUT_MS and was cancelled');
      return send(reply, { status: 503, message: 'This took too long to look up. Try again in a few seconds.', code: 'QUERY_TIMEOUT' }, retryAfter);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, { status: 500, message: 'Internal server error', code: 'INTERNAL' });
  });
}

export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, { status: 404, message: `No route for ${request.method} ${request.url.split('?')[0]}`, code: 'NOT_FOUND' });
}

/**
 * Fastify's router refuses some addresses before any route runs (a malformed %-escape, a path parameter over
 * `maxParamLength`): they answer in the app's shape too (the `frameworkErrors` option).
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return send(reply, { status: 414, message: 'A part of the address is too long.', code: 'URI_TOO_LONG' });
  }
  return send(reply, { status: 400, message: 'The address is not valid: it has a malformed %-escape.', code: 'BAD_URL' });
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (headers over 16 KB, a request that took longer
 * than `requestTimeout` to arrive, bytes that are not HTTP), answered in the app's shape (the `clientErrorHandler`
 * option) and then the connection closed.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message, code] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request headers are too large.', 'HEADERS_TOO_LARGE']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive.', 'REQUEST_TIMEOUT']
        : [400, 'The request is not valid HTTP.', 'BAD_REQUEST'];
  const body = JSON.stringify({ status, message, code });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * HTTP/1.1 requires a Host header. Node refuses a request without one itself (`requireHostHeader`), with a bare 400
 * and no body, before the app sees it; the app turns Node's check off (`http: { requireHostHeader: false }`) and makes
 * it here, as the first hook of every request, so the refusal speaks the app's shape. HTTP/1.0 needs no Host.
 */
export async function requireHostHeader(request: FastifyRequest): Promise<void> {
  const { headers, httpVersionMajor, httpVersionMinor } = request.raw;
  if (headers.host === undefined && httpVersionMajor === 1 && httpVersionMinor >= 1) {
    throw new HttpError(400, 'The request has no Host header, which HTTP/1.1 requires.', 'BAD_REQUEST');
  }
}
