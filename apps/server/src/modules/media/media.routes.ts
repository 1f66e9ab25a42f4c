import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import { renderDemoImage } from '../../providers/demo/images.js';

/**
 * Link previews need a raster image: chat apps and social networks show no SVG in a card. The same image as PNG, at
 * 2.5× (a 1200×675 thumbnail, the size their large cards ask for). Rasterizing costs ~30 ms of CPU, so answers are
 * kept (a shared link is fetched by every member of a chat at once), and at most a few are made at a time: the URL's
 * parameters are free, so a visitor could otherwise keep both cores busy by asking for new ones.
 */
const PNG_SCALE = 2.5;
const MAX_RASTERIZING = 2;
const pngCache = new LRUCache<string, Promise<Buffer>>({ max: 200 });
let rasterizing = 0;

function rasterize(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: 72 * PNG_SCALE }).png({ compressionLevel: 9 }).toBuffer();
}

/**
 * The demo provider's media, so the embedded catalog looks and plays with no network: generated SVG
 * thumbnails and avatars (also as PNG, for link previews), and the committed WebM clips. Everything here is immutable for a given URL.
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
      const search = req.url.split('?')[1] ?? '';
      const query = new URLSearchParams(search);
      const png = file.endsWith('.png');
      const svg = renderDemoImage(kind, png ? `${file.slice(0, -'.png'.length)}.svg` : file, query);
      if (svg === null) return reply.callNotFound();
      if (png) {
        const key = `${kind}/${file}?${search}`;
        let image = pngCache.get(key);
        if (!image) {
          if (rasterizing >= MAX_RASTERIZING) {
            return reply
              .code(503)
              .header('Retry-After', '1')
              .send({ status: 503, message: 'Too many images are being made; try again in a second.', code: 'OVERLOADED' });
          }
          rasterizing++;
          image = rasterize(svg).finally(() => rasterizing--);
          image.catch(() => pngCache.delete(key));
          pngCache.set(key, image);
        }
        return reply.type('image/png').header('Cache-Control', 'public, max-age=31536000, immutable').send(await image);
      }
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(svg);
    });
  };
