import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for YouTube's Data API v3 and its channel feeds (DESIGN §7), for API tests, browser tests and the
 * benchmark: the real service is unreachable here, and a test must be able to make it fail on demand. It answers in
 * the DOCUMENTED shapes, including their awkward parts (counts as strings, `items` left out when nothing matched,
 * `likeCount` left out when likes are hidden, `tags` left out when there are none, error bodies with reasons), so the
 * production code meets here what it will meet there. Plain node:http, indexed in maps: it has to stay fast with
 * 1,000 channels.
 */

export interface StandInChannel {
  id: string;
  title: string;
  description?: string;
  /** With its `@`. */
  handle?: string;
  username?: string;
  /** snippet.customUrl; by default the handle in lower case, as YouTube reports it today. */
  customUrl?: string;
  /** ISO 8601; when the channel was created. */
  publishedAt?: string;
  subscriberCount?: number;
  hiddenSubscriberCount?: boolean;
  /** By default the sum of its public uploads' views. */
  viewCount?: number;
  thumbnails?: Partial<Record<'default' | 'medium' | 'high', string>>;
  /** topicDetails.topicCategories: Wikipedia addresses of what the channel is about; YouTube leaves the part out without any. */
  topicCategories?: string[];
}

export type ThumbnailKey = 'default' | 'medium' | 'high' | 'standard' | 'maxres';

export interface StandInVideo {
  id: string;
  channelId: string;
  title: string;
  description?: string;
  tags?: string[];
  /** ISO 8601; PT4M13S by default, P0D for a live or upcoming broadcast. */
  duration?: string;
  /** ISO 8601. For an upcoming broadcast, also its scheduled start. */
  publishedAt: string;
  viewCount?: number;
  /** undefined = likes hidden: the field is left out. */
  likeCount?: number;
  embeddable?: boolean;
  liveBroadcastContent?: 'none' | 'live' | 'upcoming';
  privacyStatus?: 'public' | 'unlisted' | 'private';
  /** The sizes YouTube made (old or small videos lack maxres/standard); all five by default. */
  thumbnailKeys?: ThumbnailKey[];
}

/** A member's playlist (playlists.list mine=true; its items through playlistItems.list with the owner's token). */
export interface StandInPlaylist {
  id: string;
  title: string;
  description?: string;
  /** Private playlists are readable with their owner's token only. Public by default. */
  privacyStatus?: 'public' | 'unlisted' | 'private';
  /** In the playlist's order; ids the catalog lacks are listed as YouTube lists a deleted video. */
  videoIds: string[];
  /** playlistItems.list answers 403 playlistItemsNotAccessible, as for a playlist YouTube will not show. */
  notAccessible?: boolean;
}

/** A Google account's YouTube side, reached with an OAuth access token that names its subject. */
export interface StandInAccount {
  subject: string;
  /** The account's own channel (channels.list mine=true); none by default, like most viewers' accounts. */
  channelId?: string;
  /** Channel ids it subscribes to, in the order subscribed; ids the catalog lacks are left out, as YouTube does. */
  subscriptions: string[];
  playlists: StandInPlaylist[];
}

/** What an access token grants, as the authorization server that issued it says (its token info). */
export type AccessTokenInfo = { subject: string; scopes: string[] };

export type StandInFailure = 'quotaExceeded' | 'keyInvalid' | 'backendError' | 'timeout' | 'authError' | 'insufficientPermissions';
export type StandInEndpoint = 'channels' | 'playlistItems' | 'videos' | 'search' | 'subscriptions' | 'playlists';

export interface StandInCall {
  endpoint: StandInEndpoint;
  /** The query as sent; a parameter sent more than once (the official client repeats `part` and `id`) is joined with ','. */
  params: Record<string, string>;
  /** Quota units charged: the documented cost once the request reached the API (invalid requests cost too), 0 when refused before (wrong key, injected failure). */
  units: number;
  /** The account whose OAuth access token the call carried (`Authorization: Bearer`); undefined for key calls. */
  subject?: string;
}

/** Documented costs (DESIGN §7): a list call 1 unit, a search 100. */
const UNITS: Record<StandInEndpoint, number> = { channels: 1, playlistItems: 1, videos: 1, search: 100, subscriptions: 1, playlists: 1 };
/** Scopes that let a token read an account (DESIGN §7): read-only, or the wider ones that include it. */
const ACCOUNT_SCOPES = new Set([
  'https://www.googleapis.com/auth/youtube.readonly',
  'https://www.googleapis.com/auth/youtube',
  'https://www.googleapis.com/auth/youtube.force-ssl',
]);
const MAX_IDS = 50;
const DEFAULT_MAX_RESULTS = 5;
const FEED_SIZE = 15;
const DEFAULT_API_KEY = 'stand-in-key';
const DEFAULT_CHANNEL_PUBLISHED_AT = '2014-03-01T12:00:00Z';
const IFRAME_API_FILE = new URL('../../../web/src/player/adapters/__fixtures__/youtube-iframe-api.js', import.meta.url);

/** Parts each endpoint accepts (an unknown one is a 400, as on YouTube); only those the app uses are filled. */
const KNOWN_PARTS: Record<StandInEndpoint, ReadonlySet<string>> = {
  channels: new Set(['id', 'snippet', 'contentDetails', 'statistics', 'status', 'brandingSettings', 'topicDetails', 'localizations', 'contentOwnerDetails', 'auditDetails']),
  playlistItems: new Set(['id', 'snippet', 'contentDetails', 'status']),
  videos: new Set([
    'id', 'snippet', 'contentDetails', 'statistics', 'status', 'liveStreamingDetails', 'player', 'topicDetails', 'recordingDetails',
    'fileDetails', 'processingDetails', 'suggestions', 'localizations', 'paidProductPlacementDetails',
  ]),
  search: new Set(['id', 'snippet']),
  subscriptions: new Set(['id', 'snippet', 'contentDetails', 'subscriberSnippet']),
  playlists: new Set(['id', 'snippet', 'contentDetails', 'status', 'player', 'localizations']),
};

const VIDEO_THUMBNAILS: Record<ThumbnailKey, { file: string; width: number; height: number }> = {
  default: { file: 'default.jpg', width: 120, height: 90 },
  medium: { file: 'mqdefault.jpg', width: 320, height: 180 },
  high: { file: 'hqdefault.jpg', width: 480, height: 360 },
  standard: { file: 'sddefault.jpg', width: 640, height: 480 },
  maxres: { file: 'maxresdefault.jpg', width: 1280, height: 720 },
};
const ALL_THUMBNAIL_KEYS = Object.keys(VIDEO_THUMBNAILS) as ThumbnailKey[];
const CHANNEL_THUMBNAILS = { default: 88, medium: 240, high: 800 } as const;

