import type { SpaPage } from '../../infra/http/spa.js';
import type { MessagesService } from './messages.service.js';

/** The element the web app reads its first site messages from (features/messages/api/queries.ts). */
export const INLINE_MESSAGES_ID = 'sift-site-messages';

/**
 * The SPA's page with the message bar's content in it, for the page location every route shows (SPEC §9 default
 * message page id 44). Fetched after the app starts, the bar arrived late and pushed the page down under the
 * reader (a layout shift on every first visit); in the page, it is there at the first paint. A JSON island, not a
 * script: it runs nothing, so the CSP's script rules do not apply; `<` is escaped so no text can close the element.
 */
export function withSiteMessages(page: SpaPage, messages: MessagesService, pageId: number): SpaPage {
  return async (url) => {
    const [html, data] = await Promise.all([page(url), messages.forPage(pageId)]);
    const at = html.search(/<\/head>/i);
    if (at < 0) return html;
    const json = JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
    return `${html.slice(0, at)}  <script type="application/json" id="${INLINE_MESSAGES_ID}">${json}</script>\n  ${html.slice(at)}`;
  };
}
