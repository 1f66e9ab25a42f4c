/**
 * The Open Graph and Twitter-card tags of a page (issue 18 "Link previews"), put into the SPA's index.html as the
 * server sends it: a link pasted into a chat shows the item's title, description and image. Pure: no I/O.
 */
import { escapeHtml } from '../accounts/accounts.mails.js';

/** What a shared link shows. `image` and `url` are absolute. */
export interface Preview {
  title: string;
  description: string;
  url: string;
  image: string | null;
  /** og:type: `video.other` for a video, `profile` for a person, else `website`. */
  type: 'website' | 'video.other' | 'profile';
  /**
   * An image the page itself will show first and largest, as the client will ask for it (same address): fetched
   * while the scripts load instead of after them. The watch page's poster (issue 18: the page's largest paint).
   */
  preloadImage?: string | null;
}

export interface Site {
  name: string;
  /** The site's own description: every page without an item of its own. */
  description: string;
}

/** One line of text of at most `max` characters (descriptions may be long and multi-line). */
export function clip(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  return `${Array.from(line).slice(0, max - 1).join('').trimEnd()}…`;
}

/** The <title>, description and card tags of a page: the item's, or the site's own when `preview` is null. */
export function headTags(preview: Preview | null, site: Site): string {
  const title = preview ? `${preview.title} · ${site.name}` : site.name;
  const description = preview?.description || site.description;
  const meta: Array<[attribute: 'property' | 'name', key: string, value: string | null | undefined]> = [
    ['property', 'og:site_name', site.name],
    ['property', 'og:type', preview?.type ?? 'website'],
    ['property', 'og:title', preview?.title ?? site.name],
    ['property', 'og:description', description],
    ['property', 'og:url', preview?.url],
    ['property', 'og:image', preview?.image],
    ['name', 'twitter:card', preview?.image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', preview?.title ?? site.name],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', preview?.image],
  ];
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    ...meta.filter(([, , value]) => value).map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value!)}" />`),
    ...(preview?.preloadImage ? [`<link rel="preload" as="image" href="${escapeHtml(preview.preloadImage)}" fetchpriority="high" />`] : []),
  ].join('\n    ');
}

const TITLE = /<title>[\s\S]*?<\/title>\s*/i;
const DESCRIPTION = /<meta\s+name="description"[^>]*>\s*/i;

/**
 * The built index.html cut where the tags go: its own <title> and description are taken out (the tags bring
 * them), and the tags go at the end of <head>. Made once per build, so a page costs two string joins.
 */
export function pageTemplate(indexHtml: string): (tags: string) => string {
  const html = indexHtml.replace(TITLE, '').replace(DESCRIPTION, '');
  const at = html.search(/<\/head>/i);
  if (at < 0) return () => indexHtml;
  const before = html.slice(0, at).trimEnd();
  const after = html.slice(at);
  return (tags) => `${before}\n    ${tags}\n  ${after}`;
}
