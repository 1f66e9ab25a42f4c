import { LRUCache } from 'lru-cache';
import type { Channel, Playlist, PublicUser, Sift, Video } from '@sift/contracts';
import { HttpError } from '../../infra/http/errors.js';
import { clip, type Preview } from './preview-html.js';

/**
 * What a shared link of SPEC §2 shows in a chat (issue 18 "Link previews"): `/sifts/{hash}`, `/playlists/{id}`,
 * `/channel/{externalId}`, `/watch?v=` and `/user-profile/{id}`. Public items only (SPEC §5 "Sharing needs the item
 * to be public"): a private or unknown one has no preview, and the page gets the site's own tags.
 */

/** Reads of the other modules' services, as a visitor sees them (app.ts wires them). Stored items only. */
export interface PreviewSources {
  /** Throws 404 for a private or unknown sift (visitors see public ones only). */
  sift(hash: string): Promise<Sift>;
  /** Throws 404 for a private or unknown playlist, 401 for `wl`. */
  playlist(id: string): Promise<Playlist>;
  /** null: no such channel; undefined: not stored, and the video service may know it (its catalog is larger). */
  channel(externalId: string): Promise<Channel | null | undefined>;
  video(externalId: string): Promise<Video | null>;
  /** Throws 404 for an unknown person. */
  user(uuid: string): Promise<PublicUser>;
}

type Kind = 'sift' | 'playlist' | 'channel' | 'video' | 'user';

/**
 * What a read of an item's page found: its preview (public items only), and whether the page's item is missing as a
 * visitor sees it (unknown, private, or not a valid id), which makes the page a 404 (decisions/043).
 */
interface Found {
  preview: Preview | null;
  missing: boolean;
}

const MISSING: Found = { preview: null, missing: true };
const found = (preview: Preview | null): Found => ({ preview, missing: false });

/** How long a preview (or the lack of one) is kept: a sift made private stops showing its card within it. */
const PREVIEW_MAX_AGE_MS = 60_000;
/**
 * How long a missing item is kept: a private sift its owner has just made public (the share dialog's "Make public and
 * share") gets its card when the link is pasted seconds later, though the owner's own visit read it as missing. Repeated
 * asks for one made-up id still cost one read each this often.
 */
const MISSING_MAX_AGE_MS = 5_000;
const DESCRIPTION_MAX = 300;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();
const plural = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

/** The item a path names, if it is one of the shared kinds; its id null when no item can have it (malformed, too long). */
function sharedItem(url: string): { kind: Kind; id: string | null } | null {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://x');
  } catch {
    return null;
  }
  const [name, second, ...rest] = parsed.pathname.split('/').filter(Boolean);
  // Route names match in any case, as the route table does (ids keep theirs: a hash is case-sensitive).
  const first = name?.toLowerCase();
  let kind: Kind | null = null;
  let raw: string | null | undefined;
  if (first === 'watch' && !second) [kind, raw] = ['video', parsed.searchParams.get('v')];
  else if (rest.length === 0 && second) {
    kind = ({ sifts: 'sift', playlists: 'playlist', channel: 'channel', 'user-profile': 'user' } as const)[first as string] ?? null;
    raw = second;
  }
  if (!kind || !raw) return null;
  try {
    const id = kind === 'video' ? raw : decodeURIComponent(raw);
    return { kind, id: id.length > 0 && id.length <= 200 ? id : null };
  } catch {
    return { kind, id: null }; // a malformed escape is no item
  }
}

export class LinkPreviewService {
  private readonly kept: LRUCache<string, Found>;
  private readonly inflight = new Map<string, Promise<Found>>();

  constructor(
    private readonly sources: PreviewSources,
    /** PUBLIC_URL without a trailing slash: addresses in previews are absolute. */
    private readonly publicUrl: string,
    /** Milliseconds on a monotonic clock (tests pass their own). */
    now: () => number = () => performance.now(),
  ) {
    // ttlResolution 0: the clock read on every look-up, not once a millisecond (a clock read is nothing beside the page).
    this.kept = new LRUCache<string, Found>({ max: 5_000, ttl: PREVIEW_MAX_AGE_MS, perf: { now }, ttlResolution: 0 });
  }

  /** The preview of the page at `url` (path and query), or null for every page that is not a public item. */
  async forUrl(url: string): Promise<Preview | null> {
    const item = sharedItem(url);
    return item ? (await this.lookUp(item)).preview : null;
  }

