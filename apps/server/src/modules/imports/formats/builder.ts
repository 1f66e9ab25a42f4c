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
import type { BundleChannel, BundleHistoryEntry, BundlePlaylist, BundleSift, BundleVideo, ImportBundle, ImportFormat, SkippedItem } from './bundle.js';
import { channelIdFrom, videoIdFrom } from './youtube-ids.js';

/** Why a row is set aside, as the member reads it; one wording per cause across every format. */
export const SKIP_REASONS = {
  notYouTube: 'not YouTube',
  notYouTubeChannel: 'not a YouTube channel',
  badId: 'not a YouTube channel or video id',
  duplicate: 'duplicate',
  historyAd: 'an ad YouTube played, not a video you chose',
  historyRemoved: 'removed from YouTube: the export keeps no video id for it',
  historyMusic: 'YouTube Music listening: Sift imports the videos you watched',
  historyOver: `Sift imports the ${formatCount(IMPORT_LIMITS.maxHistory)} most recent videos of a watch history`,
  bookmarkedPlaylist: "a bookmarked playlist of someone else (Sift imports your own playlists)",
  followedSift: 'a followed sift of someone else (follow it again from its page)',
  emptyGroup: 'no YouTube channels in it',
  playlistListOnly: 'this file lists playlists but not their videos: upload the whole Takeout .zip',
  unreadableRules: 'its keyword rules or filters could not be read; the sift keeps every video of its channels',
  // The same words as the import run's own summary entry.
  unlisted: 'not listed',
} as const;

/**
 * Watch-history entries set aside in bulk, one summary line each (a Takeout holds thousands of ads): the kind, as the
 * summary names it, and its reason.
 */
const HISTORY_SUMMARIES = {
  ad: { noun: ['ad', 'ads'], reason: SKIP_REASONS.historyAd },
  removed: { noun: ['removed video', 'removed videos'], reason: SKIP_REASONS.historyRemoved },
  music: { noun: ['YouTube Music entry', 'YouTube Music entries'], reason: SKIP_REASONS.historyMusic },
  otherService: { noun: ['video of another service', 'videos of other services'], reason: SKIP_REASONS.notYouTube },
  over: { noun: ['more video', 'more videos'], reason: SKIP_REASONS.historyOver },
} as const satisfies Record<string, { noun: readonly [string, string]; reason: string }>;
export type HistorySkip = keyof typeof HISTORY_SUMMARIES;

/** What a parser knows of one watch of a video; the builder checks every field (a file may hold anything). */
export interface HistoryWatch {
  /** A Date, milliseconds since the epoch, or an ISO 8601 string. */
  watchedAt?: unknown;
  /** Seconds. */
  position?: unknown;
  /** Seconds. */
  duration?: unknown;
  title?: string;
  watched?: boolean;
}

/** No watch is older than YouTube (April 2005); an earlier date is a unit mistaken (seconds read as milliseconds). */
const EARLIEST_WATCH = Date.UTC(2005, 0, 1);
const LATEST_WATCH = Date.UTC(2100, 0, 1);
/** Longer than any YouTube video (the longest run about 12 days); a larger number is not seconds. */
const MAX_SECONDS = 60 * 24 * 60 * 60;

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
/**
 * A skipped item's text, and a name or title a file brings, is cut to this many characters (a row may hold anything:
 * a file of a few MB can name a channel with millions of characters, which the bundle, the import's row and every
 * progress answer would carry). Longer than any name the app keeps (100) and than any YouTube title.
 */
