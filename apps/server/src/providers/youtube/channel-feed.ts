import { XMLParser } from 'fast-xml-parser';
import { CHANNEL_ID_PATTERN, VIDEO_ID_PATTERN } from './addresses.js';

/**
 * A channel's public Atom feed (DESIGN §7 "Channel feed"): its 15 newest uploads, with no key and no quota. A refresh
 * polls it with a conditional request and asks the Data API only about ids it does not know yet, which is how the
 * peers (FreshRSS, Invidious) keep up cheaply.
 */

/** HTTP validators of the last feed response, sent back so an unchanged feed costs a 304 and no parsing. */
export interface FeedValidators {
  etag: string | null;
  lastModified: string | null;
}

export interface FeedEntry {
  videoId: string;
  channelId: string;
  title: string;
  published: Date;
  updated: Date | null;
  description: string;
  thumbnail: string;
  views: number;
}

export type FeedResult =
  | { status: 'not-modified' }
  | { status: 'unknown-channel' }
  | { status: 'ok'; entries: FeedEntry[]; validators: FeedValidators };

/** The document is not XML, or not an Atom feed (YouTube sometimes answers 200 with an HTML page, e.g. consent). */
export class FeedParseError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FeedParseError';
  }
}

/** The feed could not be read: a status other than 2xx/304/404 (`status` set), a network error or the deadline. */
export class FeedUnavailableError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'FeedUnavailableError';
  }
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Keep every value a string: an all-digit video id or title must not turn into a number.
  parseTagValue: false,
  parseAttributeValue: false,
  // `htmlEntities` is what enables numeric character references (`&#39;`, which YouTube uses in titles) besides the
  // five XML entities; fast-xml-parser v5 marks it deprecated in favour of a hand-written decoder, which we don't need.
  htmlEntities: true,
  // One entry must still be a list; other elements occur once per parent in this format.
  isArray: (_name, jPath) => jPath === 'feed.entry',
});

type XmlNode = Record<string, unknown>;

function isNode(value: unknown): value is XmlNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The text of an element, whether it parsed to a string or (with attributes) to an object with `#text`. */
function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (isNode(value)) return text(value['#text']);
  return '';
}

function child(node: unknown, name: string): unknown {
  return isNode(node) ? node[name] : undefined;
}

function attribute(node: unknown, name: string): string {
  const value = child(node, `@_${name}`);
  return typeof value === 'string' ? value : '';
}

function optionalDate(value: string): Date | null {
  if (!value) return null;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/**
 * Some feeds have been seen naming the channel without its `UC` prefix; the 22 characters after it are the identity,
 * so put the prefix back rather than lose the entry's channel.
 */
function channelId(value: string): string {
  if (CHANNEL_ID_PATTERN.test(value)) return value;
  if (/^[A-Za-z0-9_-]{22}$/.test(value)) return `UC${value}`;
  return '';
}

/**
 * The entries of a channel feed in the feed's order (newest first). Entries without a valid video id are skipped;
 * an unreadable publication date becomes the epoch (the feed only says which ids to look up; the Data API then gives
 * the authoritative video). Throws FeedParseError for a document that is not XML or not a feed.
 */
export function parseChannelFeed(xml: string): FeedEntry[] {
  let document: unknown;
  try {
    // `true` validates first: without it, the parser accepts broken markup silently.
    document = parser.parse(xml, true);
  } catch (error) {
    throw new FeedParseError(`The channel feed is not XML: ${(error as Error).message}`, { cause: error });
  }
  const feed = child(document, 'feed');
  // A feed with no entries parses to '' (an element with only whitespace) or to an object without `entry`.
  if (feed === undefined || (typeof feed !== 'string' && !isNode(feed))) throw new FeedParseError('The document is not an Atom feed (no <feed> element).');
  const feedChannelId = channelId(text(child(feed, 'yt:channelId')));
  const rawEntries = child(feed, 'entry');
  const entries: unknown[] = Array.isArray(rawEntries) ? rawEntries : [];

  const result: FeedEntry[] = [];
  for (const entry of entries) {
    // yt:videoId is the documented field; `<id>yt:video:ID</id>` says the same and serves when it is absent.
    const videoId = text(child(entry, 'yt:videoId')).trim() || text(child(entry, 'id')).trim().replace(/^yt:video:/, '');
    if (!VIDEO_ID_PATTERN.test(videoId)) continue;
    const group = child(entry, 'media:group');
    const statistics = child(child(group, 'media:community'), 'media:statistics');
    const views = Number(attribute(statistics, 'views'));
    result.push({
      videoId,
      channelId: channelId(text(child(entry, 'yt:channelId')).trim()) || feedChannelId,
      title: text(child(entry, 'title')) || text(child(group, 'media:title')),
      published: optionalDate(text(child(entry, 'published')).trim()) ?? new Date(0),
      updated: optionalDate(text(child(entry, 'updated')).trim()),
      description: text(child(group, 'media:description')),
      thumbnail: attribute(child(group, 'media:thumbnail'), 'url'),
      views: Number.isFinite(views) && views >= 0 ? Math.floor(views) : 0,
    });
  }
  return result;
}

/**
 * One conditional GET of a channel's feed. 304 → not-modified (keep the old validators), 404 → unknown-channel
 * (YouTube's answer for a channel that does not exist or was removed). Any other failure throws
 * FeedUnavailableError, so the caller can fall back to the Data API; a 200 that is not a feed throws FeedParseError.
 * `timeoutMs` bounds the whole exchange, body included.
 */
export async function fetchChannelFeed(
  feedsUrl: string,
  channelId: string,
  validators: FeedValidators | null,
  options: { timeoutMs: number; fetch?: typeof fetch },
): Promise<FeedResult> {
  const url = new URL(feedsUrl);
  url.searchParams.set('channel_id', channelId);
  const headers: Record<string, string> = { accept: 'application/atom+xml, application/xml;q=0.9, text/xml;q=0.8' };
  if (validators?.etag) headers['if-none-match'] = validators.etag;
  if (validators?.lastModified) headers['if-modified-since'] = validators.lastModified;
  const doFetch = options.fetch ?? fetch;

  let response: Response;
  let body: string;
  try {
    response = await doFetch(url, { headers, signal: AbortSignal.timeout(options.timeoutMs), redirect: 'follow' });
    if (!response.ok) {
      // Release the connection: an unread body keeps it from going back to the pool.
      await response.body?.cancel().catch(() => undefined);
      if (response.status === 304) return { status: 'not-modified' };
      if (response.status === 404) return { status: 'unknown-channel' };
      throw new FeedUnavailableError(`The channel feed answered ${response.status}.`, response.status);
    }
    body = await response.text();
  } catch (error) {
    if (error instanceof FeedUnavailableError) throw error;
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    const message = timedOut ? `The channel feed did not answer within ${options.timeoutMs} ms.` : `The channel feed could not be fetched: ${String(error)}`;
    throw new FeedUnavailableError(message, undefined, { cause: error });
  }
  return {
    status: 'ok',
    entries: parseChannelFeed(body),
    validators: { etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') },
  };
}
