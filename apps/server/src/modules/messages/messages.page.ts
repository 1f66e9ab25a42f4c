import { appendToHead, jsonIsland, type SpaPage } from '../../infra/http/spa.js';
import type { MessagesService } from './messages.service.js';

/** The element the web app reads its first site messages from (features/messages/api/queries.ts). */
export const INLINE_MESSAGES_ID = 'sift-site-messages';

/**
 * The SPA's page with the message bar's content in it, for the page location every route shows (SPEC §9 default
 * message page id 44). Fetched after the app starts, the bar arrived late and pushed the page down under the
 * reader (a layout shift on every first visit); in the page (a JSON island), it is there at the first paint.
 */
export function withSiteMessages(page: SpaPage, messages: MessagesService, pageId: number): SpaPage {
  return async (url) => {
    const [html, data] = await Promise.all([page(url), messages.forPage(pageId)]);
    return appendToHead(html, jsonIsland(INLINE_MESSAGES_ID, data));
  };
}
