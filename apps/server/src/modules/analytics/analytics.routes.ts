import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANALYTICS_EVENTS_PATH, analyticsAcceptedSchema, analyticsBatchSchema, apiErrorSchema } from '@sift/contracts';
import { HttpError } from '../../infra/http/errors.js';
import type { AnalyticsService } from './analytics.service.js';

const error = apiErrorSchema;
const MAX_BODY_BYTES = 64 * 1024;

/** Sift's own analytics endpoint (decisions/020), in place of any third-party tracker. */
export const analyticsRoutes =
  (analytics: AnalyticsService): FastifyPluginAsyncZod =>
  async (app) => {
    // navigator.sendBeacon(url, string) sends text/plain (a CORS-safe type, no preflight): in this plugin only, such a
    // body is read as the JSON it is.
    app.removeContentTypeParser('text/plain');
    app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: MAX_BODY_BYTES }, app.getDefaultJsonParser('error', 'error'));

    app.post(
      ANALYTICS_EVENTS_PATH.replace(/^\/api/, ''),
      {
        bodyLimit: MAX_BODY_BYTES,
        // No login needed; a member's session links the events to them. A session that has ended only makes the events
        // a visitor's: a beacon sent as a page closes has nobody to tell about a 401.
        onRequest: async (request, reply) => {
          try {
            await app.optionalUser(request, reply);
          } catch (error) {
            // Only an ended session is forgiven; a database that cannot be read is an error here as anywhere.
            if (!(error instanceof HttpError && error.status === 401)) throw error;
            request.user = null;
          }
        },
        schema: {
          tags: ['analytics'],
          summary: 'Stores a batch of eca_* events (JSON, or text/plain JSON as navigator.sendBeacon sends it); sent only after cookie consent',
          body: analyticsBatchSchema,
          response: { 202: analyticsAcceptedSchema, 400: error, 413: error, 415: error, 429: error },
        },
      },
      async (req, reply) => reply.status(202).send(await analytics.record(req.body, req.user, req.ip)),
    );
  };
