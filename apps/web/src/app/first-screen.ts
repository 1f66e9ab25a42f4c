import { preloadPlayer } from './layout/WatchHost';

/**
 * The longest the first render waits for the player's chunk. It downloads beside the first route's scripts (the server
 * announces it with the page: apps/server's infra/http/route-chunks.ts), so this bounds only a stalled download,
 * which then shows the page and the player's spinner as it would have.
 */
export const FIRST_SCREEN_WAIT_MS = 2_000;

/**
 * Loads the player's chunk when the address opens a video (`v`): rendered after it, the first paint has the player
 * with the video's picture (the page's largest paint) instead of a black box replaced a moment later (decision 030).
 * Never rejects: a chunk that fails is the player's business (components/ChunkBoundary). A page's own chunk is not
 * waited for: measured, that made the page's first data arrive in one longer task on a phone (decision 030).
 */
export function preloadFirstScreen({ search }: Pick<Location, 'search'>): Promise<unknown> {
  if (!new URLSearchParams(search).has('v')) return Promise.resolve();
  return Promise.race([preloadPlayer().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS))]);
}
