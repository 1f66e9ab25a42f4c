import { z } from 'zod';

/** Page size rules of DESIGN §3: default 50, at most 100. Larger values are rejected, not silently capped. */
export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 100;

export const limitParam = z.coerce
  .number()
  .int()
  .min(1)
  .max(PAGE_SIZE_MAX, { message: `limit must be at most ${PAGE_SIZE_MAX}` })
  .default(PAGE_SIZE_DEFAULT);

/** Opaque keyset cursor. Clients pass back what the server gave them and never build one. */
export const cursorParam = z.string().min(1).max(200);

/**
 * `hideWatched=true` (issue 30) on the feeds, sift pages and channel pages: leaves out what the member watched or
 * dismissed, server-side, so pages stay full. Ignored for visitors.
 */
export const hideWatchedParam = z
  .enum(['0', '1', 'true', 'false'])
  .optional()
  .transform((v) => v === '1' || v === 'true');

/** Unwatched counts stop here (decisions/039): 100 means "100 or more", which the web shows as "99+". */
export const UNWATCHED_COUNT_MAX = 100;
/**
 * Issue 30's inbox count on a member's sifts and followed channels: videos published since they followed it (their
 * own sift: since they made it) that they have neither watched nor dismissed, up to UNWATCHED_COUNT_MAX.
 */
export const unwatchedCountField = z.number().int().nonnegative().max(UNWATCHED_COUNT_MAX).optional();

/**
 * A field's refusal the app words itself, in the member's language (the field's `message` is the server's English):
 * a password among the most common ones.
 */
export const FIELD_ERROR_CODES = ['PASSWORD_TOO_COMMON'] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

/** Every error the API returns has this shape (DESIGN §3). */
export const apiErrorSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  code: z.string().optional(),
  fields: z.array(z.object({ field: z.string(), message: z.string(), code: z.enum(FIELD_ERROR_CODES).optional() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const itemTypeSchema = z.enum(['video', 'channel', 'sift', 'playlist']);
export type ItemType = z.infer<typeof itemTypeSchema>;

export const frequencySchema = z.enum(['NONE', 'IMMEDIATE', 'DAILY', 'WEEKLY']);
export type Frequency = z.infer<typeof frequencySchema>;

export const subscriptionDetailSchema = z.object({
  id: z.number().int(),
  frequency: frequencySchema,
  optOut: z.boolean(),
  isNew: z.boolean(),
});
export type SubscriptionDetail = z.infer<typeof subscriptionDetailSchema>;
