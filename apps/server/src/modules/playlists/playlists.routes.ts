import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addedPlaylistVideoSchema,
  addPlaylistVideoSchema,
  apiErrorSchema,
  createPlaylistSchema,
  movePlaylistVideoSchema,
  playlistListQuerySchema,
  playlistListSchema,
  playlistParamsSchema,
  playlistSchema,
  playlistVideoIdsSchema,
  playlistVideoParamsSchema,
  playlistVideosQuerySchema,
  playlistVideosSchema,
  updatePlaylistSchema,
} from '@sift/contracts';
import { readUploadedFile } from '../../infra/files/upload.js';
import { MAX_COVER_BYTES } from '../../infra/images/cover-image.js';
import { currentUser } from '../auth/authenticate.js';
import type { WatchedOverlay } from '../history/watched-overlay.js';
import type { PlaylistsService } from './playlists.service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const tags = ['playlists'];

/** SPEC §7 "Playlists". `{id}` is a playlist id or `wl` (the caller's Watch later). */
export const playlistsRoutes =
  (playlists: PlaylistsService, watched: WatchedOverlay): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/playlists',
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: "The caller's playlists (Watch later aside), or with following=true the ones they follow; q filters by name",
          querystring: playlistListQuerySchema,
          response: { 200: playlistListSchema, ...errors },
        },
      },
      (req) => playlists.list(req.query, currentUser(req)),
    );

    app.post(
      '/playlists',
      {
        onRequest: app.requireUser,
        schema: { tags, summary: 'Create a playlist (the new id also in Location)', body: createPlaylistSchema, response: { 201: playlistSchema, ...errors } },
      },
      async (req, reply) => {
        const playlist = await playlists.create(req.body, currentUser(req));
        return reply.status(201).header('Location', `/api/playlists/${playlist.id}`).send(playlist);
      },
    );

    app.get(
      '/playlists/:id',
      {
        onRequest: app.optionalUser,
        schema: { tags, summary: 'A public playlist, or one of the caller’s own', params: playlistParamsSchema, response: { 200: playlistSchema, ...errors } },
      },
      (req) => playlists.get(req.params.id, req.user),
    );

    app.put(
      '/playlists/:id',
      {
        onRequest: app.requireUser,
        schema: { tags, summary: 'Rename or describe (owner only; not Watch later)', params: playlistParamsSchema, body: updatePlaylistSchema, response: { 200: playlistSchema, ...errors } },
      },
      (req) => playlists.update(req.params.id, req.body, req.user),
    );

    app.delete(
      '/playlists/:id',
      {
        onRequest: app.requireUser,
        schema: { tags, summary: 'Delete (owner only; not Watch later)', params: playlistParamsSchema, response: { 204: z.null(), ...errors } },
      },
      async (req, reply) => {
        await playlists.remove(req.params.id, req.user);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/playlists/:id/copy',
      {
        onRequest: app.requireUser,
        schema: { tags, summary: 'A private copy for the caller (the new id also in Location)', params: playlistParamsSchema, response: { 201: playlistSchema, ...errors } },
      },
      async (req, reply) => {
        const playlist = await playlists.copy(req.params.id, req.user);
        return reply.status(201).header('Location', `/api/playlists/${playlist.id}`).send(playlist);
      },
    );

    for (const [method, following] of [['post', true], ['delete', false]] as const) {
      app[method](
        '/playlists/:id/follows',
        {
          onRequest: app.requireUser,
          schema: { tags, summary: following ? 'Follow' : 'Unfollow', params: playlistParamsSchema, response: { 200: playlistSchema, ...errors } },
        },
        (req) => playlists.follow(req.params.id, req.user, following),
      );
    }

    for (const [method, isPublic] of [['post', true], ['delete', false]] as const) {
      app[method](
        '/playlists/:id/public',
        {
          onRequest: app.requireUser,
          schema: { tags, summary: isPublic ? 'Make public (owner only)' : 'Make private (owner only)', params: playlistParamsSchema, response: { 200: playlistSchema, ...errors } },
        },
        (req) => playlists.setPublic(req.params.id, req.user, isPublic),
      );
    }

    app.get(
      '/playlists/:id/videos',
      {
        onRequest: app.optionalUser,
        schema: { tags, summary: 'Its videos in order, each with itemId', params: playlistParamsSchema, querystring: playlistVideosQuerySchema, response: { 200: playlistVideosSchema, ...errors } },
      },
      async (req) => {
        const page = await playlists.videos(req.params.id, req.query, req.user);
        return { ...page, videos: await watched.videos(req.user?.id, page.videos) };
      },
    );

    app.get(
      '/playlists/:id/video-ids',
      {
        onRequest: app.optionalUser,
        schema: { tags, summary: 'Every video of it by service id (what cards need to know "already in Watch later")', params: playlistParamsSchema, response: { 200: playlistVideoIdsSchema, ...errors } },
      },
      (req) => playlists.videoExternalIds(req.params.id, req.user),
    );

    app.post(
      '/playlists/:id/videos',
      {
        onRequest: app.requireUser,
        schema: { tags, summary: 'Append a video (owner only); 409 when it is in already', params: playlistParamsSchema, body: addPlaylistVideoSchema, response: { 201: addedPlaylistVideoSchema, ...errors } },
      },
      async (req, reply) => reply.status(201).send(await playlists.addVideo(req.params.id, req.body, req.user)),
    );

    app.put(
      '/playlists/:id/videos',
      {
        onRequest: app.requireUser,
        schema: { tags, summary: 'Move one entry to position (0 = first; owner only)', params: playlistParamsSchema, body: movePlaylistVideoSchema, response: { 204: z.null(), ...errors } },
      },
      async (req, reply) => {
        await playlists.moveVideo(req.params.id, req.body, req.user);
        return reply.status(204).send(null);
      },
    );

    app.delete(
      '/playlists/:id/videos/:videoId',
      {
        onRequest: app.requireUser,
        schema: { tags, summary: 'Remove a video (our id or its service id; owner only)', params: playlistVideoParamsSchema, response: { 204: z.null(), ...errors } },
      },
      async (req, reply) => {
        await playlists.removeVideo(req.params.id, req.params.videoId, req.user);
        return reply.status(204).send(null);
      },
    );

    app.put(
      '/playlists/:id/images',
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'Set the cover: multipart field "file", JPG or PNG (by content), at most 5 MB; stored as 300×300 JPEG',
          consumes: ['multipart/form-data'],
          params: playlistParamsSchema,
          response: { 200: playlistSchema, ...errors, 413: apiErrorSchema, 415: apiErrorSchema },
        },
      },
      async (req) => {
        // Ownership first, so nobody else's upload is even read.
        await playlists.assertOwner(req.params.id, req.user);
        const file = await readUploadedFile(req, 'file', MAX_COVER_BYTES);
        return playlists.setImage(req.params.id, file.bytes, req.user);
      },
    );

    app.delete(
      '/playlists/:id/images',
      {
        onRequest: app.requireUser,
        schema: { tags, summary: 'Remove the custom cover (409 when the cover is automatic)', params: playlistParamsSchema, response: { 200: playlistSchema, ...errors } },
      },
      (req) => playlists.removeImage(req.params.id, req.user),
    );
  };
