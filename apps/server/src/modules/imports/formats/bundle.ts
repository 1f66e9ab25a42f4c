/**
 * What every import format is read into: the channels, playlists and groups a file names, by YouTube id, before
 * anything is looked up or stored. Parsers only read; `ImportsService` resolves the ids and applies the bundle.
 */
import type { SiftFilters, SiftKeywords } from '@sift/contracts';

/** The formats `POST /api/me/imports` recognises, found from the content (never the file name). */
export const IMPORT_FORMATS = [
  'TAKEOUT_CSV', // one Google Takeout CSV: subscriptions.csv, a playlist's videos, or the older one-file playlist
  'TAKEOUT_ZIP', // a Takeout archive as it downloads (subscriptions, playlists, Watch later, watch history inside)
  'TAKEOUT_HISTORY', // Takeout's watch-history.json or watch-history.html uploaded alone
  'NEWPIPE_JSON', // NewPipe's subscriptions export
  'NEWPIPE_ZIP', // NewPipe's backup: newpipe.db (SQLite) + settings
  'FREETUBE_DB', // FreeTube's NDJSON .db files: profiles, playlists or subscriptions
  'INVIDIOUS_JSON', // Invidious's JSON export
  'PIPED_JSON', // Piped's JSON export (playlists, channel groups)
  'LIBRETUBE_JSON', // LibreTube's backup (subscriptions, local playlists, channel groups)
  'YOUTUBE_JSON', // a JSON array of YouTube Data API subscriptions: Takeout 2019–21, FreeTube's "Export YouTube"
  'OPML', // any feed reader's (and Invidious's) OPML of YouTube channel feeds
  'SIFT_ZIP', // Sift's own personal-data export (GET /api/me/exports/data.zip)
] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export interface BundleChannel {
  /** A YouTube channel id, `UC` + 22 characters. */
  externalId: string;
  /** The name the file gave it (shown when the channel cannot be found). */
  name?: string;
}

export interface BundleVideo {
  /** A YouTube video id, 11 characters. */
  externalId: string;
  title?: string;
}

export interface BundlePlaylist {
  name: string;
  description?: string;
  /** True when the file says so (Invidious/Piped visibility "public"); imports are private otherwise. */
  public?: boolean;
  /** Entries in the file's order, duplicates already removed. */
  videos: BundleVideo[];
  /** The member's Watch later (Takeout's "Watch later", FreeTube's watchLater and favorites): merged into theirs. */
  watchLater?: boolean;
}

/** A group of channels (FreeTube profile, Piped group, NewPipe feed group, a Sift export's sift): a private sift. */
export interface BundleSift {
  name: string;
  channels: BundleChannel[];
  description?: string;
  /** Carried by Sift's own export only; other formats have none (the sift keeps every video of its channels). */
  keywords?: SiftKeywords;
  filters?: SiftFilters;
  public?: boolean;
  category?: string | null;
}

/**
 * One video of a watch history, once per video however often it was watched: the latest time it was watched, the
 * furthest position. Every field but the id is optional because the formats differ (Invidious has ids only, Takeout
 * has no positions, LibreTube no dates).
 */
export interface BundleHistoryEntry {
  /** A YouTube video id, 11 characters. */
  externalId: string;
  /** When it was last watched, ISO 8601 (UTC). */
  watchedAt?: string;
  /** Where the member stopped, in whole seconds. */
  position?: number;
  /** The video's length, in whole seconds, when the file gives it. */
  duration?: number;
  title?: string;
  /** Set only when the file says so outright (Sift's own export); other formats leave the rule to the importer. */
  watched?: boolean;
}

/** A row of the file that will not be imported, and why (shown to the member). */
export interface SkippedItem {
  item: string;
  reason: string;
}

export interface ImportBundle {
  format: ImportFormat;
  /** Channels to follow, duplicates removed (first occurrence wins). */
  channels: BundleChannel[];
  playlists: BundlePlaylist[];
  sifts: BundleSift[];
  /** Watched videos, newest first, one entry per video, at most IMPORT_LIMITS.maxHistory. */
  history: BundleHistoryEntry[];
  /** Rows the parser itself set aside: not YouTube, malformed id, duplicate, a part of the export Sift does not take. */
  skipped: SkippedItem[];
}

/** How an error names the file it is about: the upload (`alone`), or an entry of its .zip by its name. */
export function fileLabel(path: string | undefined, alone = 'This file'): string {
  return path === undefined ? alone : `${path.split('/').at(-1)} in this .zip`;
}

/** A file that is not an import Sift can read, or breaks a limit: a 4xx with this message. */
export class ImportFileError extends Error {
  constructor(
    message: string,
    readonly code: 'IMPORT_FORMAT_UNKNOWN' | 'IMPORT_TOO_LARGE' | 'IMPORT_FILE_INVALID',
  ) {
    super(message);
    this.name = 'ImportFileError';
  }
}

/** Limits from the issue: 20 MiB uploaded, 100,000 rows, zips capped on their uncompressed size before reading. */
export const IMPORT_LIMITS = {
  maxFileBytes: 20 * 1024 * 1024,
  maxRows: 100_000,
  /** The sum of the entries' uncompressed sizes a zip may declare (and actually inflate to). */
  maxUncompressedBytes: 200 * 1024 * 1024,
  /**
   * Videos of a watch history kept from one file (the newest, as far as the file tells): twice the largest real one
   * seen (24,831 in an Invidious export). History entries are not rows: a re-watch adds an entry, not a video, and
   * what is over is listed as skipped rather than failing the file.
   */
  maxHistory: 50_000,
} as const;
