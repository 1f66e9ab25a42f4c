import { XMLBuilder } from 'fast-xml-parser';
import { youtubeChannelFeedUrl, youtubeChannelUrl } from '../../providers/youtube/addresses.js';

export interface OpmlChannel {
  externalId: string;
  name: string;
}

/** The folder every YouTube OPML has had since YouTube's own export; older FreeTube reads only what is inside one. */
const FOLDER = 'YouTube Subscriptions';

/**
 * Text XML 1.0 can carry, on one line: control characters (line breaks and tabs too, which a parser would turn into
 * spaces in an attribute anyway) become a space; noncharacters U+FFFE/U+FFFF and lone surrogates are dropped.
 */
export function xmlText(text: string): string {
  return text
    .replace(/\p{Cc}+/gu, ' ')
    // With the u flag a surrogate range matches only a surrogate without its pair.
    .replace(/[\uD800-\uDFFF\uFFFE\uFFFF]/gu, '')
    .trim();
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: true,
  // Escapes & < > " ' in text and attributes.
  processEntities: true,
});

/**
 * An OPML 1.1 document of channel feeds (`type="rss"`, `xmlUrl` the channel's YouTube feed), in the shape YouTube's
 * own export had: one folder outline holding an outline per channel. Feed readers import it as a folder; Invidious
 * reads every `outline[@type="rss"]`, FreeTube every `outline[xmlUrl]` (older FreeTube the folder's children).
 */
export function renderSubscriptionsOpml(channels: OpmlChannel[], head: { title: string; dateCreated: Date }): string {
  const outlines = channels.map((c) => {
    const name = xmlText(c.name) || c.externalId;
    return {
      '@_text': name,
      '@_title': name,
      '@_type': 'rss',
      '@_xmlUrl': youtubeChannelFeedUrl(c.externalId),
      '@_htmlUrl': youtubeChannelUrl(c.externalId),
    };
  });
  const body = builder.build({
    opml: {
      '@_version': '1.1',
      head: { title: xmlText(head.title), dateCreated: head.dateCreated.toUTCString() },
      body: { outline: { '@_text': FOLDER, '@_title': FOLDER, ...(outlines.length > 0 ? { outline: outlines } : {}) } },
    },
  }) as string;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
}
