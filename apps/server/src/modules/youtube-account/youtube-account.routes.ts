import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountChannelListSchema,
  accountChannelsFollowedSchema,
  accountPlaylistImportSchema,
  accountPlaylistImportsSchema,
  accountPlaylistListSchema,
  accountPlaylistParamsSchema,
  accountProviderParamsSchema,
  apiErrorSchema,
  followAccountChannelsSchema,
  importAccountPlaylistsSchema,
  providerAuthorizationSchema,
  providerCodeSchema,
  videoServiceAccountSchema,
  videoServiceUserStatusSchema,
} from '@sift/contracts';
import { HttpError } from '../../infra/http/errors.js';
import { currentUser } from '../auth/authenticate.js';
import type { AccountPlaylistsService } from './account-playlists.service.js';
import type { YouTubeAccountService } from './youtube-account.service.js';

const tags = ['youtube-account'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 503: apiErrorSchema };
/** SPEC §7 names the provider GOOGLE under /api/idp and youtube under /api/providers; both are the same account here. */
const PROVIDER_NAMES = new Set(['google', 'youtube']);

/** onRequest: 404 UNKNOWN_PROVIDER before the body is looked at. */
async function knownProvider(request: FastifyRequest): Promise<void> {
  const { provider } = request.params as { provider?: string };
  if (!provider || !PROVIDER_NAMES.has(provider.toLowerCase())) {
    throw new HttpError(404, `Unknown provider "${provider ?? ''}": importing works from a YouTube account (GOOGLE, youtube).`, 'UNKNOWN_PROVIDER');
  }
}

/**
 * Issue 16 §1, SPEC §7 "Identity-provider channel import" and "Playlist import": a member connects their YouTube
 * account over OAuth and imports its subscriptions and playlists. Every call needs login, checked before anything
 * else is (onRequest, so a visitor gets 401 whatever they sent), and reads or changes the caller's own state only.
 */
export const youtubeAccountRoutes =
  (account: YouTubeAccountService, playlists: AccountPlaylistsService): FastifyPluginAsyncZod =>
  async (app) => {
    // onRequest: the login (then the provider) is checked before the request is parsed or validated.
    const onRequest = [app.requireUser, knownProvider];

    app.get(
      '/idp/:provider/status',
      {
        onRequest,
        schema: {
          tags,
          summary: 'The video-service user status: the permission check, run now (a token refresh and one cheap call); any failure is OFFLINE',
          params: accountProviderParamsSchema,
          response: { 200: videoServiceUserStatusSchema, ...errors },
        },
      },
      (req) => account.checkStatus(currentUser(req).id),
    );

    app.post(
      '/idp/:provider',
      {
        onRequest,
        schema: {
          tags,
          summary: "Finishes the permission: Google's code (and state) from /oauth2/youtube/callback, exchanged on the server",
          params: accountProviderParamsSchema,
          body: providerCodeSchema,
          response: { 200: videoServiceAccountSchema, ...errors },
        },
      },
      (req) => account.connect(currentUser(req).id, req.body),
    );

    app.get(
      '/idp/:provider/channels',
      {
        onRequest,
        schema: {
          tags,
          summary: "The YouTube account's subscriptions (all pages), each flagged when already followed; externalId = id",
          params: accountProviderParamsSchema,
          response: { 200: accountChannelListSchema, ...errors },
        },
      },
      (req) => account.channels(currentUser(req).id),
    );

    app.post(
      '/idp/:provider/channels',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Follows the channels picked ({ids} or {externalIds}); those already followed stay as they are',
          params: accountProviderParamsSchema,
          body: followAccountChannelsSchema,
          response: { 200: accountChannelsFollowedSchema, ...errors },
        },
      },
      (req) => account.followChannels(currentUser(req).id, req.body),
    );

    app.get(
      '/providers/:provider',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Whether the server offers it, whether the caller connected a YouTube account, and the last status',
          params: accountProviderParamsSchema,
          response: { 200: videoServiceAccountSchema, ...errors },
        },
      },
      (req) => account.describe(currentUser(req).id),
    );

    app.delete(
      '/providers/:provider',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Disconnects: the permission is revoked at Google and the token forgotten (imported playlists and follows stay)',
          params: accountProviderParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (req, reply) => {
        await account.disconnect(currentUser(req).id);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/providers/:provider/authorization',
      {
        onRequest,
        schema: {
          tags,
          summary: "Google's consent page for read-only access to the YouTube account (PKCE, state); send the browser to url",
          params: accountProviderParamsSchema,
          response: { 200: providerAuthorizationSchema, ...errors },
        },
      },
      (req) => account.authorizationUrl(currentUser(req).id),
    );

    app.get(
      '/providers/:provider/code',
      {
        onRequest,
        schema: {
          tags,
          summary: 'The callback handed over by query (?code&state), as POST /api/idp/{provider} takes it in the body',
          params: accountProviderParamsSchema,
          querystring: providerCodeSchema,
          response: { 200: videoServiceAccountSchema, ...errors },
        },
      },
      (req) => account.connect(currentUser(req).id, req.query),
    );

    app.get(
      '/providers/:provider/playlists',
      {
        onRequest,
        schema: {
          tags,
          summary: "The YouTube account's playlists, each flagged imported (with the Sift playlist made from it)",
          params: accountProviderParamsSchema,
          response: { 200: accountPlaylistListSchema, ...errors },
        },
      },
      (req) => playlists.list(currentUser(req).id),
    );

    app.post(
      '/providers/:provider/playlists',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Imports these playlists of the account ({ids}), one job each: PENDING → PROCESSING → CREATED | FAILED',
          params: accountProviderParamsSchema,
          body: importAccountPlaylistsSchema,
          response: { 202: accountPlaylistImportsSchema, ...errors },
        },
      },
      async (req, reply) => reply.status(202).send(await playlists.startImports(currentUser(req).id, req.body.ids)),
    );

    app.get(
      '/providers/:provider/playlists/:id/status',
      {
        onRequest,
        schema: {
          tags,
          summary: "A playlist import's status and progress (0–100), by YouTube's playlist id or the Sift playlist's id",
          params: accountPlaylistParamsSchema,
          response: { 200: accountPlaylistImportSchema, ...errors },
        },
      },
      (req) => playlists.status(currentUser(req).id, req.params.id),
    );
  };
