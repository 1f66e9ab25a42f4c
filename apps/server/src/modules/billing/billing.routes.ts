import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, billingStatusSchema, checkoutRequestSchema, checkoutSessionSchema, webhookReceivedSchema } from '@sift/contracts';
import { currentUser } from '../auth/authenticate.js';
import type { BillingService } from './billing.service.js';

const error = apiErrorSchema;
/** Stripe's events are small; a few hundred KiB is far more than any of them. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * PREMIUM and its payment (issue 19, decisions/024): not in SPEC §7, so named after what they do. The member's calls
 * need a login (checked before anything else); the webhook is Stripe's and proves itself by its signature.
 */
export const billingRoutes =
  (billing: BillingService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/billing',
      {
        onRequest: app.optionalUser,
        schema: {
          tags: ['billing'],
          summary: "Whether this instance takes payments, PREMIUM's prices, and the caller's subscription (null for a visitor)",
          response: { 200: billingStatusSchema, 401: error },
        },
      },
      (req) => billing.status(req.user),
    );

    app.post(
      '/billing/checkout',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['billing'],
          summary: 'Starts a hosted Stripe Checkout for PREMIUM (monthly or annual); answers the URL to send the browser to. 404 BILLING_DISABLED without Stripe keys',
          body: checkoutRequestSchema,
          response: { 200: checkoutSessionSchema, 400: error, 401: error, 404: error, 409: error, 429: error, 503: error },
        },
      },
      (req) => billing.checkout(currentUser(req), req.body.interval),
    );

    app.post(
      '/billing/cancel',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['billing'],
          summary: "Cancels the member's subscription at the end of the paid period (PREMIUM until then)",
          response: { 200: billingStatusSchema, 401: error, 404: error, 409: error, 429: error, 503: error },
        },
      },
      (req) => billing.setCancelAtPeriodEnd(currentUser(req), true),
    );

    app.post(
      '/billing/resume',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['billing'],
          summary: 'Takes back a cancellation before the period ends: the subscription renews again',
          response: { 200: billingStatusSchema, 401: error, 404: error, 409: error, 429: error, 503: error },
        },
      },
      (req) => billing.setCancelAtPeriodEnd(currentUser(req), false),
    );

    // Stripe signs the exact bytes it sent: this route (alone, in its own scope) keeps the JSON body as text.
    await app.register(async (webhook) => {
      webhook.removeContentTypeParser('application/json');
      webhook.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) => done(null, body));
      webhook.post(
        '/billing/webhook',
        {
          schema: {
            tags: ['billing'],
            summary: "Stripe's events (checkout completed, subscription created, updated, deleted, payment failed). 400 INVALID_SIGNATURE unless Stripe-Signature verifies",
            response: { 200: webhookReceivedSchema, 400: error, 404: error, 503: error },
          },
        },
        (req) => {
          const signature = req.headers['stripe-signature'];
          return billing.handleWebhook(typeof req.body === 'string' ? req.body : '', Array.isArray(signature) ? signature[0] : signature);
        },
      );
    });
  };
