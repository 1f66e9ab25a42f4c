import { z } from 'zod';
import { importStatusSchema } from './imports.js';

/**
 * Import from a YouTube account over OAuth (issue 16 §1; SPEC §7 "Identity-provider channel import" and "Playlist
 * import"). The provider is `GOOGLE` in `/api/idp/{provider}…` and `youtube` in `/api/providers/{provider}…`, any case.
 * The browser never sees a Google token: the server exchanges the code, keeps the refresh token encrypted, and reads
 * the member's subscriptions and playlists itself.
 */

/** SPEC §4 "Video-service user status": ONLINE only while the permission check passes; any failure is OFFLINE. */
export const videoServiceStatusSchema = z.enum(['ONLINE', 'OFFLINE']);
export type VideoServiceStatus = z.infer<typeof videoServiceStatusSchema>;

/** `GET /api/idp/{provider}/status`: the permission check, run now (a token refresh and one cheap call). */
export const videoServiceUserStatusSchema = z.object({
  status: videoServiceStatusSchema,
  /** Sift holds a permission for this member (it may still be OFFLINE: revoked at Google, expired, …). */
  connected: z.boolean(),
});
export type VideoServiceUserStatus = z.infer<typeof videoServiceUserStatusSchema>;

/**
 * `GET /api/providers/{provider}` (and the answer of `POST /api/idp/{provider}`, `GET /api/providers/{provider}/code`):
 * what the member has connected, with the status of the last check (no call to Google is made for it).
 */
export const videoServiceAccountSchema = z.object({
  provider: z.literal('youtube'),
  /** The server is set up for it (Google client, TOKEN_ENCRYPTION_KEY, YouTube as the video service). */
  enabled: z.boolean(),
  connected: z.boolean(),
  status: videoServiceStatusSchema,
  connectedAt: z.string().nullable(),
  /** When the permission was last checked (or used). */
  checkedAt: z.string().nullable(),
});
export type VideoServiceAccount = z.infer<typeof videoServiceAccountSchema>;

/** `GET /api/providers/{provider}/authorization`: where to send the browser (Google's consent page). */
export const providerAuthorizationSchema = z.object({ url: z.string() });
export type ProviderAuthorization = z.infer<typeof providerAuthorizationSchema>;

/**
 * What Google's redirect to `/oauth2/youtube/callback` carried: `POST /api/idp/{provider}` (body) or
 * `GET /api/providers/{provider}/code` (query). Without `state`, the member's latest pending authorization is used.
 */
export const providerCodeSchema = z.object({
  code: z.string().min(1).max(2048),
  state: z.string().min(1).max(512).optional(),
  /** The provider's `iss` from the callback URL (RFC 9207), when the client forwards it. */
  iss: z.string().max(2048).optional(),
});
export type ProviderCode = z.infer<typeof providerCodeSchema>;

/** A channel the member subscribes to on YouTube. `id` is YouTube's channel id; `externalId` is the same (SPEC). */
export const accountChannelSchema = z.object({
  type: z.literal('channel'),
  id: z.string(),
  externalId: z.string(),
  name: z.string(),
  description: z.string(),
  /** The channel's avatar at YouTube; null when it has none. */
  thumbnail: z.string().nullable(),
  /** The member already follows it in Sift. */
  follow: z.boolean(),
});
export type AccountChannel = z.infer<typeof accountChannelSchema>;

/** `GET /api/idp/{provider}/channels`: every subscription (all of YouTube's pages), in YouTube's order. */
export const accountChannelListSchema = z.object({
  items: z.array(accountChannelSchema),
  totalResults: z.number().int().nonnegative(),
});
export type AccountChannelList = z.infer<typeof accountChannelListSchema>;

const channelIdText = z.string().trim().regex(/^UC[A-Za-z0-9_-]{22}$/, { message: 'must be a YouTube channel id (UC…)' });
const channelReference = z.union([
  channelIdText,
  z.object({ id: channelIdText.optional(), externalId: channelIdText.optional(), name: z.string().max(200).optional() }).refine((c) => c.id ?? c.externalId, {
    message: 'needs id or externalId',
  }),
]);

/** The most channels one request may follow (YouTube lets an account subscribe to a few thousand). */
export const ACCOUNT_CHANNELS_MAX = 10_000;

