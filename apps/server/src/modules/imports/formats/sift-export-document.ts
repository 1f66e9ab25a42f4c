import type { SiftExport } from '../../sifts/sifts.service.js';

/**
 * `sift-export.json`, the heart of `GET /api/me/exports/data.zip`: everything a member has, as JSON. Written by the
 * exports module and read back by the imports (format SIFT_ZIP), so what Sift exports, Sift imports.
 */
export interface SiftExportDocument {
  format: 'Sift';
  version: 1;
  exportedAt: string;
  profile: {
    email: string;
    firstName: string;
    lastName: string;
    createdAt: string;
  };
  follows: {
    /** Followed channels, with the mail frequency chosen for each. */
    channels: Array<{ externalId: string; name: string; frequency: string }>;
    /** Followed sifts of other people (not imported back: they are followed again from their page). */
    sifts: Array<{ hash: string; name: string; frequency: string }>;
  };
  playlists: Array<{
    name: string;
    description: string;
    public: boolean;
    watchLater: boolean;
    videos: Array<{ externalId: string; title: string }>;
  }>;
  /** Every sift the member owns, with its rules and its channels in the order they were added. */
  sifts: SiftExport[];
}

export const SIFT_EXPORT_FILE = 'sift-export.json';

/**
 * `history.json`, beside sift-export.json in data.zip: the member's watch history, newest first, one entry per video.
 * Its own file because it can be tens of thousands of entries. Read back by the imports (format SIFT_ZIP, recognised
 * by its shape: an array of `{videoId, watched: boolean}` entries). `position` and `duration` are whole seconds;
 * `watched` is the member's mark or the rule's (near the end), which the import keeps as it is.
 */
export interface SiftHistoryExportEntry {
  videoId: string;
  watchedAt: string | null;
  position: number | null;
  duration: number | null;
  watched: boolean;
  title?: string;
  /** What the video's card said when exported (since issue 30's FreeTube export): the channel, date, views, length. */
  channelId?: string;
  channelName?: string;
  publishedAt?: string;
  viewCount?: number;
  lengthSeconds?: number;
  live?: boolean;
}

export const SIFT_HISTORY_FILE = 'history.json';
