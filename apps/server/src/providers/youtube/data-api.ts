import { youtube, type youtube_v3 } from '@googleapis/youtube';
import { AccountAccessRefusedError } from '../video-service-account.js';
import { VideoServiceUnavailableError } from '../video-service-errors.js';
import type { QuotaLedger } from './quota.js';

/** Units per call as the Data API documents them. */
export const UNITS = { list: 1, search: 100 } as const;
/** The most ids (or results) one call takes. */
export const MAX_PER_CALL = 50;
const VIDEO_PARTS = ['snippet', 'contentDetails', 'statistics', 'status', 'liveStreamingDetails'];
// topicDetails: what the channel is about, its category (mapping.ts); a channels.list call costs 1 unit whatever its parts.
const CHANNEL_PARTS = ['snippet', 'statistics', 'contentDetails', 'topicDetails'];
/** The part of the day's budget searches may bring the total to (decisions/015): the rest is the refresh's. */
export const SEARCH_SHARE = 0.5;
/** How long a refused key stays refused before one call tries it again (a key just made can take minutes to work). */
const KEY_RETRY_MS = 10 * 60_000;

export interface DataApiOptions {
  apiKey: string;
  /** YOUTUBE_API_URL: requests go to `${apiUrl}/channels`, `${apiUrl}/videos` … */
  apiUrl: string;
  ledger: QuotaLedger;
  /** Bounded: a request that needs the service never hangs (the caller gets a 503). */
  timeoutMs: number;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

interface ApiErrorBody {
  error?: { code?: number; message?: string; errors?: Array<{ reason?: string; message?: string }>; details?: Array<{ reason?: string }> };
}

/**
 * The YouTube Data API v3 through the official client (@googleapis/youtube), with quota accounting, bounded time and
 * errors turned into what the app can act on. The client builds `<rootUrl>/youtube/v3/<resource>` itself; its fetch
 * is ours, so YOUTUBE_API_URL can be any base (a stand-in's too) and every call has a deadline.
 */
export class YouTubeDataApi {
  private readonly client: youtube_v3.Youtube;
  /** The same client without the key: a member's own calls carry their OAuth access token instead. */
  private readonly memberClient: youtube_v3.Youtube;
  private keyRefusedAt: number | null = null;

  constructor(private readonly options: DataApiOptions) {
    const base = options.apiUrl.replace(/\/+$/, '');
    const clientPrefix = `${base}/youtube/v3/`;
    const timeoutMs = options.timeoutMs;
    const rewrite = (url: string) => (url.startsWith(clientPrefix) ? `${base}/${url.slice(clientPrefix.length)}` : url);
    const settings = {
      version: 'v3' as const,
      rootUrl: `${base}/`,
      retry: false,
      timeout: timeoutMs,
      fetchImplementation: ((input: string | URL | Request, init?: RequestInit) =>
        fetch(rewrite(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url), init)) as typeof fetch,
    };
    this.client = youtube({ ...settings, auth: options.apiKey });
    this.memberClient = youtube(settings);
  }

  /** channels.list by ids (≤ 50), by handle or by legacy username; unknown → []. */
  async channels(query: { id: string[] } | { forHandle: string } | { forUsername: string }): Promise<youtube_v3.Schema$Channel[]> {
    const res = await this.call(UNITS.list, () => this.client.channels.list({ part: CHANNEL_PARTS, maxResults: MAX_PER_CALL, ...query }));
    return res?.data.items ?? [];
  }

  /** playlistItems.list: one page of a playlist (an uploads playlist is newest first); null when the playlist is unknown. */
  async playlistItems(playlistId: string, pageToken?: string): Promise<{ videoIds: string[]; nextPageToken: string | null } | null> {
    const res = await this.call(UNITS.list, () =>
      this.client.playlistItems.list({ part: ['contentDetails'], playlistId, maxResults: MAX_PER_CALL, ...(pageToken ? { pageToken } : {}) }),
    );
    if (!res) return null;
    const videoIds = (res.data.items ?? []).map((item) => item.contentDetails?.videoId).filter((id): id is string => !!id);
    return { videoIds, nextPageToken: res.data.nextPageToken ?? null };
  }

