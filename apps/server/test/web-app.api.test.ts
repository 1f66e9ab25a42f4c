import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { messagesResponseSchema } from '@sift/contracts';
import { JSDOM } from 'jsdom';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from './support/test-app.js';

/**
 * How the process serves the built web app (issue 18, "Install and update" and the server-side Lighthouse causes):
 * the document compressed, never cached, with the document's policies; the service worker never cached and the
 * manifest with its own type; hashed assets a year, without the document's headers; a real robots.txt; unknown API
 * and media addresses a JSON 404, not the app.
 */

/** A dist/ as `vite build` writes it, small, but with an index.html over the compression threshold (1 KiB). */
function makeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-web-dist-'));
  const padding = '<meta name="description" content="Find, curate and watch videos." />\n'.repeat(20);
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><html><head><title>Sift</title>${padding}</head><body><div id="root"></div></body></html>`);
  fs.writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  fs.writeFileSync(path.join(dir, 'manifest.webmanifest'), JSON.stringify({ name: 'Sift', start_url: '/' }));
  fs.writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\nDisallow: /api/\n');
  fs.writeFileSync(path.join(dir, 'assets', 'index-AbC123.js'), `console.log(${JSON.stringify('x'.repeat(2000))});\n`);
  fs.writeFileSync(path.join(dir, 'assets', 'index-AbC123.css'), `body{margin:0}\n`);
  // Vite's build manifest: the player's lazy chunk, which imports a chunk of its own.
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(
    path.join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-AbC123.js', isEntry: true, css: ['assets/index-AbC123.css'] },
      'src/app/layout/WatchPlayer.tsx': { file: 'assets/WatchPlayer-Pl4y3r.js', isDynamicEntry: true, imports: ['_media-M3d1a.js'], css: ['assets/WatchPlayer-Pl4y3r.css'] },
      '_media-M3d1a.js': { file: 'assets/media-M3d1a.js' },
    }),
  );
  return dir;
}

let dist = '';
const t = useTestApp({ webDistDir: () => (dist = makeDist()) });
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });

describe('the web app as served', () => {
  it('sends the document for client routes gzip-compressed, never cached, with the document policy', async () => {
    for (const url of ['/', '/sifts', '/search/main?st=cats']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(res.rawPayload).toString('utf8'), url).toContain('<div id="root"></div>');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['permissions-policy'], url).toContain('camera=()');
    }
  });

  it('announces the player\'s chunk with the pages that open with a video, and with no other', async () => {
    const links = async (url: string) => {
      const { document } = new JSDOM(gunzipSync((await get(url)).rawPayload).toString('utf8')).window;
      return [...document.head.querySelectorAll('link[rel="modulepreload"], link[rel="preload"][as="style"]')].map(
        (l) => `${l.getAttribute('rel')} ${l.getAttribute('href')} ${l.getAttribute('crossorigin') === null ? 'no-cors' : 'cors'}`,
      );
    };
    const player = ['modulepreload /assets/WatchPlayer-Pl4y3r.js cors', 'preload /assets/WatchPlayer-Pl4y3r.css cors', 'modulepreload /assets/media-M3d1a.js cors'];
    expect(await links('/watch?v=abc123')).toEqual(player);
    expect(await links('/watch')).toEqual(player);
    expect(await links('/channel/UC123?v=abc123')).toEqual(player); // the minimised player
    expect(await links('/')).toEqual([]);
    expect(await links('/channel/UC123')).toEqual([]);
  });

  it("carries the message bar's content in the page, so the bar is there at the first paint; no text can close its element", async () => {
    const hostile = 'Maintenance tonight </script><script>alert(1)</script> \u2028 done';
    await t.services.messages.seedWelcome({ pageLocations: [44], level: 'warn', text: hostile, dismissal: 'session' });
    const html = gunzipSync((await get('/playlists')).rawPayload).toString('utf8');
    const { document } = new JSDOM(html).window;
    // The hostile text made no element: the only scripts are the page's islands (its own, the configuration's).
    expect([...document.querySelectorAll('script')].map((s) => `${s.getAttribute('id')} ${s.getAttribute('type')}`)).toEqual([
      'sift-site-messages application/json',
      'sift-auth-config application/json',
    ]);
    // It sits in the head, as JSON that nothing runs.
    const island = document.head.querySelectorAll('script#sift-site-messages[type="application/json"]')[0]!;
    const data = messagesResponseSchema.parse(JSON.parse(island.innerHTML));
    expect(data.pageLocations[0]!.warn.map((m) => m.text)).toEqual([hostile]);
  });

  it('carries GET /api/auth/config in the page, so the first render knows which controls this server offers', async () => {
    const { document } = new JSDOM(gunzipSync((await get('/channel/UC123')).rawPayload).toString('utf8')).window;
    const island = document.head.querySelectorAll('script#sift-auth-config[type="application/json"]')[0]!;
    const config = (await t.app.inject({ method: 'GET', url: '/api/auth/config' })).json();
    expect(JSON.parse(island.innerHTML)).toEqual(config);
    expect(config).toEqual({ googleEnabled: false, appName: 'Sift', subscriptionsEnabled: true });
  });

  it('serves a new build of index.html at once, without a restart', async () => {
    const index = path.join(dist, 'index.html');
    const before = fs.readFileSync(index, 'utf8');
    try {
      fs.writeFileSync(index, before.replace('<div id="root"></div>', '<div id="root" data-build="2"></div>'));
      const res = await get('/sifts/abc123');
      expect(gunzipSync(res.rawPayload).toString('utf8')).toContain('<div id="root" data-build="2"></div>');
    } finally {
      fs.writeFileSync(index, before);
    }
  });

  it('serves the service worker uncached (each update check sees the newest) and under the document policy', async () => {
    const res = await get('/sw.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('serves the manifest as application/manifest+json', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('caches hashed assets a year and leaves the document-only headers off them', async () => {
    for (const url of ['/assets/index-AbC123.js', '/assets/index-AbC123.css']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-security-policy'], url).toBeUndefined();
      expect(res.headers['permissions-policy'], url).toBeUndefined();
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
      // What protects the asset itself stays.
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
  });

  it('answers /robots.txt with the robots file, not the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('User-agent: *\nDisallow: /api/\n');
  });

  it('answers unknown API, media and asset addresses, and other methods, with a JSON 404 rather than the app', async () => {
    const unknown = [['GET', '/api/nothing-here'], ['GET', '/media/nothing-here.png'], ['GET', '/assets/index-Old999.js'], ['POST', '/somewhere']] as const;
    for (const [method, url] of unknown) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json(), `${method} ${url}`).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    }
  });
});
