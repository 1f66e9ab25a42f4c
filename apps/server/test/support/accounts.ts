import { apiErrorSchema, AUTH_TOKEN_HEADER, userDataSchema, type UserData } from '@sift/contracts';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestContext } from './test-app.js';

/** Account helpers for API tests: everything goes through the HTTP API, as the browser would. */

let sequence = 0;
/** A fresh, valid e-mail address (unique per call within a run). */
export const anEmail = (name = 'member') => `${name}.${process.pid}.${Date.now().toString(36)}.${++sequence}@example.com`;
export const GOOD_PASSWORD = 'violet harbour lamp 42';

export interface Res<T = unknown> {
  status: number;
  body: T;
  headers: LightMyRequestResponse['headers'];
}

export async function call<T = unknown>(app: FastifyInstance, options: InjectOptions & { token?: string | undefined }): Promise<Res<T>> {
  const { token, headers, ...rest } = options;
  const res = await app.inject({ ...rest, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  const text = res.body;
  return { status: res.statusCode, body: (text ? JSON.parse(text) : undefined) as T, headers: res.headers };
}

/** Asserts the error shape of DESIGN §3, and the code and failing field when given. */
export function expectError(res: Res, status: number, code?: string, field?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const error = apiErrorSchema.parse(res.body);
  expect(error.status).toBe(status);
  expect(error.message.length).toBeGreaterThan(0);
  if (code) expect(error.code).toBe(code);
  if (field) expect(error.fields?.map((f) => f.field)).toContain(field);
  return error;
}

/** Fetches a challenge and solves it as the browser widget does; answers the `captcha` payload. */
export async function solveCaptcha(app: FastifyInstance): Promise<string> {
  const res = await call<Challenge>(app, { method: 'GET', url: '/api/captcha/challenge' });
  expect(res.status).toBe(200);
  const solution = await solveChallenge({ challenge: res.body, deriveKey });
  expect(solution).not.toBeNull();
  return Buffer.from(JSON.stringify({ challenge: res.body, solution })).toString('base64');
}

export interface SignUpInput {
  email?: string;
  firstName?: string;
  lastName?: string;
  password?: string;
  captcha?: string;
  /** The browser's language, sent with the sign-up (the mails are written in it). */
  locale?: string;
  /** The client's address (rate limits count per address). */
  remoteAddress?: string;
}

export async function signUp(app: FastifyInstance, input: SignUpInput = {}) {
  const body = {
    email: input.email ?? anEmail(),
    firstName: input.firstName ?? 'Ada',
    lastName: input.lastName ?? 'Lovelace',
    password: input.password ?? GOOD_PASSWORD,
    captcha: input.captcha ?? (await solveCaptcha(app)),
    ...(input.locale ? { locale: input.locale } : {}),
  };
  const remoteAddress = input.remoteAddress ? { remoteAddress: input.remoteAddress } : {};
  return { body, res: await call<{ email: string }>(app, { method: 'POST', url: '/api/accounts', payload: body, ...remoteAddress }) };
}

/** The token at the end of a link such as http://sift.test/confirmRegistration/<token> or ...?token=<token>. */
export function tokenOf(link: string): string {
  const url = new URL(link);
  return url.searchParams.get('token') ?? url.pathname.split('/').pop()!;
}

export async function login(app: FastifyInstance, email: string, password: string = GOOD_PASSWORD, extra: Partial<InjectOptions> = {}) {
  return call<UserData>(app, {
    method: 'POST',
    url: '/api/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username: email, password }).toString(),
    ...extra,
  });
}

/** A confirmed member made through sign-up and the confirmation mail; answers their e-mail and a session token. */
export async function aMember(t: TestContext, input: SignUpInput = {}): Promise<{ email: string; password: string; token: string; user: UserData }> {
  const { body, res } = await signUp(t.app, input);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const mail = t.mailer.last(body.email);
  expect(mail?.link).toBeDefined();
  const confirmed = await call(t.app, { method: 'POST', url: '/api/accounts/confirm', payload: { token: tokenOf(mail!.link!) } });
  expect(confirmed.status).toBe(200);
  const loggedIn = await login(t.app, body.email, body.password, input.remoteAddress ? { remoteAddress: input.remoteAddress } : {});
  expect(loggedIn.status, JSON.stringify(loggedIn.body)).toBe(200);
  const token = loggedIn.headers[AUTH_TOKEN_HEADER];
  expect(typeof token).toBe('string');
  return { email: body.email, password: body.password, token: token as string, user: userDataSchema.parse(loggedIn.body) };
}
