import fs from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendRouteNotFound } from './errors.js';

/**
 * Serves the built SPA from one process with the API (DESIGN §2). Hashed assets are cached for a year;
 * index.html never, so a new deploy is picked up on the next navigation, and neither is the service worker
 * (`sw.js`, SPEC §4), so the browser's update check always sees the newest. Other non-API paths get index.html,
 * because the client's router owns them, with the status `status` says: 404 for an address the app has no page for
 * (the client shows its not-found page) or whose item does not exist, so that no search engine indexes a soft 404
 * (decisions/043). They are a route of their own (`GET /*`), not the not-found handler, so that @fastify/compress
 * compresses the document like every route.
 */
export async function registerSpa(app: FastifyInstance, distDir: string, page: SpaPage, status: SpaStatus): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`No built web app in ${distDir}; run "npm run build" to serve the UI from this process`);
    return;
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
  app.get('/*', (request, reply) => sendSpaPage(page, status, request, reply));
}

/** The HTML of a client route: index.html, with the card tags of a shared item's page (modules/link-previews). */
export type SpaPage = (url: string) => Promise<string>;
/** The HTTP status of a client route's page: 200, or 404 (modules/link-previews `pageStatus`). */
export type SpaStatus = (url: string) => Promise<200 | 404>;

/** `html` with `fragment` at the end of its <head> (unchanged when it has none). */
export function appendToHead(html: string, fragment: string): string {
  const at = html.search(/<\/head>/i);
  return at < 0 || fragment === '' ? html : `${html.slice(0, at)}  ${fragment}\n  ${html.slice(at)}`;
}

/** `html` with `fragment` at the start of its <body> (unchanged when it has none). */
export function prependToBody(html: string, fragment: string): string {
  const open = /<body[^>]*>/i.exec(html);
  if (!open || fragment === '') return html;
  const at = open.index + open[0].length;
  return `${html.slice(0, at)}\n    ${fragment}${html.slice(at)}`;
}

/**
 * A JSON island: data the client would otherwise ask for after it starts, in the page. Not a script, so it runs
 * nothing and the CSP's script rules do not apply; `<` is escaped so no text can close the element (and U+2028/9,
 * which some parsers take for line ends).
 */
export function jsonIsland(id: string, data: unknown): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${id}">${json}</script>`;
}

/** The SPA's page for a client route; a JSON 404 for unknown API, media and asset addresses. */
async function sendSpaPage(page: SpaPage, status: SpaStatus, request: FastifyRequest, reply: FastifyReply) {
  if (!wantsSpaPage(request.method, request.url)) return sendRouteNotFound(request, reply);
  // Both read the page's item, if any, once between them (the link previews' shared read).
  const [code, html] = await Promise.all([status(request.url), page(request.url)]);
  return reply.code(code).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
}

/**
 * True when a request that matched no file should get the SPA's index.html. Not the API's or the media's addresses,
 * and not a missing hashed asset (a chunk an old page asks for after a deploy): a 404 fails its import at once,
 * where HTML would fail it as a script of the wrong type.
 */
function wantsSpaPage(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  return !url.startsWith('/api/') && url !== '/api' && !url.startsWith('/media/') && !url.startsWith('/assets/');
}

/**
 * The built index.html's text, read again only when the file changed (a new build under a running server is served
 * at once, as `sendFile` did), so a page costs one stat instead of a read.
 */
export function indexHtmlReader(distDir: string): () => Promise<string> {
  return changedFileReader(path.join(distDir, 'index.html'), (text) => text);
}

/**
 * A built file's content (`parse`d), read again only when the file's time or size changed; rejects while it is
 * missing or unreadable, and tries again on the next call.
 */
export function changedFileReader<T>(file: string, parse: (text: string) => T): () => Promise<T> {
  let kept: { mtimeMs: number; size: number; value: Promise<T> } | undefined;
  return async () => {
    const { mtimeMs, size } = await stat(file);
    if (!kept || kept.mtimeMs !== mtimeMs || kept.size !== size) {
      const value = readFile(file, 'utf8').then(parse);
      kept = { mtimeMs, size, value };
      value.catch(() => (kept = undefined));
    }
    return kept.value;
  };
}
