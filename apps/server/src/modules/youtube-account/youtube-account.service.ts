import type { AccountChannelList, AccountChannelsFollowed, FollowAccountChannels, ProviderCode, VideoServiceAccount as AccountDto, VideoServiceUserStatus } from '@sift/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../infra/http/errors.js';
import type { TokenCipher } from '../../infra/security/token-cipher.js';
import { AccountAccessRefusedError, type AccountPage, type VideoServiceAccount } from '../../providers/video-service-account.js';
import type { VideoProvider } from '../../providers/video-provider.js';
import { GrantRefusedError, type GoogleGrants } from '../auth/google-grants.service.js';
import type { CatalogService } from '../catalog/catalog.service.js';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import { presentAccount, presentAccountChannel } from './youtube-account.presenter.js';
import type { AccountStatus, ProviderAccountRow, YouTubeAccountRepository } from './youtube-account.repository.js';

/** `provider_accounts.provider`. */
export const YOUTUBE = 'youtube';
/** `oauth_requests.provider` of this flow: a sign-in's state (GOOGLE) is never taken for it, nor the other way. */
const GRANT_PURPOSE = 'YOUTUBE';
/** Pages of a list read at most (50 a page): 10,000 subscriptions or playlists. */
export const MAX_LIST_PAGES = 200;
/** Channels looked up at a time (a database read, and for those not stored at most 10 Data API units). */
const FOLLOW_CHUNK = 500;
export const UNKNOWN_CHANNEL = 'unknown channel (deleted, or not on YouTube)';

export interface YouTubeAccountDependencies {
  repository: YouTubeAccountRepository;
  grants: GoogleGrants;
  /** The video service; the feature needs one with accounts (YouTube). */
  provider: VideoProvider;
  /** TOKEN_ENCRYPTION_KEY's; undefined without it, and the feature is off. */
  cipher: TokenCipher | undefined;
  /** `${PUBLIC_URL}/oauth2/youtube/callback`: the web app's route, which hands the code to the API. */
  redirectUri: string;
  catalog: CatalogService;
  subscriptions: SubscriptionsService;
  /** Called after channels are followed, so their uploads are read at once rather than at the next refresh tick. */
  onChannelsFollowed: () => Promise<void>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  now?: () => Date;
}

const disabled = () =>
  new HttpError(404, 'Importing from a YouTube account is not set up on this server (Google client, TOKEN_ENCRYPTION_KEY and YouTube as the video service).', 'PROVIDER_DISABLED');
/** 403, not 401: a 401 would tell the web app the member's Sift session ended. */
const permissionRequired = (message: string) => new HttpError(403, message, 'VIDEO_SERVICE_PERMISSION_REQUIRED');
const sealContext = (userId: number) => `${YOUTUBE}:${userId}`;

/** Every page of one of the account's lists, up to MAX_LIST_PAGES. */
export async function readAllPages<T>(read: (pageToken?: string) => Promise<AccountPage<T>>): Promise<T[]> {
  const items: T[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_LIST_PAGES; page++) {
    const result = await read(pageToken);
    items.push(...result.items);
    if (!result.nextPageToken) break;
    pageToken = result.nextPageToken;
  }
  return items;
}

/**
 * A member's YouTube account connected over OAuth (issue 16 §1, decisions/017): the permission (Google's consent,
 * the code exchanged here, the refresh token sealed at rest), the permission check behind the video-service user
 * status (SPEC §4: ONLINE only while a refresh and a cheap call succeed, any failure OFFLINE), disconnecting, and the
 * account's subscriptions to follow. Playlists are `AccountPlaylistsService`'s.
 */
export class YouTubeAccountService {
  private readonly now: () => Date;
  private warnedUnreadable = false;

  constructor(private readonly deps: YouTubeAccountDependencies) {
    this.now = deps.now ?? (() => new Date());
  }

  get enabled(): boolean {
    return this.deps.grants.enabled && this.deps.cipher !== undefined && this.deps.provider.account !== undefined && this.deps.provider.accountScope !== undefined;
  }

  /** GET /api/providers/youtube: connected or not, and the last check's status (no call to Google). */
  async describe(userId: number): Promise<AccountDto> {
    return presentAccount(this.enabled ? await this.deps.repository.find(userId, YOUTUBE) : undefined, this.enabled);
  }

  /** GET /api/providers/youtube/authorization: Google's consent page for read-only access to the YouTube account. */
  async authorizationUrl(userId: number): Promise<{ url: string }> {
    const { scope } = this.ready();
    return { url: await this.deps.grants.authorizationUrl({ userId, purpose: GRANT_PURPOSE, scope, redirectUri: this.deps.redirectUri }) };
  }