const MAX_ITEM_LENGTH = 200;
/** A description a file brings is cut to this many characters: more than a playlist's or a sift's may hold (2,000). */
const MAX_DESCRIPTION_LENGTH = 5_000;

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
  private readonly history = new Map<string, BundleHistoryEntry>();
  private readonly historySkipped = new Map<keyof typeof HISTORY_SUMMARIES, number>();

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
    this.channels.set(id, withOptional({ externalId: id }, 'name', optionalText(name, MAX_ITEM_LENGTH)));
    return id;
  }

  /** A new playlist; a Watch later returns the one Watch later every watch-later list of the file goes into. */
  addPlaylist(meta: { name: string; description?: string; public?: boolean; watchLater?: boolean }): PlaylistDraft {
    this.countRow();
    if (meta.watchLater) {
      this.watchLater ??= this.pushPlaylist({ name: WATCH_LATER_NAME, watchLater: true });
      return this.watchLater;
    }
    let playlist: Omit<BundlePlaylist, 'videos'> = { name: optionalText(meta.name, MAX_ITEM_LENGTH) ?? IMPORTED_PLAYLIST_NAME };
    playlist = withOptional(playlist, 'description', optionalText(meta.description, MAX_DESCRIPTION_LENGTH));
    if (meta.public !== undefined) playlist = { ...playlist, public: meta.public };
    return this.pushPlaylist(playlist);
  }

  addVideo(playlist: PlaylistDraft, candidate: unknown, title?: string): void {
    this.countRow();
    const id = videoIdFrom(candidate);
    const where = ` in playlist "${playlist.meta.name}"`;
    if (id === null) return this.note(describeItem(title, candidate, where), SKIP_REASONS.badId);
    if (playlist.videos.has(id)) return this.note(describeItem(title, id, where), SKIP_REASONS.duplicate);
    playlist.videos.set(id, withOptional({ externalId: id }, 'title', optionalText(title, MAX_ITEM_LENGTH)));
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
    let sift: Omit<BundleSift, 'channels'> = { name: optionalText(meta.name, MAX_ITEM_LENGTH) ?? IMPORTED_SIFT_NAME };
    sift = withOptional(sift, 'description', optionalText(meta.description, MAX_DESCRIPTION_LENGTH));
    if (meta.public !== undefined) sift = { ...sift, public: meta.public };
    if (meta.keywords) sift = { ...sift, keywords: storableKeywords(meta.keywords) };
    if (meta.filters) sift = { ...sift, filters: meta.filters };
    const category = optionalText(meta.category ?? undefined, MAX_ITEM_LENGTH);
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
    else sift.channels.set(id, withOptional({ externalId: id }, 'name', optionalText(name, MAX_ITEM_LENGTH)));
    return id;
  }

  /** Sets a row of the file aside. */
  skip(item: string, reason: string): void {
    this.countRow();
    this.note(item, reason);
  }

  /**
   * A watch of the video `candidate` names. Feed a file's watches newest first where it can be told: once
   * IMPORT_LIMITS.maxHistory videos are kept, a video not seen yet is counted as over, and listed as such in one line.
   * A video watched again merges into its entry: the latest time, the furthest position. History entries are not
   * rows (see IMPORT_LIMITS.maxHistory); what reads them is bounded by the file's size.
   */
  addHistory(candidate: unknown, watch: HistoryWatch = {}): void {
    const id = videoIdFrom(candidate);
    const title = optionalText(watch.title, MAX_ITEM_LENGTH);
    if (id === null) return this.note(describeItem(title, candidate, ' in watch history'), SKIP_REASONS.badId);
    const seen = this.history.get(id);
    if (!seen && this.history.size >= IMPORT_LIMITS.maxHistory) return this.skipHistory('over');
    const watchedAt = isoTime(watch.watchedAt);
    const position = seconds(watch.position);
    const duration = seconds(watch.duration);
    const entry: BundleHistoryEntry = seen ?? { externalId: id };
    if (watchedAt !== undefined && (entry.watchedAt === undefined || watchedAt > entry.watchedAt)) entry.watchedAt = watchedAt;
    if (position !== undefined && (entry.position === undefined || position > entry.position)) entry.position = position;
    if (duration !== undefined && entry.duration === undefined) entry.duration = duration;
    if (title !== undefined && entry.title === undefined) entry.title = title;
    if (watch.watched === true) entry.watched = true;
    else if (watch.watched === false && entry.watched === undefined) entry.watched = false;
    if (!seen) this.history.set(id, entry);
  }

  /** A watch-history entry set aside in bulk (an ad, a removed video …): counted, and listed once per kind. */
  skipHistory(kind: HistorySkip, count = 1): void {
    if (count > 0) this.historySkipped.set(kind, (this.historySkipped.get(kind) ?? 0) + count);
  }

  build(): ImportBundle {
    const sifts: BundleSift[] = [];
    for (const sift of this.sifts) {
      if (sift.channels.size === 0 && !sift.keepEmpty) this.note(sift.meta.name, SKIP_REASONS.emptyGroup);
      else sifts.push({ ...sift.meta, channels: [...sift.channels.values()] });
    }
    const skipped = [...this.skipped];
    for (const [kind, count] of this.historySkipped) {
      const { noun, reason } = HISTORY_SUMMARIES[kind];
      skipped.push({ item: `Watch history: ${formatCount(count)} ${count === 1 ? noun[0] : noun[1]}`, reason });
    }
    if (this.unlisted > 0) skipped.push({ item: `…and ${formatCount(this.unlisted)} more`, reason: SKIP_REASONS.unlisted });
    return {
      format: this.format,
      channels: [...this.channels.values()],
      playlists: this.playlists.map((playlist) => ({ ...playlist.meta, videos: [...playlist.videos.values()] })),
      sifts,
      history: [...this.history.values()],
      skipped,
    };
  }

  private pushPlaylist(meta: Omit<BundlePlaylist, 'videos'>): PlaylistDraft {
    const draft: PlaylistDraft = { meta, videos: new Map() };
    this.playlists.push(draft);
    return draft;
  }

  private note(item: string, reason: string): void {
    if (this.skipped.length < MAX_SKIPPED_LISTED) this.skipped.push({ item: skippedItemText(item), reason });
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
  return skippedItemText(base + suffix);
}