  /**
   * Whether the page at `url` names a sift, playlist, channel or person that a visitor cannot see: unknown, private
   * (the API's 404 too, so the two cannot be told apart) or not a valid id. The same read as the page's preview,
   * shared with it and kept as long. A video's page (`/watch`, the Dashboard behind the player) is never missing.
   */
  async missingItem(url: string): Promise<boolean> {
    const item = sharedItem(url);
    return !!item && item.kind !== 'video' && (await this.lookUp(item)).missing;
  }

  private lookUp(item: { kind: Kind; id: string | null }): Promise<Found> {
    if (item.id === null) return Promise.resolve(MISSING);
    const key = `${item.kind}|${item.id}`;
    const kept = this.kept.get(key);
    if (kept) return Promise.resolve(kept);
    let pending = this.inflight.get(key);
    if (!pending) {
      pending = this.read(item.kind, item.id).then(
        (result) => {
          this.keep(key, result);
          return result;
        },
        // Not there, not public, not a valid id: no preview, kept like one (MISSING_MAX_AGE_MS); a 404 (or a 400 for a
        // malformed id) is a missing item, a 401 (`wl`) is not. Anything else (the database away) gives the plain page
        // now, as found, and is asked again next time.
        (error: unknown) => {
          if (!(error instanceof HttpError) || error.status >= 500) return found(null);
          const result = error.status === 404 || error.status === 400 ? MISSING : found(null);
          this.keep(key, result);
          return result;
        },
      );
      pending.finally(() => this.inflight.delete(key)).catch(() => {});
      this.inflight.set(key, pending);
    }
    return pending;
  }

  private keep(key: string, result: Found): void {
    this.kept.set(key, result, { ttl: result.missing ? MISSING_MAX_AGE_MS : PREVIEW_MAX_AGE_MS });
  }

  private absolute(address: string | null | undefined): string | null {
    if (!address) return null;
    if (/^https?:\/\//i.test(address)) return address;
    return address.startsWith('/') ? `${this.publicUrl}${rasterImage(address)}` : null;
  }

  private preview(title: string, description: string, path: string, image: string | null | undefined, type: Preview['type'] = 'website'): Preview {
    return { title: clip(title, 200), description: clip(description, DESCRIPTION_MAX), url: `${this.publicUrl}${path}`, image: this.absolute(image), type };
  }

  private async read(kind: Kind, id: string): Promise<Found> {
    const enc = encodeURIComponent;
    switch (kind) {
      case 'sift': {
        const s = await this.sources.sift(id);
        if (!s.public) return MISSING;
        const by = fullName(s.owner);
        return found(this.preview(s.name, s.description || `A sift${by ? ` by ${by}` : ''}: ${plural(s.numberOfChannels, 'channel')}, filtered by keywords.`, `/sifts/${enc(s.hash)}`, s.thumbnail));
      }
      case 'playlist': {
        const p = await this.sources.playlist(id);
        if (p.isWatchLater) return found(null);
        if (!p.public) return MISSING;
        const by = fullName(p.owner);
        return found(this.preview(p.name, p.description || `A playlist${by ? ` by ${by}` : ''}: ${plural(p.numberOfVideos, 'video')}.`, `/playlists/${enc(String(p.id))}`, p.thumbnail));
      }
      case 'channel': {
        const c = await this.sources.channel(id);
        if (c === null) return MISSING;
        if (!c) return found(null);
        return found(this.preview(c.name, c.description || `${plural(c.numberOfVideos, 'video')} from ${c.name}.`, `/channel/${enc(c.externalId)}`, c.thumbnail));
      }
      case 'video': {
        const v = await this.sources.video(id);
        if (!v) return MISSING;
        // A video with a clip plays in the page's own <video>, whose poster is the thumbnail (player/adapters/html5.ts);
        // other providers play in their own frame, which paints its own.
        const preloadImage = v.mediaUrl ? v.thumbnail : null;
        return found({ ...this.preview(v.title, v.description || `A video from ${v.channelName}.`, `/watch?v=${enc(v.externalId)}`, v.thumbnail, 'video.other'), preloadImage });
      }
      case 'user': {
        if (!UUID.test(id)) return MISSING;
        const u = await this.sources.user(id);
        const name = fullName(u) || 'Someone';
        return found(this.preview(name, `Public sifts and playlists of ${name}.`, `/user-profile/${enc(u.uuid)}`, null, 'profile'));
      }
    }
  }
}

/**
 * Our own generated images are WebP (or SVG in catalogs seeded before), which not every link preview shows; the
 * media routes serve each as PNG too (`/media/<kind>/<id>.png?…`, same query). Uploaded covers and the video
 * service's images are JPEG already.
 */
function rasterImage(path: string): string {
  return path.replace(/^(\/media\/(?:thumbnails|avatars)\/[^/?]+)\.(?:svg|webp)(?=\?|$)/, '$1.png');
}
