/**
 * Lists as YouTube's Data API writes them. Subscriptions: a JSON array of `youtube#subscription` resources
 * (`{kind, etag, id, snippet: {title, resourceId: {kind: 'youtube#channel', channelId}, channelId, thumbnails, …},
 * contentDetails}`). Takeout wrote `subscriptions.json` so from 2019 to 2021, and FreeTube's "Export YouTube (.json)"
 * still does. The followed channel is `snippet.resourceId.channelId`; `snippet.channelId` is the member's own channel
 * in Takeout's file, so it is never read. Playlists: Takeout 2019–21 wrote each as `<Title>.json`, an array of
 * `youtube#playlistItem` resources (`snippet: {title, playlistId, position, resourceId: {kind: 'youtube#video',
 * videoId}}, contentDetails: {videoId}`); the title is the file's name, as for the CSVs.
 */
import type { BundleBuilder } from './builder.js';
import { SKIP_REASONS, describeItem } from './builder.js';
import { IMPORTED_PLAYLIST_NAME, isWatchLater } from './takeout.js';
import { isRecord, text } from './text.js';

const SUBSCRIPTION_KIND = 'youtube#subscription';
const PLAYLIST_ITEM_KIND = 'youtube#playlistItem';

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

export function isYouTubePlaylistItems(value: unknown): value is unknown[] {
  return Array.isArray(value) && value.length > 0 && value.every((entry) => isRecord(entry) && entry.kind === PLAYLIST_ITEM_KIND);
}

/** One playlist; `path` (inside a .zip) names it. */
export function readYouTubePlaylistItems(entries: unknown[], path: string | undefined, builder: BundleBuilder): void {
  const name = path?.split('/').at(-1)?.replace(/\.json$/i, '').trim() || IMPORTED_PLAYLIST_NAME;
  const snippets = entries.map((entry) => (isRecord(entry) && isRecord(entry.snippet) ? entry.snippet : {}));
  const playlistId = snippets.map((snippet) => text(snippet.playlistId)).find((id) => id !== undefined);
  const playlist = builder.addPlaylist({ name, watchLater: isWatchLater(name, playlistId) });
  entries.forEach((entry, index) => {
    const snippet = snippets[index] ?? {};
    const resource = isRecord(snippet.resourceId) ? snippet.resourceId : {};
    const details = isRecord(entry) && isRecord(entry.contentDetails) ? entry.contentDetails : {};
    builder.addVideo(playlist, resource.videoId ?? details.videoId, text(snippet.title));
  });
}
