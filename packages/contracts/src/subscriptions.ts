import { z } from 'zod';
import { cursorParam, frequencySchema, hideWatchedParam, unwatchedCountField, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './common.js';
import { pagedVideosSchema } from './catalog.js';

/**
 * Follows, subscriptions and feeds (SPEC §3 "Feed", §4 "Follow and subscription", §7 "Feeds" and "Subscriptions";
 * docs/decisions/012-subscriptions.md, 013-notifications.md).
 */
export const DEFAULT_FREQUENCY = 'WEEKLY' as const;
/** Sifts one multi-subscription call may follow at once. */
export const MULTI_SUBSCRIBE_MAX = 50;
export const FEED_FILTER_TEXT_MAX = 200;
export const FEED_KEYWORDS_MAX = 50;

export const subscriptionTargetTypeSchema = z.enum(['channel', 'sift']);
export type SubscriptionTargetType = z.infer<typeof subscriptionTargetTypeSchema>;

/** What a subscription follows, as the profile list and the feed's filter chips show it. */
export const subscriptionTargetSchema = z.object({
  type: subscriptionTargetTypeSchema,
  id: z.number().int(),
  /** A channel's service id, or a sift's hash (links: `/channel/{externalId}`, `/sifts/{hash}`). */
  externalId: z.string(),
  name: z.string(),
  thumbnail: z.string().nullable(),
});
export type SubscriptionTarget = z.infer<typeof subscriptionTargetSchema>;

export const subscriptionSchema = z.object({
  id: z.number().int(),
  frequency: frequencySchema,
  muted: z.boolean(),
  /** True once unfollowed: the member chose to leave it (SPEC §4). Unfollowed ones are not listed. */
  optOut: z.boolean(),
  /** Always false for a stored subscription (SPEC §3 subscriptionDetail.isNew: a detail not saved yet). */
  isNew: z.boolean(),
  createdAt: z.string(),
  target: subscriptionTargetSchema,
  unwatchedCount: unwatchedCountField,
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionListSchema = z.object({ items: z.array(subscriptionSchema) });
export type SubscriptionList = z.infer<typeof subscriptionListSchema>;

// ---- requests ----

const positiveId = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** POST /api/subscriptions: follow a channel, by our id or the service's id. */
export const followChannelSchema = z
  .object({
    channelId: positiveId.optional(),
    externalId: z.string().trim().min(1).max(100).optional(),
    frequency: frequencySchema.optional(),
  })
  .refine((b) => (b.channelId === undefined) !== (b.externalId === undefined), {
    message: 'Give exactly one of channelId and externalId',
    path: ['channelId'],
  });
export type FollowChannel = z.infer<typeof followChannelSchema>;

/** POST /api/subscriptions/sifts: a multi-subscription of sifts, by hash or id. */
export const followSiftsSchema = z.object({
  sifts: z.array(z.string().trim().min(1).max(100)).min(1).max(MULTI_SUBSCRIBE_MAX),
  frequency: frequencySchema.optional(),
});
export type FollowSifts = z.infer<typeof followSiftsSchema>;

/** PUT /api/subscriptions/{id}: frequency and/or mute. */
export const updateSubscriptionSchema = z
  .object({ frequency: frequencySchema.optional(), muted: z.boolean().optional() })
  .refine((b) => b.frequency !== undefined || b.muted !== undefined, { message: 'Give frequency or muted', path: ['frequency'] });
export type UpdateSubscription = z.infer<typeof updateSubscriptionSchema>;

export const subscriptionParamsSchema = z.object({ id: positiveId });

/** The one-click unsubscribe of notification mails (RFC 8058): the token of the link. */
export const unsubscribeQuerySchema = z.object({ token: z.string().trim().min(16).max(64).regex(/^[A-Za-z0-9_-]+$/, 'is not a token') });
export const unsubscribeResultSchema = z.object({ target: subscriptionTargetSchema, frequency: frequencySchema });
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;

// ---- feeds ----

/** A list of keywords in a query: repeated (`all=a&all=b`) or comma-separated (`all=a,b`). */
const keywordList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) =>
    (v === undefined ? [] : Array.isArray(v) ? v : [v])
      .flatMap((s) => s.split(','))
      .map((s) => s.trim())
      .filter((s) => s.length > 0),
  )
  .pipe(z.array(z.string().max(100, 'a keyword is at most 100 characters')).max(FEED_KEYWORDS_MAX, `at most ${FEED_KEYWORDS_MAX} keywords`));

const idList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) =>
    (v === undefined ? [] : Array.isArray(v) ? v : [v])
      .flatMap((s) => s.split(','))
      .filter((s) => s.trim() !== '')
      .map((s) => (/^\s*\d{1,15}\s*$/.test(s) ? Number(s) : NaN)),
  )
  .pipe(z.array(z.number({ message: 'is not an id' }).int().min(1)).max(1000));

