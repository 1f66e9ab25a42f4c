import { preloadPlayer } from './layout/WatchHost';
import { preloadRoute } from './routes';

/**
 * The longest the first render waits for the chunks below. They download beside the first route's scripts (the server
 * announces them with the page: apps/server's infra/http/route-chunks.ts), so this bounds only a stalled download,
 * which then shows the shell and the page's spinner as it would have.
 */
export const FIRST_SCREEN_WAIT_MS = 2_000;

/**
 * Loads what the address's first screen draws beyond the first route's chunks: its page's chunk, and the player's
 * when the address opens a video (`v`). Rendered after them, the first paint is that page and that player instead of
 * a spinner replaced a moment later, and the page is drawn in the start-up task rather than in tasks of its own that
 * hold a phone's main thread after the first paint (issue 18). Never rejects: a chunk that fails is its page's
 * business (components/ChunkBoundary).
 */
export function preloadFirstScreen({ pathname, search }: Pick<Location, 'pathname' | 'search'>): Promise<unknown> {
  const chunks = [preloadRoute(pathname)];
  if (new URLSearchParams(search).has('v')) chunks.push(preloadPlayer());
  return Promise.race([Promise.allSettled(chunks), new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS))]);
}
