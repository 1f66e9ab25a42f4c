import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../infra/http/errors.js';
import type { SessionUser, TokenService } from './tokens.service.js';

export type AuthHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in member, set by the `optionalUser` / `requireUser` hooks; null for a visitor. */
    user: SessionUser | null;
    /** The bearer token the request came with, once it proved valid. */
    authToken: string | null;
  }
  interface FastifyInstance {
    /** onRequest hook: 401 unless the request carries a valid session token; then `request.user` is set. */
    requireUser: AuthHook;
    /** onRequest hook: a visitor passes with `request.user` null; a token that is not (any more) valid is a 401. */
    optionalUser: AuthHook;
  }
}

const unauthenticated = () => new HttpError(401, 'Log in to continue.', 'UNAUTHENTICATED');
const sessionEnded = () => new HttpError(401, 'Your session has ended. Log in again.', 'UNAUTHENTICATED');

/**
 * The token of `Authorization: Bearer <token>`, or null. A client with nothing stored may still send the header
 * with an empty value or the words null/undefined; no real token looks like those, so they count as no token.
 */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.*)$/i.exec(header.trim());
  const token = match?.[1]?.trim();
  if (!token || token === 'null' || token === 'undefined') return null;
  return token;
}

/**
 * Turns the bearer token into `request.user` for every module: routes add `onRequest: app.requireUser` (or
 * `app.optionalUser`) and read `request.user`; `currentUser(request)` gives the member typed non-null.
 */
export function registerAuthentication(app: FastifyInstance, tokens: TokenService): void {
  app.decorateRequest('user', null);
  app.decorateRequest('authToken', null);

  const resolve = async (request: FastifyRequest, required: boolean) => {
    const token = bearerToken(request);
    if (!token) {
      if (required) throw unauthenticated();
      return;
    }
    const user = await tokens.sessionUser(token);
    if (!user) throw sessionEnded();
    request.user = user;
    request.authToken = token;
  };
  app.decorate('requireUser', (request: FastifyRequest) => resolve(request, true));
  app.decorate('optionalUser', (request: FastifyRequest) => resolve(request, false));
}

/** The member of a route guarded by `requireUser`. */
export function currentUser(request: FastifyRequest): SessionUser & { token: string } {
  if (!request.user || !request.authToken) throw unauthenticated();
  return { ...request.user, token: request.authToken };
}
