import type { FeedFilter, FollowChannel, FollowSifts, Frequency, Subscription, UnsubscribeResult, UpdateSubscription } from '@sift/contracts';
import { DEFAULT_FREQUENCY } from '@sift/contracts';
import { encodedPageCache } from '../../infra/cache/stamped-cache.js';
import { HttpError, notFound } from '../../infra/http/errors.js';
import { EncodedJson } from '../../infra/http/send-json.js';
import type { CatalogService } from '../catalog/catalog.service.js';
import { presentFeedFilter, presentSubscription, presentTarget } from './subscriptions.presenter.js';
import type { FollowsStamp, SubscriptionRow, SubscriptionsRepository, SubscriptionTargetKey, SubscriptionWithTargetRow } from './subscriptions.repository.js';
import { ignoreUnavailable } from '../../providers/video-service-errors.js';

/**
 * What subscriptions need of sifts: the sift a member may see, by hash or id (404 when private to someone else), and
 * whether the member is its owner.
 */
export interface SiftDirectory {
  get(idOrHash: string, viewerId: number | null): Promise<{ id: number; owner: { creator: boolean } }>;
}

/** One's own sift is not followed: it would count its owner among its followers (and rank it by them, decisions/044). */
const ownSiftRefused = () => new HttpError(409, 'You cannot follow your own sift', 'OWN_SIFT');

export type FeedSourceIds = { channelIds: number[]; siftIds: number[] };
export type { FollowsStamp };

/** What the member follows, as the exports carry it (OPML, NewPipe, the personal-data export). */
export interface FollowsExport {
  /** Followed channels (not unfollowed), oldest follow first; externalId is the channel's id at its service. */
  channels: Array<{ externalId: string; name: string; frequency: Frequency }>;
  /** Followed sifts the member may still see (public, or their own). */
  sifts: Array<{ hash: string; name: string; frequency: Frequency }>;
}

/**
 * Follows and subscriptions (SPEC §4 "Follow and subscription"; decisions/012-subscriptions.md). A member has at
 * most one subscription per channel and per sift. Following creates it, or updates the one there is (unfollowed
 * or muted ones come back, unmuted); unfollowing keeps the row with optOut, so a later follow is an update.
 */
export class SubscriptionsService {
  constructor(
    private readonly repository: SubscriptionsRepository,
    private readonly catalog: CatalogService,
    private readonly sifts: SiftDirectory,
    /** Each member's list with its inbox counts, encoded, kept under their whole FollowsStamp (decisions/055). */
    private readonly listCache = encodedPageCache(16),
  ) {}

  /** What is kept of the member's follows depends on: their subscriptions, what arrives in them, their marks. */
  followsStamp(userId: number): Promise<FollowsStamp> {
    return this.repository.followsStamp(userId);
  }

  private async list(userId: number): Promise<Subscription[]> {
    const [rows, counts] = await Promise.all([this.repository.listForUser(userId), this.repository.unwatchedCounts(userId)]);
    return rows.map((row) => ({ ...presentSubscription(row), unwatchedCount: counts.get(row.subscription.id) ?? 0 }));
  }

  /**
   * GET /api/subscriptions (`{items}`), encoded: built again only when the member's FollowsStamp moved — a follow,
   * unfollow or setting changed, a video arriving, a followed sift's matches changing, a video watched or dismissed
   * (decisions/055). A member may follow hundreds: the list and its inbox counts cost more than the stamp's read.
   * A followed channel's or sift's new name or picture shows within StampedCache.MAX_AGE_MS.
   */
  async encodedList(userId: number): Promise<EncodedJson> {
    const stamp = await this.repository.followsStamp(userId);
    const at = `${stamp.subscriptions}|${stamp.videos}|${stamp.marks}`;
    const key = String(userId);
    return this.listCache.get(key, at) ?? this.listCache.set(key, at, EncodedJson.of(JSON.stringify({ items: await this.list(userId) })));
  }

  /** Everything the member follows, for the exports: the one statement of GET /api/subscriptions. */
  async exportFollows(userId: number): Promise<FollowsExport> {
    const out: FollowsExport = { channels: [], sifts: [] };
    for (const { subscription, channel, sift } of await this.repository.listForUser(userId)) {
      if (channel) out.channels.push({ externalId: channel.externalId, name: channel.name, frequency: subscription.frequency });
      else if (sift && (sift.public || sift.ownerId === userId)) out.sifts.push({ hash: sift.hash, name: sift.name, frequency: subscription.frequency });
    }
    return out;
  }

  /**
   * A first page's needs in one read: the filter chips (followed channels, and followed sifts the member may still
   * see), the feed's sources narrowed to `only`, and all of them (for the additional-results check).
   */
  /** The personal feed's filter chips (SPEC §3 "Feed": subscriptionFilters, feedSubscriptionFilters). */
  async feedFilters(userId: number): Promise<{ channels: FeedFilter[]; sifts: FeedFilter[] }> {
    const rows = await this.repository.feedFilterRows(userId);
    return { channels: rows.filter((r) => r.channel).map(presentFeedFilter), sifts: rows.filter((r) => r.sift).map(presentFeedFilter) };
  }

  feedSources(userId: number, only: number[] = []): Promise<{ channelIds: number[]; siftIds: number[] }> {
    return this.repository.feedSources(userId, only);
  }

