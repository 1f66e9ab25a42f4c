/**
 * The one schema for PGlite and PostgreSQL 15 (DESIGN §2). Migrations are generated from it with
 * `npm run db:generate` and committed under apps/server/drizzle. Timestamps are UTC timestamptz.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const counter = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash'),
    picture: text('picture'),
    /** How the account was made: 'email' or an identity provider such as 'GOOGLE'. */
    origin: text('origin').notNull().default('email'),
    plan: text('plan', { enum: ['FREE', 'PREMIUM'] }).notNull().default('FREE'),
    onboarded: boolean('onboarded').notNull().default(false),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /** Why the member deactivated; cleared when they log in again. */
    deactivationReason: text('deactivation_reason'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // E-mail is unique whatever its case: two sign-ups differing only in case are the same person.
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);

/** Opaque bearer tokens, stored only as SHA-256 hashes (DESIGN §3). Purpose separates login sessions from mail links. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['session', 'confirm', 'reset'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId, t.purpose)],
);

/**
 * An OpenID Connect sign-in under way: the PKCE verifier and nonce wait here, keyed by the SHA-256 of the `state`
 * the browser carries, for 10 minutes and one use. In the database rather than in memory so any API node can
 * finish a sign-in another one started.
 */
export const oauthRequests = pgTable(
  'oauth_requests',
  {
    stateHash: text('state_hash').primaryKey(),
    provider: text('provider').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('oauth_requests_expires_idx').on(t.expiresAt)],
);

/** Captcha challenges already redeemed (by their signed nonce), kept until the challenge expires, so a solution works once. */
export const captchaRedemptions = pgTable(
  'captcha_redemptions',
  {
    challengeId: text('challenge_id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('captcha_redemptions_expires_idx').on(t.expiresAt)],
);

/** Why people deleted their accounts: the reason and the date only, nothing that points to a person. */
export const accountDeletions = pgTable('account_deletions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  reason: text('reason').notNull().default(''),
  createdAt: createdAt(),
});

export const channels = pgTable(
  'channels',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Which video service the channel belongs to ('demo', 'youtube'). */
    provider: text('provider').notNull(),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    topic: text('topic'),
    thumbnail: text('thumbnail').notNull(),
    numberOfFollowers: counter('number_of_followers'),
    numberOfVideos: counter('number_of_videos'),
    numberOfViews: counter('number_of_views'),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('channels_external_id_key').on(t.externalId),
    index('channels_name_lower_idx').on(sql`lower(${t.name}) text_pattern_ops`),
  ],
);

export const videos = pgTable(
  'videos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    externalId: text('external_id').notNull(),
    channelId: bigint('channel_id', { mode: 'number' })
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    numberOfViews: counter('number_of_views'),
    numberOfLikes: counter('number_of_likes'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    liveStatus: text('live_status', { enum: ['LIVE', 'NONE'] }).notNull().default('NONE'),
    embeddable: boolean('embeddable').notNull().default(true),
    isShort: boolean('is_short').notNull().default(false),
    thumbnail: text('thumbnail').notNull(),
    /** A locally playable file for the demo provider; null where the service's own player plays it. */
    mediaUrl: text('media_url'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('videos_external_id_key').on(t.externalId),
    // A channel's page is "newest first" with a keyset cursor on (published_at, id). Index columns stay ascending:
    // read backwards they give ORDER BY … DESC (NULLS FIRST, PostgreSQL's default), which a "DESC NULLS LAST"
    // index cannot serve, so the planner would sort the whole table instead.
    index('videos_channel_published_idx').on(t.channelId, t.publishedAt, t.id),
    // The public feed is every channel's videos, newest first, with the same cursor.
    index('videos_published_idx').on(t.publishedAt, t.id),
  ],
);

export const playlists = pgTable(
  'playlists',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    public: boolean('public').notNull().default(false),
    isWatchLater: boolean('is_watch_later').notNull().default(false),
    thumbnail: text('thumbnail'),
    thumbnailType: text('thumbnail_type', { enum: ['auto', 'custom'] }).notNull().default('auto'),
    backgroundColor: text('background_color'),
    imported: boolean('imported').notNull().default(false),
    importStatus: text('import_status', { enum: ['PENDING', 'PROCESSING', 'CREATED', 'FAILED'] }),
    playbackRate: text('playback_rate').notNull().default('1'),
    caption: text('caption').notNull().default('none'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('playlists_owner_idx').on(t.ownerId, t.createdAt),
    // Each member has exactly one Watch later.
    uniqueIndex('playlists_one_watch_later_key').on(t.ownerId).where(sql`${t.isWatchLater}`),
  ],
);

export const playlistItems = pgTable(
  'playlist_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playlistId: bigint('playlist_id', { mode: 'number' })
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    videoId: bigint('video_id', { mode: 'number' })
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('playlist_items_playlist_position_idx').on(t.playlistId, t.position, t.id),
    index('playlist_items_video_idx').on(t.videoId),
  ],
);

