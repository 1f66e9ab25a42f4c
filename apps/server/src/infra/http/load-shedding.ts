import fastifyUnderPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';

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
 * Sheds load cleanly (issue 17): past the threshold every request gets an immediate `503 OVERLOADED` with
 * Retry-After in the app's error shape, rather than all of them timing out together. Also the readiness route a
 * load balancer asks, `GET /api/health`: 200 while the process keeps up and the database answers, 503 otherwise.
 */
export async function registerLoadShedding(app: FastifyInstance, options: { embedded: boolean; databaseAnswers: () => Promise<boolean> }): Promise<void> {
  const { databaseAnswers } = options;
  await app.register(fastifyUnderPressure, {
    maxEventLoopDelay: MAX_EVENT_LOOP_DELAY_MS,
    maxEventLoopUtilization: options.embedded ? MAX_EMBEDDED_EVENT_LOOP_UTILIZATION : 0,
    retryAfter: RETRY_AFTER_SECONDS,
    pressureHandler: (_request, reply) => {
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
