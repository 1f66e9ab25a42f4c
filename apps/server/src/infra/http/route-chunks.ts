import path from 'node:path';
import { changedFileReader, type SpaPage } from './spa.js';

/**
 * The SPA's page with the lazy chunks its address needs at once announced in its <head> (issue 18). The player is a
 * lazy chunk, asked for by the client only once the first route's scripts have run; on a page that opens with a video
 * (`/watch`, or any address with `v`) it is announced with the page and downloads beside them. The chunks' files come
 * from Vite's build manifest (`build.manifest` in apps/web/vite.config.ts), read again when a build replaces it.
 */
export function withRouteChunks(page: SpaPage, distDir: string, chunksFor: (url: URL) => readonly string[]): SpaPage {
  const manifest = changedFileReader(path.join(distDir, '.vite', 'manifest.json'), (text) => JSON.parse(text) as Manifest);
  return async (url) => {
    const html = await page(url);
    const sources = chunksFor(new URL(url, 'http://x'));
    if (sources.length === 0) return html;
    // A build without the manifest (or an unreadable one) announces nothing.
    const tags = preloadTags(await manifest().catch((): Manifest => ({})), sources, html);
    const at = html.search(/<\/head>/i);
    return tags.length === 0 || at < 0 ? html : `${html.slice(0, at)}  ${tags.join('\n    ')}\n  ${html.slice(at)}`;
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
