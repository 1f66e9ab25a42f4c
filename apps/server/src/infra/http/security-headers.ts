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
    // The share popup (decisions/021) must stay ours to watch: under helmet's default `same-origin` the network's
    // page is cut off from the window that opened it, which then reads `closed` at once.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // CSP frame-ancestors 'none' says who may frame us; X-Frame-Options: SAMEORIGIN would say something else.
    xFrameOptions: false,
    // HSTS only means something over HTTPS (browsers ignore it on http); it is added below when the request is.
    strictTransportSecurity: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (isSubresource(reply.getHeader('content-type'), request.url)) {
      // Scripts, styles, images and the like are never documents: the document's policies mean nothing on them and
      // cost every asset ~1 KB of headers (issue 18). What protects a subresource itself stays (nosniff, CORP).
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      return;
    }
    // Browser features the app never uses stay off for it and for anything it embeds; fullscreen is the player's.
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    // Behind a TLS-terminating proxy (trustProxy), request.protocol comes from X-Forwarded-Proto.
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });
}

/** Helmet's headers that only a document (or a worker) reads. */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * A response no browser shows as a page: scripts and styles, raster images, fonts, the manifest, audio and video.
 * SVG may run script when opened by itself, so it keeps the document's policy; so does the service worker, whose
 * script's CSP governs the worker.
 */
function isSubresource(contentType: unknown, url: string): boolean {
  if (typeof contentType !== 'string' || url.split('?')[0] === '/sw.js') return false;
  return /^(?:text\/css|(?:application|text)\/javascript|application\/manifest\+json|image\/(?!svg)|font\/|audio\/|video\/)/.test(contentType);
}

const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'fullscreen=(self "https://www.youtube.com" "https://www.youtube-nocookie.com")',
  'autoplay=(self "https://www.youtube.com" "https://www.youtube-nocookie.com")',
  'encrypted-media=(self "https://www.youtube.com" "https://www.youtube-nocookie.com")',
  'picture-in-picture=(self "https://www.youtube.com" "https://www.youtube-nocookie.com")',
].join(', ');
