import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, pagedVideosSchema, videoPageQuerySchema } from '@sift/contracts';
import type { CatalogService } from '../catalog/catalog.service.js';

/** SPEC §7 "Feeds". The public feed is every channel's newest videos; personal feeds come with subscriptions. */
export const feedsRoutes =
  (catalog: CatalogService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/feeds/public',
      {
        schema: {
          tags: ['feeds'],
          summary: 'Newest videos across the catalog, paged by the opaque cursor `next`',
          querystring: videoPageQuerySchema,
          response: { 200: pagedVideosSchema, 400: apiErrorSchema },
        },
      },
      (req) => catalog.allVideos(req.query.limit, req.query.next),
    );
  };