  /** videos.list by ids (≤ 50); ids the service does not return (deleted, private) are simply absent. */
  async videos(ids: string[]): Promise<youtube_v3.Schema$Video[]> {
    if (ids.length === 0) return [];
    const res = await this.call(UNITS.list, () => this.client.videos.list({ part: VIDEO_PARTS, id: ids, maxResults: MAX_PER_CALL }));
    return res?.data.items ?? [];
  }

  async mostPopular(regionCode: string, maxResults: number): Promise<youtube_v3.Schema$Video[]> {
    const res = await this.call(UNITS.list, () =>
      this.client.videos.list({ part: VIDEO_PARTS, chart: 'mostPopular', regionCode, maxResults: Math.min(maxResults, MAX_PER_CALL) }),
    );
    return res?.data.items ?? [];
  }

  async searchChannels(q: string, maxResults: number): Promise<youtube_v3.Schema$SearchResult[]> {
    const res = await this.call(
      UNITS.search,
      () => this.client.search.list({ part: ['snippet'], type: ['channel'], q, maxResults: Math.min(maxResults, MAX_PER_CALL) }),
      SEARCH_SHARE,
    );
    return res?.data.items ?? [];
  }

  /** subscriptions.list mine=true: one page (50) of the access token's account's subscriptions. */
  async mySubscriptions(accessToken: string, pageToken?: string): Promise<youtube_v3.Schema$SubscriptionListResponse> {
    const res = await this.memberCall(UNITS.list, () =>
      this.memberClient.subscriptions.list({ part: ['snippet'], mine: true, maxResults: MAX_PER_CALL, ...(pageToken ? { pageToken } : {}) }, bearer(accessToken)),
    );
    return res?.data ?? {};
  }

  /** playlists.list mine=true: one page (50) of the account's playlists (Watch Later and History are never among them). */
  async myPlaylists(accessToken: string, pageToken?: string): Promise<youtube_v3.Schema$PlaylistListResponse> {
    const res = await this.memberCall(UNITS.list, () =>
      this.memberClient.playlists.list(
        { part: ['snippet', 'contentDetails', 'status'], mine: true, maxResults: MAX_PER_CALL, ...(pageToken ? { pageToken } : {}) },
        bearer(accessToken),
      ),
    );
    return res?.data ?? {};
  }

  /** channels.list mine=true part=id: the cheapest call that proves the access token works (1 unit). */
  async myChannels(accessToken: string): Promise<youtube_v3.Schema$Channel[]> {
    const res = await this.memberCall(UNITS.list, () => this.memberClient.channels.list({ part: ['id'], mine: true }, bearer(accessToken)));
    return res?.data.items ?? [];
  }

  /** playlistItems.list of any playlist the account may read (its private ones too); null when gone or not readable. */
  async accountPlaylistItems(accessToken: string, playlistId: string, pageToken?: string): Promise<youtube_v3.Schema$PlaylistItemListResponse | null> {
    const res = await this.memberCall(UNITS.list, () =>
      this.memberClient.playlistItems.list(
        { part: ['contentDetails'], playlistId, maxResults: MAX_PER_CALL, ...(pageToken ? { pageToken } : {}) },
        bearer(accessToken),
      ),
    );
    return res?.data ?? null;
  }

