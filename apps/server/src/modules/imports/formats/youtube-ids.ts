/**
 * Channel and video ids out of what exports store for them: bare ids, YouTube addresses (through
 * `providers/youtube/addresses.ts`, the one place that knows YouTube's address forms), and the same paths on the
 * hosts of alternative front ends and feed proxies (Invidious `https://yewtu.be/feed/channel/UC…`, Piped
 * `https://piped.video/watch?v=…`, `https://rsshub.app/youtube/channel/UC…`). Those hosts are accepted here and not
 * in addresses.ts because an import only needs the id, which the pattern checks; a pasted address must be YouTube's.
 */
import {
  CHANNEL_ID_PATTERN,
  VIDEO_ID_PATTERN,
  parseChannelReference,
  parseVideoReference,
} from '../../../providers/youtube/addresses.js';

export { CHANNEL_ID_PATTERN, VIDEO_ID_PATTERN };

/** Path segments after which a front end puts a video id. */
const VIDEO_PATH_PREFIXES = new Set(['shorts', 'embed', 'live', 'v']);

/** The channel id `value` names, or null (a handle or a custom name names no id without asking YouTube). */
export function channelIdFrom(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const input = value.trim();
  if (CHANNEL_ID_PATTERN.test(input)) return input;
  const reference = parseChannelReference(input);
  if (reference) return reference.kind === 'id' ? reference.id : null;

  const url = anyHostUrl(input);
  if (!url) return null;
  const fromQuery = url.searchParams.get('channel_id');
  if (fromQuery !== null && CHANNEL_ID_PATTERN.test(fromQuery)) return fromQuery;
  const segments = url.pathname.split('/');
  const at = segments.indexOf('channel');
  const candidate = at >= 0 ? segments[at + 1] : undefined;
  return candidate !== undefined && CHANNEL_ID_PATTERN.test(candidate) ? candidate : null;
}

/** The video id `value` names, or null. */
export function videoIdFrom(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const input = value.trim();
  if (VIDEO_ID_PATTERN.test(input)) return input;
  const fromYouTube = parseVideoReference(input);
  if (fromYouTube) return fromYouTube;

  const url = anyHostUrl(input);
  if (!url) return null;
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  const candidate =
    segments.at(-1) === 'watch' ? url.searchParams.get('v') : segments.length >= 2 && VIDEO_PATH_PREFIXES.has(segments.at(-2) ?? '') ? segments.at(-1) : null;
  return candidate && VIDEO_ID_PATTERN.test(candidate) ? candidate : null;
}

/** An absolute http(s) URL on any host, or a site-relative path (Piped stores `/watch?v=…`); null otherwise. */
function anyHostUrl(input: string): URL | null {
  if (input === '' || /\s/.test(input)) return null;
  try {
    const url = input.startsWith('/') && !input.startsWith('//') ? new URL(input, 'https://relative.invalid') : new URL(input);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}
