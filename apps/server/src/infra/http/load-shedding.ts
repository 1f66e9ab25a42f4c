import fastifyUnderPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * On PGlite every query runs in turn on this process's one connection: requests under way beyond this many only
 * queue behind the others, so the next ones are refused at once rather than left to time out together — a bounded
 * queue. 128: a hundred busy clients (issue 17's embedded target) are all served; most requests are answered from
 * kept pages without a query, and at the mix's ~2,500 requests a second 128 are about 50 ms of waiting.
 */
const MAX_EMBEDDED_IN_FLIGHT = 128;
/**
 * On PostgreSQL (queries run in the database, DATABASE_POOL_SIZE at a time) the process refuses only when its event loop lags —
 * and then only while requests are queueing: a lag measured a moment ago says nothing about a lone request now.
 */
const MAX_EVENT_LOOP_DELAY_MS = 1_000;
const MIN_IN_FLIGHT_WHEN_LAGGING = 32;
const MIN_EMBEDDED_IN_FLIGHT_WHEN_LAGGING = 101;
/** Seconds a refused client is asked to wait. */
export const RETRY_AFTER_SECONDS = 5;
/** The words of a refusal for load (here and when the database has no connection free in time, infra/http/errors.ts). */
export const OVERLOADED_MESSAGE = 'Sift is very busy right now. Try again in a few seconds.';

function refuse(reply: FastifyReply) {
  return reply
    .status(503)
    .header('Retry-After', String(RETRY_AFTER_SECONDS))
    .type('application/json; charset=utf-8')
    .send({ status: 503, message: OVERLOADED_MESSAGE, code: 'OVERLOADED' });
}

/**
 * Sheds load cleanly (issue 17): past the limit every new request gets an immediate `503 OVERLOADED` with
 * Retry-After in the app's error shape, rather than all of them timing out together. Also the readiness route a load
 * balancer asks, `GET /api/health` (@fastify/under-pressure): 200 while the process keeps up and the database
 * answers, 503 otherwise.
 */
export async function registerLoadShedding(app: FastifyInstance, options: { embedded: boolean; databaseAnswers: () => Promise<boolean> }): Promise<void> {
  let inFlight = 0;
  const ended = new WeakSet<object>();
  const end = async (request: object) => {
    if (ended.has(request)) return;
    ended.add(request);
    inFlight--;
  };
  app.addHook('onRequest', async (request, reply) => {
    inFlight++;
    if (options.embedded && inFlight > MAX_EMBEDDED_IN_FLIGHT && request.url !== '/api/health') return refuse(reply);
  });
  app.addHook('onResponse', end);
  app.addHook('onRequestAbort', end);
  await app.register(fastifyUnderPressure, {
    maxEventLoopDelay: MAX_EVENT_LOOP_DELAY_MS,
    retryAfter: RETRY_AFTER_SECONDS,
    pressureHandler: (_request, reply) => {
      // On PGlite a lagging loop is also just its queries running: there it counts only past a hundred busy clients.
      if (inFlight >= (options.embedded ? MIN_EMBEDDED_IN_FLIGHT_WHEN_LAGGING : MIN_IN_FLIGHT_WHEN_LAGGING)) void refuse(reply); // otherwise carry on: not queueing
    },
    healthCheck: async () => options.databaseAnswers(),
    healthCheckInterval: 5_000,
    exposeStatusRoute: { url: '/api/health', routeOpts: { logLevel: 'silent' } },
  });
}
