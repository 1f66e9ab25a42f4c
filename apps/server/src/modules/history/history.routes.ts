import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  continueWatchingQuerySchema,
  continueWatchingSchema,
  hiddenPageSchema,
  hiddenQuerySchema,
  historyPageSchema,
  historyProgressSchema,
  historyQuerySchema,
  historySettingsSchema,
  markAllWatchedQuerySchema,
  markAllWatchedResultSchema,
  MARK_ALL_WATCHED_MAX,
  siftParamsSchema,
  videoParamsSchema,
} from '@sift/contracts';
import { currentUser } from '../auth/authenticate.js';
import type { HistoryService } from './history.service.js';

/** Where "mark all as watched" finds its videos: the newest `max` ids, published before `before` if given. */
export interface HistoryRouteDeps {
  history: HistoryService;
  /** A sift's newest matches (404 for a sift the member may not see). */
  siftVideoIds(idOrHash: string, viewerId: number, before: Date | undefined, max: number): Promise<number[]>;
  /** The member's feed's newest videos. */
  feedVideoIds(userId: number, before: Date | undefined, max: number): Promise<number[]>;
}

const tags = ['history'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const noContent = { 204: z.null(), ...errors };
const markAllSummary = `the newest ${MARK_ALL_WATCHED_MAX} at most (decisions/039), published before \`before\` if given`;

/** Issue 30: a member's watch history, watched marks, dismissals and "Pause history". Login only, own data only. */
export const historyRoutes =
  (deps: HistoryRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { history } = deps;
    // Authenticate before validating: a visitor hears 401 whatever they sent.
    const member = { onRequest: app.requireUser };

    app.get(
      '/me/history',
      { ...member, schema: { tags, summary: 'What the member watched, newest first; q searches titles and channel names', querystring: historyQuerySchema, response: { 200: historyPageSchema, ...errors } } },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return history.page(currentUser(req).id, req.query);
      },
    );

    app.delete(
      '/me/history',
      { ...member, schema: { tags, summary: 'Clears the history (playlists, Watch later and dismissals stay)', response: noContent } },
      async (req, reply) => {
        await history.clear(currentUser(req).id);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/me/history/settings',
      { ...member, schema: { tags, summary: 'Whether history is paused', response: { 200: historySettingsSchema, ...errors } } },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return history.settings(currentUser(req).id);
      },
    );

    app.put(
      '/me/history/settings',
      { ...member, schema: { tags, summary: 'Pauses or resumes history (while paused, progress is not recorded)', body: historySettingsSchema, response: { 200: historySettingsSchema, ...errors } } },
      async (req) => history.setSettings(currentUser(req).id, req.body),
    );

    app.put(
      '/me/history/:externalId',
      {
        ...member,
        schema: {
          tags,
          summary: 'Records progress (seconds); within the last 30 s or past 95 % the video counts as watched and starts over. Nothing is recorded while history is paused',
          params: videoParamsSchema,
          body: historyProgressSchema,
          response: noContent,
        },
      },
      async (req, reply) => {
        await history.saveProgress(currentUser(req).id, req.params.externalId, req.body);
        return reply.status(204).send(null);
      },
    );

    app.delete(
      '/me/history/:externalId',
      { ...member, schema: { tags, summary: 'Removes one video from the history (404 when it is not in it)', params: videoParamsSchema, response: noContent } },
      async (req, reply) => {
        await history.remove(currentUser(req).id, req.params.externalId);
        return reply.status(204).send(null);
      },
    );

    for (const [method, watched] of [['post', true], ['delete', false]] as const) {
      app[method](
        '/me/history/:externalId/watched',
        { ...member, schema: { tags, summary: watched ? 'Marks the video watched' : 'Takes the watched mark off', params: videoParamsSchema, response: noContent } },
        async (req, reply) => {
          await history.setWatched(currentUser(req).id, req.params.externalId, watched);
          return reply.status(204).send(null);
        },
      );
      app[method](
        '/me/hidden/:externalId',
        { ...member, schema: { tags, summary: watched ? 'Hides the video from the member’s feeds (with hideWatched)' : 'Brings a hidden video back', params: videoParamsSchema, response: noContent } },
        async (req, reply) => {
          await history.setHidden(currentUser(req).id, req.params.externalId, watched);
          return reply.status(204).send(null);
        },
      );
    }

    app.get(
      '/me/hidden',
      { ...member, schema: { tags, summary: 'The videos the member hid from their feeds, newest first', querystring: hiddenQuerySchema, response: { 200: hiddenPageSchema, ...errors } } },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return history.hiddenPage(currentUser(req).id, req.query);
      },
    );

    app.get(
      '/me/continue-watching',
      { ...member, schema: { tags, summary: 'Started, unfinished videos, newest first', querystring: continueWatchingQuerySchema, response: { 200: continueWatchingSchema, ...errors } } },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return history.continueWatching(currentUser(req).id, req.query.limit);
      },
    );

    const before = (value: string | undefined) => (value === undefined ? undefined : new Date(value));

    app.post(
      '/sifts/:id/watched',
      { ...member, schema: { tags, summary: `Marks the sift's videos watched: ${markAllSummary}`, params: siftParamsSchema, querystring: markAllWatchedQuerySchema, response: { 200: markAllWatchedResultSchema, ...errors } } },
      async (req) => {
        const userId = currentUser(req).id;
        const ids = await deps.siftVideoIds(req.params.id, userId, before(req.query.before), MARK_ALL_WATCHED_MAX);
        return { marked: await history.markAllWatched(userId, ids) };
      },
    );

    app.post(
      '/me/feeds/videos/watched',
      { ...member, schema: { tags, summary: `Marks the personal feed's videos watched: ${markAllSummary}`, querystring: markAllWatchedQuerySchema, response: { 200: markAllWatchedResultSchema, ...errors } } },
      async (req) => {
        const userId = currentUser(req).id;
        const ids = await deps.feedVideoIds(userId, before(req.query.before), MARK_ALL_WATCHED_MAX);
        return { marked: await history.markAllWatched(userId, ids) };
      },
    );
  };
