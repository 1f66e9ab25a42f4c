import fastifyUnderPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';

/**
 * Requests under way in this process below which nothing is refused, however the last second looked: a lag or a
 * busy loop measured a moment ago (a long import on PGlite, say) says nothing about a lone request arriving now.
 */
const MIN_IN_FLIGHT = 32;
/** Seconds a refused client is asked to wait. */
const RETRY_AFTER_SECONDS = 5;
/** The event loop's mean lag over a second above which new requests are refused (each would wait that long). */
const MAX_EVENT_LOOP_DELAY_MS = 1_000;
/**
 * On PGlite every query runs on this thread: a loop busy 98% of a second means requests are queueing behind each
 * other, and every one more only makes all of them later. (On PostgreSQL the database works elsewhere and a busy
 * loop is still serving; there, only the lag counts.)
 */
const MAX_EMBEDDED_EVENT_LOOP_UTILIZATION = 0.98;

/**
 * Sheds load cleanly (issue 17): past the threshold, with requests queueing, every new one gets an immediate
 * `503 OVERLOADED` with Retry-After in the app's error shape, rather than all of them timing out together. Also the readiness route a
 * load balancer asks, `GET /api/health`: 200 while the process keeps up and the database answers, 503 otherwise.
 */
export async function registerLoadShedding(app: FastifyInstance, options: { embedded: boolean; databaseAnswers: () => Promise<boolean> }): Promise<void> {
  const { databaseAnswers } = options;
  let inFlight = 0;
  const ended = new WeakSet<object>();
  const end = async (request: object) => {
    if (ended.has(request)) return;
    ended.add(request);
    inFlight--;
  };
  // Counted before under-pressure's own onRequest check (hooks run in the order they were added).
  app.addHook('onRequest', async () => {
    inFlight++;
  });
  app.addHook('onResponse', end);
  app.addHook('onRequestAbort', end);
  await app.register(fastifyUnderPressure, {
    maxEventLoopDelay: MAX_EVENT_LOOP_DELAY_MS,
    maxEventLoopUtilization: options.embedded ? MAX_EMBEDDED_EVENT_LOOP_UTILIZATION : 0,
    retryAfter: RETRY_AFTER_SECONDS,
    pressureHandler: (_request, reply) => {
      if (inFlight < MIN_IN_FLIGHT) return; // carry on: this request is not queueing behind others
      void reply
        .status(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .type('application/json; charset=utf-8')
        .send({ status: 503, message: 'Sift is very busy right now. Try again in a few seconds.', code: 'OVERLOADED' });
    },
    healthCheck: async () => databaseAnswers(),
    healthCheckInterval: 5_000,
    exposeStatusRoute: { url: '/api/health', routeOpts: { logLevel: 'silent' } },
  });
}
