import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { firstScreenModules, PAGE_MODULES, PLAYER_MODULE, preloadTags } from './route-chunks.js';

describe('preloadTags', () => {
  const manifest = {
    'src/Player.tsx': { file: 'assets/Player-1.js', imports: ['_vendor-2.js', '_shared-3.js'], css: ['assets/Player-1.css'] },
    '_vendor-2.js': { file: 'assets/vendor-2.js' },
    '_shared-3.js': { file: 'assets/shared-3.js', imports: ['_vendor-2.js', 'src/Player.tsx'] },
  };

  it('announces a chunk, its CSS and what it imports, once each, leaving out what the page already loads', () => {
    const page = '<script type="module" src="/assets/index-0.js"></script><link rel="modulepreload" href="/assets/vendor-2.js">';
    expect(preloadTags(manifest, ['src/Player.tsx'], page)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/Player-1.js" />',
      '<link rel="preload" as="style" crossorigin href="/assets/Player-1.css" />',
      '<link rel="modulepreload" crossorigin href="/assets/shared-3.js" />',
    ]);
  });

  it('announces nothing for a module the build does not know (renamed, or a build without a manifest)', () => {
    expect(preloadTags(manifest, ['src/Gone.tsx'], '')).toEqual([]);
    expect(preloadTags({}, ['src/Player.tsx'], '')).toEqual([]);
  });
});

describe('firstScreenModules', () => {
  const of = (url: string) => firstScreenModules(new URL(url, 'http://x'));

  it("names the player's chunk for the pages that open with a video, and the lazily loaded page of a sift, a channel or a search", () => {
    expect(of('/watch?v=abc')).toEqual([PLAYER_MODULE]);
    expect(of('/watch')).toEqual([PLAYER_MODULE]);
    expect(of('/channel/UC123?v=abc')).toEqual([PLAYER_MODULE, 'src/app/pages/ChannelRoute.tsx']);
    expect(of('/channel/UC123')).toEqual(['src/app/pages/ChannelRoute.tsx']);
    expect(of('/sifts/abcDEF1234')).toEqual(['src/app/pages/SiftRoutes.tsx']);
    expect(of('/sifts')).toEqual(['src/features/sifts/components/SiftsPage.tsx']);
    expect(of('/search?q=cooking')).toEqual(['src/app/pages/SearchRoute.tsx']);
    expect(of('/search/main?st=cooking')).toEqual(['src/app/pages/SearchRoute.tsx']);
    // The Dashboard is in the first route's own chunk; an edit page is not where a link lands.
    expect(of('/')).toEqual([]);
    expect(of('/sifts/abcDEF1234/edit')).toEqual([]);
  });

  it('names modules that exist in the web app (a renamed one would otherwise be announced by nobody)', () => {
    const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web');
    for (const module of [PLAYER_MODULE, ...PAGE_MODULES.map(([, m]) => m)]) expect(fs.existsSync(path.join(web, module)), module).toBe(true);
  });
});
