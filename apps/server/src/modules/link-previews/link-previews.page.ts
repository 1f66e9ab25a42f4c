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
