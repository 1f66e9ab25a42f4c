/**
 * What people paste when they mean a YouTube channel or video (DESIGN §7 "Ids"): full addresses with or without a
 * scheme, mobile and music hosts, tabs and tracking parameters, bare handles and ids. Parsing is purely textual; whether
 * the channel or video exists is the Data API's answer, not ours.
 */

/** A channel id: `UC` + 22 characters of the URL-safe base64 alphabet. */
export const CHANNEL_ID_PATTERN = /^UC[A-Za-z0-9_-]{22}$/;
/** A video id: 11 characters of the URL-safe base64 alphabet. */
export const VIDEO_ID_PATTERN = /^[A-Za-z0-9_-]{11}$/;

export type ChannelReference =
  | { kind: 'id'; id: string }
  | { kind: 'handle'; handle: string }
  | { kind: 'username'; name: string }
  | { kind: 'custom'; name: string };

/**
 * A handle with its `@`. YouTube documents handles as 3–30 characters: letters and digits of any script, `_`, `-`
 * and `.`. Marks (\p{M}) are letters' accents in decomposed text and parts of many scripts' letters.
 */
const HANDLE_PATTERN = /^@[\p{L}\p{M}\p{N}._-]{3,30}$/u;
/** Legacy `/c/` and `/user/` names: no documented rule, so any run of letters, digits, `_`, `-` and `.`. */
const LEGACY_NAME_PATTERN = /^[\p{L}\p{M}\p{N}._-]{1,100}$/u;

/** Hosts that serve channel pages. Exact names only, so `youtube.com.evil.com` is not one of them. */
const CHANNEL_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com']);
/** Hosts that serve a video page or player; youtube-nocookie.com is the privacy-enhanced embed host. */
const VIDEO_HOSTS = new Set([...CHANNEL_HOSTS, 'youtube-nocookie.com', 'www.youtube-nocookie.com']);
const SHORT_LINK_HOSTS = new Set(['youtu.be', 'www.youtu.be']);
/** Path prefixes whose next segment is a video id. */
const VIDEO_PATH_PREFIXES = new Set(['shorts', 'live', 'embed']);

export function parseChannelReference(input: string): ChannelReference | null {
  const text = input.trim();
  if (CHANNEL_ID_PATTERN.test(text)) return { kind: 'id', id: text };
  if (text.startsWith('@')) return handleReference(safeDecode(text));

  const url = toYouTubeUrl(text, CHANNEL_HOSTS);
  if (!url) return null;
  const segments = pathSegments(url);
  if (!segments) return null;
  const [first, second] = segments;
  if (first === undefined) return null;

  // `/@handle`, possibly followed by a tab (`/videos`, `/featured`, `/shorts` …), which says nothing more.
  if (first.startsWith('@')) return handleReference(first);
  if (first === 'channel' && second !== undefined && CHANNEL_ID_PATTERN.test(second)) return { kind: 'id', id: second };
  if (first === 'c' && second !== undefined && LEGACY_NAME_PATTERN.test(second)) return { kind: 'custom', name: second };
  if (first === 'user' && second !== undefined && LEGACY_NAME_PATTERN.test(second)) return { kind: 'username', name: second };
  // The channel's Atom feed names the channel in its query (people copy it out of feed readers).
  if (first === 'feeds' && second === 'videos.xml') {
    const id = url.searchParams.get('channel_id');
    if (id !== null && CHANNEL_ID_PATTERN.test(id)) return { kind: 'id', id };
  }
  return null;
}

export function parseVideoReference(input: string): string | null {
  const text = input.trim();
  const shortLink = toYouTubeUrl(text, SHORT_LINK_HOSTS);
  if (shortLink) {
    // youtu.be/ID?si=… : the id is the whole path; the share tracker `si` and `t` are irrelevant.
    const segments = pathSegments(shortLink);
    return segments?.length === 1 ? videoId(segments[0]) : null;
  }

  const url = toYouTubeUrl(text, VIDEO_HOSTS);
  if (!url) return null;
  const segments = pathSegments(url);
  if (!segments) return null;
  const [first, second] = segments;
  if (first === 'watch' && segments.length === 1) return videoId(url.searchParams.get('v'));
  if (first !== undefined && VIDEO_PATH_PREFIXES.has(first) && segments.length === 2) return videoId(second);
  return null;
}

function handleReference(candidate: string | null): ChannelReference | null {
  return candidate !== null && HANDLE_PATTERN.test(candidate) ? { kind: 'handle', handle: candidate } : null;
}

function videoId(candidate: string | null | undefined): string | null {
  return candidate && VIDEO_ID_PATTERN.test(candidate) ? candidate : null;
}

/**
 * The text as an http(s) URL on one of `hosts`, or null. People paste addresses without a scheme
 * (`youtube.com/@x`) or protocol-relative (`//youtu.be/x`), so those get `https://`; any other scheme
 * (`javascript:`, `ftp:`) is refused by the protocol check rather than guessed at.
 */
function toYouTubeUrl(text: string, hosts: Set<string>): URL | null {
  if (text === '' || /\s/.test(text)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : text.startsWith('//') ? `https:${text}` : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  // Credentials or a port are never part of an address YouTube hands out; refusing them keeps `youtube.com@evil.com`
  // style tricks out (the URL API already puts `evil.com` in hostname there, but be explicit).
  if (url.username !== '' || url.password !== '' || url.port !== '') return null;
  return hosts.has(url.hostname) ? url : null;
}

/** The path's non-empty segments, percent-decoded; null when one of them is not valid percent-encoding. */
function pathSegments(url: URL): string[] | null {
  const segments: string[] = [];
  for (const raw of url.pathname.split('/')) {
    if (raw === '') continue;
    const decoded = safeDecode(raw);
    if (decoded === null) return null;
    segments.push(decoded);
  }
  return segments;
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** The public YouTube addresses of a channel, by its id (`UC…`), as feed readers and other apps expect them. */
export const youtubeChannelUrl = (channelId: string) => `https://www.youtube.com/channel/${encodeURIComponent(channelId)}`;

/** The channel's own Atom feed of uploads: what every feed reader, Invidious and FreeTube read from an OPML. */
export const youtubeChannelFeedUrl = (channelId: string) => `https://www.youtube.com/feeds/videos.xml?channel_id=${encodeURIComponent(channelId)}`;
