import { z } from 'zod';
import { channelSchema, videoSchema } from './catalog.js';
import { cursorParam, limitParam } from './common.js';

/**
 * Search (SPEC §7 "Search", §3 "Search results", §4 "Search scopes", §9 sort options).
 *
 * GET /api/search answers at most SEARCH_CANDIDATES results of each kind (channels, videos, sifts, playlists) for a
 * query: the best ones for the query, ordered by the requested sort and paged by an opaque rank cursor. A query
 * that matches more than that (a common word over a million videos) gives its freshest matches; people narrow
 * such a search by adding words, as they do on every video site.
 */
export const SEARCH_CANDIDATES = 500;
/** Characters of `q` the server accepts; longer text is a 400 naming `q`. */
export const SEARCH_QUERY_MAX_LENGTH = 200;
/** Words (and quoted phrases) of `q` that count; a longer query is a 400 naming `q`. */
export const SEARCH_QUERY_MAX_TERMS = 12;

/** SPEC §4: all, channels, videos, sifts, playlists, combo. The type filter defaults to all. */
export const SEARCH_TYPES = ['all', 'channels', 'videos', 'sifts', 'playlists', 'combo'] as const;
export const searchTypeSchema = z.enum(SEARCH_TYPES);
export type SearchType = z.infer<typeof searchTypeSchema>;

/** SPEC §9: Relevance (empty), Recently created (created), Num of videos (videos), Alphabetical (alpha). */
export const SEARCH_SORTS = ['', 'created', 'videos', 'alpha'] as const;
export const searchSortSchema = z.enum(SEARCH_SORTS);
export type SearchSort = z.infer<typeof searchSortSchema>;

/** GET /api/search query string. An empty `q` means no query filter (SPEC §5): the newest and most followed. */
export const searchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(SEARCH_QUERY_MAX_LENGTH, { message: `must be at most ${SEARCH_QUERY_MAX_LENGTH} characters` })
    .optional(),
  /** `type=` (empty) reads as all, like a missing parameter; anything else must be a known scope. */
  type: z.enum(['', ...SEARCH_TYPES]).default('all'),
  sort: searchSortSchema.default(''),
  /** A person's uuid: only their sifts and playlists (the public ones, unless it is the caller). */
  ownerId: z.uuid({ message: 'must be a user uuid' }).optional(),
  limit: limitParam,
  next: cursorParam.optional(),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** The owner of a sift or playlist; creator is true when it is the caller (SPEC §6). */
export const ownerSchema = z.object({
  uuid: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  creator: z.boolean(),
});
export type Owner = z.infer<typeof ownerSchema>;

/** A sift as a search result card shows it. `externalId` is the hash links use (`/sifts/{hash}`). */
export const siftResultSchema = z.object({
  type: z.literal('sift'),
  id: z.number().int(),
  externalId: z.string(),
  hash: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string().nullable(),
  public: z.boolean(),
  owner: ownerSchema,
  thumbnail: z.string().nullable(),
  thumbnailType: z.enum(['auto', 'custom']),
  numberOfChannels: z.number().int().nonnegative(),
  numberOfFollowers: z.number().int().nonnegative(),
  /** Uploads of its channels together (what "Num of videos" sorts by). */
  numberOfVideos: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type SiftResult = z.infer<typeof siftResultSchema>;

/** A playlist as a search result card shows it. `externalId` is the id links use (`/playlists/{id}`). */
export const playlistResultSchema = z.object({
  type: z.literal('playlist'),
  id: z.number().int(),
  externalId: z.string(),
  name: z.string(),
  description: z.string(),
  public: z.boolean(),
  owner: ownerSchema,
  /** The cover image, or the first video's thumbnail when the cover is automatic; null for an empty playlist. */
  thumbnail: z.string().nullable(),
  thumbnailType: z.enum(['auto', 'custom']),
  numberOfVideos: z.number().int().nonnegative(),
  imported: z.boolean(),
  createdAt: z.string(),
});
export type PlaylistResult = z.infer<typeof playlistResultSchema>;

export const searchItemSchema = z.discriminatedUnion('type', [videoSchema, channelSchema, siftResultSchema, playlistResultSchema]);
export type SearchItem = z.infer<typeof searchItemSchema>;

/** SPEC §3 "Search results": items, totalResults, next, recommendedChannels, recommended. */
export const searchResultsSchema = z.object({
  items: z.array(searchItemSchema),
  /** How many results this search can page through (each kind counts at most SEARCH_CANDIDATES). */
  totalResults: z.number().int().nonnegative(),
  /** Rank cursor of the next page; null on the last one. Valid only with the same q, type, sort and ownerId. */
  next: z.string().nullable(),
  limit: z.number().int(),
  /** Channels for the query (first page only): the best matching, else the most followed. */
  recommendedChannels: z.array(channelSchema),
  /** True when recommendedChannels are the most followed ones (no query, or no channel matched it). */
  recommendedChannelsPopular: z.boolean(),
  /** Something to watch when the search found nothing (first page only): popular recent videos. */
  recommended: z.array(searchItemSchema),
  /**
   * True when the type filter (or ownerId) hides results that an unfiltered search finds: the client shows
   * SPEC §2's message bar. Worked out on the first page only; false on later pages.
   */
  moreOutsideFilters: z.boolean(),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;

/** GET /api/public/v01/users/{uuid}: what a person's public profile (and share link) shows. */
export const publicUserParamsSchema = z.object({ uuid: z.uuid({ message: 'must be a user uuid' }) });
export const publicUserSchema = z.object({
  uuid: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;
