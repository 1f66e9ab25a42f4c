import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { constants as zlibConstants } from 'node:zlib';
import { z } from 'zod';
import { apiErrorSchema, feedQuerySchema, feedSchema, feedTokenSchema, feedTokenStatusSchema, pagedVideosSchema, personalFeedQuerySchema, type PagedVideos } from '@sift/contracts';
import { notFound } from '../../infra/http/errors.js';
import { currentUser } from '../auth/authenticate.js';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import { renderAtom } from './feeds.atom.js';
import { StampPrefetch } from './stamp-prefetch.js';
import type { FeedsService } from './feeds.service.js';
import type { WatchedOverlay } from '../history/watched-overlay.js';

/** Entries in an Atom feed: enough for a reader, small enough to build on every poll. */
const ATOM_ENTRIES = 50;

/** A public sift or playlist as its Atom feed needs it (read through the sifts and playlists services). */
export interface FeedSourceItem {
  name: string;
  description: string;
  public: boolean;
}
export interface AtomSource {
  get(idOrHash: string): Promise<FeedSourceItem>;
  videos(idOrHash: string, limit: number): Promise<PagedVideos>;
}

export interface FeedsRouteDeps {
  feeds: FeedsService;
  watched: WatchedOverlay;
  subscriptions: SubscriptionsService;
  publicUrl: string;
  appName: string;
  sifts?: AtomSource | undefined;
  playlists?: AtomSource | undefined;
}

const error = apiErrorSchema;
const atomParams = z.object({ id: z.string().trim().min(1).max(100) });
const tokenParams = z.object({ token: z.string().min(16).max(64).regex(/^[A-Za-z0-9_-]+$/, 'is not a token') });
const ATOM_TYPE = 'application/atom+xml; charset=utf-8';
/**
 * Feeds are the hottest reads (the personal feed's budget, issue 7): the fastest gzip / brotli level compresses a
 * page of cards (repetitive JSON) about as well at a fraction of the default level's CPU, and at that level a first
 * page with its filter chips (about 100 KiB) is compressed in one call faster than through the plugin's stream.
 * (A route's options replace the plugin's defaults, not the app's settings, hence syncThreshold here.)
 */
const FAST_COMPRESSION = {
  zlibOptions: { level: zlibConstants.Z_BEST_SPEED },
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } },
  syncThreshold: 256 * 1024,
};

/** SPEC §7 "Feeds": the public feed, the personal feed; and Atom feeds of public sifts and playlists and of the personal feed. */
export const feedsRoutes =
  (deps: FeedsRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { feeds, publicUrl } = deps;
    const stampPrefetch = new StampPrefetch((userId) => feeds.personalFeedStamp(userId));

    app.get(
      '/feeds/public',
      {
        onRequest: app.optionalUser,
        compress: FAST_COMPRESSION,
        schema: {
          tags: ['feeds'],
          summary: 'Newest videos across the catalog (the visitor feed), with the generic feed parameters; paged by `next`',
          querystring: feedQuerySchema,
          response: { 200: pagedVideosSchema, 400: error },
        },
      },
      async (req, reply) => deps.watched.send(req, reply as FastifyReply, await feeds.encodedPublicFeed(req.query, req.user?.id)),
    );

    app.get(
      '/me/feeds/videos',
      {
        // The stamp's read starts while the session is checked (both are one round trip each).
        onRequest: [async (req) => stampPrefetch.start(req), app.requireUser],
        compress: FAST_COMPRESSION,
        schema: {
          tags: ['feeds'],
          summary:
            "The member's feed: videos of followed channels and followed sifts' matches, newest first, each once; subscriptionIds narrows to some subscriptions",
          querystring: personalFeedQuerySchema,
          response: { 200: feedSchema, 400: error, 401: error },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        const member = currentUser(req);
        return deps.watched.send(req, reply as FastifyReply, await feeds.encodedPersonalFeed(member.id, req.query, stampPrefetch.take(req, member)));
      },
    );

    app.get(
      '/me/feeds/token',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['feeds'],
          summary: "Whether the member has a private address for the personal Atom feed, and since when (the address itself is shown only when made)",
          response: { 200: feedTokenStatusSchema, 401: error },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        const createdAt = await feeds.feedTokenCreatedAt(currentUser(req).id);
        return { exists: createdAt !== undefined, createdAt: createdAt?.toISOString() ?? null };
      },
    );
    app.post(
      '/me/feeds/token',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['feeds'],
          summary: 'A new private address for the personal Atom feed, shown this once (only its hash is kept); the old one stops working',
          response: { 200: feedTokenSchema, 401: error },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return { url: `${publicUrl}/api/feeds/personal/${await feeds.newFeedToken(currentUser(req).id)}/feed.atom` };
      },
    );

    app.delete(
      '/me/feeds/token',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['feeds'],
          summary: 'Turns the private address of the personal Atom feed off: it stops working (204 also when there was none)',
          response: { 204: z.null(), 401: error },
        },
      },
      async (req, reply) => {
        await feeds.deleteFeedToken(currentUser(req).id);
        return reply.status(204).header('cache-control', 'no-store').send(null);
      },
    );

    app.get(
      '/feeds/personal/:token/feed.atom',
      {
        schema: {
          tags: ['feeds'],
          summary: "A member's personal feed as Atom, by its private token (feed readers cannot log in)",
          params: tokenParams,
          response: { 200: z.string(), 400: error, 404: error },
        },
      },
      async (req, reply) => {
        const userId = await feeds.userOfFeedToken(req.params.token);
        if (userId === undefined) throw notFound('Feed');
        const sources = await deps.subscriptions.feedSources(userId);
        const videos = await feeds.latest(sources, ATOM_ENTRIES);
        const body = renderAtom(
          {
            pageUrl: `${publicUrl}/feed`,
            selfUrl: `${publicUrl}/api/feeds/personal/${req.params.token}/feed.atom`,
            title: `${deps.appName}: my feed`,
            videos,
          },
          publicUrl,
        );
        return reply.header('cache-control', 'private, max-age=300').type(ATOM_TYPE).send(body);
      },
    );

    const atomOf = (kind: 'sifts' | 'playlists', source: AtomSource, label: string) =>
      app.get(
        `/${kind}/:id/feed.atom`,
        {
          schema: {
            tags: ['feeds'],
            summary: `A public ${label}'s videos as an Atom feed, newest first (404 for a private one)`,
            params: atomParams,
            response: { 200: z.string(), 400: error, 404: error },
          },
        },
        async (req, reply) => {
          const item = await source.get(req.params.id);
          if (!item.public) throw notFound(label.charAt(0).toUpperCase() + label.slice(1));
          const page = await source.videos(req.params.id, ATOM_ENTRIES);
          const body = renderAtom(
            {
              pageUrl: `${publicUrl}/${kind}/${encodeURIComponent(req.params.id)}`,
              selfUrl: `${publicUrl}/api/${kind}/${encodeURIComponent(req.params.id)}/feed.atom`,
              title: `${item.name} · ${deps.appName}`,
              subtitle: item.description || undefined,
              videos: page.videos,
            },
            publicUrl,
          );
          return reply.header('cache-control', 'public, max-age=300').type(ATOM_TYPE).send(body);
        },
      );
    if (deps.sifts) atomOf('sifts', deps.sifts, 'sift');
    if (deps.playlists) atomOf('playlists', deps.playlists, 'playlist');
  };
