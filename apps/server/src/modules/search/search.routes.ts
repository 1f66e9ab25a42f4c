import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, publicUserParamsSchema, publicUserSchema, searchQuerySchema, searchResultsSchema } from '@sift/contracts';
import type { WatchedOverlay } from '../history/watched-overlay.js';
import type { SearchService } from './search.service.js';

/** SPEC §7 "Search": GET /api/search; and the public name behind /user-profile/{id}. */
export const searchRoutes =
  (search: SearchService, watched: WatchedOverlay): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/search',
      {
        onRequest: app.optionalUser,
        schema: {
          tags: ['search'],
          summary:
            'Channels, videos, sifts and playlists for q (full text: case- and accent-insensitive, word prefixes, "quoted phrases"), ' +
            'sorted by relevance, created, videos or alpha and paged by the opaque rank cursor `next`. ' +
            "A logged-in caller also finds their own private sifts and playlists; ownerId narrows to one person's.",
          querystring: searchQuerySchema,
          response: { 200: searchResultsSchema, 400: apiErrorSchema, 401: apiErrorSchema },
        },
      },
      async (req, reply) => watched.send(req, reply as FastifyReply, await search.encodedSearch(req.query, req.user ? { id: req.user.id, uuid: req.user.uuid } : null)),
    );

    app.get(
      '/public/v01/users/:uuid',
      {
        schema: {
          tags: ['search'],
          summary: "A person's public name (their profile page and share link)",
          params: publicUserParamsSchema,
          response: { 200: publicUserSchema, 400: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      (req) => search.publicUser(req.params.uuid),
    );
  };
