import { siftSchema, playlistSchema, type Playlist, type Sift } from '@sift/contracts';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JSDOM, type ParsedDocument } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderChannel, ProviderVideo } from '../src/providers/video-provider.js';
import { aMember, call } from './support/accounts.js';
import { aChannel, aVideo } from './support/factories.js';
import { TEST_PUBLIC_URL, useTestApp } from './support/test-app.js';

/**
 * Link previews (issue 18): the page the server sends for a shared link carries the item's Open Graph and
 * Twitter-card tags when the item is public, and the site's own tags otherwise, whatever the id.
 */

// A built web app of one page, shaped as Vite writes apps/web/index.html.
const dist = mkdtempSync(path.join(tmpdir(), 'sift-previews-'));
writeFileSync(
  path.join(dist, 'index.html'),
  `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="description" content="Find, curate and watch videos." />
    <title>Sift</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`,
);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const t = useTestApp({ webDistDir: () => dist });

const HOSTILE = `"/><script>alert('sift')</script> & <b>friends</b>`;

let owner: Awaited<ReturnType<typeof aMember>>;
let channel: ProviderChannel;
let video: ProviderVideo;
let publicSift: Sift;
let privateSift: Sift;
let publicPlaylist: Playlist;
let privatePlaylist: Playlist;

const api = <T>(method: 'GET' | 'POST', url: string, payload?: object) => call<T>(t.app, { method, url, token: owner.token, ...(payload ? { payload } : {}) });

interface Page {
  status: number;
  contentType: string;
  /** Every card tag by its property or name, as a browser reads it (entities decoded). */
  tags: Record<string, string>;
  title: string;
  document: ParsedDocument;
}

async function page(url: string): Promise<Page> {
  const res = await t.app.inject({ method: 'GET', url });
  const { document } = new JSDOM(res.body).window;
  const tags: Record<string, string> = {};
  for (const meta of document.head.querySelectorAll('meta[property], meta[name]')) {
    tags[meta.getAttribute('property') ?? meta.getAttribute('name')!] = meta.getAttribute('content') ?? '';
  }
  return { status: res.statusCode, contentType: String(res.headers['content-type']), tags, title: document.title, document };
}

/** Our generated images go into previews as their PNG form: not every link preview shows WebP or SVG. */
const asPng = (address: string | null) => address?.replace(/\.(?:svg|webp)(?=\?|$)/, '.png');

/** The site's own tags: what every page without a public item of its own carries (a missing item's page: 404). */
function expectSiteTags(p: Page, status: 200 | 404 = 200) {
  expect(p.status).toBe(status);
  expect(p.contentType).toMatch(/^text\/html/);
  expect(p.title).toBe('Sift');
  expect(p.tags['og:site_name']).toBe('Sift');
  expect(p.tags['og:title']).toBe('Sift');
  expect(p.tags['og:description']).toBe('Find, curate and watch videos.');
  expect(p.tags.description).toBe('Find, curate and watch videos.');
  expect(p.tags['og:image']).toBeUndefined();
  expect(p.tags['twitter:card']).toBe('summary');
  // Still the app: its script is there, and only one title and description.
  expect(p.document.querySelectorAll('script[src="/assets/index-abc.js"]')).toHaveLength(1);
  expect(p.document.querySelectorAll('title')).toHaveLength(1);
  expect(p.document.querySelectorAll('meta[name="description"]')).toHaveLength(1);
}

