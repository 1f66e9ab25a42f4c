import { VitePWA } from 'vite-plugin-pwa';

/**
 * The installable app (SPEC §1 "installed as a service-worker app", §4 "Service worker"; docs/decisions/022):
 * vite-plugin-pwa writes the web manifest and, with Workbox's generateSW, `sw.js`, which precaches the app shell
 * (index.html, every hashed asset, the icons and the offline page) and answers every navigation with index.html
 * except those the server owns. The page registers the worker itself, after load (src/app/update/register.ts), and
 * asks before a new version takes over (`registerType: 'prompt'`: the worker waits for SKIP_WAITING).
 */
export function siftPwa(appName: string) {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    strategies: 'generateSW',
    filename: 'sw.js',
    manifestFilename: 'manifest.webmanifest',
    manifest: {
      id: '/',
      name: appName,
      short_name: appName,
      description: 'Find, curate and watch videos.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#3f37c9',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      cleanupOutdatedCaches: true,
      // The first install takes the open page at once, so it works offline without a reload. An update waits.
      clientsClaim: true,
      skipWaiting: false,
      inlineWorkboxRuntime: true,
      navigateFallback: '/index.html',
      // Paths the server answers itself: the API (its docs and Atom feeds included), media, the OAuth round trips.
      navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/media\//, /^\/oauth2\//, /\/feed\.atom$/],
      runtimeCaching: [
        {
          // Those pages come from the network; with neither network nor a kept copy, the offline page.
          // (Serialised into sw.js: it must not refer to anything outside itself.)
          urlPattern: ({ request, url }) =>
            request.mode === 'navigate' &&
            (/^\/api(\/|$)/.test(url.pathname) ||
              url.pathname.startsWith('/media/') ||
              url.pathname.startsWith('/oauth2/') ||
              url.pathname.endsWith('/feed.atom')),
          handler: 'NetworkOnly',
          options: { precacheFallback: { fallbackURL: '/offline.html' } },
        },
      ],
    },
  });
}
