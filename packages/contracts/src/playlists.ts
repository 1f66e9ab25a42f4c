import { z } from 'zod';
import { videoSchema } from './catalog.js';
import { cursorParam, limitParam } from './common.js';
import { ownerSchema } from './search.js';

/** `wl` names the caller's Watch later wherever a playlist id goes (SPEC §2). */
export const WATCH_LATER_ID = 'wl';
export const PLAYLIST_NAME_MAX = 100;
export const PLAYLIST_DESCRIPTION_MAX = 1000;
export const PLAYBACK_RATES = ['0.25', '0.5', '0.75', '1', '1.25', '1.5', '1.75', '2'] as const;

/** SPEC §9 "Sort options": Relevance (empty), Recently created, Num of videos, Alphabetical. */
export const PLAYLIST_SORTS = ['', 'relevance', 'created', 'videos', 'alpha'] as const;
export const playlistSortSchema = z.enum(PLAYLIST_SORTS);
export type PlaylistSort = z.infer<typeof playlistSortSchema>;

/** SPEC §3 "Playlist". `videos` are read page by page from `GET /api/playlists/{id}/videos`. */
export const playlistSchema = z.object({
  type: z.literal('playlist'),
  id: z.number().int(),
  externalId: z.string(),
  name: z.string(),
  description: z.string(),
  public: z.boolean(),
  isWatchLater: z.boolean(),
  owner: ownerSchema,
  /** The custom cover, or the first video's thumbnail while the type is auto; null for an empty auto playlist. */
  thumbnail: z.string().nullable(),
  thumbnailType: z.enum(['auto', 'custom']),
  backgroundColor: z.string(),
  numberOfVideos: z.number().int().nonnegative(),
  numberOfFollowers: z.number().int().nonnegative(),
  /** The caller follows it. */
  follow: z.boolean(),
  imported: z.boolean(),
  importStatus: z.enum(['PENDING', 'PROCESSING', 'CREATED', 'FAILED']).nullable(),
  availablePlaybackRates: z.array(z.string()),
  playbackRate: z.string(),
  captionEnabled: z.boolean(),
  caption: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Playlist = z.infer<typeof playlistSchema>;

export const playlistListSchema = z.object({
  items: z.array(playlistSchema),
  next: z.string().nullable(),
  limit: z.number().int(),
});
export type PlaylistList = z.infer<typeof playlistListSchema>;

/** A playlist's videos in its order; every video carries its `itemId`. */
export const playlistVideosSchema = z.object({
  videos: z.array(videoSchema),
  totalResults: z.number().int().nonnegative(),
  next: z.string().nullable(),
  limit: z.number().int(),
});
export type PlaylistVideos = z.infer<typeof playlistVideosSchema>;

/** Every video of a playlist by its service id (for "already in Watch later" on any card). */
export const playlistVideoIdsSchema = z.object({ externalIds: z.array(z.string()) });

// ---- request schemas ----

const flag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/**
 * A playlist id or `wl`. Anything else names no playlist: the service answers 404 for it, as for an unknown
 * number (and as sifts do), rather than a 400 that would tell a missing playlist from a malformed one.
 */
export const playlistIdParam = z.string().min(1).max(64);
/** The ids playlists really have. */
export const PLAYLIST_ID_PATTERN = /^[1-9][0-9]{0,14}$/;
export const playlistParamsSchema = z.object({ id: playlistIdParam });
export const playlistVideoParamsSchema = z.object({
  id: playlistIdParam,
  videoId: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, { message: 'must be a video id' }),
});

export const playlistListQuerySchema = z.object({
  limit: limitParam,
  q: z.string().trim().max(200).optional(),
  sort: playlistSortSchema.default(''),
  next: cursorParam.optional(),
  /** true: the playlists the caller follows; otherwise the caller's own (Watch later has its own route). */
  following: flag,
});
export type PlaylistListQuery = z.infer<typeof playlistListQuerySchema>;

export const PLAYLIST_VIDEO_TYPES = ['all', 'video', 'short', 'live'] as const;
export const playlistVideosQuerySchema = z.object({
  limit: limitParam,
  q: z.string().trim().max(200).optional(),
  type: z.enum(PLAYLIST_VIDEO_TYPES).default('all'),
  next: cursorParam.optional(),
});
export type PlaylistVideosQuery = z.infer<typeof playlistVideosQuerySchema>;

const name = z
  .string()
  .trim()
  .min(1, { message: 'is required' })
  .max(PLAYLIST_NAME_MAX, { message: `must be at most ${PLAYLIST_NAME_MAX} characters` });
const description = z.string().trim().max(PLAYLIST_DESCRIPTION_MAX, { message: `must be at most ${PLAYLIST_DESCRIPTION_MAX} characters` });

export const createPlaylistSchema = z.object({ name, description: description.optional() });
export type CreatePlaylist = z.infer<typeof createPlaylistSchema>;

export const updatePlaylistSchema = z
  .object({
    name: name.optional(),
    description: description.optional(),
    backgroundColor: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, { message: 'must be a colour like #1a2b3c' })
      .optional(),
    playbackRate: z.enum(PLAYBACK_RATES).optional(),
    caption: z.enum(['none', 'en']).optional(),
  })
  .strict();
export type UpdatePlaylist = z.infer<typeof updatePlaylistSchema>;

/** "with a video": the video's service id; an id the catalog does not know yet is looked up at the video service. */
export const addPlaylistVideoSchema = z.object({
  externalId: z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, { message: 'must be a video id' }),
});
export type AddPlaylistVideo = z.infer<typeof addPlaylistVideoSchema>;
export const addedPlaylistVideoSchema = z.object({ itemId: z.number().int(), video: videoSchema });

/** Moves one entry so that it ends up at `position` (0 = first) of the playlist. */
export const movePlaylistVideoSchema = z.object({
  itemId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  position: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});
export type MovePlaylistVideo = z.infer<typeof movePlaylistVideoSchema>;
