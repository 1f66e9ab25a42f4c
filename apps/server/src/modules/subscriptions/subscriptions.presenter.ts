import type { FeedFilter, Subscription, SubscriptionTarget } from '@sift/contracts';
import type { FeedFilterRow, SubscriptionWithTargetRow } from './subscriptions.repository.js';

/** What a subscription follows, for lists and filter chips. */
export function presentTarget(row: Pick<FeedFilterRow, 'channel' | 'sift'>): SubscriptionTarget {
  if (row.channel) {
    return { type: 'channel', id: row.channel.id, externalId: row.channel.externalId, name: row.channel.name, thumbnail: row.channel.thumbnail };
  }
  const sift = row.sift!;
  return { type: 'sift', id: sift.id, externalId: sift.hash, name: sift.name, thumbnail: sift.thumbnail };
}

export function presentSubscription(row: SubscriptionWithTargetRow): Subscription {
  const s = row.subscription;
  return {
    id: s.id,
    frequency: s.frequency,
    muted: s.muted,
    optOut: s.optOut,
    isNew: false,
    createdAt: s.createdAt.toISOString(),
    target: presentTarget(row),
  };
}

export function presentFeedFilter(row: FeedFilterRow): FeedFilter {
  return { subscriptionId: row.subscriptionId, muted: row.muted, target: presentTarget(row) };
}
