import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, newPipeSubscriptionsSchema } from '@sift/contracts';
import { currentUser } from '../auth/authenticate.js';
import type { ExportsService } from './exports.service.js';

const errors = { 401: apiErrorSchema };
const tags = ['exports'];

/** A download: saved under its name, never kept by a cache (it is the member's own data). */
const asDownload = (reply: FastifyReply, type: string, fileName: string) =>
  reply.header('cache-control', 'no-store').header('content-disposition', `attachment; filename="${fileName}"`).type(type);

/** Issue 16 §3 "Take it out": the member's follows for other apps, and everything they made as a zip. */
export const exportsRoutes =
  (exports: ExportsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/me/exports/subscriptions.opml',
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'The followed channels as OPML 1.1 (text/x-opml): each its YouTube feed (type rss), for feed readers, Invidious and FreeTube',
          response: { 200: z.string(), ...errors },
        },
      },
      async (req, reply) => {
        const file = await exports.subscriptionsOpml(currentUser(req).id);
        return asDownload(reply, 'text/x-opml; charset=utf-8', file.fileName).send(file.body);
      },
    );

    app.get(
      '/me/exports/newpipe.json',
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: "The followed channels in NewPipe's subscriptions export format (NewPipe, FreeTube and LibreTube import it)",
          response: { 200: newPipeSubscriptionsSchema, ...errors },
        },
      },
      async (req, reply) => {
        const file = await exports.newPipe(currentUser(req).id);
        return asDownload(reply, 'application/json; charset=utf-8', file.fileName).send(file.body);
      },
    );

    app.get(
      '/me/exports/data.zip',
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary:
            'Everything the member made, as a zip (application/zip): sift-export.json (profile, follows, playlists with Watch later, sifts) and history.json (watch history), both read back by the import, and README.txt',
          response: { 200: z.string().describe('The zip archive (binary)'), ...errors },
        },
      },
      async (req, reply) => {
        const file = await exports.dataZip(currentUser(req).id);
        return asDownload(reply, 'application/zip', file.fileName).send(Buffer.from(file.body.buffer, file.body.byteOffset, file.body.byteLength));
      },
    );
  };
