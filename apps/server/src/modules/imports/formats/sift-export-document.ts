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
