/**
 * Invidious's JSON export: `{subscriptions: ['UC…'], watch_history: ['id', …], preferences: {…},
 * playlists: [{title, description, privacy, videos: ['id', …]}]}`. Privacy is Public, Unlisted or Private; only
 * Public makes a public playlist. `watch_history` holds ids only, newest first (no dates, no positions): each becomes a
 * history entry. (Invidious's OPML export is read by opml.ts.)
 */
import type { BundleBuilder } from './builder.js';
import { isRecord, list, text } from './text.js';

export function isInvidiousJson(value: unknown): boolean {
  if (!isRecord(value) || value.format !== undefined) return false;
  if (Array.isArray(value.watch_history) || isRecord(value.preferences)) return true;
  return Array.isArray(value.subscriptions) && value.subscriptions.every((entry) => typeof entry === 'string');
}

export function readInvidious(value: unknown, builder: BundleBuilder): void {
  if (!isRecord(value)) return;
  for (const channel of list(value.subscriptions)) builder.followChannel(channel);
  for (const playlist of list(value.playlists)) {
    if (!isRecord(playlist)) continue;
    const draft = builder.addPlaylist({
      name: text(playlist.title) ?? 'Invidious playlist',
      description: text(playlist.description),
      public: text(playlist.privacy)?.toLowerCase() === 'public',
    });
    for (const video of list(playlist.videos)) {
      if (isRecord(video)) builder.addVideo(draft, video.videoId ?? video.id, text(video.title));
      else builder.addVideo(draft, video);
    }
  }
  for (const video of list(value.watch_history)) builder.addHistory(video);
}
