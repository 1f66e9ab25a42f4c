import { lingui } from '@lingui/vite-plugin';
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { LINGUI_CONFIG, linguiMacroPlugin } from './lingui-macro.ts';
import { siftPwa } from './pwa.ts';

/**
 * React's API, Preact at runtime: `react`, `react-dom` and their JSX runtimes resolve to preact/compat so that
 * the first route fits the 70 KiB gzip JS budget (React DOM alone is ~60 KiB). Code and types stay React's.
 * Vite 8 transforms JSX itself (oxc, automatic runtime), so no React plugin is needed.
 * Component tests (vitest project "web", configured in the root vitest.config.ts) run against real React.
 */
const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

const API_TARGET = process.env.SIFT_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, fileURLToPath(new URL('.', import.meta.url)), 'VITE_');
  const appName = env.VITE_APP_NAME?.trim() || 'Sift';
  return {
    resolve: { alias: preactAliases },
    plugins: [
      // Lingui: macros compiled by Babel before oxc (lingui-macro.ts); `.po` catalogues compiled when imported.
      linguiMacroPlugin(),
      lingui({ ...LINGUI_CONFIG, failOnCompileError: true }),
      {
        // index.html and the manifest name the product like the code does (VITE_APP_NAME, default "Sift").
        name: 'sift-app-name',
        transformIndexHtml: (html: string) => html.replaceAll('%APP_NAME%', escapeHtml(appName)),
      },
      siftPwa(appName),
      compileHints(),
      earlyIntlWarmup(),
    ],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      // dist/.vite/manifest.json: the server announces the player's chunk with the pages that open with a video
      // (apps/server/src/infra/http/route-chunks.ts).
      manifest: true,
      rolldownOptions: {
        // Rolldown's "[PLUGIN_TIMINGS] JavaScript callbacks ran for …" block after every build reads like a problem to
        // someone starting Sift for the first time (issue 31); it is the Lingui macros' Babel pass, slow by nature.
        checks: { bundlerTimings: false },
        output: {
          // Libraries in one long-cached chunk, app code in the entry; lazy routes split off by themselves.
          // The captcha widget (~35 KiB gzip) is only for the sign-up page: kept out of the shared vendor chunk,
          // which the first route loads, so that it splits off with the page that imports it. Likewise workbox-window,
          // loaded after the page to register the service worker.
          // The app's own modules that the first route loads and lazy routes share are gathered in one "shell" chunk
          // rather than a score of tiny ones: each file compresses on its own, and twenty small gzip streams cost
          // ~2 KiB more than one.
          codeSplitting: {
            groups: [
              { name: 'vendor', test: /node_modules[\\/](?!altcha[\\/]|hash-wasm[\\/]|workbox-window[\\/])/ },
              // Not the ICU warm-up: it is an entry of its own, loaded before the rest (earlyIntlWarmup below).
              { name: 'shell', test: /apps[\\/]web[\\/]src[\\/](?!lib[\\/]intl-warmup)/, tags: ['$initial'] },
            ],
          },
        },
        onwarn(warning, defaultHandler) {
          // "use client" directives (react-router, TanStack Query) mean nothing in a client-only bundle.
          if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
          // react-router feature-detects React 19 APIs (`use`, `useOptimistic`) that preact/compat lacks;
          // those imports being undefined is expected.
          if (warning.code === 'IMPORT_IS_UNDEFINED' && (warning.id ?? warning.message).includes('react-router'))
            return;
          defaultHandler(warning);
        },
      },
    },
    server: {
      port: 5173,
      proxy: {
        '/api': { target: API_TARGET, changeOrigin: false },
        '/media': { target: API_TARGET, changeOrigin: false },
      },
    },
    preview: {
      port: 4173,
      proxy: {
        '/api': { target: API_TARGET, changeOrigin: false },
        '/media': { target: API_TARGET, changeOrigin: false },
      },
    },
  };
});

/**
 * Our chunks ask V8 to compile every function while the file streams in, on a background thread ("explicit compile
 * hints", Chromium 136+; to other engines a comment). Compiled lazily, each function's first call was compiled on the
 * main thread: 100-170 ms of the first route's start-up on this project's machines (issue 18, decision 029). Every
 * chunk of the app's own code (the shell, the player, each page: most of what they hold runs when they load) and the
 * vendor chunk the first route needs; not the libraries split off for one use (the captcha widget, hash-wasm,
 * workbox-window), of which little runs. The comment must open the file: it is added last, after minification (which
 * drops comments) and after Vite's preload map, which goes on top of the shell.
 */
function compileHints(): Plugin {
  const isAppCode = (id: string) => /apps[\\/]web[\\/]src[\\/]/.test(id);
  return {
    name: 'sift-compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type === 'chunk' && (file.name === 'vendor' || file.moduleIds.some(isAppCode))) {
            file.code = `//# allFunctionsCalledOnLoad\n${file.code}`;
          }
        }
      },
    },
  };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}

/**
 * ICU's warm-up (lib/intl-warmup.ts) as an entry of its own, loaded by an async script at the top of the page's head:
 * it runs as soon as its few hundred bytes arrive and starts its worker while the app's modules are still loading.
 * Imported by main.tsx, it ran only once the whole module graph had loaded, and its worker was still building ICU
 * when the first list's cards formatted their counts: the main thread built it too, 45–150 ms of the first cards'
 * task on this project's machines (issue 32's traces; decisions 028, 057). Vite gathers an HTML file's module scripts
 * into one entry, hence a chunk emitted here and its tag added after Vite's own.
 */
function earlyIntlWarmup(): Plugin {
  const source = 'src/lib/intl-warmup.ts';
  let refId = '';
  return {
    name: 'sift-early-intl-warmup',
    buildStart() {
      if (this.environment.config.command === 'build') refId = this.emitFile({ type: 'chunk', id: fileURLToPath(new URL(source, import.meta.url)), name: 'intl-warmup' });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const src = ctx.bundle && refId ? `/${Object.values(ctx.bundle).find((f) => f.type === 'chunk' && f.facadeModuleId?.endsWith('lib/intl-warmup.ts'))?.fileName}` : `/${source}`;
        return [{ tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src }, injectTo: 'head-prepend' }];
      },
    },
  };
}
