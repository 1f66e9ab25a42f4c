import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { LOCAL_UPLOADS_PREFIX, LocalFileStore, type FileStore } from './file-store.js';

/** Serves a `LocalFileStore`'s files; every key names new content, so they are cached for a year. */
export const uploadsRoutes =
  (files: FileStore): FastifyPluginAsync =>
  async (app) => {
    if (!(files instanceof LocalFileStore)) return;
    mkdirSync(files.root, { recursive: true });
    await app.register(fastifyStatic, {
      root: files.root,
      prefix: LOCAL_UPLOADS_PREFIX,
      decorateReply: false,
      maxAge: '365d',
      immutable: true,
    });
  };