/** A skipped item as it is listed: storable, and cut to MAX_ITEM_LENGTH characters (the parser's and the run's alike). */
export function skippedItemText(item: string): string {
  return clipped(storableText(item), MAX_ITEM_LENGTH);
}

/** `text` cut to `max` characters with an ellipsis, never between the two halves of a surrogate pair. */
function clipped(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut}…`;
}

export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

/** A moment as ISO 8601 (UTC), or undefined when it is none or outside the years anyone watched YouTube. */
function isoTime(value: unknown): string | undefined {
  const time = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Date.parse(value) : NaN;
  return Number.isFinite(time) && time >= EARLIEST_WATCH && time < LATEST_WATCH ? new Date(time).toISOString() : undefined;
}

/** Whole seconds, or undefined when the value is not a plausible length of time (numeric strings are read too). */
function seconds(value: unknown): number | undefined {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(number) && number >= 0 && number <= MAX_SECONDS ? Math.round(number) : undefined;
}

/** Storable and trimmed text, or undefined when nothing is left; cut to `max` characters when given. */
function optionalText(value: string | undefined, max?: number): string | undefined {
  // Cut before it is made storable, so a huge value costs no more than `max` characters' work.
  const bounded = value === undefined ? '' : max === undefined ? value : value.slice(0, 2 * max);
  const text = storableText(bounded).trim();
  return (max === undefined ? text : clipped(text, max)) || undefined;
}

/** A sift's keyword rules with each word made storable (a word of nothing but NULs is dropped). */
function storableKeywords(keywords: SiftKeywords): SiftKeywords {
  const words = (list: readonly string[]) => list.map((word) => optionalText(word)).filter((word): word is string => word !== undefined);
  return { all: words(keywords.all), any: words(keywords.any), none: words(keywords.none) };
}

/** `target` with `key` set only when the value is there, so bundles carry no `name: undefined` keys. */
function withOptional<T extends object, K extends string>(target: T, key: K, value: string | undefined): T & Partial<Record<K, string>> {
  return value === undefined ? target : { ...target, [key]: value };
}
