import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, messagesQuerySchema, messagesResponseSchema } from '@sift/contracts';
import type { MessagesService } from './messages.service.js';

export const messagesRoutes =
  (messages: MessagesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/public/v01/content/messages',
      {
        schema: {
          tags: ['messages'],
          summary: 'Site messages (info, warn, system) for a page location; pageId defaults to 44',
          querystring: messagesQuerySchema,
          response: { 200: messagesResponseSchema, 400: apiErrorSchema },
        },
      },
      (req) => messages.forPage(req.query.pageId),
    );
  };
