import { isClientRoute } from '../../infra/http/client-routes.js';
import type { LinkPreviewService } from './link-previews.service.js';
import { headTags, pageTemplate, type Site } from './preview-html.js';

/**
 * The SPA's index.html for a client route, with the route's card tags in its <head> (a public item's, else the
 * site's). The template is cut once per build of index.html; `readIndex` says when that changed.
 */
export function previewPages(previews: LinkPreviewService, site: Site, readIndex: () => Promise<string>): (url: string) => Promise<string> {
  let template: { source: string; render: (tags: string) => string } | undefined;
  return async (url) => {
    const [source, preview] = await Promise.all([readIndex(), previews.forUrl(url)]);
    if (template?.source !== source) template = { source, render: pageTemplate(source) };
    return template.render(headTags(preview, site));
  };
}

/**
 * The status of a client route's page (decisions/043): 404 for an address the web app has no page for, and for a
 * sift, playlist, channel or person page whose item a visitor cannot see (the preview's own read, shared and kept
 * with it: no read of its own); 200 otherwise, with no read for the pages that name no item.
 */
export function pageStatus(previews: LinkPreviewService): (url: string) => Promise<200 | 404> {
  return async (url) => {
    const pathname = url.split(/[?#]/, 1)[0] ?? url;
    if (!isClientRoute(pathname)) return 404;
    return (await previews.missingItem(url)) ? 404 : 200;
  };
}
