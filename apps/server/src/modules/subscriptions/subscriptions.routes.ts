import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  followChannelSchema,
  followSiftsSchema,
  siftParamsSchema,
  subscriptionListSchema,
  subscriptionParamsSchema,
  subscriptionSchema,
  unsubscribeQuerySchema,
  unsubscribeResultSchema,
  updateSubscriptionSchema,
} from '@sift/contracts';
import { HttpError } from '../../infra/http/errors.js';
import { sendJson } from '../../infra/http/send-json.js';
import { currentUser } from '../auth/authenticate.js';
import type { SubscriptionsService } from './subscriptions.service.js';

const error = apiErrorSchema;
const memberErrors = { 400: error, 401: error, 403: error, 404: error };
const UNSUBSCRIBE_PATH = '/api/subscriptions/unsubscribe';

export interface SubscriptionsRouteOptions {
  /** The subscription option (SPEC §5, SUBSCRIPTIONS_ENABLED); default on. */
  enabled?: boolean;
}

export const subscriptionsDisabled = () =>
  new HttpError(403, 'Subscriptions are turned off on this server: channels and sifts cannot be followed.', 'SUBSCRIPTIONS_DISABLED');

/**
 * SPEC §7 "Subscriptions". The spec shows the two follow calls; update, remove and unmute follow the same style
 * (decisions/012-subscriptions.md), and the one-click unsubscribe of notification mails sits beside them.
 */
export const subscriptionsRoutes =
  (subscriptions: SubscriptionsService, options: SubscriptionsRouteOptions = {}): FastifyPluginAsyncZod =>
  async (app) => {
    if (options.enabled === false) {
      // The subscription option is off (SUBSCRIPTIONS_ENABLED=false): every call refuses before login is asked,
      // except the mail's one-click unsubscribe, so that mail sent before the switch can still be stopped.
      app.addHook('onRequest', async (req) => {
        if (req.routeOptions.url !== UNSUBSCRIBE_PATH) throw subscriptionsDisabled();
      });
    }
    app.get(
      '/subscriptions',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['subscriptions'],
          summary: "The member's followed channels and sifts, oldest first (unfollowed ones are not listed)",
          response: { 200: subscriptionListSchema, 401: error },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return sendJson(req, reply, await subscriptions.encodedList(currentUser(req).id));
      },
    );

    app.post(
      '/subscriptions',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['subscriptions'],
          summary:
            'Follows a channel (channelId or externalId). Creates the subscription (201), or updates the existing one (200): an unfollowed or muted one comes back unmuted; frequency defaults to WEEKLY',
          body: followChannelSchema,
          response: { 200: subscriptionSchema, 201: subscriptionSchema, ...memberErrors },
        },
      },
      async (req, reply) => {
        const { subscription, created } = await subscriptions.followChannel(currentUser(req).id, req.body);
        reply.header('location', `/api/subscriptions/${subscription.id}`);
        return reply.status(created ? 201 : 200).send(subscription);
      },
    );

    app.post(
      '/subscriptions/sifts',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['subscriptions'],
          summary:
            "Multi-subscription: follows sifts by hash or id, each as POST /subscriptions does a channel; all or none. One's own sift is refused (409 OWN_SIFT)",
          body: followSiftsSchema,
          response: { 200: subscriptionListSchema, ...memberErrors, 409: error },
        },
      },
      async (req) => ({ items: await subscriptions.followSifts(currentUser(req).id, req.body) }),
    );

    // SPEC §7 Sifts: "follows … as for playlists". Following a sift is its subscription, so both calls are the
    // multi-subscription of one sift and its unfollow, with the same rules.
    app.post(
      '/sifts/:id/follows',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['sifts', 'subscriptions'],
          summary: 'Follows a sift (by hash or id): POST /subscriptions/sifts with this one sift (its owner: 409 OWN_SIFT)',
          params: siftParamsSchema,
          response: { 200: subscriptionSchema, ...memberErrors, 409: error },
        },
      },
      async (req) => {
        const [subscription] = await subscriptions.followSifts(currentUser(req).id, { sifts: [req.params.id] });
        return subscription!;
      },
    );

    app.delete(
      '/sifts/:id/follows',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['sifts', 'subscriptions'],
          summary: 'Unfollows a sift (by hash or id), as DELETE /subscriptions/{id} does',
          params: siftParamsSchema,
          response: { 204: z.null(), ...memberErrors },
        },
      },
      async (req, reply) => {
        await subscriptions.unfollowSift(currentUser(req).id, req.params.id);
        return reply.status(204).send(null);
      },
    );

    app.put(
      '/subscriptions/:id',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['subscriptions'],
          summary: "Changes a subscription's frequency (NONE, IMMEDIATE, DAILY, WEEKLY) and/or mutes it; only its member may",
          params: subscriptionParamsSchema,
          body: updateSubscriptionSchema,
          response: { 200: subscriptionSchema, ...memberErrors },
        },
      },
      (req) => subscriptions.update(currentUser(req).id, req.params.id, req.body),
    );

    app.post(
      '/subscriptions/:id/unmute',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['subscriptions'],
          summary: 'Unmutes a subscription: its videos come back to the feed and its notifications resume',
          params: subscriptionParamsSchema,
          response: { 200: subscriptionSchema, ...memberErrors },
        },
      },
      (req) => subscriptions.unmute(currentUser(req).id, req.params.id),
    );

    app.delete(
      '/subscriptions/:id',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['subscriptions'],
          summary: 'Unfollows: the subscription stops and is marked optOut (following again updates it)',
          params: subscriptionParamsSchema,
          response: { 204: z.null(), ...memberErrors },
        },
      },
      async (req, reply) => {
        await subscriptions.unfollow(currentUser(req).id, req.params.id);
        return reply.status(204).send(null);
      },
    );

    // One-click unsubscribe (RFC 8058): mail clients POST `List-Unsubscribe=One-Click` here; the web page of the
    // mail's link (/unsubscribe?token=) POSTs too. A GET changes nothing (link scanners fetch links).
    app.post(
      '/subscriptions/unsubscribe',
      {
        schema: {
          tags: ['subscriptions'],
          summary: "Sets the token's subscription to frequency NONE (the one-click link of notification mails); no login",
          querystring: unsubscribeQuerySchema,
          response: { 200: unsubscribeResultSchema, 400: error, 404: error },
        },
      },
      (req) => subscriptions.unsubscribeByToken(req.query.token),
    );
  };
