import { z } from 'zod';
import { cursorParam, hideWatchedParam, limitParam, subscriptionDetailSchema } from './common.js';

export const liveStatusSchema = z.enum(['LIVE', 'NONE']);

export const videoSchema = z.object({
  type: z.literal('video'),
  id: z.number().int(),
  /**
   * The member's marks (issue 30), laid over the shared card after the page is read (decisions/039); kept right
   * after `id` in the JSON, where the overlay finds them. Visitors: false and null.
   */
  watched: z.boolean().optional(),
  /** Seconds to resume at; null when not started, watched (starts over) or live. */
  position: z.number().int().nonnegative().nullable().optional(),
  /**
   * The length `position` is a point of, as the player knew it when it saved it, where that is known: how far a card
   * shows it watched. It can differ from `durationSeconds` (the demo's clips last 30 s; a service's listed length
   * rounds). Absent when there is no position.
   */
  positionOf: z.number().int().positive().optional(),
  /** The video service's own id; URLs (`/watch?v=`) use it. */
  externalId: z.string(),
  /** Entry id within a playlist; absent outside playlists. */
  itemId: z.number().int().optional(),
  name: z.string(),
  title: z.string(),
  thumbnail: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  durationSeconds: z.number().int().nonnegative(),
  embeddable: z.boolean(),
  liveStatus: liveStatusSchema,
  isShort: z.boolean(),
  channelId: z.number().int(),
  channelExternalId: z.string(),
  channelName: z.string(),
  channelThumbnail: z.string(),
  numberOfViews: z.number().int().nonnegative(),
  numberOfLikes: z.number().int().nonnegative(),
  publishedAt: z.string(),
  /** Where the demo provider's clip plays from; null for providers that play in their own player. */
  mediaUrl: z.string().nullable(),
  provider: z.string(),
  watchLater: z.boolean(),
  subscriptionDetail: subscriptionDetailSchema.nullable(),
  ecSource: z.string().nullable(),
  ecSourceId: z.string().nullable(),
});
export type Video = z.infer<typeof videoSchema>;

export const channelSchema = z.object({
  type: z.literal('channel'),
  id: z.number().int(),
  externalId: z.string(),
  youTubeChannelId: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  topic: z.string().nullable(),
  thumbnail: z.string(),
  numberOfFollowers: z.number().int().nonnegative(),
  numberOfVideos: z.number().int().nonnegative(),
  numberOfViews: z.number().int().nonnegative(),
  subscriberCount: z.number().int().nonnegative(),
  viewCount: z.number().int().nonnegative(),
  follow: z.boolean(),
  muted: z.boolean(),
  subscriptionDetail: subscriptionDetailSchema.nullable(),
  refreshedAt: z.string().nullable(),
});
export type Channel = z.infer<typeof channelSchema>;

export const pagedVideosSchema = z.object({
  videos: z.array(videoSchema),
  totalResults: z.number().int().nonnegative(),
  /** Cursor for the next page, or null when this page was the last. */
  next: z.string().nullable(),
  limit: z.number().int(),
});
export type PagedVideos = z.infer<typeof pagedVideosSchema>;

export const channelListSchema = z.object({
  items: z.array(channelSchema),
  totalResults: z.number().int().nonnegative(),
});
export type ChannelList = z.infer<typeof channelListSchema>;

// ---- request schemas ----

export const externalIdParam = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'must contain only letters, digits, "-" and "_"' });

export const videoParamsSchema = z.object({ externalId: externalIdParam });

/** `{id}` is our numeric id or the video service's externalId. */
export const channelParamsSchema = z.object({ id: externalIdParam });

export const channelQuerySchema = z.object({
  /** r=1 refreshes the channel from the video service before answering. */
  r: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

export const channelVideosParamsSchema = z.object({ externalId: externalIdParam });
/** Any list of videos paged by keyset cursor: a channel's uploads, the public feed. */
export const videoPageQuerySchema = z.object({
  limit: limitParam,
  next: cursorParam.optional(),
  hideWatched: hideWatchedParam,
});

/** An empty or missing q lists the most-followed channels (SPEC §5: query text is used only when non-empty). */
export const channelSearchQuerySchema = z.object({
  q: z.string().trim().max(2000).optional(),
  limit: limitParam,
});

/** How many channels a category of GET /api/channels/popular lists at most. */
export const POPULAR_PER_CATEGORY_MAX = 12;

/** GET /api/channels/popular?perCategory=: each category's most followed channels (the onboarding's step to follow). */
export const popularChannelsQuerySchema = z.object({
  perCategory: z.coerce
    .number()
    .int()
    .min(1)
    .max(POPULAR_PER_CATEGORY_MAX, { message: `perCategory must be at most ${POPULAR_PER_CATEGORY_MAX}` })
    .default(4),
});
export const popularChannelsSchema = z.object({
  /** SPEC's sift categories in their order, each with its most followed channels that have videos; empty ones left out. */
  categories: z.array(
    z.object({
      /** A `GET /api/sifts/categories` id. */
      id: z.string(),
      /** Its name in English (the web names the known ids in each language). */
      name: z.string(),
      channels: z.array(channelSchema),
    }),
  ),
});
export type PopularChannels = z.infer<typeof popularChannelsSchema>;

/** GET /api/public/v01/resolve?q=: what a pasted address (a video's or a channel's, a handle, an id) names. */
export const resolveQuerySchema = z.object({ q: z.string().trim().min(1).max(2000) });
export const resolvedAddressSchema = z.object({
  /** `none`: the text is not an address (search for it instead). */
  type: z.enum(['video', 'channel', 'none']),
  externalId: z.string().nullable(),
});
export type ResolvedAddress = z.infer<typeof resolvedAddressSchema>;