  /**
   * A member's call, with their access token: metered like any (the OAuth client's project pays the same quota), but
   * a refused token is theirs, not our key's: AccountAccessRefusedError, and the key's calls go on unaffected.
   */
  private async memberCall<T>(units: number, request: () => Promise<T>): Promise<T | null> {
    await this.options.ledger.spend(units);
    try {
      return await request();
    } catch (error) {
      const { status, reasons, message } = readFailure(error);
      if (status === 404) return null;
      if (status === 403 && reasons.some((r) => r === 'quotaExceeded' || r === 'dailyLimitExceeded')) throw await this.options.ledger.exhaust();
      if (status === 401) throw new AccountAccessRefusedError('token');
      if (status === 403 && reasons.some((r) => r === 'insufficientPermissions' || r === 'ACCESS_TOKEN_SCOPE_INSUFFICIENT')) throw new AccountAccessRefusedError('scope');
      // A playlist of someone else's that is private now: like a deleted one, an answer about that playlist.
      if (status === 403 && reasons.some((r) => r === 'playlistItemsNotAccessible' || r === 'playlistForbidden')) return null;
      if (status === 403) throw new AccountAccessRefusedError('token');
      this.options.log.warn({ status, reasons, message, err: status ? undefined : String(error) }, "YouTube Data API call with a member's token failed");
      throw new VideoServiceUnavailableError('unavailable', 'YouTube did not answer in time. Please try again in a moment.', 30);
    }
  }

  /**
   * One metered call: the units are counted before it goes out (refused past the budget), and its failure becomes a
   * VideoServiceUnavailableError, or null for a 404 (an unknown playlist or channel is an answer, not an error).
   */
  private async call<T>(units: number, request: () => Promise<T>, share?: number): Promise<T | null> {
    if (this.keyRefusedAt !== null && Date.now() - this.keyRefusedAt < KEY_RETRY_MS) throw keyRefused();
    await this.options.ledger.spend(units, share === undefined ? {} : { share });
    try {
      const result = await request();
      this.keyRefusedAt = null;
      return result;
    } catch (error) {
      const { status, reasons, message } = readFailure(error);
      if (status === 404) return null;
      if (status === 403 && reasons.some((r) => r === 'quotaExceeded' || r === 'dailyLimitExceeded')) throw await this.options.ledger.exhaust();
      if (isKeyProblem(status, reasons, message)) {
        if (this.keyRefusedAt === null) this.options.log.error({ status, reasons, message }, 'YouTube refused YOUTUBE_API_KEY: nothing new can be fetched from YouTube until the key works; Sift serves what it has');
        this.keyRefusedAt = Date.now();
        throw keyRefused();
      }
      this.options.log.warn({ status, reasons, message, err: status ? undefined : String(error) }, 'YouTube Data API call failed');
      throw new VideoServiceUnavailableError('unavailable', 'YouTube did not answer in time. Please try again in a moment.', 30);
    }
  }
}

/** The HTTP status, the reasons and the message of a failed call, as the client's error carries them. */
function readFailure(error: unknown): { status: number | undefined; reasons: Array<string | undefined>; message: string } {
  const status = (error as { status?: number; response?: { status?: number } }).response?.status ?? (error as { status?: number }).status;
  const body = (error as { response?: { data?: unknown } }).response?.data as ApiErrorBody | undefined;
  const reasons = [...(body?.error?.errors ?? []).map((e) => e.reason), ...(body?.error?.details ?? []).map((d) => d.reason)];
  return { status, reasons, message: body?.error?.message ?? '' };
}

/** Request options of a member's call: their access token, never the key. */
function bearer(accessToken: string) {
  return { headers: { Authorization: `Bearer ${accessToken}` } };
}

function isKeyProblem(status: number | undefined, reasons: Array<string | undefined>, message: string): boolean {
  if (reasons.some((r) => r === 'keyInvalid' || r === 'keyExpired' || r === 'API_KEY_INVALID' || r === 'accessNotConfigured' || r === 'ipRefererBlocked' || r === 'forbidden' && /key/i.test(message))) return true;
  return status === 400 && reasons.includes('badRequest') && /api key/i.test(message);
}

function keyRefused(): VideoServiceUnavailableError {
  return new VideoServiceUnavailableError(
    'key-refused',
    "YouTube refused Sift's API key, so nothing new can be fetched from YouTube. Everything already in Sift keeps working.",
    KEY_RETRY_MS / 1000,
  );
}
