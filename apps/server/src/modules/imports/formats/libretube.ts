/**
 * LibreTube's backup (Settings → Backup and restore → Create backup), its `BackupFile` as kotlinx.serialization
 * writes it: fields left at their defaults are absent, `format: 'Piped'` included, so the file carries no format.
 * - `subscriptions: [{channelId, url, name, avatar, verified}]` (`localSubscriptions` before 2024);
 * - `localPlaylists: [{playlist: {id, name, thumbnailUrl, description}, videos: [{videoId, title, uploader, …}]}]`,
 *   and the same playlists again as Piped writes them in `playlists: [{name, type, visibility, videos: [url]}]` (read
 *   only when `localPlaylists` is absent, so nothing comes in twice);
 * - `groups: [{groupName, channels: ['UC…'], index}]` (`channelGroups`/`name` before 2024): channel groups, sifts;
 * - `playlistBookmarks`: other people's playlists, set aside;
 * - `watchHistory: [{videoId, title, uploadDate, uploader, uploaderUrl, uploaderAvatar, thumbnailUrl, duration
 *   (seconds)}]` (its `WatchHistoryItem`: no time of watching; the table's order, oldest first, so read from the end)
 *   and `watchPositions: [{videoId, position (milliseconds)}]`: the watch history, a video's position joined to it by
 *   id (a position without a history entry is a video watched too);
 * - `searchHistory`, `customInstances` and `preferences` are the app's settings, not entries.
 */
import type { BundleBuilder } from './builder.js';
import { SKIP_REASONS, describeItem } from './builder.js';
import { isRecord, list, text, type JsonRecord } from './text.js';

/** Keys only LibreTube writes (Piped's and NewPipe's exports have none of them). */
const LIBRETUBE_KEYS = ['localPlaylists', 'localSubscriptions', 'channelGroups', 'playlistBookmarks', 'watchPositions', 'watchHistory', 'searchHistory', 'customInstances'];

export function isLibreTubeJson(value: unknown): value is JsonRecord {
  if (!isRecord(value) || (value.format !== undefined && value.format !== 'Piped')) return false;
  if (LIBRETUBE_KEYS.some((key) => Array.isArray(value[key]))) return true;
  // A backup of subscriptions only: LibreTube names the id `channelId`, NewPipe and Piped give an address.
  const subscriptions = list(value.subscriptions);
  return value.format === undefined && subscriptions.length > 0 && subscriptions.every((entry) => isRecord(entry) && typeof entry.channelId === 'string');
}

export function readLibreTube(value: JsonRecord, builder: BundleBuilder): void {
  for (const entry of [...list(value.subscriptions), ...list(value.localSubscriptions)]) {
    if (isRecord(entry)) builder.followChannel(entry.channelId ?? entry.url, text(entry.name));
    else builder.followChannel(entry);
  }

  if (Array.isArray(value.localPlaylists)) {
    for (const entry of value.localPlaylists) readLocalPlaylist(entry, builder);
  } else {
    for (const entry of list(value.playlists)) readPipedPlaylist(entry, builder);
  }

  for (const group of [...list(value.groups), ...list(value.channelGroups)]) {
    if (!isRecord(group)) continue;
    const sift = builder.addSift({ name: text(group.groupName) ?? text(group.name) ?? 'LibreTube group' });
    for (const channel of list(group.channels)) builder.addSiftChannel(sift, channel);
  }

  for (const bookmark of list(value.playlistBookmarks)) {
    const record = isRecord(bookmark) ? bookmark : {};
    builder.skip(describeItem(text(record.playlistName), record.playlistId ?? bookmark), SKIP_REASONS.bookmarkedPlaylist);
  }

  readHistory(value, builder);
}

function readHistory(value: JsonRecord, builder: BundleBuilder): void {
  const positions = new Map<string, number>();
  for (const entry of list(value.watchPositions)) {
    const id = isRecord(entry) ? text(entry.videoId) : undefined;
    if (id !== undefined && isRecord(entry) && typeof entry.position === 'number') positions.set(id, entry.position / 1000);
  }
  const history = list(value.watchHistory);
  for (let index = history.length - 1; index >= 0; index -= 1) {
    const entry = history[index];
    if (!isRecord(entry)) {
      builder.addHistory(entry);
      continue;
    }
    const id = text(entry.videoId);
    builder.addHistory(entry.videoId, { position: id === undefined ? undefined : positions.get(id), duration: entry.duration, title: text(entry.title) });
    if (id !== undefined) positions.delete(id);
  }
  for (const [id, position] of positions) builder.addHistory(id, { position });
}

function readLocalPlaylist(entry: unknown, builder: BundleBuilder): void {
  const record = isRecord(entry) ? entry : {};
  const meta = isRecord(record.playlist) ? record.playlist : {};
  const draft = builder.addPlaylist({ name: text(meta.name) ?? 'LibreTube playlist', description: text(meta.description) });
  for (const video of list(record.videos)) {
    if (isRecord(video)) builder.addVideo(draft, video.videoId, text(video.title));
    else builder.addVideo(draft, video);
  }
}

function readPipedPlaylist(entry: unknown, builder: BundleBuilder): void {
  const record = isRecord(entry) ? entry : {};
  const draft = builder.addPlaylist({ name: text(record.name) ?? 'LibreTube playlist' });
  for (const video of list(record.videos)) builder.addVideo(draft, video);
}
