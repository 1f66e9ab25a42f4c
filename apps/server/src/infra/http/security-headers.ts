import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers for everything the process serves. The Content-Security-Policy allows only our own origin,
 * plus what the YouTube IFrame player needs (its script, its frames, its thumbnails). Inline styles are allowed
 * because components set sizes through style attributes; inline scripts are not. Workers may come from blob:
 * (the captcha's proof-of-work runs in one).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://www.youtube.com', 'https://s.ytimg.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https://i.ytimg.com', 'https://yt3.ggpht.com', 'https://*.googleusercontent.com'],
        mediaSrc: ["'self'", 'blob:'],
        frameSrc: ['https://www.youtube.com', 'https://www.youtube-nocookie.com'],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // The demo thumbnails are served to <img> on our own pages; nothing else embeds them.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Needed so that the YouTube player's frames can talk back to the page.
    crossOriginEmbedderPolicy: false,
  });
}