/**
 * `POST /api/idp/{provider}/channels`: the channels to follow, as `ids` or `externalIds` (lenient: channel ids, or
 * `{id | externalId, name?}` objects). Followed before the answer comes (channels the catalog lacks are read 50 to
 * a Data API call).
 */
export const followAccountChannelsSchema = z
  .object({
    ids: z.array(channelReference).max(ACCOUNT_CHANNELS_MAX).optional(),
    externalIds: z.array(channelReference).max(ACCOUNT_CHANNELS_MAX).optional(),
  })
  .refine((b) => (b.ids?.length ?? 0) + (b.externalIds?.length ?? 0) > 0, { message: 'name at least one channel in ids', path: ['ids'] });
export type FollowAccountChannels = z.infer<typeof followAccountChannelsSchema>;

/** The answer of `POST /api/idp/{provider}/channels`. */
export const accountChannelsFollowedSchema = z.object({
  /** Channels asked for (each once). */
  requested: z.number().int().nonnegative(),
  /** Channels newly followed (those already followed are left as they are). */
  followed: z.number().int().nonnegative(),
  /** Channels that could not be followed, and why (unknown to YouTube: deleted or terminated). */
  skipped: z.array(z.object({ item: z.string(), reason: z.string() })),
});
export type AccountChannelsFollowed = z.infer<typeof accountChannelsFollowedSchema>;

/** A playlist of the member's YouTube account. `id` is YouTube's playlist id (PL…), `externalId` the same. */
export const accountPlaylistSchema = z.object({
  type: z.literal('playlist'),
  id: z.string(),
  externalId: z.string(),
  name: z.string(),
  description: z.string(),
  thumbnail: z.string().nullable(),
  numberOfVideos: z.number().int().nonnegative(),
  /** Public on YouTube (unlisted and private are not); an import is private in Sift whatever it was. */
  public: z.boolean(),
  /** A Sift playlist was made from it (SPEC: shows "Imported" and a Remove option). */
  imported: z.boolean(),
  /** The last import's status, null when never imported. */
  importStatus: importStatusSchema.nullable(),
  /** The Sift playlist made from it (Remove = `DELETE /api/playlists/{playlistId}`), null when none. */
  playlistId: z.number().int().nullable(),
});
export type AccountPlaylist = z.infer<typeof accountPlaylistSchema>;

/** `GET /api/providers/{provider}/playlists`: every playlist of the account (Watch Later and History are not readable). */
export const accountPlaylistListSchema = z.object({
  items: z.array(accountPlaylistSchema),
  totalResults: z.number().int().nonnegative(),
});
export type AccountPlaylistList = z.infer<typeof accountPlaylistListSchema>;

const playlistIdText = z.string().trim().regex(/^[A-Za-z0-9_-]{2,64}$/, { message: 'must be a YouTube playlist id' });

/** `POST /api/providers/{provider}/playlists`: YouTube playlist ids of the member's account; one import job each. */
export const importAccountPlaylistsSchema = z.object({ ids: z.array(playlistIdText).min(1).max(200) });
export type ImportAccountPlaylists = z.infer<typeof importAccountPlaylistsSchema>;

/** SPEC §3 "Playlist-import status": status and progress 0–100, for one YouTube playlist. */
export const accountPlaylistImportSchema = z.object({
  /** YouTube's playlist id. */
  id: z.string(),
  /** The Sift playlist being filled. */
  playlistId: z.number().int(),
  name: z.string(),
  status: importStatusSchema,
  progress: z.number().int().min(0).max(100),
});
export type AccountPlaylistImport = z.infer<typeof accountPlaylistImportSchema>;

/** The answer of `POST /api/providers/{provider}/playlists` (202): one import per playlist asked for. */
export const accountPlaylistImportsSchema = z.object({ items: z.array(accountPlaylistImportSchema) });
export type AccountPlaylistImports = z.infer<typeof accountPlaylistImportsSchema>;

/** `/api/idp/{provider}…` and `/api/providers/{provider}…`; `{id}` of a status is YouTube's playlist id or Sift's. */
export const accountProviderParamsSchema = z.object({ provider: z.string().min(1).max(32) });
export const accountPlaylistParamsSchema = accountProviderParamsSchema.extend({ id: z.string().min(1).max(64) });
