import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, reasonSchema, updatePasswordSchema, updateUserSchema, userDataSchema } from '@sift/contracts';
import { currentUser } from '../auth/authenticate.js';
import type { UsersService } from './users.service.js';

const error = apiErrorSchema;
const memberErrors = { 400: error, 401: error, 403: error };
/** The reason is optional: a client may send no body at all (Fastify then has a null body). */
const reasonBody = reasonSchema.nullish();

/** SPEC §7 "User": the page/user data, profile, onboarding, password, and the end of an account. */
export const usersRoutes =
  (users: UsersService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/users',
      {
        onRequest: app.optionalUser,
        schema: {
          tags: ['users'],
          summary: 'The user data; a visitor (no token) gets userIsLoggedIn false, a token that ended gets 401',
          response: { 200: userDataSchema, 401: error },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return req.user ? users.userData(req.user.id) : users.visitor();
      },
    );

    app.put(
      '/users',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['users'],
          summary: "Changes the member's names; logonId must be their own e-mail (changing it is not offered)",
          body: updateUserSchema,
          response: { 200: userDataSchema, ...memberErrors },
        },
      },
      (req) => users.updateProfile(currentUser(req), req.body),
    );

    app.put(
      '/users/onboard',
      { onRequest: app.requireUser, schema: { tags: ['users'], summary: 'Marks onboarding started', response: { 200: userDataSchema, 401: error } } },
      (req) => users.markOnboarded(currentUser(req).id),
    );

    app.put(
      '/users/update-password',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['users'],
          summary: 'Changes the password with the current one; other sessions end, this one stays',
          body: updatePasswordSchema,
          response: { 204: z.null(), ...memberErrors },
        },
      },
      async (req, reply) => {
        const user = currentUser(req);
        await users.updatePassword(user, user.token, req.body);
        return reply.status(204).send(null);
      },
    );

    app.put(
      '/users/deactivate',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['users'],
          summary: 'Deactivates the account (every session ends); logging in again brings it back',
          body: reasonBody,
          response: { 204: z.null(), ...memberErrors },
        },
      },
      async (req, reply) => {
        await users.deactivate(currentUser(req).id, req.body?.reason ?? '');
        return reply.status(204).send(null);
      },
    );

    app.put(
      '/users/delete',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['users'],
          summary: 'Deletes the account and everything it made, for good; only the reason is kept, without the person',
          body: reasonBody,
          response: { 204: z.null(), ...memberErrors },
        },
      },
      async (req, reply) => {
        await users.deleteForGood(currentUser(req).id, req.body?.reason ?? '');
        return reply.status(204).send(null);
      },
    );
  };
