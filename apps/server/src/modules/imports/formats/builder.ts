/**
 * Collects what the format parsers read into one `ImportBundle`, so every format follows the same rules: ids are
 * checked once here, channels are followed once (the first occurrence wins), a playlist holds a video once, every
 * Watch later merges into one, the rows are counted against IMPORT_LIMITS.maxRows as they are read (a huge file fails
 * early), and what is set aside is listed with a reason from SKIP_REASONS, up to MAX_SKIPPED_LISTED entries. Every
 * text a file brings (names, titles, descriptions, keywords, skipped items) is made storable here, the one place it
 * enters the bundle: a file may hold a NUL or a lone surrogate (`\u0000`, `\ud800` in JSON, a SQLite name) that
 * PostgreSQL refuses; an id holding one is simply not an id.
 */
import type { SiftFilters, SiftKeywords } from '@sift/contracts';
import { storableText } from '../../../infra/text/storable-text.js';
import { IMPORT_LIMITS, ImportFileError } from './bundle.js';
import type { BundleChannel, BundlePlaylist, BundleSift, BundleVideo, ImportBundle, ImportFormat, SkippedItem } from './bundle.js';
import { channelIdFrom, videoIdFrom } from './youtube-ids.js';

/** Why a row is set aside, as the member reads it; one wording per cause across every format. */
export const SKIP_REASONS = {
  notYouTube: 'not YouTube',
  notYouTubeChannel: 'not a YouTube channel',
  badId: 'not a YouTube channel or video id',
  duplicate: 'duplicate',
  watchHistory: 'Sift does not import watch history',
  bookmarkedPlaylist: "a bookmarked playlist of someone else (Sift imports your own playlists)",
  followedSift: 'a followed sift of someone else (follow it again from its page)',
  emptyGroup: 'no YouTube channels in it',
  playlistListOnly: 'this file lists playlists but not their videos: upload the whole Takeout .zip',
  unreadableRules: 'its keyword rules or filters could not be read; the sift keeps every video of its channels',
  // The same words as the import run's own summary entry.
  unlisted: 'not listed',
} as const;

/** The skipped rows listed one by one; the rest are counted in one last entry. */
export const MAX_SKIPPED_LISTED = 1_000;
/** The Watch later every format's watch-later list merges into (the service merges it into the member's own). */
export const WATCH_LATER_NAME = 'Watch later';
/**
 * The name of a playlist whose file says nothing of it (a lone Takeout `-videos.csv`, or a name of nothing but NULs);
 * the service may rename it. A sift's likewise.
 */
export const IMPORTED_PLAYLIST_NAME = 'Imported playlist';
const IMPORTED_SIFT_NAME = 'Imported sift';
/** A skipped item's text is cut to this many characters (a row may hold anything). */
const MAX_ITEM_LENGTH = 200;

export interface PlaylistDraft {
  readonly meta: Omit<BundlePlaylist, 'videos'>;
  readonly videos: Map<string, BundleVideo>;
}

export interface SiftDraft {
  readonly meta: Omit<BundleSift, 'channels'>;
  readonly channels: Map<string, BundleChannel>;
  readonly keepEmpty: boolean;
}

export class BundleBuilder {
  private readonly channels = new Map<string, BundleChannel>();
  private readonly playlists: PlaylistDraft[] = [];
  private watchLater: PlaylistDraft | null = null;
  private readonly sifts: SiftDraft[] = [];
  private readonly skipped: SkippedItem[] = [];
  private unlisted = 0;
  private rows = 0;

  constructor(readonly format: ImportFormat) {}

  /**
   * Follows the channel `candidate` names (an id or an address). Returns its id, or null when it names none.
   * `quiet`: the channel also came from a group the parser already counted (a FreeTube profile), so a repeat is
   * expected and neither counted nor reported.
   */
  followChannel(candidate: unknown, name?: string, options: { quiet?: boolean } = {}): string | null {
    if (!options.quiet) this.countRow();
    const id = channelIdFrom(candidate);
    if (id === null) {
      this.note(describeItem(name, candidate), SKIP_REASONS.badId);
      return null;
    }
    if (this.channels.has(id)) {
      if (!options.quiet) this.note(describeItem(name, id), SKIP_REASONS.duplicate);
      return id;
    }
    this.channels.set(id, withOptional({ externalId: id }, 'name', optionalText(name)));
    return id;
  }

  /** A new playlist; a Watch later returns the one Watch later every watch-later list of the file goes into. */
  addPlaylist(meta: { name: string; description?: string; public?: boolean; watchLater?: boolean }): PlaylistDraft {
    this.countRow();
    if (meta.watchLater) {
      this.watchLater ??= this.pushPlaylist({ name: WATCH_LATER_NAME, watchLater: true });
      return this.watchLater;
    }
    let playlist: Omit<BundlePlaylist, 'videos'> = { name: optionalText(meta.name) ?? IMPORTED_PLAYLIST_NAME };
    playlist = withOptional(playlist, 'description', optionalText(meta.description));
    if (meta.public !== undefined) playlist = { ...playlist, public: meta.public };
    return this.pushPlaylist(playlist);
  }

  addVideo(playlist: PlaylistDraft, candidate: unknown, title?: string): void {
    this.countRow();
    const id = videoIdFrom(candidate);
    const where = ` in playlist "${playlist.meta.name}"`;
    if (id === null) return this.note(describeItem(title, candidate, where), SKIP_REASONS.badId);
    if (playlist.videos.has(id)) return this.note(describeItem(title, id, where), SKIP_REASONS.duplicate);
    playlist.videos.set(id, withOptional({ externalId: id }, 'title', optionalText(title)));
  }

