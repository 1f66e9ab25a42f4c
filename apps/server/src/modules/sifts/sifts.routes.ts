import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  createSiftSchema,
  pagedVideosSchema,
  siftCategoriesSchema,
  siftChannelInputSchema,
  siftExploreSchema,
  siftChannelParamsSchema,
  siftListQuerySchema,
  siftListSchema,
  siftParamsSchema,
  siftPreviewRequestSchema,
  siftPreviewSchema,
  siftSchema,
  siftSimilarQuerySchema,
  similarSiftsSchema,
  updateSiftSchema,
  videoPageQuerySchema,
} from '@sift/contracts';
import { readUploadedFile } from '../../infra/files/upload.js';
import { sendJson } from '../../infra/http/send-json.js';
import type { WatchedOverlay } from '../history/watched-overlay.js';
import { MAX_COVER_BYTES } from '../../infra/images/cover-image.js';
import { currentUser } from '../auth/authenticate.js';
import type { SiftsService } from './sifts.service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** SPEC §7 "Sifts". Reads are open to visitors (public sifts); writes need login, and changes need the owner. */
export const siftsRoutes =
  (sifts: SiftsService, watched: WatchedOverlay): FastifyPluginAsyncZod =>
  async (app) => {
    const viewer = (req: { user: { id: number } | null }) => req.user?.id ?? null;

    app.get(
      '/sifts',
      {
        onRequest: app.optionalUser,
        schema: {
          tags: ['sifts'],
          summary:
            'Sifts: logged in, mine (following=false, the default) or the ones I follow (following=true); a visitor, public ones. ' +
            'With channel={externalId} or category={id}, anyone: the public sifts that include that channel or have that category, most followed first',
          querystring: siftListQuerySchema,
          response: { 200: siftListSchema, ...errors },
        },
      },
      async (req, reply) => {
        if (req.query.channel === undefined && req.query.category === undefined) return sifts.list(req.query, viewer(req));
        // Discovery lists are the same for everyone: kept encoded under the directory's version (decisions/044).
        return sendJson(req, reply as FastifyReply, await sifts.encodedDiscoveryList(req.query, viewer(req)));
      },
    );

    app.get(
      '/sifts/explore',
      {
        onRequest: app.optionalUser,
        schema: {
          tags: ['sifts'],
          summary: "Explore's first screen, the same for everyone: the most followed public sifts, this week's new ones, and the categories that have public sifts",
          response: { 200: siftExploreSchema },
        },
      },
      async (req, reply) => sendJson(req, reply as FastifyReply, await sifts.encodedExplore(viewer(req))),
    );

    app.get(
      '/sifts/categories',
      { schema: { tags: ['sifts'], summary: 'The categories a sift can have', response: { 200: siftCategoriesSchema } } },
      async (req, reply) => sendJson(req, reply as FastifyReply, await sifts.encodedCategories()),
    );

    app.post(
      '/sifts/preview',
      {
        schema: {
          tags: ['sifts'],
          summary: 'Live preview of rules being edited: how many videos of these channels match, and the newest few',
          body: siftPreviewRequestSchema,
          response: { 200: siftPreviewSchema, 400: apiErrorSchema },
        },
      },
      (req) => sifts.preview(req.body),
    );

    app.get(
      '/sifts/:id',
      {
        onRequest: app.optionalUser,
        schema: { tags: ['sifts'], summary: 'A sift by hash or id (private ones only for their owner)', params: siftParamsSchema, response: { 200: siftSchema, ...errors } },
      },
      (req) => sifts.get(req.params.id, viewer(req)),
    );

    app.get(
      '/sifts/:id/videos',
      {
        onRequest: app.optionalUser,
        // The hottest read (issue 6's feed budget): pages are kept encoded, gzip included (SiftsService.encodedVideos).
        schema: {
          tags: ['sifts'],
          summary: "The sift's matching videos, newest first, paged by the opaque cursor `next`; hideWatched=true leaves out what the member watched or dismissed",
          params: siftParamsSchema,
          querystring: videoPageQuerySchema,
          response: { 200: pagedVideosSchema, ...errors },
        },
      },
      async (req, reply) =>
        watched.send(req, reply as FastifyReply, await sifts.encodedVideos(req.params.id, viewer(req), req.query.limit, req.query.next, req.query.hideWatched)),
    );

    app.get(
      '/sifts/:id/similar',
      {
        onRequest: app.optionalUser,
        schema: {
          tags: ['sifts'],
          summary: 'Public sifts sharing channels with this one (public, or the caller’s own), most shared channels first, then most followed',
          params: siftParamsSchema,
          querystring: siftSimilarQuerySchema,
          response: { 200: similarSiftsSchema, ...errors },
        },
      },
      async (req, reply) => sendJson(req, reply as FastifyReply, await sifts.encodedSimilar(req.params.id, viewer(req), req.query.limit)),
    );

    app.post(
      '/sifts',
      {
        onRequest: app.requireUser,
        schema: { tags: ['sifts'], summary: 'Create a sift (the new id also in Location)', body: createSiftSchema, response: { 201: siftSchema, ...errors } },
      },
      async (req, reply) => {
        const sift = await sifts.create(req.body, currentUser(req).id);
        return reply.status(201).header('Location', `/api/sifts/${sift.id}`).send(sift);
      },
    );

    app.put(
      '/sifts/:id',
      {
        onRequest: app.requireUser,
        schema: { tags: ['sifts'], summary: 'Update a sift (owner only)', params: siftParamsSchema, body: updateSiftSchema, response: { 200: siftSchema, ...errors } },
      },
      (req) => sifts.update(req.params.id, req.body, currentUser(req).id),
    );

    app.post(
      '/sifts/:id/copy',
      {
        onRequest: app.requireUser,
        schema: { tags: ['sifts'], summary: 'Copy a sift into my sifts (private)', params: siftParamsSchema, response: { 201: siftSchema, ...errors } },
      },
      async (req, reply) => {
        const sift = await sifts.copy(req.params.id, currentUser(req).id);
        return reply.status(201).header('Location', `/api/sifts/${sift.id}`).send(sift);
      },
    );

    app.delete(
      '/sifts/:id',
      {
        onRequest: app.requireUser,
        schema: { tags: ['sifts'], summary: 'Delete a sift (owner only)', params: siftParamsSchema, response: { 204: z.null(), ...errors } },
      },
      async (req, reply) => {
        await sifts.delete(req.params.id, currentUser(req).id);
        return reply.status(204).send(null);
      },
    );

    for (const [method, isPublic] of [['post', true], ['delete', false]] as const) {
      app[method](
        '/sifts/:id/public',
        {
          onRequest: app.requireUser,
          schema: {
            tags: ['sifts'],
            summary: isPublic ? 'Make a sift public (owner only)' : 'Make a sift private (owner only)',
            params: siftParamsSchema,
            response: { 200: siftSchema, ...errors },
          },
        },
        (req) => sifts.setPublic(req.params.id, isPublic, currentUser(req).id),
      );
    }

    app.post(
      '/sifts/:id/channels',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['sifts'],
          summary: 'Add a channel (owner only); one the catalog does not know is imported in the background (importStatus)',
          params: siftParamsSchema,
          body: siftChannelInputSchema,
          response: { 200: siftSchema, ...errors },
        },
      },
      (req) => sifts.addChannel(req.params.id, req.body, currentUser(req).id),
    );

    app.put(
      '/sifts/:id/images',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['sifts'],
          summary: 'Set the cover (owner only): multipart field "file", JPG or PNG (by content), at most 5 MB; stored as 300×300 JPEG',
          consumes: ['multipart/form-data'],
          params: siftParamsSchema,
          response: { 200: siftSchema, ...errors, 413: apiErrorSchema, 415: apiErrorSchema },
        },
      },
      async (req) => {
        // Ownership first, so nobody else's upload is even read.
        await sifts.assertOwner(req.params.id, currentUser(req).id);
        const file = await readUploadedFile(req, 'file', MAX_COVER_BYTES);
        return sifts.setImage(req.params.id, file.bytes, currentUser(req).id);
      },
    );

    app.delete(
      '/sifts/:id/images',
      {
        onRequest: app.requireUser,
        schema: { tags: ['sifts'], summary: 'Remove the custom cover (owner only; 409 when it is automatic)', params: siftParamsSchema, response: { 200: siftSchema, ...errors, 409: apiErrorSchema } },
      },
      (req) => sifts.removeImage(req.params.id, currentUser(req).id),
    );

    app.delete(
      '/sifts/:id/channels/:channelId',
      {
        onRequest: app.requireUser,
        schema: { tags: ['sifts'], summary: 'Remove a channel (owner only)', params: siftChannelParamsSchema, response: { 200: siftSchema, ...errors } },
      },
      (req) => sifts.removeChannel(req.params.id, req.params.channelId, currentUser(req).id),
    );
  };