export const playlistFollows = pgTable(
  'playlist_follows',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    playlistId: bigint('playlist_id', { mode: 'number' })
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.playlistId] }), index('playlist_follows_playlist_idx').on(t.playlistId)],
);

export const sifts = pgTable(
  'sifts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Short random URL-safe id used in share links (DESIGN §3). */
    hash: text('hash').notNull().unique(),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category'),
    public: boolean('public').notNull().default(false),
    thumbnail: text('thumbnail'),
    thumbnailType: text('thumbnail_type', { enum: ['auto', 'custom'] }).notNull().default('auto'),
    importStatus: text('import_status', {
      enum: ['PENDING_IMPORT', 'FAILED', 'IMPORTING', 'METADATA_IMPORTED', 'VIDEOS_IMPORTED', 'CREATED'],
    })
      .notNull()
      .default('CREATED'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sifts_owner_idx').on(t.ownerId, t.createdAt)],
);

export const siftChannels = pgTable(
  'sift_channels',
  {
    siftId: bigint('sift_id', { mode: 'number' })
      .notNull()
      .references(() => sifts.id, { onDelete: 'cascade' }),
    channelId: bigint('channel_id', { mode: 'number' })
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.siftId, t.channelId] }), index('sift_channels_channel_idx').on(t.channelId)],
);

export const siftKeywords = pgTable(
  'sift_keywords',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siftId: bigint('sift_id', { mode: 'number' })
      .notNull()
      .references(() => sifts.id, { onDelete: 'cascade' }),
    rule: text('rule', { enum: ['all', 'any', 'none'] }).notNull(),
    keyword: text('keyword').notNull(),
  },
  (t) => [uniqueIndex('sift_keywords_unique_key').on(t.siftId, t.rule, t.keyword)],
);

/** A follow of a channel, or a multi-subscription of a sift or public feed (SPEC §4 "Follow and subscription"). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channelId: bigint('channel_id', { mode: 'number' }).references(() => channels.id, { onDelete: 'cascade' }),
    siftId: bigint('sift_id', { mode: 'number' }).references(() => sifts.id, { onDelete: 'cascade' }),
    frequency: text('frequency', { enum: ['NONE', 'IMMEDIATE', 'DAILY', 'WEEKLY'] }).notNull().default('WEEKLY'),
    muted: boolean('muted').notNull().default(false),
    optOut: boolean('opt_out').notNull().default(false),
    lastNotifiedAt: timestamp('last_notified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('subscriptions_one_target', sql`(${t.channelId} is null) <> (${t.siftId} is null)`),
    uniqueIndex('subscriptions_user_channel_key').on(t.userId, t.channelId).where(sql`${t.channelId} is not null`),
    uniqueIndex('subscriptions_user_sift_key').on(t.userId, t.siftId).where(sql`${t.siftId} is not null`),
    index('subscriptions_channel_idx').on(t.channelId),
    index('subscriptions_sift_idx').on(t.siftId),
  ],
);

export const recentSearches = pgTable(
  'recent_searches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    itemType: text('item_type', { enum: ['video', 'channel', 'sift', 'playlist'] }).notNull(),
    itemId: bigint('item_id', { mode: 'number' }),
    externalId: text('external_id'),
    createdAt: createdAt(),
  },
  (t) => [index('recent_searches_user_scope_idx').on(t.userId, t.scope, t.createdAt)],
);

/** Imports of a member's channels or playlists from the video service, polled by the client. */
export const imports = pgTable(
  'imports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    kind: text('kind', { enum: ['channels', 'playlist'] }).notNull(),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    status: text('status', { enum: ['PENDING', 'PROCESSING', 'CREATED', 'FAILED'] }).notNull().default('PENDING'),
    progress: smallint('progress').notNull().default(0),
    playlistId: bigint('playlist_id', { mode: 'number' }).references(() => playlists.id, { onDelete: 'set null' }),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('imports_user_idx').on(t.userId, t.createdAt)],
);

/** Site-wide messages shown in the message bar, by page location (SPEC §7 "Content and messages"). */
export const siteMessages = pgTable(
  'site_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    pageLocations: integer('page_locations').array().notNull(),
    level: text('level', { enum: ['info', 'warn', 'system'] }).notNull(),
    text: text('text').notNull(),
    linkUrl: text('link_url'),
    linkText: text('link_text'),
    dismissal: text('dismissal', { enum: ['forever', 'session'] }).notNull().default('forever'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('site_messages_locations_idx').using('gin', t.pageLocations)],
);
