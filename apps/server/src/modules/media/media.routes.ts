import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';
import sharp, { type Sharp } from 'sharp';
import { renderDemoImage } from '../../providers/demo/images.js';

/**
 * The demo catalog's images are drawn as SVG (providers/demo/images.ts) and served in three forms, by extension:
 * - `.webp`, what the catalog links to and the app shows. A browser builds a whole document on its main thread for
 *   every SVG `<img>` (10–45 ms each on a desktop, four times that on a phone: issue 18), while a raster image is
 *   decoded off it. Thumbnails at 640×360 (YouTube's own are 480×360), avatars at 2× their 88 px.
 * - `.png` at 2.5× (a 1200×675 thumbnail), for link previews: chat apps and social networks show no SVG or WebP in
 *   a card.
 * - `.svg`, the drawing itself, which catalogs seeded before the WebP form still link to.
 * Rasterizing costs 5–140 ms of CPU, so answers are kept, and at most two are made at a time, the rest wait in line:
 * the URL's parameters are free, so a visitor could otherwise keep both cores busy by asking for new ones. A line
 * longer than a page of cards is turned away with a 503.
 */
const RASTER = {
  webp: { scale: { thumbnails: 4 / 3, avatars: 2 }, encode: (image: Sharp) => image.webp({ quality: 80 }), type: 'image/webp' },
  png: { scale: { thumbnails: 2.5, avatars: 2.5 }, encode: (image: Sharp) => image.png({ compressionLevel: 9 }), type: 'image/png' },
} as const;
type RasterFormat = keyof typeof RASTER;

const MAX_RASTERIZING = 2;
const MAX_WAITING = 100;
const rasterizing = pLimit(MAX_RASTERIZING);
/** ~6 KB a WebP thumbnail, ~60 KB a preview PNG: at most ~60 MB if every one kept were a PNG. */
const cache = new LRUCache<string, Promise<Buffer>>({ max: 1000 });

function formatOf(file: string): { format: RasterFormat | 'svg'; svgName: string } | null {
  const match = /^(.+)\.(svg|webp|png)$/.exec(file);
  if (!match) return null;
  return { format: match[2] as RasterFormat | 'svg', svgName: `${match[1]}.svg` };
}

const YEAR = 'public, max-age=31536000, immutable';

/**
 * The demo provider's media, so the embedded catalog looks and plays with no network: generated images (above)
 * and the committed WebM clips. Everything here is immutable for a given URL.
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
      const form = formatOf(file);
      if ((kind !== 'thumbnails' && kind !== 'avatars') || !form) return reply.callNotFound();
      const search = req.url.split('?')[1] ?? '';
      const svg = renderDemoImage(kind, form.svgName, new URLSearchParams(search));
      if (svg === null) return reply.callNotFound();
      if (form.format === 'svg') {
        return reply
          .type('image/svg+xml; charset=utf-8')
          .header('Cache-Control', YEAR)
          .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
          .send(svg);
      }
      const raster = RASTER[form.format];
      const key = `${kind}/${file}?${search}`;
      let image = cache.get(key);
      if (!image) {
        if (rasterizing.pendingCount >= MAX_WAITING) {
          return reply
            .code(503)
            .header('Retry-After', '1')
            .send({ status: 503, message: 'Too many images are being made; try again in a second.', code: 'OVERLOADED' });
        }
        image = rasterizing(() => raster.encode(sharp(Buffer.from(svg), { density: 72 * raster.scale[kind] })).toBuffer());
        image.catch(() => cache.delete(key));
        cache.set(key, image);
      }
      return reply.type(raster.type).header('Cache-Control', YEAR).send(await image);
    });
  };