  /**
   * A new sift from a group of channels. `keepEmpty`: keep it without channels (a Sift export's sift is the member's
   * own, whatever it holds); other formats' empty groups are set aside.
   */
  addSift(
    meta: { name: string; description?: string; public?: boolean; category?: string | null; keywords?: SiftKeywords; filters?: SiftFilters },
    options: { keepEmpty?: boolean } = {},
  ): SiftDraft {
    this.countRow();
    let sift: Omit<BundleSift, 'channels'> = { name: optionalText(meta.name) ?? IMPORTED_SIFT_NAME };
    sift = withOptional(sift, 'description', optionalText(meta.description));
    if (meta.public !== undefined) sift = { ...sift, public: meta.public };
    if (meta.keywords) sift = { ...sift, keywords: storableKeywords(meta.keywords) };
    if (meta.filters) sift = { ...sift, filters: meta.filters };
    const category = optionalText(meta.category ?? undefined);
    if (category) sift = { ...sift, category };
    const draft: SiftDraft = { meta: sift, channels: new Map(), keepEmpty: options.keepEmpty ?? false };
    this.sifts.push(draft);
    return draft;
  }

  /** Adds the channel `candidate` names to the sift; returns its id, or null when it names none. */
  addSiftChannel(sift: SiftDraft, candidate: unknown, name?: string): string | null {
    this.countRow();
    const id = channelIdFrom(candidate);
    const where = ` in sift "${sift.meta.name}"`;
    if (id === null) {
      this.note(describeItem(name, candidate, where), SKIP_REASONS.badId);
      return null;
    }
    if (sift.channels.has(id)) this.note(describeItem(name, id, where), SKIP_REASONS.duplicate);
    else sift.channels.set(id, withOptional({ externalId: id }, 'name', optionalText(name)));
    return id;
  }

  /** Sets a row of the file aside. */
  skip(item: string, reason: string): void {
    this.countRow();
    this.note(item, reason);
  }

  /** One entry for a whole watch history, however long: its videos are not rows the member expects to see listed. */
  skipWatchHistory(videos: number): void {
    if (videos > 0) this.skip(`Watch history (${formatCount(videos)} video${videos === 1 ? '' : 's'})`, SKIP_REASONS.watchHistory);
  }

  build(): ImportBundle {
    const sifts: BundleSift[] = [];
    for (const sift of this.sifts) {
      if (sift.channels.size === 0 && !sift.keepEmpty) this.note(sift.meta.name, SKIP_REASONS.emptyGroup);
      else sifts.push({ ...sift.meta, channels: [...sift.channels.values()] });
    }
    const skipped = [...this.skipped];
    if (this.unlisted > 0) skipped.push({ item: `…and ${formatCount(this.unlisted)} more`, reason: SKIP_REASONS.unlisted });
    return {
      format: this.format,
      channels: [...this.channels.values()],
      playlists: this.playlists.map((playlist) => ({ ...playlist.meta, videos: [...playlist.videos.values()] })),
      sifts,
      skipped,
    };
  }

  private pushPlaylist(meta: Omit<BundlePlaylist, 'videos'>): PlaylistDraft {
    const draft: PlaylistDraft = { meta, videos: new Map() };
    this.playlists.push(draft);
    return draft;
  }

  private note(item: string, reason: string): void {
    if (this.skipped.length < MAX_SKIPPED_LISTED) this.skipped.push({ item: storableText(item), reason });
    else this.unlisted += 1;
  }

  private countRow(): void {
    this.rows += 1;
    if (this.rows > IMPORT_LIMITS.maxRows) {
      const limit = formatCount(IMPORT_LIMITS.maxRows);
      throw new ImportFileError(
        `This file holds more than ${limit} channels, videos and other entries; Sift imports at most ${limit} at a time. Export less (for example subscriptions and playlists separately) and import each file.`,
        'IMPORT_TOO_LARGE',
      );
    }
  }
}

/** How a row is shown when it is set aside: its name and the value it gave, e.g. `Name (UC…) in playlist "X"`. */
export function describeItem(name: string | undefined, value: unknown, suffix = ''): string {
  const raw = typeof value === 'string' ? value.trim() : value === undefined || value === null ? '' : JSON.stringify(value);
  const base = name && raw && name !== raw ? `${name} (${raw})` : name || raw || '(empty)';
  const item = base + suffix;
  return item.length > MAX_ITEM_LENGTH ? `${item.slice(0, MAX_ITEM_LENGTH - 1)}…` : item;
}

export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

/** The text made storable and trimmed, or undefined when nothing is left of it. */
function optionalText(value: string | undefined): string | undefined {
  const text = value === undefined ? '' : storableText(value).trim();
  return text || undefined;
}

/** A sift's keyword rules with each word made storable (a word of nothing but NULs is dropped). */
function storableKeywords(keywords: SiftKeywords): SiftKeywords {
  const words = (list: readonly string[]) => list.map(optionalText).filter((word): word is string => word !== undefined);
  return { all: words(keywords.all), any: words(keywords.any), none: words(keywords.none) };
}

/** `target` with `key` set only when the value is there, so bundles carry no `name: undefined` keys. */
function withOptional<T extends object, K extends string>(target: T, key: K, value: string | undefined): T & Partial<Record<K, string>> {
  return value === undefined ? target : { ...target, [key]: value };
}