  /**
   * POST /api/idp/GOOGLE (or GET /api/providers/youtube/code): exchanges Google's code, keeps the refresh token sealed
   * and checks the new permission at once. A grant without the YouTube scope (unticked on Google's page) is revoked
   * and refused.
   */
  async connect(userId: number, input: ProviderCode): Promise<AccountDto> {
    const { cipher, scope } = this.ready();
    const granted = await this.deps.grants.exchange({ userId, purpose: GRANT_PURPOSE, redirectUri: this.deps.redirectUri, ...input });
    // A response without scope means the scopes asked for (RFC 6749 §5.1).
    if (granted.scope && !granted.scope.split(' ').includes(scope)) {
      await this.deps.grants.revoke(granted.refreshToken);
      throw new HttpError(403, 'Sift needs permission to see your YouTube subscriptions and playlists: tick that box on Google’s page.', 'SCOPE_NOT_GRANTED');
    }
    const at = this.now();
    // A grant made again replaces the old token without revoking it: at Google that would revoke the new one too.
    await this.deps.repository.save({
      userId,
      provider: YOUTUBE,
      refreshTokenSealed: cipher.seal(granted.refreshToken, sealContext(userId)),
      scope: granted.scope || `openid ${scope}`,
      accountSubject: granted.subject,
      checkedAt: at,
    });
    try {
      await this.ready().account(granted.accessToken).check();
    } catch (error) {
      await this.markOffline(userId, error);
    }
    return this.describe(userId);
  }

  /** GET /api/idp/GOOGLE/status: the permission check, now. Never fails: anything that goes wrong is OFFLINE. */
  async checkStatus(userId: number): Promise<VideoServiceUserStatus> {
    if (!this.enabled) throw disabled();
    const row = await this.deps.repository.find(userId, YOUTUBE);
    if (!row) return { status: 'OFFLINE', connected: false };
    try {
      await this.withAccount(userId, (account) => account.check(), row);
      return { status: 'ONLINE', connected: true };
    } catch (error) {
      await this.markOffline(userId, error);
      return { status: 'OFFLINE', connected: true };
    }
  }

  /** DELETE /api/providers/youtube: the permission is revoked at Google and the token forgotten. */
  async disconnect(userId: number): Promise<void> {
    this.ready();
    await this.revokeAndForget(userId);
  }

  /** Account deletion: the same as disconnecting, but never in the way (Google down, feature since switched off). */
  async forget(userId: number): Promise<void> {
    try {
      await this.revokeAndForget(userId);
    } catch (error) {
      this.deps.log.warn({ err: error, userId }, 'Could not revoke the YouTube permission of a deleted account');
    }
  }

  /**
   * Runs `work` with the member's account at YouTube: a fresh access token from the sealed refresh token (kept only
   * for this call). A withdrawn or insufficient permission marks the status OFFLINE and answers 403
   * VIDEO_SERVICE_PERMISSION_REQUIRED (the web app then asks for the permission again); success marks it ONLINE.
   */
  async withAccount<T>(userId: number, work: (account: VideoServiceAccount) => Promise<T>, known?: ProviderAccountRow): Promise<T> {
    const { cipher, account } = this.ready();
    const row = known ?? (await this.deps.repository.find(userId, YOUTUBE));
    if (!row) throw permissionRequired('Connect your YouTube account first.');
    let refreshToken: string;
    try {
      refreshToken = cipher.open(row.refreshTokenSealed, sealContext(userId));
    } catch {
      // TOKEN_ENCRYPTION_KEY changed (or the row was altered): the token is lost, the member connects again.
      if (!this.warnedUnreadable) this.deps.log.warn({}, 'A stored YouTube refresh token does not open with TOKEN_ENCRYPTION_KEY (was the key changed?); its member must connect again');
      this.warnedUnreadable = true;
      await this.setStatus(userId, 'OFFLINE');
      throw permissionRequired('Connect your YouTube account again.');
    }
    let access: Awaited<ReturnType<GoogleGrants['refresh']>>;
    try {
      access = await this.deps.grants.refresh(refreshToken);
    } catch (error) {
      if (!(error instanceof GrantRefusedError)) throw error;
      await this.setStatus(userId, 'OFFLINE');
      throw permissionRequired('Your YouTube permission was withdrawn or has expired. Connect your account again.');
    }
    if (access.refreshToken && access.refreshToken !== refreshToken) {
      await this.deps.repository.replaceRefreshToken(userId, YOUTUBE, cipher.seal(access.refreshToken, sealContext(userId)));
    }
    try {
      const result = await work(account(access.accessToken));
      await this.setStatus(userId, 'ONLINE');
      return result;
    } catch (error) {
      if (!(error instanceof AccountAccessRefusedError)) throw error;
      await this.setStatus(userId, 'OFFLINE');
      throw permissionRequired(
        error.reason === 'scope'
          ? 'Sift needs permission to see your YouTube subscriptions and playlists. Connect your account again and allow it.'
          : 'YouTube refused your permission. Connect your account again.',
      );
    }
  }

