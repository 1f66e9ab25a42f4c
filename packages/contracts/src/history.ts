import { z } from 'zod';
import { videoSchema } from './catalog.js';
import { cursorParam, limitParam } from './common.js';

/** Issue 30: what a member watched, where they stopped, what they dismissed (decisions/039). */

/** A position in seconds: no video is longer than a week (the bound keeps the integer column safe). */
const seconds = z.number().finite().min(0).max(7 * 24 * 3600);

/** PUT /api/me/history/{externalId}: progress as the player reports it. */
export const historyProgressSchema = z.object({
  position: seconds,
  /** The length the player knows; without it the catalog's duration decides whether the video is watched. */
  duration: seconds.optional(),
});
export type HistoryProgress = z.infer<typeof historyProgressSchema>;

export const historySettingsSchema = z.object({ paused: z.boolean() });
export type HistorySettings = z.infer<typeof historySettingsSchema>;

/** A video of the history page: its card plus the member's row. */
export const historyItemSchema = videoSchema.extend({
  watchedAt: z.string(),
  /** Seconds; 0 once watched, null for live videos. */
  position: z.number().int().nonnegative().nullable(),
  duration: z.number().int().nonnegative().nullable(),
  watched: z.boolean(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

export const historyPageSchema = z.object({
  items: z.array(historyItemSchema),
  /** Cursor for the next page, or null when this page was the last. */
  next: z.string().nullable(),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;

export const historyQuerySchema = z.object({
  limit: limitParam,
  next: cursorParam.optional(),
  /** Words of the title or the channel's name ("Search history..."). */
  q: z.string().trim().max(200).optional(),
});

/** A video the member hid from their feeds ("Hide from my feeds"): its card and when. */
export const hiddenItemSchema = videoSchema.extend({ hiddenAt: z.string() });
export type HiddenItem = z.infer<typeof hiddenItemSchema>;

/** GET /api/me/hidden: the member's dismissals, newest first, so each can be undone from the history page. */
export const hiddenPageSchema = z.object({
  items: z.array(hiddenItemSchema),
  next: z.string().nullable(),
});
export type HiddenPage = z.infer<typeof hiddenPageSchema>;
export const hiddenQuerySchema = z.object({ limit: limitParam, next: cursorParam.optional() });

export const continueWatchingQuerySchema = z.object({ limit: limitParam });
export const continueWatchingSchema = z.object({ items: z.array(historyItemSchema) });
export type ContinueWatching = z.infer<typeof continueWatchingSchema>;

/** POST /api/sifts/{id}/watched and POST /api/me/feeds/videos/watched?before=: mark all (published before `before`, if given). */
export const markAllWatchedQuerySchema = z.object({ before: z.iso.datetime({ offset: true }).optional() });
export const markAllWatchedResultSchema = z.object({
  /** How many videos were marked (at most MARK_ALL_WATCHED_MAX, the newest). */
  marked: z.number().int().nonnegative(),
});
export type MarkAllWatchedResult = z.infer<typeof markAllWatchedResultSchema>;
/** A sift or a feed can hold a million videos: "mark all" marks the newest this many (decisions/039). */
export const MARK_ALL_WATCHED_MAX = 1000;