// ---------------------------------------------------------------------------------------------------------------
// Errors in the documented shape {error: {code, message, errors: [{message, domain, reason}], status?}}

interface ErrorDetail {
  message: string;
  domain: string;
  reason: string;
  location?: string;
  locationType?: string;
}

class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** `message` when the item's differs from the top-level one (Google's auth errors do). */
    readonly detail: Omit<ErrorDetail, 'message'> & { message?: string },
    readonly status?: string,
    readonly details?: unknown[],
  ) {
    super(message);
  }

  get body() {
    const { message, ...detail } = this.detail;
    return {
      error: {
        code: this.code,
        message: this.message,
        errors: [{ message: message ?? this.message, ...detail }],
        ...(this.status ? { status: this.status } : {}),
        ...(this.details ? { details: this.details } : {}),
      },
    };
  }
}

const errors = {
  /** What Google answers today for a wrong or missing key. */
  wrongKey: () =>
    new ApiError(400, 'API key not valid. Please pass a valid API key.', { domain: 'global', reason: 'badRequest' }, 'INVALID_ARGUMENT', [
      { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com', metadata: { service: 'youtube.googleapis.com' } },
    ]),
  /** The older shape, still documented, kept reachable through failNext('keyInvalid'). */
  keyInvalid: () => new ApiError(400, 'Bad Request', { domain: 'usageLimits', reason: 'keyInvalid' }),
  quotaExceeded: () =>
    new ApiError(
      403,
      'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
      { domain: 'youtube.quota', reason: 'quotaExceeded' },
      'PERMISSION_DENIED',
    ),
  backendError: () => new ApiError(503, 'Backend Error', { domain: 'global', reason: 'backendError' }, 'UNAVAILABLE'),
  notFound: () => new ApiError(404, 'Not Found', { domain: 'global', reason: 'notFound' }, 'NOT_FOUND'),
  required: (parameter: string) =>
    new ApiError(400, `Required parameter: ${parameter}`, { domain: 'global', reason: 'required', location: parameter, locationType: 'parameter' }, 'INVALID_ARGUMENT'),
  missingFilter: (expected: string[]) =>
    new ApiError(400, `No filter selected. Expected one of: ${expected.join(', ')}`, { domain: 'youtube.parameter', reason: 'missingRequiredParameter', location: 'parameters.', locationType: 'other' }, 'INVALID_ARGUMENT'),
  unknownPart: (part: string) => new ApiError(400, `'${part}'`, { domain: 'youtube.part', reason: 'unknownPart', location: 'part', locationType: 'parameter' }, 'INVALID_ARGUMENT'),
  invalidValue: (parameter: string, message: string) =>
    new ApiError(400, message, { domain: 'global', reason: 'invalidParameter', location: parameter, locationType: 'parameter' }, 'INVALID_ARGUMENT'),
  badRequest: (message: string) => new ApiError(400, message, { domain: 'global', reason: 'badRequest' }, 'INVALID_ARGUMENT'),
  invalidPageToken: () =>
    new ApiError(400, 'The request specifies an invalid page token.', { domain: 'youtube.parameter', reason: 'invalidPageToken', location: 'pageToken', locationType: 'parameter' }, 'INVALID_ARGUMENT'),
  playlistNotFound: () =>
    new ApiError(
      404,
      "The playlist identified with the request's <code>playlistId</code> parameter cannot be found.",
      { domain: 'youtube.playlistItem', reason: 'playlistNotFound', location: 'playlistId', locationType: 'parameter' },
      'NOT_FOUND',
    ),
  loginRequired: () => new ApiError(401, 'Login Required.', { domain: 'global', reason: 'required', location: 'Authorization', locationType: 'header' }, 'UNAUTHENTICATED'),
  /** An access token that is unknown, expired or revoked. */
  authError: () =>
    new ApiError(
      401,
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
      { message: 'Invalid Credentials', domain: 'global', reason: 'authError', location: 'Authorization', locationType: 'header' },
      'UNAUTHENTICATED',
    ),
  /** A good access token granted without a YouTube scope. */
  insufficientPermissions: () =>
    new ApiError(403, 'Request had insufficient authentication scopes.', { message: 'Insufficient Permission', domain: 'global', reason: 'insufficientPermissions' }, 'PERMISSION_DENIED', [
      { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT', domain: 'googleapis.com', metadata: { service: 'youtube.googleapis.com' } },
    ]),
  playlistItemsNotAccessible: () =>
    new ApiError(
      403,
      'The request is not properly authorized to retrieve the specified playlist.',
      { domain: 'youtube.playlistItem', reason: 'playlistItemsNotAccessible', location: 'id', locationType: 'parameter' },
      'PERMISSION_DENIED',
    ),
};

function failureError(failure: Exclude<StandInFailure, 'timeout'>): ApiError {
  return errors[failure]();
}

// ---------------------------------------------------------------------------------------------------------------
// Small helpers

/** An opaque, content-derived etag, like YouTube's 27-character ones. */
function etagOf(value: unknown): string {
  return createHash('sha1').update(JSON.stringify(value)).digest('base64url').slice(0, 27);
}

/** Case and accents folded, so a search for "musica" finds "Música". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The API's timestamps carry no milliseconds: 2026-11-20T15:00:07Z. */
function apiTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The feed writes offsets: 2026-11-20T15:00:07+00:00. */
function feedTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

function parseTime(iso: string, what: string): number {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new TypeError(`YouTubeStandIn: ${what} is not an ISO date: ${JSON.stringify(iso)}`);
  return ms;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** Query parameters; one sent twice (the official client sends `part=a&part=b`) becomes `a,b`, as YouTube reads it. */
function readParams(search: URLSearchParams): Record<string, string> {
  const params = new Map<string, string>();
  for (const [key, value] of search) params.set(key, params.has(key) ? `${params.get(key)},${value}` : value);
  return Object.fromEntries(params);
}

function splitList(value: string): string[] {
  return value.split(',').map((s) => s.trim()).filter((s) => s !== '');
}

function readParts(endpoint: StandInEndpoint, params: Record<string, string>): Set<string> {
  if (!params.part) throw errors.required('part');
  const parts = new Set(splitList(params.part));
  for (const part of parts) if (!KNOWN_PARTS[endpoint].has(part)) throw errors.unknownPart(part);
  return parts;
}

function readMaxResults(params: Record<string, string>): number {
  const raw = params.maxResults;
  if (raw === undefined) return DEFAULT_MAX_RESULTS;
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(n) || n < 0 || n > 50) throw errors.invalidValue('maxResults', `Invalid value '${raw}'. Values must be within the range: [0, 50]`);
  return n;
}

/** Page tokens are opaque to callers; here they carry the list they belong to and an offset. */
function pageToken(scope: string, offset: number): string {
  return Buffer.from(`${scope}\n${offset}`).toString('base64url');
}

function readOffset(params: Record<string, string>, scope: string): number {
  const token = params.pageToken;
  if (!token) return 0;
  const match = /^([^\n]*)\n(\d{1,9})$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  if (!match || match[1] !== scope) throw errors.invalidPageToken();
  return Number(match[2]);
}

interface Page<T> {
  items: T[];
  nextPageToken?: string;
  prevPageToken?: string;
}

function page<T>(all: readonly T[], params: Record<string, string>, scope: string): Page<T> & { maxResults: number; offset: number } {
  const maxResults = readMaxResults(params);
  const offset = readOffset(params, scope);
  const items = all.slice(offset, offset + maxResults);
  return {
    items,
    maxResults,
    offset,
    ...(maxResults > 0 && offset + maxResults < all.length ? { nextPageToken: pageToken(scope, offset + maxResults) } : {}),
    ...(offset > 0 ? { prevPageToken: pageToken(scope, Math.max(0, offset - maxResults)) } : {}),
  };
}

/** A list response: `items` is LEFT OUT when nothing matched, as YouTube does. */
function listResponse(
  kind: string,
  items: Array<{ etag: string }>,
  pageInfo: { totalResults: number; resultsPerPage: number },
  extra: { nextPageToken?: string; prevPageToken?: string; regionCode?: string } = {},
) {
  return {
    kind,
    etag: etagOf(items.map((item) => item.etag)),
    ...(extra.nextPageToken ? { nextPageToken: extra.nextPageToken } : {}),
    ...(extra.prevPageToken ? { prevPageToken: extra.prevPageToken } : {}),
    ...(extra.regionCode ? { regionCode: extra.regionCode } : {}),
    pageInfo,
    ...(items.length > 0 ? { items } : {}),
  };
}

/** Gives a resource its etag, computed from the rest of it. */
function withEtag<T extends { etag: string }>(resource: T): T {
  resource.etag = etagOf(resource);
  return resource;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

// ---------------------------------------------------------------------------------------------------------------
// The catalog, indexed

interface StoredVideo {
  video: StandInVideo;
  publishedMs: number;
}

interface FeedDocument {
  xml: string;
  etag: string;
  lastModified: string;
  lastModifiedMs: number;
}

interface ChannelState {
  channel: StandInChannel;
  searchKey: string;
  /** Every upload (any privacy); sorted newest first on demand. */
  uploads: StoredVideo[];
  sorted: boolean;
  /** Public uploads, newest first: the uploads playlist and the feed as a visitor sees them. Null = recompute. */
  publicUploads: StoredVideo[] | null;
  feed: FeedDocument | null;
  /** When the channel's feed last changed (Last-Modified; HTTP dates have whole seconds). */
  changedAt: number;
  /** The newest Last-Modified a response has given out, or 0. */
  advertisedAt: number;
}

function newestFirst(a: StoredVideo, b: StoredVideo): number {
  return b.publishedMs - a.publishedMs || (a.video.id < b.video.id ? -1 : a.video.id > b.video.id ? 1 : 0);
}

function wholeSeconds(ms: number): number {
  return Math.floor(ms / 1000) * 1000;
}

export class YouTubeStandIn {
  /** Every Data API request, in order. */
  readonly calls: StandInCall[] = [];
  /** Feed requests (any answer) and those answered 304. Not Data API calls: the feed costs no quota. */
  feedRequests = 0;
  feedNotModified = 0;
  /** Artificial latency per feed request, for the benchmark. */
  feedDelayMs = 0;
  /**
   * How a bearer token is checked, as Google's API asks its authorization server: the test wires it to the OpenID
   * provider that issued the token. Unset: every bearer token is refused (401 authError).
   */
  verifyAccessToken: ((token: string) => Promise<AccessTokenInfo | undefined>) | null = null;

  private readonly apiKey: string;
  private readonly host: string;
  private readonly requestedPort: number;
  private server: Server | null = null;
  private port = 0;

  private readonly channels = new Map<string, ChannelState>();
  private readonly channelIdByHandle = new Map<string, string>();
  private readonly channelIdByUsername = new Map<string, string>();
  private readonly videos = new Map<string, StoredVideo>();
  /** Members' accounts by subject. */
  private readonly accounts = new Map<string, StandInAccount>();
  /** Public videos by views, for chart=mostPopular; null = recompute. */
  private popular: StoredVideo[] | null = null;
  /** Channels for search, most subscribers first; null = recompute. */
  private searchOrder: ChannelState[] | null = null;

  private readonly failures: Array<{ failure: StandInFailure; remaining: number; endpoint?: string }> = [];
  private failEverything: StandInFailure | null = null;
  private readonly pendingTimers = new Set<NodeJS.Timeout>();
  private iframeApi: Promise<string> | null = null;

  constructor(options: { apiKey?: string; host?: string; port?: number } = {}) {
    this.apiKey = options.apiKey ?? DEFAULT_API_KEY;
    this.host = options.host ?? '127.0.0.1';
    this.requestedPort = options.port ?? 0;
  }

  // ----- lifecycle -------------------------------------------------------------------------------------------

  async start(): Promise<void> {
    if (this.server) return;
    const server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.requestedPort, this.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }

  /** Stops listening and drops every connection, including requests held by a 'timeout' failure. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    for (const timer of this.pendingTimers) clearTimeout(timer);
    this.pendingTimers.clear();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  }

  private get origin(): string {
    if (!this.server) throw new Error('YouTubeStandIn: call start() first');
    return `http://${this.host}:${this.port}`;
  }

  /** YOUTUBE_API_URL: the Data API's base, `…/youtube/v3`. */
  get apiUrl(): string {
    return `${this.origin}/youtube/v3`;
  }

  get feedsUrl(): string {
    return `${this.origin}/feeds/videos.xml`;
  }

  /** The IFrame API stand-in the web app's player tests use (apps/web/src/player/adapters/__fixtures__). */
  get iframeApiUrl(): string {
    return `${this.origin}/iframe_api`;
  }

  get acceptedApiKey(): string {
    return this.apiKey;
  }

  // ----- the catalog -----------------------------------------------------------------------------------------

  /** Adds a channel, or replaces the one with the same id (its uploads stay). */
  addChannel(channel: StandInChannel): void {
    const previous = this.channels.get(channel.id);
    if (previous) this.unindexNames(previous.channel);
    const state: ChannelState = previous ?? { channel, searchKey: '', uploads: [], sorted: true, publicUploads: [], feed: null, changedAt: wholeSeconds(Date.now()), advertisedAt: 0 };
    state.channel = { ...channel };
    state.searchKey = fold(channel.title);
    if (previous) this.feedChanged(state);
    this.channels.set(channel.id, state);
    if (channel.handle) this.channelIdByHandle.set(handleKey(channel.handle), channel.id);
    if (channel.username) this.channelIdByUsername.set(channel.username.toLowerCase(), channel.id);
    this.searchOrder = null;
  }

  /** Adds an upload of a channel already added, or replaces the video with the same id. */
  addVideo(video: StandInVideo): void {
    const state = this.channels.get(video.channelId);
    if (!state) throw new Error(`YouTubeStandIn: add channel ${video.channelId} before its videos`);
    if (this.videos.has(video.id)) this.removeVideo(video.id);
    const stored: StoredVideo = { video: { ...video }, publishedMs: parseTime(video.publishedAt, `publishedAt of ${video.id}`) };
    this.videos.set(video.id, stored);
    state.uploads.push(stored);
    state.sorted = false;
    this.uploadsChanged(state);
  }

  /** Adds a member's account, or replaces the one with the same subject. */
  addAccount(account: StandInAccount): void {
    this.accounts.set(account.subject, { ...account, subscriptions: [...account.subscriptions], playlists: account.playlists.map((p) => ({ ...p, videoIds: [...p.videoIds] })) });
  }

  /** The video is gone (deleted by its creator): videos.list leaves it out, the playlist and feed lose it. */
  removeVideo(id: string): void {
    const stored = this.videos.get(id);
    if (!stored) return;
    this.videos.delete(id);
    const state = this.channels.get(stored.video.channelId);
    if (!state) return;
    state.uploads = state.uploads.filter((s) => s !== stored);
    this.uploadsChanged(state);
  }

  private uploadsChanged(state: ChannelState): void {
    state.publicUploads = null;
    this.popular = null;
    this.feedChanged(state);
  }

  private feedChanged(state: ChannelState): void {
    state.feed = null;
    // HTTP dates have whole seconds. When a response already said "Last-Modified: <this second>", a change in that
    // same second must move past it, or a client sending only If-Modified-Since would be told nothing changed.
    const now = wholeSeconds(Date.now());
    state.changedAt = state.advertisedAt >= now ? state.advertisedAt + 1000 : now;
  }

  private unindexNames(channel: StandInChannel): void {
    if (channel.handle && this.channelIdByHandle.get(handleKey(channel.handle)) === channel.id) this.channelIdByHandle.delete(handleKey(channel.handle));
    if (channel.username && this.channelIdByUsername.get(channel.username.toLowerCase()) === channel.id) this.channelIdByUsername.delete(channel.username.toLowerCase());
  }

  private uploadsOf(state: ChannelState): StoredVideo[] {
    if (!state.sorted) {
      state.uploads.sort(newestFirst);
      state.sorted = true;
    }
    return state.uploads;
  }

  private publicUploadsOf(state: ChannelState): StoredVideo[] {
    state.publicUploads ??= this.uploadsOf(state).filter((s) => (s.video.privacyStatus ?? 'public') === 'public');
    return state.publicUploads;
  }

  private popularVideos(): StoredVideo[] {
    this.popular ??= [...this.videos.values()]
      .filter((s) => (s.video.privacyStatus ?? 'public') === 'public')
      .sort((a, b) => (b.video.viewCount ?? 0) - (a.video.viewCount ?? 0) || newestFirst(a, b));
    return this.popular;
  }

  private channelsForSearch(): ChannelState[] {
    this.searchOrder ??= [...this.channels.values()].sort(
      (a, b) => (b.channel.subscriberCount ?? 0) - (a.channel.subscriberCount ?? 0) || a.channel.title.localeCompare(b.channel.title),
    );
    return this.searchOrder;
  }

  // ----- counters and failures -------------------------------------------------------------------------------

  /** Quota units spent so far (by calls since the last reset). */
  get units(): number {
    return this.calls.reduce((sum, call) => sum + call.units, 0);
  }

  resetCounters(): void {
    this.calls.length = 0;
    this.feedRequests = 0;
    this.feedNotModified = 0;
  }

  /** The next `count` Data API calls (any endpoint, or only `endpoint`) fail this way. 'timeout' never answers (the socket is held until stop). */
  failNext(failure: StandInFailure, options: { count?: number; endpoint?: StandInEndpoint } = {}): void {
    this.failures.push({ failure, remaining: options.count ?? 1, ...(options.endpoint ? { endpoint: options.endpoint } : {}) });
  }

  /** Every Data API call fails this way until cleared (null); it takes precedence over failNext, whose queue stays. */
  failAll(failure: StandInFailure | null): void {
    this.failEverything = failure;
  }

  private takeFailure(endpoint: StandInEndpoint): StandInFailure | null {
    if (this.failEverything) return this.failEverything;
    const index = this.failures.findIndex((f) => f.endpoint === undefined || f.endpoint === endpoint);
    const entry = this.failures[index];
    if (!entry) return null;
    entry.remaining -= 1;
    if (entry.remaining <= 0) this.failures.splice(index, 1);
    return entry.failure;
  }

  // ----- HTTP --------------------------------------------------------------------------------------------------

  private handle(req: IncomingMessage, res: ServerResponse): void {
    try {
      const url = new URL(req.url ?? '/', 'http://stand-in.invalid');
      const readOnly = req.method === 'GET' || req.method === 'HEAD';
      if (readOnly && url.pathname === '/feeds/videos.xml') return this.serveFeed(req, res, url);
      if (readOnly && url.pathname === '/iframe_api') return void this.serveIframeApi(res);
      const endpoint = /^\/youtube\/v3\/(channels|playlistItems|videos|search|subscriptions|playlists)$/.exec(url.pathname)?.[1] as StandInEndpoint | undefined;
      if (req.method === 'GET' && endpoint) {
        // Checking a bearer token asks the authorization server, so this part answers later.
        return void this.serveDataApi(endpoint, url, req, res).catch((error: unknown) => {
          if (!res.headersSent) sendJson(res, 500, { error: { code: 500, message: `YouTubeStandIn: ${String(error)}`, errors: [] } });
          else res.destroy();
        });
      }
      const notFound = errors.notFound();
      sendJson(res, notFound.code, notFound.body);
    } catch (error) {
      // A bug in the stand-in must show in the test, not hang it.
      if (!res.headersSent) sendJson(res, 500, { error: { code: 500, message: `YouTubeStandIn: ${String(error)}`, errors: [] } });
      else res.destroy();
    }
  }

  private async serveDataApi(endpoint: StandInEndpoint, url: URL, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const params = readParams(url.searchParams);
    const call: StandInCall = { endpoint, params, units: 0 };
    this.calls.push(call);
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization?.trim() ?? '')?.[1];
    if (bearer !== undefined) {
      // An OAuth call: the token decides, whatever key came along.
      const info = this.verifyAccessToken ? await this.verifyAccessToken(bearer) : undefined;
      const refusal = !info ? errors.authError() : !info.scopes.some((scope) => ACCOUNT_SCOPES.has(scope)) ? errors.insufficientPermissions() : null;
      if (refusal) return sendJson(res, refusal.code, refusal.body);
      call.subject = info!.subject;
    } else if (params.key !== this.apiKey) {
      const error = errors.wrongKey();
      return sendJson(res, error.code, error.body);
    }
    const failure = this.takeFailure(endpoint);
    // Never answer; the socket stays open until the caller gives up or stop() closes it.
    if (failure === 'timeout') return;
    if (failure) {
      const error = failureError(failure);
      return sendJson(res, error.code, error.body);
    }
    call.units = UNITS[endpoint];
    try {
      sendJson(res, 200, this.answer(endpoint, params, call.subject));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      sendJson(res, error.code, error.body);
    }
  }

  private answer(endpoint: StandInEndpoint, params: Record<string, string>, viewer: string | undefined): unknown {
    const parts = readParts(endpoint, params);
    switch (endpoint) {
      case 'channels':
        return this.listChannels(params, parts, viewer);
      case 'playlistItems':
        return this.listPlaylistItems(params, parts, viewer);
      case 'subscriptions':
        return this.listSubscriptions(params, parts, this.viewerAccount(params, viewer));
      case 'playlists':
        return this.listPlaylists(params, parts, viewer);
      case 'videos':
        return this.listVideos(params, parts);
      case 'search':
        return this.search(params, parts);
    }
  }

  // ----- channels.list ---------------------------------------------------------------------------------------

  private listChannels(params: Record<string, string>, parts: Set<string>, viewer: string | undefined) {
    const filters = ['forUsername', 'managedByMe', 'categoryId', 'mine', 'mySubscribers', 'id', 'forHandle'];
    const given = filters.filter((f) => params[f] !== undefined);
    if (given.length === 0) throw errors.missingFilter(filters);
    if (given.length > 1) throw errors.badRequest(`Incompatible parameters specified in the request: ${given.join(', ')}`);
    const maxResults = readMaxResults(params);
    let found: ChannelState[];
    if (params.id !== undefined) {
      const ids = [...new Set(splitList(params.id))];
      if (ids.length > MAX_IDS) throw errors.badRequest(`The request specifies more than ${MAX_IDS} ids.`);
      found = ids.map((id) => this.channels.get(id)).filter((s): s is ChannelState => s !== undefined);
    } else if (params.forHandle !== undefined) {
      found = this.channelsNamed(this.channelIdByHandle.get(handleKey(params.forHandle)));
    } else if (params.forUsername !== undefined) {
      found = this.channelsNamed(this.channelIdByUsername.get(params.forUsername.toLowerCase()));
    } else if (params.mine === 'true' && viewer !== undefined) {
      found = this.channelsNamed(this.accounts.get(viewer)?.channelId);
    } else {
      // mine, managedByMe, mySubscribers need OAuth; categoryId is long deprecated.
      throw errors.loginRequired();
    }
    const items = found.map((state) => this.channelResource(state, parts));
    return listResponse('youtube#channelListResponse', items, { totalResults: items.length, resultsPerPage: maxResults });
  }

  private channelsNamed(id: string | undefined): ChannelState[] {
    const state = id === undefined ? undefined : this.channels.get(id);
    return state ? [state] : [];
  }

  private channelThumbnails(channel: StandInChannel) {
    const thumbnails: Record<string, { url: string; width: number; height: number }> = {};
    for (const [key, size] of Object.entries(CHANNEL_THUMBNAILS) as Array<[keyof typeof CHANNEL_THUMBNAILS, number]>) {
      const url = channel.thumbnails ? channel.thumbnails[key] : `https://yt3.ggpht.com/stand-in-${channel.id}=s${size}-c-k-c0x00ffffff-no-rj`;
      if (url) thumbnails[key] = { url, width: size, height: size };
    }
    return thumbnails;
  }

  private channelResource(state: ChannelState, parts: Set<string>) {
    const { channel } = state;
    const uploads = this.publicUploadsOf(state);
    const description = channel.description ?? '';
    const customUrl = channel.customUrl ?? channel.handle?.toLowerCase();
    return withEtag({
      kind: 'youtube#channel',
      etag: '',
      id: channel.id,
      ...(parts.has('snippet')
        ? {
            snippet: {
              title: channel.title,
              description,
              ...(customUrl ? { customUrl } : {}),
              publishedAt: apiTime(parseTime(channel.publishedAt ?? DEFAULT_CHANNEL_PUBLISHED_AT, `publishedAt of ${channel.id}`)),
              thumbnails: this.channelThumbnails(channel),
              localized: { title: channel.title, description },
            },
          }
        : {}),
      ...(parts.has('contentDetails') ? { contentDetails: { relatedPlaylists: { likes: '', uploads: `UU${channel.id.slice(2)}` } } } : {}),
      ...(parts.has('statistics')
        ? {
            statistics: {
              viewCount: String(channel.viewCount ?? uploads.reduce((sum, s) => sum + (s.video.viewCount ?? 0), 0)),
              ...(channel.hiddenSubscriberCount ? {} : { subscriberCount: String(channel.subscriberCount ?? 0) }),
              hiddenSubscriberCount: channel.hiddenSubscriberCount ?? false,
              videoCount: String(uploads.length),
            },
          }
        : {}),
      ...(parts.has('topicDetails') && channel.topicCategories?.length ? { topicDetails: { topicCategories: channel.topicCategories } } : {}),
    });
  }

  // ----- playlistItems.list ----------------------------------------------------------------------------------

  private listPlaylistItems(params: Record<string, string>, parts: Set<string>, viewer: string | undefined) {
    const playlistId = params.playlistId;
    if (playlistId === undefined) {
      if (params.id !== undefined) throw errors.badRequest('The stand-in answers playlistItems.list by playlistId only.');
      throw errors.missingFilter(['id', 'playlistId']);
    }
    const owned = this.findPlaylist(playlistId);
    if (owned) return this.listMemberPlaylistItems(owned.account, owned.playlist, params, parts, viewer);
    // Only uploads playlists exist here: UU… is the uploads of UC… (DESIGN §7).
    const state = playlistId.startsWith('UU') ? this.channels.get(`UC${playlistId.slice(2)}`) : undefined;
    if (!state) throw errors.playlistNotFound();
    const uploads = this.publicUploadsOf(state);
    const { items, maxResults, offset, ...tokens } = page(uploads, params, playlistId);
    const resources = items.map((stored, i) => this.playlistItemResource(stored, state, playlistId, offset + i, parts));
    return listResponse('youtube#playlistItemListResponse', resources, { totalResults: uploads.length, resultsPerPage: maxResults }, tokens);
  }

  private playlistItemResource(stored: StoredVideo, state: ChannelState, playlistId: string, position: number, parts: Set<string>) {
    const { video } = stored;
    return withEtag({
      kind: 'youtube#playlistItem',
      etag: '',
      // YouTube's playlist item ids are base64 of "<playlistId>.<videoId>"-like strings; callers must treat them as opaque.
      id: Buffer.from(`${playlistId}.${video.id}`).toString('base64'),
      ...(parts.has('snippet')
        ? {
            snippet: {
              publishedAt: apiTime(stored.publishedMs),
              channelId: state.channel.id,
              title: video.title,
              description: video.description ?? '',
              thumbnails: videoThumbnails(video),
              channelTitle: state.channel.title,
              playlistId,
              position,
              resourceId: { kind: 'youtube#video', videoId: video.id },
              videoOwnerChannelTitle: state.channel.title,
              videoOwnerChannelId: state.channel.id,
            },
          }
        : {}),
      ...(parts.has('contentDetails') ? { contentDetails: { videoId: video.id, videoPublishedAt: apiTime(stored.publishedMs) } } : {}),
      ...(parts.has('status') ? { status: { privacyStatus: video.privacyStatus ?? 'public' } } : {}),
    });
  }

  // ----- members' accounts: subscriptions.list, playlists.list and their playlists' items ---------------------

  /** The account of `mine=true`: the bearer token's (401 without one, as YouTube answers). */
  private viewerAccount(params: Record<string, string>, viewer: string | undefined): StandInAccount {
    if (params.mine !== 'true') throw errors.badRequest('The stand-in answers this list with mine=true only.');
    if (viewer === undefined) throw errors.loginRequired();
    return this.accounts.get(viewer) ?? { subject: viewer, subscriptions: [], playlists: [] };
  }

  private findPlaylist(id: string): { account: StandInAccount; playlist: StandInPlaylist } | undefined {
    for (const account of this.accounts.values()) {
      const playlist = account.playlists.find((p) => p.id === id);
      if (playlist) return { account, playlist };
    }
    return undefined;
  }

  private listSubscriptions(params: Record<string, string>, parts: Set<string>, account: StandInAccount) {
    const subscribed = account.subscriptions.map((id) => this.channels.get(id)).filter((s): s is ChannelState => s !== undefined);
    if (params.order === 'alphabetical') subscribed.sort((a, b) => a.channel.title.localeCompare(b.channel.title));
    const { items, maxResults, offset: _offset, ...tokens } = page(subscribed, params, `subscriptions:${account.subject}:${params.order ?? ''}`);
    const resources = items.map((state) => this.subscriptionResource(account, state, parts));
    return listResponse('youtube#subscriptionListResponse', resources, { totalResults: subscribed.length, resultsPerPage: maxResults }, tokens);
  }

  private subscriptionResource(account: StandInAccount, state: ChannelState, parts: Set<string>) {
    const { channel } = state;
    // Subscription snippets carry thumbnail URLs without sizes.
    const thumbnails = Object.fromEntries(Object.entries(this.channelThumbnails(channel)).map(([key, t]) => [key, { url: t.url }]));
    return withEtag({
      kind: 'youtube#subscription',
      etag: '',
      id: Buffer.from(`${account.subject}:${channel.id}`).toString('base64url').slice(0, 43),
      ...(parts.has('snippet')
        ? {
            snippet: {
              publishedAt: apiTime(parseTime(DEFAULT_CHANNEL_PUBLISHED_AT, 'subscription')),
              title: channel.title,
              description: channel.description ?? '',
              resourceId: { kind: 'youtube#channel', channelId: channel.id },
              channelId: account.channelId ?? `UC${createHash('sha1').update(account.subject).digest('base64url').slice(0, 22)}`,
              thumbnails,
            },
          }
        : {}),
      ...(parts.has('contentDetails') ? { contentDetails: { totalItemCount: this.publicUploadsOf(state).length, newItemCount: 0, activityType: 'all' } } : {}),
    });
  }

  private listPlaylists(params: Record<string, string>, parts: Set<string>, viewer: string | undefined) {
    let found: Array<{ account: StandInAccount; playlist: StandInPlaylist }>;
    if (params.id !== undefined) {
      // By id: public and unlisted ones for anyone, private ones for their owner only.
      found = splitList(params.id)
        .map((id) => this.findPlaylist(id))
        .filter((f): f is { account: StandInAccount; playlist: StandInPlaylist } => f !== undefined && ((f.playlist.privacyStatus ?? 'public') !== 'private' || f.account.subject === viewer));
    } else {
      const account = this.viewerAccount(params, viewer);
      found = account.playlists.map((playlist) => ({ account, playlist }));
    }
    const { items, maxResults, offset: _offset, ...tokens } = page(found, params, `playlists:${viewer ?? ''}:${params.id ?? 'mine'}`);
    const resources = items.map(({ account, playlist }) => this.playlistResource(account, playlist, parts));
    return listResponse('youtube#playlistListResponse', resources, { totalResults: found.length, resultsPerPage: maxResults }, tokens);
  }

  private playlistResource(account: StandInAccount, playlist: StandInPlaylist, parts: Set<string>) {
    const first = playlist.videoIds.map((id) => this.videos.get(id)).find((v) => v !== undefined);
    const description = playlist.description ?? '';
    return withEtag({
      kind: 'youtube#playlist',
      etag: '',
      id: playlist.id,
      ...(parts.has('snippet')
        ? {
            snippet: {
              publishedAt: apiTime(parseTime(DEFAULT_CHANNEL_PUBLISHED_AT, 'playlist')),
              channelId: account.channelId ?? '',
              title: playlist.title,
              description,
              thumbnails: first ? videoThumbnails(first.video) : {},
              channelTitle: '',
              localized: { title: playlist.title, description },
            },
          }
        : {}),
      ...(parts.has('status') ? { status: { privacyStatus: playlist.privacyStatus ?? 'public' } } : {}),
      ...(parts.has('contentDetails') ? { contentDetails: { itemCount: playlist.videoIds.length } } : {}),
    });
  }

  /** A member's playlist, in its order: deleted and private videos stay listed with their ids, as YouTube lists them. */
  private listMemberPlaylistItems(account: StandInAccount, playlist: StandInPlaylist, params: Record<string, string>, parts: Set<string>, viewer: string | undefined) {
    if (playlist.notAccessible) throw errors.playlistItemsNotAccessible();
    if ((playlist.privacyStatus ?? 'public') === 'private' && account.subject !== viewer) throw errors.playlistItemsNotAccessible();
    const { items, maxResults, offset, ...tokens } = page(playlist.videoIds, params, playlist.id);
    const resources = items.map((videoId, i) => {
      const stored = this.videos.get(videoId);
      const visible = stored && (stored.video.privacyStatus ?? 'public') !== 'private';
      const owner = stored ? this.channels.get(stored.video.channelId)?.channel : undefined;
      return withEtag({
        kind: 'youtube#playlistItem',
        etag: '',
        id: Buffer.from(`${playlist.id}.${videoId}.${offset + i}`).toString('base64'),
        ...(parts.has('snippet')
          ? {
              snippet: {
                publishedAt: apiTime(parseTime(DEFAULT_CHANNEL_PUBLISHED_AT, 'playlist item')),
                channelId: account.channelId ?? '',
                title: visible ? stored.video.title : stored ? 'Private video' : 'Deleted video',
                description: visible ? (stored.video.description ?? '') : stored ? 'This video is private.' : 'This video is unavailable.',
                thumbnails: visible ? videoThumbnails(stored.video) : {},
                channelTitle: '',
                playlistId: playlist.id,
                position: offset + i,
                resourceId: { kind: 'youtube#video', videoId },
                ...(visible && owner ? { videoOwnerChannelTitle: owner.title, videoOwnerChannelId: owner.id } : {}),
              },
            }
          : {}),
        ...(parts.has('contentDetails') ? { contentDetails: { videoId, ...(visible ? { videoPublishedAt: apiTime(stored.publishedMs) } : {}) } } : {}),
        ...(parts.has('status') ? { status: { privacyStatus: visible ? (stored.video.privacyStatus ?? 'public') : 'private' } } : {}),
      });
    });
    return listResponse('youtube#playlistItemListResponse', resources, { totalResults: playlist.videoIds.length, resultsPerPage: maxResults }, tokens);
  }

  // ----- videos.list -----------------------------------------------------------------------------------------

  private listVideos(params: Record<string, string>, parts: Set<string>) {
    const filters = ['myRating', 'id', 'chart'];
    const given = filters.filter((f) => params[f] !== undefined);
    if (given.length === 0) throw errors.missingFilter(filters);
    if (given.length > 1) throw errors.badRequest(`Incompatible parameters specified in the request: ${given.join(', ')}`);
    if (params.id !== undefined) {
      const ids = [...new Set(splitList(params.id))];
      if (ids.length > MAX_IDS) throw errors.badRequest(`The request specifies more than ${MAX_IDS} ids.`);
      // Unknown, removed and private videos are simply left out (a visitor cannot see a private video).
      const items = ids
        .map((id) => this.videos.get(id))
        .filter((s): s is StoredVideo => s !== undefined && (s.video.privacyStatus ?? 'public') !== 'private')
        .map((s) => this.videoResource(s, parts));
      return listResponse('youtube#videoListResponse', items, { totalResults: items.length, resultsPerPage: items.length });
    }
    if (params.chart !== undefined) {
      if (params.chart !== 'mostPopular') throw errors.invalidValue('chart', `Invalid value '${params.chart}'. Values must be one of: [chartUnspecified, mostPopular]`);
      // regionCode is accepted and ignored: every video here is popular everywhere alike.
      const popular = this.popularVideos();
      const { items, maxResults, offset: _offset, ...tokens } = page(popular, params, `mostPopular:${params.regionCode ?? ''}`);
      const resources = items.map((s) => this.videoResource(s, parts));
      return listResponse('youtube#videoListResponse', resources, { totalResults: popular.length, resultsPerPage: maxResults }, tokens);
    }
    throw errors.loginRequired();
  }

  private videoResource(stored: StoredVideo, parts: Set<string>) {
    const { video } = stored;
    const channel = this.channels.get(video.channelId)?.channel;
    const live = video.liveBroadcastContent ?? 'none';
    const description = video.description ?? '';
    const views = video.viewCount ?? 0;
    const published = apiTime(stored.publishedMs);
    return withEtag({
      kind: 'youtube#video',
      etag: '',
      id: video.id,
      ...(parts.has('snippet')
        ? {
            snippet: {
              publishedAt: published,
              channelId: video.channelId,
              title: video.title,
              description,
              thumbnails: videoThumbnails(video),
              channelTitle: channel?.title ?? '',
              ...(video.tags && video.tags.length > 0 ? { tags: [...video.tags] } : {}),
              categoryId: '22',
              liveBroadcastContent: live,
              localized: { title: video.title, description },
            },
          }
        : {}),
      ...(parts.has('contentDetails')
        ? {
            contentDetails: {
              duration: video.duration ?? (live === 'none' ? 'PT4M13S' : 'P0D'),
              dimension: '2d',
              definition: 'hd',
              caption: 'false',
              licensedContent: false,
              contentRating: {},
              projection: 'rectangular',
            },
          }
        : {}),
      ...(parts.has('status')
        ? {
            status: {
              uploadStatus: 'processed',
              privacyStatus: video.privacyStatus ?? 'public',
              license: 'youtube',
              embeddable: video.embeddable ?? true,
              publicStatsViewable: true,
              madeForKids: false,
            },
          }
        : {}),
      ...(parts.has('statistics')
        ? {
            statistics: {
              viewCount: String(views),
              ...(video.likeCount === undefined ? {} : { likeCount: String(video.likeCount) }),
              favoriteCount: '0',
              commentCount: String(Math.floor(views / 250)),
            },
          }
        : {}),
      // Only broadcasts have liveStreamingDetails; for an upcoming one publishedAt doubles as its scheduled start.
      ...(parts.has('liveStreamingDetails') && live === 'live'
        ? { liveStreamingDetails: { actualStartTime: published, scheduledStartTime: published, concurrentViewers: String(Math.max(1, Math.round(views / 20))) } }
        : {}),
      ...(parts.has('liveStreamingDetails') && live === 'upcoming' ? { liveStreamingDetails: { scheduledStartTime: published } } : {}),
    });
  }

  // ----- search.list -----------------------------------------------------------------------------------------

  private search(params: Record<string, string>, parts: Set<string>) {
    const types = splitList(params.type ?? '');
    if (types.length !== 1 || types[0] !== 'channel') throw errors.badRequest('The stand-in answers search.list with type=channel only.');
    // Every word of the query in the title (case and accents folded): a superset of "the title contains q".
    const words = fold(params.q ?? '').split(/\s+/).filter((w) => w !== '');
    const matches = this.channelsForSearch().filter((state) => words.every((word) => state.searchKey.includes(word)));
    const { items, maxResults, offset: _offset, ...tokens } = page(matches, params, `search:channel:${words.join(' ')}`);
    const resources = items.map((state) => this.searchResultResource(state, parts));
    return listResponse(
      'youtube#searchListResponse',
      resources,
      { totalResults: matches.length, resultsPerPage: maxResults },
      { ...tokens, regionCode: params.regionCode ?? 'US' },
    );
  }

  private searchResultResource(state: ChannelState, parts: Set<string>) {
    const { channel } = state;
    const published = apiTime(parseTime(channel.publishedAt ?? DEFAULT_CHANNEL_PUBLISHED_AT, `publishedAt of ${channel.id}`));
    // Search results carry thumbnail URLs without sizes.
    const thumbnails = Object.fromEntries(Object.entries(this.channelThumbnails(channel)).map(([key, t]) => [key, { url: t.url }]));
    return withEtag({
      kind: 'youtube#searchResult',
      etag: '',
      id: { kind: 'youtube#channel', channelId: channel.id },
      ...(parts.has('snippet')
        ? {
            snippet: {
              publishedAt: published,
              channelId: channel.id,
              title: channel.title,
              description: channel.description ?? '',
              thumbnails,
              channelTitle: channel.title,
              liveBroadcastContent: 'none',
              publishTime: published,
            },
          }
        : {}),
    });
  }

  // ----- the channel feed ------------------------------------------------------------------------------------

  private serveFeed(req: IncomingMessage, res: ServerResponse, url: URL): void {
    this.feedRequests += 1;
    const respond = () => {
      const state = this.channels.get(url.searchParams.get('channel_id') ?? '');
      if (!state) {
        res.writeHead(404, { 'content-type': 'text/html; charset=UTF-8' });
        res.end('<!DOCTYPE html><html lang=en><meta charset=utf-8><title>Error 404 (Not Found)!!1</title><p><b>404.</b> <ins>That’s an error.</ins>');
        return;
      }
      const feed = this.feedOf(state);
      state.advertisedAt = Math.max(state.advertisedAt, feed.lastModifiedMs);
      const headers = { etag: feed.etag, 'last-modified': feed.lastModified, 'cache-control': 'public, max-age=900' };
      if (notModified(req, feed)) {
        this.feedNotModified += 1;
        res.writeHead(304, headers);
        res.end();
        return;
      }
      res.writeHead(200, { ...headers, 'content-type': 'text/xml; charset=UTF-8', 'content-length': Buffer.byteLength(feed.xml) });
      res.end(feed.xml);
    };
    if (this.feedDelayMs <= 0) return respond();
    const timer = setTimeout(() => {
      this.pendingTimers.delete(timer);
      respond();
    }, this.feedDelayMs);
    this.pendingTimers.add(timer);
  }

  private feedOf(state: ChannelState): FeedDocument {
    if (state.feed) return state.feed;
    const { channel } = state;
    const channelUrl = `https://www.youtube.com/channel/${channel.id}`;
    const entries = this.publicUploadsOf(state)
      .slice(0, FEED_SIZE)
      .map(({ video, publishedMs }) => {
        const title = escapeXml(video.title);
        return ` <entry>
  <id>yt:video:${video.id}</id>
  <yt:videoId>${video.id}</yt:videoId>
  <yt:channelId>${channel.id}</yt:channelId>
  <title>${title}</title>
  <link rel="alternate" href="https://www.youtube.com/watch?v=${video.id}"/>
  <author>
   <name>${escapeXml(channel.title)}</name>
   <uri>${channelUrl}</uri>
  </author>
  <published>${feedTime(publishedMs)}</published>
  <updated>${feedTime(publishedMs)}</updated>
  <media:group>
   <media:title>${title}</media:title>
   <media:content url="https://www.youtube.com/v/${video.id}?version=3" type="application/x-shockwave-flash" width="640" height="390"/>
   <media:thumbnail url="https://i4.ytimg.com/vi/${video.id}/hqdefault.jpg" width="480" height="360"/>
   <media:description>${escapeXml(video.description ?? '')}</media:description>
   <media:community>
    <media:starRating count="${video.likeCount ?? 0}" average="5.00" min="1" max="5"/>
    <media:statistics views="${video.viewCount ?? 0}"/>
   </media:community>
  </media:group>
 </entry>
`;
      });
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom">
 <link rel="self" href="http://www.youtube.com/feeds/videos.xml?channel_id=${channel.id}"/>
 <id>yt:channel:${channel.id}</id>
 <yt:channelId>${channel.id}</yt:channelId>
 <title>${escapeXml(channel.title)}</title>
 <link rel="alternate" href="${channelUrl}"/>
 <author>
  <name>${escapeXml(channel.title)}</name>
  <uri>${channelUrl}</uri>
 </author>
 <published>${feedTime(parseTime(channel.publishedAt ?? DEFAULT_CHANNEL_PUBLISHED_AT, `publishedAt of ${channel.id}`))}</published>
${entries.join('')}</feed>
`;
    state.feed = { xml, etag: `"${etagOf(xml)}"`, lastModified: new Date(state.changedAt).toUTCString(), lastModifiedMs: state.changedAt };
    return state.feed;
  }

  // ----- the IFrame API stand-in -------------------------------------------------------------------------------

  private async serveIframeApi(res: ServerResponse): Promise<void> {
    try {
      this.iframeApi ??= readFile(IFRAME_API_FILE, 'utf8');
      const script = await this.iframeApi;
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'content-length': Buffer.byteLength(script), 'cache-control': 'no-store' });
      res.end(script);
    } catch (error) {
      this.iframeApi = null;
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`YouTubeStandIn: cannot read ${IFRAME_API_FILE.pathname}: ${String(error)}`);
    }
  }
}

function handleKey(handle: string): string {
  return handle.trim().replace(/^@/, '').toLowerCase();
}

function videoThumbnails(video: StandInVideo) {
  const keys = new Set(video.thumbnailKeys ?? ALL_THUMBNAIL_KEYS);
  const thumbnails: Partial<Record<ThumbnailKey, { url: string; width: number; height: number }>> = {};
  // Always smallest first, whatever order the test gave, as YouTube writes them.
  for (const key of ALL_THUMBNAIL_KEYS) {
    if (!keys.has(key)) continue;
    const { file, width, height } = VIDEO_THUMBNAILS[key];
    thumbnails[key] = { url: `https://i.ytimg.com/vi/${video.id}/${file}`, width, height };
  }
  return thumbnails;
}

/** RFC 9110: If-None-Match decides when present (any listed tag, weak or strong, or `*`); otherwise If-Modified-Since. */
function notModified(req: IncomingMessage, feed: FeedDocument): boolean {
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    return ifNoneMatch
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === '*' || tag === feed.etag);
  }
  const ifModifiedSince = req.headers['if-modified-since'];
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && feed.lastModifiedMs <= since;
}
