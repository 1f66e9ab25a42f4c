import type { Video } from '@sift/contracts';

/** An Atom 1.0 document (RFC 4287) of videos, newest first, for feed readers. */
export interface AtomFeed {
  /** Absolute URL of the page the feed mirrors; also the feed's id. */
  pageUrl: string;
  /** Absolute URL of the feed itself (rel="self"). */
  selfUrl: string;
  title: string;
  subtitle?: string;
  videos: Video[];
}

const escapeXml = (text: string) =>
  text
    .replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!)
    // XML 1.0 allows no control characters but tab and line breaks.
    .replace(/\p{Cc}/gu, (c) => (c === '\n' || c === '\t' || c === '\r' ? c : ''));

/** Thumbnails of the demo provider are paths; a feed reader needs absolute addresses. */
const absolute = (url: string, base: string) => (/^https?:\/\//.test(url) ? url : new URL(url, base).toString());

export function renderAtom(feed: AtomFeed, publicUrl: string): string {
  const updated = feed.videos[0]?.publishedAt ?? new Date(0).toISOString();
  const entries = feed.videos.map((v) => {
    const link = `${publicUrl}/watch?v=${encodeURIComponent(v.externalId)}`;
    const thumbnail = absolute(v.thumbnail, publicUrl);
    const summary = `<p><a href="${escapeXml(link)}"><img src="${escapeXml(thumbnail)}" alt=""/></a></p><p>${escapeXml(v.description)}</p>`;
    return [
      '  <entry>',
      `    <id>${escapeXml(link)}</id>`,
      `    <title>${escapeXml(v.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(link)}"/>`,
      `    <published>${v.publishedAt}</published>`,
      `    <updated>${v.publishedAt}</updated>`,
      `    <author><name>${escapeXml(v.channelName)}</name><uri>${escapeXml(`${publicUrl}/channel/${encodeURIComponent(v.channelExternalId)}`)}</uri></author>`,
      `    <summary type="html">${escapeXml(summary)}</summary>`,
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${escapeXml(feed.pageUrl)}</id>`,
    `  <title>${escapeXml(feed.title)}</title>`,
    feed.subtitle ? `  <subtitle>${escapeXml(feed.subtitle)}</subtitle>` : '',
    `  <link rel="alternate" type="text/html" href="${escapeXml(feed.pageUrl)}"/>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(feed.selfUrl)}"/>`,
    `  <updated>${updated}</updated>`,
    ...entries,
    '</feed>',
    '',
  ]
    .filter((line) => line !== '')
    .join('\n');
}
