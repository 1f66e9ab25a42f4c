import { z } from 'zod';

/**
 * Member imports (issue 16 §2): `POST /api/me/imports` takes an export file of YouTube (Takeout), NewPipe,
 * FreeTube, Invidious, Piped, any feed reader's OPML or Sift's own; its format is found from the content. The file
 * is read at once (a bad file is a 4xx), then applied by a job whose progress `GET /api/me/imports/{id}` reports.
 */
export const importFormatSchema = z.enum([
  'TAKEOUT_CSV',
  'TAKEOUT_ZIP',
  'TAKEOUT_HISTORY',
  'NEWPIPE_JSON',
  'NEWPIPE_ZIP',
  'FREETUBE_DB',
  'INVIDIOUS_JSON',
  'PIPED_JSON',
  'LIBRETUBE_JSON',
  'YOUTUBE_JSON',
  'OPML',
  'SIFT_ZIP',
]);
export type ImportFormatName = z.infer<typeof importFormatSchema>;

/** The same statuses as a playlist import (SPEC §4). */
export const importStatusSchema = z.enum(['PENDING', 'PROCESSING', 'CREATED', 'FAILED']);
export type ImportStatus = z.infer<typeof importStatusSchema>;

export const importCountsSchema = z.object({
  /** Channels newly followed. */
  channels: z.number().int().nonnegative(),
  /** Playlists made (Watch later is merged into, never made). */
  playlists: z.number().int().nonnegative(),
  /** Videos added to playlists (Watch later included). */
  videos: z.number().int().nonnegative(),
  /** Sifts made from groups of channels. */
  sifts: z.number().int().nonnegative(),
  /** Videos new to the member's watch history (issue 30). */
  history: z.number().int().nonnegative(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

export const importSkippedSchema = z.object({ item: z.string(), reason: z.string() });
export type ImportSkipped = z.infer<typeof importSkippedSchema>;

export const importStartedSchema = z.object({
  id: z.number().int(),
  status: importStatusSchema,
  format: importFormatSchema,
});
export type ImportStarted = z.infer<typeof importStartedSchema>;

export const memberImportSchema = importStartedSchema.extend({
  /** 0–100. */
  progress: z.number().int().min(0).max(100),
  counts: importCountsSchema,
  skipped: z.array(importSkippedSchema),
  /** Why a FAILED import stopped (what it did before that stays: every row is applied whole or not at all). */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type MemberImport = z.infer<typeof memberImportSchema>;

export const importParamsSchema = z.object({
  id: z.string().regex(/^\d{1,15}$/, { message: 'must be an import id' }),
});
