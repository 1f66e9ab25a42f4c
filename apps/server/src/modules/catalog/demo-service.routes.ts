import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { externalIdParam, type Video } from '@sift/contracts';
import { escapeHtml } from '../accounts/accounts.mails.js';
import type { CatalogService } from './catalog.service.js';

/** Where the demo catalog's videos "live": the leave-site notice's "Open on the video service" goes here. */
export const DEMO_SERVICE_WATCH_PATH = '/demo-service/watch';

/**
 * The demo video service's watch page (issue 18): a video that does not embed in Sift must be watched "on its
 * service", and the demo catalog has none of its own, so the server renders a small page that looks like one
 * (title, channel, the clip in a player, views and description) rather than sending the person to a raw clip.
 * Only demo videos have one; anything else is a 404.
 */
export const demoServiceRoutes =
  (catalog: CatalogService, appName: string): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      DEMO_SERVICE_WATCH_PATH,
      { schema: { hide: true, querystring: z.object({ v: externalIdParam }) } },
      async (req, reply) => {
        const video = await catalog.getVideo(req.query.v);
        if (video.provider !== 'demo' || !video.mediaUrl) return reply.callNotFound();
        return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(demoServicePage(video, appName));
      },
    );
  };

const VIEWS = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
const DATE = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

function demoServicePage(video: Video, appName: string): string {
  const e = escapeHtml;
  const channelHref = `/channel/${encodeURIComponent(video.channelExternalId)}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(video.title)} – DemoTube</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: Canvas; color: CanvasText; }
  header { display: flex; align-items: center; gap: 12px; padding: 10px 16px; border-bottom: 1px solid #8884; }
  .logo { font-weight: 800; font-size: 20px; letter-spacing: -0.5px; }
  .logo span { background: #d32f2f; color: #fff; border-radius: 6px; padding: 0 6px; margin-right: 2px; }
  .note { margin-left: auto; font-size: 13px; opacity: 0.75; }
  main { max-width: 960px; margin: 0 auto; padding: 16px; }
  video { width: 100%; aspect-ratio: 16 / 9; background: #000; border-radius: 12px; display: block; }
  h1 { font-size: 20px; line-height: 1.3; margin: 14px 0 10px; overflow-wrap: anywhere; }
  .channel { display: flex; align-items: center; gap: 10px; }
  .channel img { width: 40px; height: 40px; border-radius: 50%; }
  .channel a { color: inherit; font-weight: 600; text-decoration: none; }
  .about { background: #8882; border-radius: 12px; padding: 12px; margin-top: 14px; font-size: 14px; line-height: 1.5; }
  .meta { font-weight: 600; margin: 0 0 6px; }
  .back { display: inline-block; margin-top: 18px; }
  a { color: #2962ff; }
  @media (prefers-color-scheme: dark) { a { color: #82b1ff; } }
</style>
</head>
<body>
<header><div class="logo" aria-label="DemoTube"><span>▶</span>DemoTube</div>
<p class="note">The demo catalog's stand-in for a video service</p></header>
<main>
<video controls autoplay playsinline preload="metadata" src="${e(video.mediaUrl ?? '')}" poster="${e(video.thumbnail)}" aria-label="${e(video.title)}"></video>
<h1>${e(video.title)}</h1>
<div class="channel"><img src="${e(video.channelThumbnail)}" alt=""><a href="${e(channelHref)}">${e(video.channelName)}</a></div>
<section class="about" aria-label="About this video">
<p class="meta">${VIEWS.format(video.numberOfViews)} views · ${DATE.format(new Date(video.publishedAt))}</p>
<p>${e(video.description)}</p>
</section>
<a class="back" href="${e(channelHref)}">Back to ${e(appName)}</a>
</main>
</body>
</html>`;
}
