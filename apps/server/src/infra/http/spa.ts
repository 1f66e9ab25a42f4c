import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendRouteNotFound } from './errors.js';

/**
 * Serves the built SPA from one process with the API (DESIGN §2). Hashed assets are cached for a year;
 * index.html never, so a new deploy is picked up on the next navigation, and neither is the service worker
 * (`sw.js`, SPEC §4), so the browser's update check always sees the newest. Unknown non-API paths get
 * index.html, because the client's router owns them (and shows its own not-found page). They are a route of their
 * own (`GET /*`), not the not-found handler, so that @fastify/compress compresses the document like every route.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<boolean> {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`No built web app in ${distDir}; run "npm run build" to serve the UI from this process`);
    return false;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // Files of dist/ are routes of @fastify/static (more specific, so they win); everything else GET lands here.
  app.get('/*', sendSpaPage);
  return true;
}

/** The SPA's index.html for a client route; a JSON 404 for unknown API, media and asset addresses. */
export function sendSpaPage(request: FastifyRequest, reply: FastifyReply) {
  if (!wantsSpaPage(request.method, request.url)) return sendRouteNotFound(request, reply);
  return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
}

/**
 * True when a request that matched no file should get the SPA's index.html. Not the API's or the media's addresses,
 * and not a missing hashed asset (a chunk an old page asks for after a deploy): a 404 fails its import at once,
 * where HTML would fail it as a script of the wrong type.
 */
export function wantsSpaPage(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  return !url.startsWith('/api/') && url !== '/api' && !url.startsWith('/media/') && !url.startsWith('/assets/');
}
