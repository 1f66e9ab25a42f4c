import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, contactMessageSchema, contactSentSchema, contactStatusSchema } from '@sift/contracts';
import type { ContactService } from './contact.service.js';

const error = apiErrorSchema;

/** The contact form of `/contact` (issue 18): not in SPEC §7, so named after the page. */
export const contactRoutes =
  (contact: ContactService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/contact',
      {
        schema: {
          tags: ['contact'],
          summary: 'Whether this instance takes contact messages (CONTACT_EMAIL is set)',
          response: { 200: contactStatusSchema },
        },
      },
      () => ({ enabled: contact.enabled }),
    );

    app.post(
      '/contact',
      {
        schema: {
          tags: ['contact'],
          summary: "Mails a message to the operator (CONTACT_EMAIL), Reply-To the sender. Needs a solved captcha; 404 CONTACT_DISABLED without CONTACT_EMAIL",
          body: contactMessageSchema,
          response: { 202: contactSentSchema, 400: error, 404: error, 429: error, 503: error },
        },
      },
      async (req, reply) => reply.status(202).send(await contact.send(req.body, req.ip)),
    );
  };
