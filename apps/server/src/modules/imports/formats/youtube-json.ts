/**
 * Subscription lists as YouTube's Data API writes them: a JSON array of `youtube#subscription` resources
 * (`{kind, etag, id, snippet: {title, resourceId: {kind: 'youtube#channel', channelId}, channelId, thumbnails, …},
 * contentDetails}`). Takeout wrote `subscriptions.json` so from 2019 to 2021, and FreeTube's "Export YouTube (.json)"
 * still does. The followed channel is `snippet.resourceId.channelId`; `snippet.channelId` is the member's own channel
 * in Takeout's file, so it is never read.
 */
import type { BundleBuilder } from './builder.js';
import { SKIP_REASONS, describeItem } from './builder.js';
import { isRecord, text } from './text.js';

const SUBSCRIPTION_KIND = 'youtube#subscription';

export function isYouTubeSubscriptionList(value: unknown): value is unknown[] {
  return Array.isArray(value) && value.length > 0 && value.every((entry) => isRecord(entry) && entry.kind === SUBSCRIPTION_KIND);
}

export function readYouTubeSubscriptions(entries: unknown[], builder: BundleBuilder): void {
  for (const entry of entries) {
    const snippet = isRecord(entry) && isRecord(entry.snippet) ? entry.snippet : {};
    const resource = isRecord(snippet.resourceId) ? snippet.resourceId : {};
    const name = text(snippet.title);
    // A subscription to anything else than a channel is not one Sift can follow.
    if (resource.kind !== undefined && resource.kind !== 'youtube#channel') builder.skip(describeItem(name, resource.kind), SKIP_REASONS.notYouTubeChannel);
    else builder.followChannel(resource.channelId, name);
  }
}
