import path from 'node:path';
import { appendToHead, changedFileReader, type SpaPage } from './spa.js';

/**
 * The web app's lazy chunks an address draws in its first screen, by their source module (the keys of Vite's
 * manifest): the player (apps/web/src/app/layout/WatchPlayer.tsx, which WatchHost loads) on a page that opens with a
 * video, `/watch` or any address with `v` (the minimised player). The web app's first render waits for it
 * (apps/web/src/app/first-screen.ts, decision 030). route-chunks.test.ts checks that the module exists.
 */
export const PLAYER_MODULE = 'src/app/layout/WatchPlayer.tsx';

export function firstScreenModules(url: URL): string[] {
  return url.pathname === '/watch' || url.searchParams.has('v') ? [PLAYER_MODULE] : [];
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
