import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';

/** Picks from the demo catalog through the real API (for e2e/player.spec.ts and others), and the YouTube stand-in. */

/** The maximised player: the video modal. */
export const playerDialog = (page: Page) => page.getByRole('dialog', { name: /./ }).filter({ has: page.locator('.watch-media') });

/** Controls hide after 3 s without movement (SPEC §2): move over the video, as a person would, to use them. */
export async function showControls(page: Page) {
  const box = (await playerDialog(page).locator('.pl-surface').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
  await page.mouse.move(box.x + box.width / 2 + 5, box.y + box.height / 3 + 5);
}

export interface CatalogVideo {
  externalId: string;
  title: string;
  embeddable: boolean;
  channelExternalId: string;
  channelName: string;
  mediaUrl: string | null;
  provider: string;
  [key: string]: unknown;
}

export interface DemoChannel {
  externalId: string;
  name: string;
}

async function json<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url);
  if (!res.ok()) throw new Error(`${url} → ${res.status()}`);
  return (await res.json()) as T;
}

/** The demo catalog's first `count` channels, as the public API lists them. */
export async function demoChannels(request: APIRequestContext, count = 48): Promise<DemoChannel[]> {
  return (await json<{ items: DemoChannel[] }>(request, `/api/public/v01/channel/search?limit=${count}`)).items;
}

/** The first page the player loads for a channel (48, newest first). */
export async function channelQueue(request: APIRequestContext, channelExternalId: string): Promise<CatalogVideo[]> {
  return (await json<{ videos: CatalogVideo[] }>(request, `/api/search/channels/${channelExternalId}/videos?limit=48`)).videos;
}

/**
 * A video of a channel's first page whose next one in the queue satisfies `next`: the player's queue for
 * `/watch?v=` alone is the video's channel.
 */
export async function findPair(
  request: APIRequestContext,
  current: (v: CatalogVideo) => boolean,
  next: (v: CatalogVideo) => boolean,
): Promise<{ video: CatalogVideo; next: CatalogVideo; queue: CatalogVideo[] }> {
  for (const channel of await demoChannels(request)) {
    const queue = await channelQueue(request, channel.externalId);
    for (let i = 1; i + 1 < queue.length; i++) {
      if (current(queue[i]!) && next(queue[i + 1]!) && queue[i - 1]!.embeddable) return { video: queue[i]!, next: queue[i + 1]!, queue };
    }
  }
  throw new Error('no such pair in the demo catalog');
}

export const playablePair = (request: APIRequestContext) =>
  findPair(request, (v) => v.embeddable, (v) => v.embeddable);
export const blockedPair = (request: APIRequestContext) =>
  findPair(request, (v) => !v.embeddable, (v) => v.embeddable);

// ---- the YouTube IFrame API stand-in --------------------------------------------------------------------------

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const STAND_IN = fs.readFileSync(path.join(ROOT, 'apps/web/src/player/adapters/__fixtures__/youtube-iframe-api.js'), 'utf8');
export const YOUTUBE_API = 'https://www.youtube.com/iframe_api';

/** Videos from YouTube, as the API would answer for them (the demo catalog has none). */
export function youtubeVideo(base: CatalogVideo, id: string, title: string): CatalogVideo {
  return { ...base, externalId: id, title, name: title, provider: 'youtube', mediaUrl: null, embeddable: true, thumbnail: base.thumbnail };
}

/**
 * Serves `videos` as YouTube videos: GET /api/videos/{id} and their channel's queue answer with them, and the
 * IFrame API script is the stand-in (`api: 'standin'`) or never loads (`api: 'blocked'`).
 */
export async function routeYouTube(page: Page, videos: CatalogVideo[], api: 'standin' | 'blocked'): Promise<void> {
  await page.route(YOUTUBE_API, (route) =>
    api === 'standin'
      ? route.fulfill({ status: 200, contentType: 'text/javascript', body: STAND_IN })
      : route.abort('internetdisconnected'),
  );
  // Thumbnails the player asks YouTube for: not reachable here either.
  await page.route('https://i.ytimg.com/**', (route) => route.fulfill({ status: 404, body: '' }));
  for (const v of videos) {
    await page.route(`**/api/videos/${v.externalId}`, (route) => route.fulfill({ json: v }));
  }
  await page.route(`**/api/search/channels/${videos[0]!.channelExternalId}/videos**`, (route) =>
    route.fulfill({ json: { videos, totalResults: videos.length, next: null, limit: 48 } }),
  );
}
