import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { renderDemoImage } from '../../providers/demo/images.js';

/**
 * The demo provider's media, so the embedded catalog looks and plays with no network: generated SVG
 * thumbnails and avatars, and the committed WebM clips. Everything here is immutable for a given URL.
 */
export const mediaRoutes =
  (mediaDir: string): FastifyPluginAsync =>
  async (app) => {
    await app.register(fastifyStatic, {
      root: path.join(mediaDir, 'clips'),
      prefix: '/media/clips/',
      decorateReply: false,
      maxAge: '365d',
      immutable: true,
    });

    app.get<{ Params: { kind: string; file: string } }>('/media/:kind/:file', async (req, reply) => {
      const { kind, file } = req.params;
      if (kind !== 'thumbnails' && kind !== 'avatars') return reply.callNotFound();
      const query = new URLSearchParams(req.url.split('?')[1] ?? '');
      const svg = renderDemoImage(kind, file, query);
      if (svg === null) return reply.callNotFound();
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(svg);
    });
  };
