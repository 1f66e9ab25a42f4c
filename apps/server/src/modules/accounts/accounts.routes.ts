import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  changePasswordSchema,
  confirmResponseSchema,
  resendConfirmationSchema,
  resetPasswordSchema,
  signupResponseSchema,
  signupSchema,
  tokenBodySchema,
} from '@sift/contracts';
import type { AccountsService } from './accounts.service.js';

const error = apiErrorSchema;

/** SPEC §7 "Auth and account": sign-up, e-mail confirmation, password reset. */
export const accountsRoutes =
  (accounts: AccountsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/accounts',
      {
        schema: {
          tags: ['accounts'],
          summary:
            'Sign up: an unconfirmed account and a confirmation mail. Needs a solved captcha. 201 also for an address that has an account (its owner is mailed instead): the answer does not tell who has an account',
          body: signupSchema,
          response: { 201: signupResponseSchema, 400: error, 429: error, 503: error },
        },
      },
      async (req, reply) => reply.status(201).send(await accounts.signUp(req.body, req.ip)),
    );

    app.post(
      '/accounts/confirm',
      {
        schema: {
          tags: ['accounts'],
          summary: "Confirms the e-mail with the mail link's token; 410 when it expired, 400 when unknown or used",
          body: tokenBodySchema,
          response: { 200: confirmResponseSchema, 400: error, 410: error },
        },
      },
      (req) => accounts.confirm(req.body.token),
    );

    app.post(
      '/accounts/resend-confirmation',
      {
        schema: {
          tags: ['accounts'],
          summary:
            'Mails a new confirmation link, or a "confirmed already, log in" note to a confirmed account. 202 whatever the address: the answer does not tell who has an account',
          body: resendConfirmationSchema,
          response: { 202: confirmResponseSchema, 400: error, 429: error, 503: error },
        },
      },
      async (req, reply) => reply.status(202).send(await accounts.resendConfirmation(req.body.email, req.ip)),
    );

    app.post(
      '/accounts/reset-password',
      {
        schema: {
          tags: ['accounts'],
          summary:
            'Mails a link to url?token=… (url must be a page of this app) when the address has an account. 202 whatever the address: the answer does not tell who has an account',
          body: resetPasswordSchema,
          response: { 202: confirmResponseSchema, 400: error, 429: error, 503: error },
        },
      },
      async (req, reply) => reply.status(202).send(await accounts.requestPasswordReset(req.body.email, req.body.url, req.ip)),
    );

    app.put(
      '/accounts/change-password',
      {
        schema: {
          tags: ['accounts'],
          summary: "Sets a new password with the reset link's token and ends every session",
          body: changePasswordSchema,
          response: { 204: z.null(), 400: error, 410: error },
        },
      },
      async (req, reply) => {
        await accounts.changePassword(req.body.token, req.body.password);
        return reply.status(204).send(null);
      },
    );
  };
