/**
 * Invidious's JSON export: `{subscriptions: ['UC…'], watch_history: ['id', …], preferences: {…},
 * playlists: [{title, description, privacy, videos: ['id', …]}]}`. Privacy is Public, Unlisted or Private; only
 * Public makes a public playlist. `watch_history` holds ids only (no dates), **oldest first**: Invidious appends each
 * watch at the end (`array_append(array_remove(watched, id), id)`) and reverses the list to show it, so it is read from
 * the end. Later versions add `playback_positions: [{video_id, position, updated_at}]`: a position joins its video's
 * entry. (Invidious's OPML export is read by opml.ts.)
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
  const positions = new Map<unknown, unknown>();
  for (const entry of list(value.playback_positions)) if (isRecord(entry)) positions.set(entry.video_id, entry.position);
  // Newest first, as the builder keeps the newest when a history is longer than Sift keeps. Undated: the importer
  // dates them in this order. A position's own time is not used, so dated and undated entries never interleave wrongly.
  const history = list(value.watch_history);
  for (let i = history.length - 1; i >= 0; i -= 1) builder.addHistory(history[i], { position: positions.get(history[i]) });
}
