import { z } from 'zod';
import { cursorParam, limitParam, subscriptionDetailSchema, unwatchedCountField } from './common.js';
import { videoSchema } from './catalog.js';
import { ownerSchema } from './search.js';

/**
 * Sifts (SPEC §3 "Sift", §7 "Sifts"; docs/decisions/010-sifts.md, 011-sift-feed.md): a named line-up of channels
 * with keyword rules all / any / none (DESIGN §3) and type filters, shareable by its hash.
 */
export const SIFT_NAME_MAX = 100;
export const SIFT_DESCRIPTION_MAX = 2000;
export const SIFT_CHANNELS_MAX = 200;
export const SIFT_KEYWORD_MAX_LENGTH = 100;
export const SIFT_KEYWORDS_PER_RULE_MAX = 50;
/** Longest duration bound a filter takes: one day, in seconds. */
export const SIFT_DURATION_MAX = 86_400;

export const siftImportStatusSchema = z.enum(['PENDING_IMPORT', 'FAILED', 'IMPORTING', 'METADATA_IMPORTED', 'VIDEOS_IMPORTED', 'CREATED']);
export type SiftImportStatus = z.infer<typeof siftImportStatusSchema>;

export const siftKeywordsSchema = z.object({
  all: z.array(z.string()),
  any: z.array(z.string()),
  none: z.array(z.string()),
});
export type SiftKeywords = z.infer<typeof siftKeywordsSchema>;

export const siftFiltersSchema = z.object({
  hideShorts: z.boolean(),
  hideLive: z.boolean(),
  /** Seconds; null = no bound. */
  minDurationSeconds: z.number().int().nullable(),
  maxDurationSeconds: z.number().int().nullable(),
});
export type SiftFilters = z.infer<typeof siftFiltersSchema>;

/** A channel of a sift, as its chips and the view-channels list show it. */
export const siftChannelSchema = z.object({
  type: z.literal('channel'),
  id: z.number().int(),
  externalId: z.string(),
  name: z.string(),
  thumbnail: z.string(),
  numberOfFollowers: z.number().int().nonnegative(),
  numberOfVideos: z.number().int().nonnegative(),
});
export type SiftChannel = z.infer<typeof siftChannelSchema>;

export const siftOwnerSchema = ownerSchema.extend({ id: z.number().int() });

export const siftSchema = z.object({
  type: z.literal('sift'),
  id: z.number().int(),
  hash: z.string(),
  /** The hash, as links use it (`/sifts/{hash}`). */
  externalId: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string().nullable(),
  public: z.boolean(),
  owner: siftOwnerSchema,
  channels: z.array(siftChannelSchema),
  keywords: siftKeywordsSchema,
  filters: siftFiltersSchema,
  /** The cover image; with thumbnailType auto, the newest matching video's thumbnail (null when none matches). */
  thumbnail: z.string().nullable(),
  thumbnailType: z.enum(['auto', 'custom']),
  numberOfChannels: z.number().int().nonnegative(),
  numberOfFollowers: z.number().int().nonnegative(),
  /** Videos the sift shows now (its matches). */
  numberOfVideos: z.number().int().nonnegative(),
  /** A channel import under way or the last one's outcome (SPEC §4 "Sift import status"). */
  importStatus: siftImportStatusSchema,
  importError: z.string().nullable(),
  subscriptionDetail: subscriptionDetailSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Sift = z.infer<typeof siftSchema>;

/** A sift in a list (without its channels and keywords): cards and the add-to-sift popup. */
export const siftSummarySchema = siftSchema.omit({ channels: true, keywords: true }).extend({ unwatchedCount: unwatchedCountField });
export type SiftSummary = z.infer<typeof siftSummarySchema>;

export const siftListSchema = z.object({
  items: z.array(siftSummarySchema),
  totalResults: z.number().int().nonnegative(),
  next: z.string().nullable(),
  limit: z.number().int(),
});
export type SiftList = z.infer<typeof siftListSchema>;

export const siftCategorySchema = z.object({ id: z.string(), name: z.string() });
export const siftCategoriesSchema = z.array(siftCategorySchema);
export type SiftCategory = z.infer<typeof siftCategorySchema>;

/** The live preview while editing: how many videos the rules match now, and the newest few. */
export const siftPreviewSchema = z.object({
  numberOfVideos: z.number().int().nonnegative(),
  /** True when there are more matches than were counted (the count stops at SIFT_PREVIEW_COUNT_LIMIT). */
  more: z.boolean(),
  videos: z.array(videoSchema),
});
export type SiftPreview = z.infer<typeof siftPreviewSchema>;
export const SIFT_PREVIEW_COUNT_LIMIT = 10_000;

// ---- requests ----

/** `{id}`: the numeric id or the hash. */
export const siftParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, { message: 'must be a sift id or hash' }),
});
export const siftChannelParamsSchema = siftParamsSchema.extend({
  channelId: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, { message: 'must be a channel id or externalId' }),
});

const channelExternalId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'must contain only letters, digits, "-" and "_"' });