/**
 * The generic feed url parameters of SPEC §7, on every feed: itemsPerPage (alias limit), the opaque `next`, filterText
 * (words of the title), itemId (start at this video), itemBefore / itemBeforeExternal (start after this video, by
 * id or service id), the keyword rules all / any / none, minus excludedAll / excludedAny / excludedNone (keywords
 * switched off, decisions/012).
 */
export const feedQuerySchema = z.object({
  itemsPerPage: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX, { message: `itemsPerPage must be at most ${PAGE_SIZE_MAX}` }).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX, { message: `limit must be at most ${PAGE_SIZE_MAX}` }).optional(),
  next: cursorParam.optional(),
  filterText: z.string().trim().max(FEED_FILTER_TEXT_MAX).optional(),
  itemId: positiveId.optional(),
  itemBefore: positiveId.optional(),
  itemBeforeExternal: z.string().trim().min(1).max(100).optional(),
  all: keywordList,
  any: keywordList,
  none: keywordList,
  excludedAll: keywordList,
  excludedAny: keywordList,
  excludedNone: keywordList,
  hideWatched: hideWatchedParam,
});
export type FeedQuery = z.infer<typeof feedQuerySchema>;

/**
 * GET /api/search/channels/{externalId}/videos: `limit`, `next` and `hideWatched` as every list of videos, and the
 * feed parameters (SPEC §7) to filter the channel's videos (decisions/054).
 */
export const channelVideosQuerySchema = feedQuerySchema;
export type ChannelVideosQuery = FeedQuery;

/** The personal feed also narrows to some of the member's subscriptions (the filter chips). */
export const personalFeedQuerySchema = feedQuerySchema.extend({ subscriptionIds: idList });
export type PersonalFeedQuery = z.infer<typeof personalFeedQuerySchema>;

export const feedPageSize = (q: Pick<FeedQuery, 'itemsPerPage' | 'limit'>) => q.itemsPerPage ?? q.limit ?? PAGE_SIZE_DEFAULT;

/** A filter chip of the personal feed: one subscription. */
export const feedFilterSchema = z.object({
  subscriptionId: z.number().int(),
  muted: z.boolean(),
  target: subscriptionTargetSchema,
});
export type FeedFilter = z.infer<typeof feedFilterSchema>;

/** SPEC §3 "Feed". */
export const feedSchema = z.object({
  videoFeedItems: pagedVideosSchema,
  /** The member's followed channels (first page only; later pages repeat nothing). */
  subscriptionFilters: z.array(feedFilterSchema),
  /** The member's followed sifts (first page only). */
  feedSubscriptionFilters: z.array(feedFilterSchema),
  /** Filters are active and the unfiltered feed has videos they leave out (the message bar of SPEC §2). */
  additionalResults: z.boolean(),
});
export type Feed = z.infer<typeof feedSchema>;

/** The address of the member's personal Atom feed (private: anyone with it can read the feed). */
/** POST /api/me/feeds/token: the private Atom address, shown once. */
export const feedTokenSchema = z.object({ url: z.string() });
export type FeedToken = z.infer<typeof feedTokenSchema>;
/** GET /api/me/feeds/token: whether an address exists (it cannot be shown again: only its hash is kept). */
export const feedTokenStatusSchema = z.object({ exists: z.boolean(), createdAt: z.string().nullable() });
export type FeedTokenStatus = z.infer<typeof feedTokenStatusSchema>;
