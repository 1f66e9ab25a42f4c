import { appendToHead, jsonIsland, type SpaPage } from '../../infra/http/spa.js';
import type { CatalogService } from './catalog.service.js';

/** The element the web app reads the video its address opens from (features/watch/api/queries.ts). */
export const INLINE_VIDEO_ID = 'sift-video';

/**
 * The SPA's page with the video its address opens (`v`) in it, as `GET /api/videos/{v}` would answer (the same for
 * everyone: no per-member field), so the player's first paint has its poster and title instead of waiting a round
 * trip after the app starts (issue 18). Stored videos only: a page's address must not spend the video service's quota.
 */
export function withOpenedVideo(page: SpaPage, catalog: Pick<CatalogService, 'findStoredVideo'>): SpaPage {
  return async (url) => {
    const v = new URL(url, 'http://x').searchParams.get('v');
    const [html, video] = await Promise.all([page(url), v ? catalog.findStoredVideo(v) : null]);
    return video ? appendToHead(html, jsonIsland(INLINE_VIDEO_ID, video)) : html;
  };
}
