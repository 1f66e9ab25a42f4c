import fs from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built SPA from one process with the API (DESIGN §2). Hashed assets are cached for a year;
 * index.html never, so a new deploy is picked up on the next navigation. Unknown non-API paths get
 * index.html, because the client's router owns them (and shows its own not-found page).
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
  return true;
}

/** True when a request that matched no route should get the SPA's index.html. */
export function wantsSpaPage(method: string, url: string): boolean {
  return (method === 'GET' || method === 'HEAD') && !url.startsWith('/api/') && url !== '/api' && !url.startsWith('/media/');
}

/**
 * The built index.html's text, read again only when the file changed (a new build under a running server is served
 * at once, as `sendFile` did), so a page costs one stat instead of a read.
 */
export function indexHtmlReader(distDir: string): () => Promise<string> {
  const file = path.join(distDir, 'index.html');
  let kept: { mtimeMs: number; size: number; text: Promise<string> } | undefined;
  return async () => {
    const { mtimeMs, size } = await stat(file);
    if (!kept || kept.mtimeMs !== mtimeMs || kept.size !== size) {
      const text = readFile(file, 'utf8');
      kept = { mtimeMs, size, text };
      text.catch(() => (kept = undefined));
    }
    return kept.text;
  };
}