export const SIFT_SORTS = ['', 'created', 'videos', 'alpha'] as const;
export const siftListQuerySchema = z.object({
  limit: limitParam,
  q: z.string().trim().max(200).optional(),
  sort: z.enum(SIFT_SORTS).default(''),
  /** Logged in: false = my sifts, true = the sifts I follow. A visitor sees public sifts whatever it says. */
  following: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1')),
  next: cursorParam.optional(),
  /**
   * Discovery (issue 31): the public sifts that include this channel (its service id), most followed first, whoever
   * asks; `totalResults` is how many there are ("In N public sifts"). `sort` and `following` do not apply.
   */
  channel: channelExternalId.optional(),
  /** Discovery: the public sifts of this category (GET /api/sifts/categories), most followed first, whoever asks. */
  category: z
    .string()
    .min(1)
    .max(50)
    .regex(/^[a-z0-9_-]+$/, { message: 'must be a category id' })
    .optional(),
});
export type SiftListQuery = z.infer<typeof siftListQuerySchema>;

/** How many similar sifts a sift page asks for at most. */
export const SIFT_SIMILAR_MAX = 24;
export const siftSimilarQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(SIFT_SIMILAR_MAX, { message: `limit must be at most ${SIFT_SIMILAR_MAX}` }).default(8),
});

/** GET /api/sifts/{id}/similar: public sifts sharing channels with this one, most shared channels first, then most followed. */
export const similarSiftSchema = siftSummarySchema.extend({
  /** Channels this sift has in common with the one asked about. */
  sharedChannels: z.number().int().positive(),
});
export type SimilarSift = z.infer<typeof similarSiftSchema>;
export const similarSiftsSchema = z.object({ items: z.array(similarSiftSchema), limit: z.number().int() });
export type SimilarSifts = z.infer<typeof similarSiftsSchema>;

/** How many sifts each row of GET /api/sifts/explore shows. */
export const SIFT_EXPLORE_ROW = 8;
/** Days a public sift counts as new in "New this week". */
export const SIFT_NEW_DAYS = 7;

/**
 * GET /api/sifts/explore (issue 31): the first screen of Explore, the same for everyone — the most followed public
 * sifts, the ones made in the last SIFT_NEW_DAYS days (newest first), and the categories that have public sifts
 * with how many (their lists: GET /api/sifts?category=).
 */
export const siftExploreSchema = z.object({
  mostFollowed: z.array(siftSummarySchema),
  newThisWeek: z.array(siftSummarySchema),
  categories: z.array(siftCategorySchema.extend({ numberOfSifts: z.number().int().positive() })),
});
export type SiftExplore = z.infer<typeof siftExploreSchema>;

const keyword = z.string().trim().min(1, { message: 'must not be empty' }).max(SIFT_KEYWORD_MAX_LENGTH, {
  message: `must be at most ${SIFT_KEYWORD_MAX_LENGTH} characters`,
});
const keywordList = z.array(keyword).max(SIFT_KEYWORDS_PER_RULE_MAX, { message: `at most ${SIFT_KEYWORDS_PER_RULE_MAX} keywords` });
export const siftKeywordsInputSchema = z.object({
  all: keywordList.default([]),
  any: keywordList.default([]),
  none: keywordList.default([]),
});

const duration = z.number().int().min(0).max(SIFT_DURATION_MAX).nullable();
export const siftFiltersInputSchema = z
  .object({
    hideShorts: z.boolean().default(false),
    hideLive: z.boolean().default(false),
    minDurationSeconds: duration.default(null),
    maxDurationSeconds: duration.default(null),
  })
  .refine((f) => f.minDurationSeconds === null || f.maxDurationSeconds === null || f.minDurationSeconds <= f.maxDurationSeconds, {
    message: 'must not be below the minimum duration',
    path: ['maxDurationSeconds'],
  });

/** A channel to add: known to the catalog, or imported in the background from the video service. */
export const siftChannelInputSchema = z.object({
  externalId: channelExternalId,
  name: z.string().trim().max(200).optional(),
  thumbnail: z.string().max(2000).optional(),
  numberOfFollowers: z.number().int().nonnegative().optional(),
});
export type SiftChannelInput = z.infer<typeof siftChannelInputSchema>;

const name = z.string().trim().min(1, { message: 'must not be empty' }).max(SIFT_NAME_MAX, { message: `must be at most ${SIFT_NAME_MAX} characters` });
const description = z.string().trim().max(SIFT_DESCRIPTION_MAX, { message: `must be at most ${SIFT_DESCRIPTION_MAX} characters` });
const category = z.string().max(50).nullable();
const channels = z.array(siftChannelInputSchema).max(SIFT_CHANNELS_MAX, { message: `at most ${SIFT_CHANNELS_MAX} channels` });

/** POST /api/sifts: a name; the rest may come at once (the create page sends everything). */
export const createSiftSchema = z.object({
  name,
  description: description.optional(),
  category: category.optional(),
  public: z.boolean().optional(),
  channels: channels.optional(),
  keywords: siftKeywordsInputSchema.optional(),
  filters: siftFiltersInputSchema.optional(),
});
export type CreateSift = z.infer<typeof createSiftSchema>;

/** PUT /api/sifts/{id}: what is present replaces what was there (channels and keywords as whole lists). */
export const updateSiftSchema = createSiftSchema.partial();
export type UpdateSift = z.infer<typeof updateSiftSchema>;

/** POST /api/sifts/preview: rules not saved yet, over channels given by id or externalId. */
export const siftPreviewRequestSchema = z.object({
  channels: z.array(channelExternalId).max(SIFT_CHANNELS_MAX),
  keywords: siftKeywordsInputSchema.default({ all: [], any: [], none: [] }),
  filters: siftFiltersInputSchema.optional(),
  limit: z.number().int().min(0).max(20).default(5),
});
export type SiftPreviewRequest = z.infer<typeof siftPreviewRequestSchema>;
