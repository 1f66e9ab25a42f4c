import { appendToHead, jsonIsland, prependToBody, type SpaPage } from '../../infra/http/spa.js';
import type { CatalogService } from './catalog.service.js';

/** The element the web app reads the video its address opens from (features/watch/api/queries.ts). */
export const INLINE_VIDEO_ID = 'sift-video';

/**
 * A hidden, empty video element for the browser to style while the page's scripts download (decision 059): Chromium
 * adds its media elements' default style sheet when the first <video> is styled, a restyle of ~20 ms of a fast
 * machine's main thread, which a player drawn after the first paint paid inside the page's interactive time. It
 * loads nothing (no source); `hidden` keeps it out of the layout, the tab order and the accessibility tree.
 */
const MEDIA_STYLE_WARMUP = '<video hidden preload="none"></video>';

/**
 * The SPA's page with the video its address opens (`v`) in it, as `GET /api/videos/{v}` would answer (the same for
 * everyone: no per-member field), so the player's first paint has its poster and title instead of waiting a round
 * trip after the app starts (issue 18). Stored videos only: a page's address must not spend the video service's quota.
 */
export function withOpenedVideo(page: SpaPage, catalog: Pick<CatalogService, 'findStoredVideo'>): SpaPage {
  return async (url) => {
    const v = new URL(url, 'http://x').searchParams.get('v');
    const [html, video] = await Promise.all([page(url), v ? catalog.findStoredVideo(v) : null]);
    if (!video) return html;
    const withVideo = appendToHead(html, jsonIsland(INLINE_VIDEO_ID, video));
    // Local media plays in a <video> of the page (web player/adapters); a YouTube video in the provider's iframe.
    return video.mediaUrl ? prependToBody(withVideo, MEDIA_STYLE_WARMUP) : withVideo;
  };
}
