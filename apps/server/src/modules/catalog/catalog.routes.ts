import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  channelListSchema,
  channelParamsSchema,
  channelQuerySchema,
  channelSchema,
  channelSearchQuerySchema,
  channelVideosParamsSchema,
  channelVideosQuerySchema,
  feedPageSize,
  pagedVideosSchema,
  popularChannelsQuerySchema,
  popularChannelsSchema,
  resolvedAddressSchema,
  resolveQuerySchema,
  videoParamsSchema,
  videoSchema,
} from '@sift/contracts';
import { sendJson } from '../../infra/http/send-json.js';
import type { FeedsService } from '../feeds/feeds.service.js';
import { isFilteredQuery } from '../feeds/feeds.service.js';
import type { WatchedOverlay } from '../history/watched-overlay.js';
import type { CatalogService } from './catalog.service.js';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 503: apiErrorSchema };

/** SPEC §7 "Content and messages" and "Search" calls about channels and videos. */
export const catalogRoutes =
  (catalog: CatalogService, watched: WatchedOverlay, feeds: Pick<FeedsService, 'encodedChannelFeed'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/videos/:externalId',
      {
        onRequest: app.optionalUser,
        schema: { tags: ['videos'], summary: "A video by its video-service id (a member's with their watched mark and position)", params: videoParamsSchema, response: { 200: videoSchema, ...errors } },
      },
      async (req, reply) => watched.send(req, reply as FastifyReply, await catalog.encodedVideo(req.params.externalId)),
    );

    app.get(
      '/content/channels/:id',
      {
        schema: {
          tags: ['channels'],
          summary: 'A channel card by id or externalId; r=1 refreshes it from the video service first',
          params: channelParamsSchema,
          querystring: channelQuerySchema,
          response: { 200: channelSchema, ...errors },
        },
      },
      (req) => catalog.getChannel(req.params.id, { refresh: req.query.r }),
    );

    app.get(
      '/search/channels/:id',
      { schema: { tags: ['channels'], summary: 'A channel by id or externalId', params: channelParamsSchema, response: { 200: channelSchema, ...errors } } },
      (req) => catalog.getChannel(req.params.id),
    );

    app.get(
      '/search/channels/:externalId/videos',
      {
        onRequest: app.optionalUser,
        schema: {
          tags: ['channels'],
          summary:
            "A channel's videos, newest first, paged by the opaque cursor `next`; hideWatched=true leaves out what the member watched or dismissed; the feed parameters (filterText, all, any, none) filter them",
          params: channelVideosParamsSchema,
          querystring: channelVideosQuerySchema,
          response: { 200: pagedVideosSchema, ...errors },
        },
      },
      async (req, reply) =>
        watched.send(
          req,
          reply as FastifyReply,
          isFilteredQuery(req.query)
            ? await feeds.encodedChannelFeed(req.params.externalId, req.query, req.user?.id)
            : await catalog.encodedChannelVideos(req.params.externalId, feedPageSize(req.query), req.query.next, req.query.hideWatched ? req.user?.id : undefined),
        ),
    );

    app.get(
      '/channels/popular',
      {
        schema: {
          tags: ['channels'],
          summary: "Each category's most followed channels that have videos (SPEC's sift categories, in their order): the onboarding's channels to follow",
          querystring: popularChannelsQuerySchema,
          response: { 200: popularChannelsSchema, 400: apiErrorSchema, 503: apiErrorSchema },
        },
      },
      async (req, reply) => sendJson(req, reply as FastifyReply, await catalog.encodedPopularChannels(req.query.perCategory)),
    );

    app.get(
      '/public/v01/resolve',
      {
        schema: {
          tags: ['videos', 'channels'],
          summary: 'What a pasted address, handle or id names: a video or a channel (fetched from the video service when new), or none',
          querystring: resolveQuerySchema,
          response: { 200: resolvedAddressSchema, ...errors },
        },
      },
      (req) => catalog.resolveAddress(req.query.q),
    );

    app.get(
      '/public/v01/channel/search',
      {
        schema: {
          tags: ['channels'],
          summary: 'Channels whose name contains q (or whose topic starts with it), most followed first; no q lists all',
          querystring: channelSearchQuerySchema,
          response: { 200: channelListSchema, 400: apiErrorSchema, 503: apiErrorSchema },
        },
      },
      (req) => catalog.searchChannels(req.query.q, req.query.limit),
    );
  };