beforeAll(async () => {
  owner = await aMember(t, { firstName: 'Ada <i>"the"</i>', lastName: 'Lovelace' });
  channel = aChannel({ name: 'Bread & Butter', description: 'Baking every week.', numberOfVideos: 2 });
  t.videoService.channels.set(channel.externalId, channel);
  video = aVideo(channel, { title: 'Sourdough <basics>', description: 'Flour, water,\nsalt and time.' });
  t.videoService.videos.set(video.externalId, video);
  t.videoService.videos.set('other', aVideo(channel, { externalId: 'vOther00001', publishedAt: new Date('2026-09-01T00:00:00Z') }));
  await t.services.catalog.syncChannel(channel.externalId, { maxPages: Infinity });

  const sift = async (body: object) => {
    const res = await api<Sift>('POST', '/api/sifts', body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return siftSchema.parse(res.body);
  };
  publicSift = await sift({ name: HOSTILE, description: 'Bread, "butter" & more', public: true, channels: [{ externalId: channel.externalId }] });
  privateSift = await sift({ name: 'Secret bakes', description: 'Not for the world', public: false, channels: [{ externalId: channel.externalId }] });

  const playlist = async (name: string, makePublic: boolean) => {
    const created = playlistSchema.parse((await api<Playlist>('POST', '/api/playlists', { name })).body);
    expect((await api('POST', `/api/playlists/${created.id}/videos`, { externalId: video.externalId })).status).toBe(201);
    if (makePublic) expect((await api('POST', `/api/playlists/${created.id}/public`)).status).toBe(200);
    return playlistSchema.parse((await api<Playlist>('GET', `/api/playlists/${created.id}`)).body);
  };
  publicPlaylist = await playlist('Weekend bakes', true);
  privatePlaylist = await playlist('Private bakes', false);
});

describe("a public item's page", () => {
  it('a sift: its name, description, absolute image and address, escaped so nothing leaves its tag', async () => {
    const p = await page(`/sifts/${publicSift.hash}`);
    expect(p.status).toBe(200);
    expect(p.tags['og:title']).toBe(HOSTILE);
    expect(p.tags['twitter:title']).toBe(HOSTILE);
    expect(p.title).toBe(`${HOSTILE} · Sift`);
    expect(p.tags['og:description']).toBe('Bread, "butter" & more');
    expect(p.tags['twitter:description']).toBe('Bread, "butter" & more');
    expect(p.tags['og:url']).toBe(`${TEST_PUBLIC_URL}/sifts/${publicSift.hash}`);
    expect(publicSift.thumbnail).toMatch(/^\//);
    expect(p.tags['og:image']).toBe(`${TEST_PUBLIC_URL}${asPng(publicSift.thumbnail)}`);
    expect(p.tags['twitter:image']).toBe(p.tags['og:image']);
    expect(p.tags['twitter:card']).toBe('summary_large_image');
    expect(p.tags['og:type']).toBe('website');
    expect(p.tags['og:site_name']).toBe('Sift');
    // The hostile name made no element: the only script that runs is the app's (beside the site messages' JSON), the head has no <b>.
    expect(p.document.querySelectorAll('script:not([type="application/json"])')).toHaveLength(1);
    expect(p.document.querySelectorAll('b, i')).toHaveLength(0);
  });

  it('a sift by its id gives the same card, addressed by its hash', async () => {
    const p = await page(`/sifts/${publicSift.id}`);
    expect(p.tags['og:url']).toBe(`${TEST_PUBLIC_URL}/sifts/${publicSift.hash}`);
  });

  it('a playlist: its name, a description made from its owner and size, the first video as image', async () => {
    const p = await page(`/playlists/${publicPlaylist.id}`);
    expect(p.tags['og:title']).toBe('Weekend bakes');
    expect(p.tags['og:description']).toBe('A playlist by Ada <i>"the"</i> Lovelace: 1 video.');
    expect(p.tags['og:url']).toBe(`${TEST_PUBLIC_URL}/playlists/${publicPlaylist.id}`);
    expect(p.tags['og:image']).toBe(`${TEST_PUBLIC_URL}${asPng(video.thumbnail)}`);
    expect(p.document.querySelectorAll('i')).toHaveLength(0);
  });

  it('a channel: its name, description and avatar', async () => {
    const p = await page(`/channel/${channel.externalId}`);
    expect(p.tags['og:title']).toBe('Bread & Butter');
    expect(p.tags['og:description']).toBe('Baking every week.');
    expect(p.tags['og:image']).toBe(`${TEST_PUBLIC_URL}${asPng(channel.thumbnail)}`);
    expect(p.tags['og:url']).toBe(`${TEST_PUBLIC_URL}/channel/${channel.externalId}`);
  });

  it('a video at /watch?v=: its title, its description on one line, its thumbnail, type video', async () => {
    const p = await page(`/watch?v=${video.externalId}`);
    expect(p.tags['og:title']).toBe('Sourdough <basics>');
    expect(p.tags['og:description']).toBe('Flour, water, salt and time.');
    expect(p.tags['og:image']).toBe(`${TEST_PUBLIC_URL}${asPng(video.thumbnail)}`);
    expect(p.tags['og:url']).toBe(`${TEST_PUBLIC_URL}/watch?v=${video.externalId}`);
    expect(p.tags['og:type']).toBe('video.other');
    // The player's poster (its <video> plays the clip) is asked for with the page, at the address the player uses.
    const preloads = [...p.document.head.querySelectorAll('link[rel="preload"][as="image"]')].map((l) => l.getAttribute('href'));
    expect(preloads).toEqual([video.thumbnail]);
    // The carried-over v on another page is not that page's item.
    const search = await page(`/search?v=${video.externalId}`);
    expectSiteTags(search);
    expect(search.document.head.querySelectorAll('link[rel="preload"][as="image"]')).toHaveLength(0);
  });

  it("a person's profile: their name (escaped) and what the page lists", async () => {
    const p = await page(`/user-profile/${owner.user.uuid}`);
    expect(p.tags['og:title']).toBe('Ada <i>"the"</i> Lovelace');
    expect(p.tags['og:description']).toBe('Public sifts and playlists of Ada <i>"the"</i> Lovelace.');
    expect(p.tags['og:url']).toBe(`${TEST_PUBLIC_URL}/user-profile/${owner.user.uuid}`);
    expect(p.tags['og:type']).toBe('profile');
    expect(p.document.querySelectorAll('i')).toHaveLength(0);
  });

  it('answers HEAD as GET, as HTML never kept by caches', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: `/sifts/${publicSift.hash}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    // The share popup stays the page's to watch for closing (decisions/021).
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });
});

describe('every other page gets the site’s own tags', () => {
  it('private sifts and playlists (SPEC §5: sharing needs the item to be public)', async () => {
    expectSiteTags(await page(`/sifts/${privateSift.hash}`), 404);
    expectSiteTags(await page(`/playlists/${privatePlaylist.id}`), 404);
    expect((await page(`/sifts/${privateSift.hash}`)).document.body.innerHTML).not.toContain('Secret bakes');
  });

  it('Watch later, edit pages, the home page and other routes', async () => {
    for (const url of ['/playlists/wl', `/sifts/${publicSift.hash}/edit`, `/playlists/${publicPlaylist.id}/edit`, '/', '/search/main?st=bread', '/sifts', '/about']) {
      expectSiteTags(await page(url));
    }
  });

  it('unknown and malformed ids, never a 500', async () => {
    for (const url of [
      '/sifts/nope',
      '/sifts/99999999999999999999999',
      '/playlists/abc',
      '/playlists/99999999999999999999999',
      '/playlists/-1',
      '/channel/UCnope',
      `/channel/${'x'.repeat(300)}`,
      '/user-profile/not-a-uuid',
      `/user-profile/${randomUUID()}`,
      "/user-profile/'; drop table users; --",
    ]) {
      expectSiteTags(await page(url), 404);
    }
    // The Dashboard behind the player is there whatever the video.
    for (const url of ['/watch', '/watch?v=', '/watch?v=nope']) expectSiteTags(await page(url));
    // A malformed escape or a NUL never reaches the page: the router and the NUL guard answer them (400s).
    for (const url of ['/sifts/%E0%A4%A', '/watch?v=%00']) expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(400);
  });
});

describe('the status of a page (decisions/043): no soft 404 for search engines to index', () => {
  it('an address the web app has no page for is its not-found page, with 404', async () => {
    for (const url of ['/no/such/page', '/sifts/abc/extra', '/playlist/1', '/watch/more', '/loginx', '/welcome/1']) {
      const p = await page(url);
      expectSiteTags(p, 404);
    }
    // HEAD as GET.
    expect((await t.app.inject({ method: 'HEAD', url: '/no/such/page' })).statusCode).toBe(404);
  });

  it('a sift, playlist, channel or person that exists is 200; one that does not, or is private, is the same 404', async () => {
    const pages: Array<[string, string]> = [
      [`/sifts/${publicSift.hash}`, '/sifts/aaaaaaaaaaaaaaaaaaaaaaaa'],
      [`/sifts/${publicSift.id}`, `/sifts/${privateSift.id}`],
      [`/playlists/${publicPlaylist.id}`, `/playlists/${privatePlaylist.id + 1000}`],
      [`/channel/${channel.externalId}`, '/channel/UCxxxxxxxxxxxxxxxxxxxxxx'],
      [`/user-profile/${owner.user.uuid}`, `/user-profile/${randomUUID()}`],
    ];
    for (const [there, missing] of pages) {
      expect((await page(there)).status, there).toBe(200);
      const notThere = await t.app.inject({ method: 'GET', url: missing });
      expect(notThere.statusCode, missing).toBe(404);
      expect(notThere.headers['content-type'], missing).toMatch(/^text\/html/);
    }
    // Someone else's private sift or playlist answers exactly as a missing one: same status, same page.
    const privateOnes = [`/sifts/${privateSift.hash}`, `/playlists/${privatePlaylist.id}`];
    const missingOnes = ['/sifts/aaaaaaaaaaaaaaaaaaaaaaaa', `/playlists/${privatePlaylist.id + 1000}`];
    for (const [i, url] of privateOnes.entries()) {
      const [hidden, absent] = [await t.app.inject({ method: 'GET', url }), await t.app.inject({ method: 'GET', url: missingOnes[i]! })];
      expect([hidden.statusCode, hidden.body]).toEqual([absent.statusCode, absent.body]);
    }
  });

  it('known routes are 200, whatever their case or a trailing slash (the client router matches them so)', async () => {
    for (const url of ['/', '/login', '/LOGIN', '/login/', '/signup', '/search/main?st=x', '/feed', '/confirmRegistration', '/confirmRegistration/abc', '/email-sent/a%40b.c', '/oauth2/google', '/ec', '/ec/login', '/playlists/wl', '/sifts']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });
});

describe('the raster forms of a generated image', () => {
  it('is the WebP the catalog links to: a 640×360 thumbnail and a 176 px avatar, kept a year; the SVG stays', async () => {
    const { default: sharp } = await import('sharp');
    const thumbnail = await t.app.inject({ method: 'GET', url: '/media/thumbnails/demo0000001.webp?h=200&t=1&l=Cooking%20pasta' });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect(thumbnail.headers['cache-control']).toContain('immutable');
    const meta = await sharp(thumbnail.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 640, 360]);
    const avatar = await t.app.inject({ method: 'GET', url: '/media/avatars/UC0000000000000000000001.webp?h=120&i=CP' });
    expect(avatar.statusCode).toBe(200);
    const avatarMeta = await sharp(avatar.rawPayload).metadata();
    expect([avatarMeta.format, avatarMeta.width, avatarMeta.height]).toEqual(['webp', 176, 176]);
    // Catalogs seeded before the WebP form link to the SVG, which is still served.
    const svg = await t.app.inject({ method: 'GET', url: '/media/thumbnails/demo0000001.svg?h=200&t=1&l=Cooking%20pasta' });
    expect([svg.statusCode, svg.headers['content-type']]).toEqual([200, 'image/svg+xml; charset=utf-8']);
    for (const url of ['/media/thumbnails/demo0000001.webp?h=999', '/media/avatars/x.webp?h=1&i=%3Cb%3E', '/media/other/x.webp?h=1'])
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
  });

  it('answers every image of a page of cards asked for at once: they wait their turn, none is turned away', async () => {
    const urls = Array.from({ length: 24 }, (_, i) => `/media/thumbnails/burst${String(i).padStart(4, '0')}.webp?h=${i * 7}&t=2&l=Burst`);
    const answers = await Promise.all(urls.map((url) => t.app.inject({ method: 'GET', url })));
    expect(answers.map((a) => a.statusCode)).toEqual(urls.map(() => 200));
  });
});

describe('the PNG form of a generated image', () => {
  it('is the demo thumbnail as a 1200×675 PNG, kept a year; a bad address is a 404 as for the SVG', async () => {
    const address = '/media/thumbnails/demo0000001.png?h=200&t=1&l=Cooking%20pasta';
    const res = await t.app.inject({ method: 'GET', url: address });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toContain('immutable');
    const { default: sharp } = await import('sharp');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 675]);
    // Asked again, the same bytes (kept, not made anew).
    expect((await t.app.inject({ method: 'GET', url: address })).rawPayload.equals(res.rawPayload)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/media/thumbnails/demo0000001.png?h=999' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/media/thumbnails/x.gif?h=1' })).statusCode).toBe(404);
  });
});

describe('the video a page opens is in the page (issue 18: the player draws it in the first paint)', () => {
  const island = (p: Page) => p.document.head.querySelectorAll('script#sift-video[type="application/json"]')[0] ?? null;

  it('as GET /api/videos/{v} answers it, on /watch and on any page carrying v; no text can close its element', async () => {
    const answer = await t.app.inject({ method: 'GET', url: `/api/videos/${video.externalId}` });
    for (const url of [`/watch?v=${video.externalId}`, `/search?v=${video.externalId}`]) {
      const p = await page(url);
      const element = island(p);
      expect(element, url).not.toBeNull();
      expect(JSON.parse(element!.innerHTML), url).toEqual(answer.json());
      // The title's "<basics>" is escaped in the page's source and made no element.
      expect(p.document.head.querySelectorAll('basics')).toHaveLength(0);
    }
    const html = (await t.app.inject({ method: 'GET', url: `/watch?v=${video.externalId}` })).body;
    expect(html).toContain('Sourdough \\u003cbasics>');
  });

  it('only for a video the catalog holds: an unknown id costs the video service nothing', async () => {
    const calls = t.videoService.calls;
    expect(island(await page('/watch?v=vUnknown0001'))).toBeNull();
    expect(island(await page('/'))).toBeNull();
    expect(t.videoService.calls).toBe(calls);
  });
});