  /** Channels due for a refresh, claimed for this caller (see the repository); `perPeriod` sizes the claim from the total. */
  claimChannelsToRefresh(refreshedBefore: Date, now: Date, perPeriod: (total: number) => number): Promise<Array<{ id: number; externalId: string }>> {
    return this.repository.claimChannelsToRefresh(refreshedBefore, now, perPeriod);
  }

  /** POST /api/subscriptions. `created` tells a new subscription (201) from an updated one (200). */
  async followChannel(userId: number, input: FollowChannel): Promise<{ subscription: Subscription; created: boolean }> {
    // Unknown to the catalog: looked up at the video service and stored (404 when the service does not know it).
    const channel = await this.catalog.getChannel(input.externalId ?? String(input.channelId));
    // A channel whose uploads were never read (found by a search on YouTube): its newest page now, so the feed shows
    // it at once and its first refresh does not take fifteen old uploads for news (and mail them). When the service
    // cannot be asked just now, the follow still counts and the refresh brings the uploads later.
    if (channel.refreshedAt === null) await this.catalog.syncChannel(channel.externalId).catch(ignoreUnavailable);
    return this.follow(userId, { channelId: channel.id }, input.frequency);
  }

  /**
   * Follows channels the catalog has stored (an import), all at once and idempotently: answers how many were not
   * followed before. Their uploads come with the next refresh (never-read channels are claimed first), and mails
   * only ever tell of videos published after the follow.
   */
  followStoredChannels(userId: number, channelIds: number[]): Promise<number> {
    return this.repository.followChannels(userId, [...new Set(channelIds)], DEFAULT_FREQUENCY);
  }

  /**
   * POST /api/subscriptions/sifts: every sift must be one the member may see and someone else's (409 OWN_SIFT, as
   * playlists refuse their owner's follow), or nothing is followed.
   */
  async followSifts(userId: number, input: FollowSifts): Promise<Subscription[]> {
    const ids = new Set<number>();
    for (const idOrHash of input.sifts) {
      const sift = await this.sifts.get(idOrHash, userId);
      if (sift.owner.creator) throw ownSiftRefused();
      ids.add(sift.id);
    }
    const out: Subscription[] = [];
    for (const siftId of ids) out.push((await this.follow(userId, { siftId }, input.frequency)).subscription);
    return out;
  }

  /**
   * DELETE /api/sifts/{id}/follows: unfollows a sift by hash or id, like DELETE /api/subscriptions/{id}. Not
   * following it already is not an error (the wish is met).
   */
  async unfollowSift(userId: number, idOrHash: string): Promise<void> {
    const sift = await this.sifts.get(idOrHash, userId);
    const existing = await this.repository.findForUpdate(userId, { siftId: sift.id });
    if (existing && !existing.optOut) await this.unfollow(userId, existing.id);
  }

  async update(userId: number, id: number, input: UpdateSubscription): Promise<Subscription> {
    return this.change(userId, id, async (repository, row) => {
      const values: Partial<Pick<SubscriptionRow, 'frequency' | 'muted'>> = {};
      if (input.frequency !== undefined) values.frequency = input.frequency;
      if (input.muted !== undefined) values.muted = input.muted;
      await repository.update(row.id, values);
      if (values.frequency === 'NONE' || values.muted) await repository.dropPendingNotifications(row.id);
    });
  }

  async unmute(userId: number, id: number): Promise<Subscription> {
    return this.change(userId, id, async (repository, row) => {
      await repository.update(row.id, { muted: false });
    });
  }

  /** Unfollow: the subscription stops (no feed, no mail) and is marked optOut. */
  async unfollow(userId: number, id: number): Promise<void> {
    await this.change(userId, id, async (repository, row) => {
      await repository.update(row.id, { optOut: true, muted: false });
      await repository.dropPendingNotifications(row.id);
    });
  }

  /** The one-click link of a notification mail: frequency NONE, without logging in (the token is the proof). */
  async unsubscribeByToken(token: string): Promise<UnsubscribeResult> {
    const found = await this.repository.findByUnsubscribeToken(token);
    if (!found) throw notFound('Subscription');
    await this.repository.transaction(async (repository) => {
      await repository.update(found.subscription.id, { frequency: 'NONE' });
      await repository.dropPendingNotifications(found.subscription.id);
    });
    return { target: presentTarget(found), frequency: 'NONE' };
  }

  private async follow(userId: number, target: SubscriptionTargetKey, frequency: Frequency | undefined) {
    const { row, created } = await this.repository.follow(userId, target, frequency, DEFAULT_FREQUENCY);
    return { subscription: presentSubscription(row), created };
  }

  private async change(
    userId: number,
    id: number,
    apply: (repository: SubscriptionsRepository, row: SubscriptionRow) => Promise<void>,
  ): Promise<Subscription> {
    const found = await this.owned(userId, id);
    await this.repository.transaction((repository) => apply(repository, found.subscription));
    return presentSubscription((await this.repository.findById(id))!);
  }

  private async owned(userId: number, id: number): Promise<SubscriptionWithTargetRow> {
    const found = await this.repository.findById(id);
    if (!found) throw notFound('Subscription');
    // Someone else's subscription is not there for this member: 404, as for one that never existed (issue 17).
    if (found.subscription.userId !== userId) throw notFound('Subscription');
    return found;
  }
}
