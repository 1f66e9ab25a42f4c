import path from 'node:path';
import { clientRouteTest } from './client-routes.js';
import { appendToHead, changedFileReader, type SpaPage } from './spa.js';

/**
 * The web app's lazy chunks an address draws in its first screen, by their source module (the keys of Vite's
 * manifest): the player (apps/web/src/app/layout/WatchPlayer.tsx, which WatchHost loads) on a page that opens with a
 * video, `/watch` or any address with `v` (the minimised player). The web app's first render waits for it
 * (apps/web/src/app/first-screen.ts, decision 030). route-chunks.test.ts checks that the module exists.
 */
export const PLAYER_MODULE = 'src/app/layout/WatchPlayer.tsx';

/**
 * The lazily loaded pages a visitor opens first from a link (a shared sift, a channel, a search), by the client routes
 * that draw them (apps/web/src/app/routes.tsx). Asked for by the app only as it drew them, these chunks and the ~20
 * they import were fetched after the first route's scripts had run, and Vite's loader added a `<link>` for each to
 * the page inside the first render's task (25 ms of a sift page's, decision 057). Announced with the page, they
 * download beside the first route's scripts and the loader finds them there. Not waited for (decision 030).
 */
export const PAGE_MODULES: ReadonlyArray<readonly [(pathname: string) => boolean, string]> = [
  [clientRouteTest('sift'), 'src/app/pages/SiftRoutes.tsx'],
  [clientRouteTest('sifts'), 'src/features/sifts/components/SiftsPage.tsx'],
  [clientRouteTest('channel'), 'src/app/pages/ChannelRoute.tsx'],
  [clientRouteTest('search'), 'src/app/pages/SearchRoute.tsx'],
  [clientRouteTest('searchMain'), 'src/app/pages/SearchRoute.tsx'],
];

export function firstScreenModules(url: URL): string[] {
  const page = PAGE_MODULES.find(([matches]) => matches(url.pathname))?.[1];
  const player = url.pathname === '/watch' || url.searchParams.has('v') ? [PLAYER_MODULE] : [];
  return page ? [...player, page] : player;
}

/**
 * The SPA's page with the lazy chunks its address needs at once announced in its <head> (issue 18). A lazy chunk is
 * asked for by the client only once the first route's scripts have run; announced with the page, it downloads beside
 * them. The chunks' files come from Vite's build manifest (`build.manifest` in apps/web/vite.config.ts), read again
 * when a build replaces it.
 */
export function withRouteChunks(page: SpaPage, distDir: string, chunksFor: (url: URL) => readonly string[]): SpaPage {
  const manifest = changedFileReader(path.join(distDir, '.vite', 'manifest.json'), (text) => JSON.parse(text) as Manifest);
  return async (url) => {
    const html = await page(url);
    const sources = chunksFor(new URL(url, 'http://x'));
    if (sources.length === 0) return html;
    // A build without the manifest (or an unreadable one) announces nothing.
    const tags = preloadTags(await manifest().catch((): Manifest => ({})), sources, html);
    return appendToHead(html, tags.join('\n    '));
  };
}

/** One entry of Vite's manifest: the built file of a source module, the chunks it imports, its CSS. */
interface ManifestEntry {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestEntry>;

/**
 * `<link>`s for the chunks of `sources` and the chunks they import (their CSS preloaded, not applied: the chunk applies
 * it when it runs), leaving out files the page already names (the first route's chunks). `crossorigin` as Vite's own
 * links have it: the client's `import()` and the stylesheet link Vite adds fetch in CORS mode, and a preload only
 * serves a request of the same mode.
 */
export function preloadTags(manifest: Manifest, sources: readonly string[], html: string): string[] {
  const tags: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || seen.has(key)) return;
    seen.add(key);
    if (!html.includes(entry.file)) tags.push(`<link rel="modulepreload" crossorigin href="/${entry.file}" />`);
    for (const css of entry.css ?? []) if (!html.includes(css)) tags.push(`<link rel="preload" as="style" crossorigin href="/${css}" />`);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  sources.forEach(visit);
  return tags;
}
