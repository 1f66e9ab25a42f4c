import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTH_TOKEN_HEADER,
  REACTIVATED_HEADER,
  ACCOUNT_CREATED_HEADER,
  apiErrorSchema,
  authConfigSchema,
  googleLoginFormSchema,
  googleRegistrationSchema,
  googleVerifyResponseSchema,
  googleVerifySchema,
  loginFormSchema,
  oauthCodeQuerySchema,
  oauthRequestResponseSchema,
  providerParamsSchema,
  userDataSchema,
} from '@sift/contracts';
import { HttpError } from '../../infra/http/errors.js';
import type { AuthService, LoginResult } from './auth.service.js';
import { bearerToken } from './authenticate.js';
import type { CaptchaService } from './captcha.service.js';
import { authConfig } from './auth.page.js';
import type { OidcSignIn } from './oidc.service.js';

export interface AuthRoutesDependencies {
  auth: AuthService;
  captcha: CaptchaService;
  google: OidcSignIn;
  appName: string;
  /** The subscription option (SUBSCRIPTIONS_ENABLED): the web app shows Follow controls only when it is on. */
  subscriptionsEnabled?: boolean;
}

const error = apiErrorSchema;
const loginErrors = { 400: error, 401: error, 403: error, 404: error, 429: error, 503: error };
const captchaChallengeSchema = z.object({ parameters: z.record(z.string(), z.unknown()), signature: z.string().optional() });

/** A login's answer (DESIGN §3): the user data, the token in X-Auth-Token, X-Reactivated when the account came back. */
export function sendLogin(reply: FastifyReply, result: LoginResult, status = 200) {
  reply.status(status).header('cache-control', 'no-store').header(AUTH_TOKEN_HEADER, result.token);
  if (result.reactivated) reply.header(REACTIVATED_HEADER, 'true');
  if (result.created) reply.header(ACCOUNT_CREATED_HEADER, 'true');
  return reply.send(result.user);
}

/** The provider of /oauth2/... paths, whatever its case; Google is the only one. */
function knownProvider(provider: string): 'google' {
  if (provider.toLowerCase() !== 'google') throw new HttpError(404, `Unknown sign-in provider "${provider}".`, 'UNKNOWN_PROVIDER');
  return 'google';
}

/** SPEC §7 "Auth and account": logging in and out, Google sign-in, the captcha challenge, what sign-in offers. */
export const authRoutes =
  ({ auth, captcha, google, appName, subscriptionsEnabled = true }: AuthRoutesDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/login',
      {
        schema: {
          tags: ['auth'],
          summary:
            'Log in with e-mail (username) and password, form-encoded or JSON; the token comes in X-Auth-Token. After too many failed logins on the account, 401 CAPTCHA_REQUIRED until the body carries a solved captcha',
          body: loginFormSchema,
          response: { 200: userDataSchema, ...loginErrors },
        },
      },
      async (req, reply) => sendLogin(reply, await auth.login(req.body, req.ip)),
    );

    app.post(
      '/logout',
      { schema: { tags: ['auth'], summary: 'Ends the session of the bearer token (204 also without one)', response: { 204: z.null() } } },
      async (req, reply) => {
        await auth.logout(bearerToken(req));
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/auth/config',
      {
        schema: {
          tags: ['auth'],
          summary: 'What the web app may offer on this server: Google sign-in, the subscription option (Follow controls)',
          response: { 200: authConfigSchema },
        },
      },
      async () => authConfig(google, appName, subscriptionsEnabled),
    );

    app.get(
      '/captcha/challenge',
      {
        schema: {
          tags: ['auth'],
          summary: 'A signed ALTCHA proof-of-work challenge for sign-up and a login that needs one (valid 10 minutes, redeemable once)',
          response: { 200: captchaChallengeSchema },
        },
      },
      async (_req, reply) => {
        const challenge = await captcha.challenge();
        return reply.header('cache-control', 'no-store').send({ ...challenge, parameters: { ...challenge.parameters } });
      },
    );

    app.get(
      '/oauth2/request/:provider',
      {
        schema: {
          tags: ['auth'],
          summary: "Where to send the browser to sign in with the provider; the state comes in X-Auth-Token",
          params: providerParamsSchema,
          response: { 200: oauthRequestResponseSchema, 404: error, 503: error },
        },
      },
      async (req, reply) => {
        knownProvider(req.params.provider);
        const { location, state } = await google.authorizationRequest();
        return reply.header('cache-control', 'no-store').header(AUTH_TOKEN_HEADER, state).send({ location });
      },
    );

    app.get(
      '/login/oauth2/code/:provider',
      {
        schema: {
          tags: ['auth'],
          summary: "Finishes the provider's sign-in with its code and state: logs in (making the account on first visit)",
          params: providerParamsSchema,
          querystring: oauthCodeQuerySchema,
          response: { 200: userDataSchema, ...loginErrors },
        },
      },
      async (req, reply) => {
        knownProvider(req.params.provider);
        return sendLogin(reply, await google.finishCodeFlow(req.query));
      },
    );

    app.post(
      '/loginGoogle',
      {
        schema: {
          tags: ['auth'],
          summary: 'Logs in with a Google ID token (form ggIdToken); 404 NOT_REGISTERED when it has no account yet',
          body: googleLoginFormSchema,
          response: { 200: userDataSchema, ...loginErrors },
        },
      },
      async (req, reply) => sendLogin(reply, await google.loginWithIdToken(req.body.ggIdToken)),
    );

    app.post(
      '/public/v01/google/verify',
      {
        schema: {
          tags: ['auth'],
          summary: "Whether a Google ID token's person has an account, with the names to pre-fill registration",
          body: googleVerifySchema,
          response: { 200: googleVerifyResponseSchema, ...loginErrors },
        },
      },
      (req) => google.verify(req.body.idToken),
    );

    app.post(
      '/public/v01/google/registration',
      {
        schema: {
          tags: ['auth'],
          summary: "Makes the account of a Google ID token's person (confirmed, with Watch later) and logs in",
          body: googleRegistrationSchema,
          response: { 201: userDataSchema, 409: error, ...loginErrors },
        },
      },
      async (req, reply) => sendLogin(reply, await google.register(req.body), 201),
    );
  };