  /** GET /api/idp/GOOGLE/channels: every subscription of the account, each flagged when already followed in Sift. */
  async channels(userId: number): Promise<AccountChannelList> {
    const subscriptions = await this.withAccount(userId, (account) => readAllPages((pageToken) => account.subscriptions(pageToken)));
    const followed = new Set((await this.deps.subscriptions.exportFollows(userId)).channels.map((c) => c.externalId));
    const seen = new Set<string>();
    const items = subscriptions.filter((s) => !seen.has(s.channelExternalId) && seen.add(s.channelExternalId)).map((s) => presentAccountChannel(s, followed.has(s.channelExternalId)));
    return { items, totalResults: items.length };
  }

  /**
   * POST /api/idp/GOOGLE/channels: follows the channels picked (the file imports' path: stored ones from the database,
   * the rest from YouTube 50 ids a unit, stored without their uploads, which the refresh reads from their feeds).
   * Idempotent; nothing is followed when YouTube cannot be asked for the channels the catalog lacks.
   */
  async followChannels(userId: number, input: FollowAccountChannels): Promise<AccountChannelsFollowed> {
    this.ready();
    const wanted = new Map<string, string | undefined>();
    for (const ref of [...(input.ids ?? []), ...(input.externalIds ?? [])]) {
      const id = typeof ref === 'string' ? ref : (ref.id ?? ref.externalId)!;
      if (!wanted.has(id) || (typeof ref !== 'string' && ref.name)) wanted.set(id, typeof ref === 'string' ? wanted.get(id) : ref.name);
    }
    const ids = [...wanted.keys()];
    const found = new Map<string, number>();
    for (let i = 0; i < ids.length; i += FOLLOW_CHUNK) {
      for (const [externalId, channel] of await this.deps.catalog.ensureChannels(ids.slice(i, i + FOLLOW_CHUNK))) found.set(externalId, channel.id);
    }
    const followed = await this.deps.subscriptions.followStoredChannels(userId, [...found.values()]);
    if (followed > 0) await this.deps.onChannelsFollowed();
    const skipped = ids.filter((id) => !found.has(id)).map((id) => ({ item: wanted.get(id) ? `${wanted.get(id)} (${id})` : id, reason: UNKNOWN_CHANNEL }));
    return { requested: ids.length, followed, skipped };
  }

  /** The parts the feature needs, or 404 PROVIDER_DISABLED. */
  private ready(): { cipher: TokenCipher; scope: string; account: (accessToken: string) => VideoServiceAccount } {
    const { cipher, provider, grants } = this.deps;
    if (!grants.enabled || !cipher || !provider.account || !provider.accountScope) throw disabled();
    return { cipher, scope: provider.accountScope, account: (accessToken) => provider.account!(accessToken) };
  }

  private async revokeAndForget(userId: number): Promise<void> {
    const row = await this.deps.repository.find(userId, YOUTUBE);
    if (!row) return;
    const cipher = this.deps.cipher;
    let refreshToken: string | undefined;
    try {
      refreshToken = cipher?.open(row.refreshTokenSealed, sealContext(userId));
    } catch {
      refreshToken = undefined; // unreadable: nothing to revoke with; the row goes anyway
    }
    if (refreshToken && this.deps.grants.enabled) await this.deps.grants.revoke(refreshToken);
    await this.deps.repository.delete(userId, YOUTUBE);
  }

  private async markOffline(userId: number, error: unknown): Promise<void> {
    // Refusals are expected (and already marked); anything else is logged, without tokens.
    if (!(error instanceof HttpError) && !(error instanceof AccountAccessRefusedError)) this.deps.log.warn({ err: error, userId }, 'YouTube permission check failed');
    await this.setStatus(userId, 'OFFLINE');
  }

  private setStatus(userId: number, status: AccountStatus): Promise<void> {
    return this.deps.repository.setStatus(userId, YOUTUBE, status, this.now());
  }
}
