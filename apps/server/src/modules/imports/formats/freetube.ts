/**
 * FreeTube's `.db` files: NeDB's append-only format, one JSON object per line. A later line with the same `_id`
 * replaces the earlier one, `{"$$deleted":true,"_id":…}` removes it, `$$indexCreated` lines describe indexes.
 * - profiles.db: `{_id, name, bgColor, textColor, subscriptions: [{id, name, thumbnail}]}`. The profile
 *   `_id: 'allChannels'` holds every channel followed; each other profile becomes a sift (its channels followed too).
 * - playlists.db: `{_id, playlistName, description?, videos: [{videoId, title, …}]}`; the built-in `favorites`
 *   and `watchLater` go into Watch later.
 * - history.db: `{videoId, title, author, authorId, published, description, viewCount, lengthSeconds, watchProgress
 *   (seconds), timeWatched (ms since the epoch), isLive, type: 'video', _id}` per watched video, read newest first
 *   into the watch history. Older FreeTube's subscriptions.db (`{channelId, channelName}` per line) is read as
 *   channels to follow.
 */
import type { BundleBuilder } from './builder.js';
import { isRecord, list, text, type JsonRecord } from './text.js';

export const FREETUBE_ALL_CHANNELS_PROFILE = 'allChannels';
/** FreeTube's built-in playlists that mean "to watch later". */
const WATCH_LATER_PLAYLISTS = new Set(['favorites', 'watchLater']);

/** The records a NeDB file holds once its updates and deletions are applied; null when a line is not a JSON object. */
export function readNedbLines(source: string): JsonRecord[] | null {
  const records = new Map<string | symbol, JsonRecord>();
  for (const line of source.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return null;
    }
    if (!isRecord(value)) return null;
    if ('$$indexCreated' in value || '$$indexRemoved' in value) continue;
    const id = text(value._id);
    if (id === undefined) records.set(Symbol('record'), value);
    else if (value.$$deleted === true) records.delete(id);
    else records.set(id, value);
  }
  return [...records.values()];
}

export function isFreeTubeRecord(value: unknown): boolean {
  return isRecord(value) && (isProfile(value) || isPlaylist(value) || isHistoryEntry(value) || isLegacySubscription(value));
}

export function readFreeTube(records: JsonRecord[], builder: BundleBuilder): void {
  const profiles = records.filter(isProfile);
  const allChannels = profiles.find((profile) => profile._id === FREETUBE_ALL_CHANNELS_PROFILE);
  if (allChannels) {
    for (const channel of list(allChannels.subscriptions)) follow(builder, channel);
  }
  for (const record of records.filter(isLegacySubscription)) builder.followChannel(record.channelId, text(record.channelName));

  for (const profile of profiles) {
    if (profile === allChannels) continue;
    const sift = builder.addSift({ name: text(profile.name) ?? 'FreeTube profile' });
    for (const channel of list(profile.subscriptions)) {
      const { candidate, name } = channelOf(channel);
      const id = builder.addSiftChannel(sift, candidate, name);
      // A profile's channels are in "All Channels" too; a repeat is expected, not a duplicate to report.
      if (id !== null) builder.followChannel(id, name, { quiet: true });
    }
  }

  for (const playlist of records.filter(isPlaylist)) {
    const draft = builder.addPlaylist({
      name: text(playlist.playlistName) ?? 'FreeTube playlist',
      description: text(playlist.description),
      watchLater: WATCH_LATER_PLAYLISTS.has(text(playlist._id) ?? ''),
    });
    for (const video of list(playlist.videos)) {
      if (isRecord(video)) builder.addVideo(draft, video.videoId, text(video.title));
      else builder.addVideo(draft, video);
    }
  }

  readHistory(records.filter(isHistoryEntry), builder);
}

/** Newest first (NeDB keeps the order of writing, not of watching), so the newest are kept when there are too many. */
function readHistory(entries: JsonRecord[], builder: BundleBuilder): void {
  const time = (entry: JsonRecord): number => (typeof entry.timeWatched === 'number' && Number.isFinite(entry.timeWatched) ? entry.timeWatched : -Infinity);
  const newestFirst = entries.map((entry, index) => ({ entry, index, time: time(entry) })).sort((a, b) => b.time - a.time || a.index - b.index);
  for (const { entry } of newestFirst) {
    // A live stream's progress is where the member joined it, not a place to resume.
    const live = entry.isLive === true;
    builder.addHistory(entry.videoId, {
      watchedAt: entry.timeWatched,
      position: live ? undefined : entry.watchProgress,
      duration: live ? undefined : entry.lengthSeconds,
      title: text(entry.title),
    });
  }
}

function follow(builder: BundleBuilder, channel: unknown): void {
  const { candidate, name } = channelOf(channel);
  builder.followChannel(candidate, name);
}

function channelOf(channel: unknown): { candidate: unknown; name?: string } {
  if (!isRecord(channel)) return { candidate: channel };
  const name = text(channel.name);
  return name === undefined ? { candidate: channel.id } : { candidate: channel.id, name };
}

function isProfile(record: JsonRecord): boolean {
  return Array.isArray(record.subscriptions) && record._id !== undefined && typeof record.name === 'string';
}

function isPlaylist(record: JsonRecord): boolean {
  return typeof record.playlistName === 'string' && Array.isArray(record.videos);
}

function isHistoryEntry(record: JsonRecord): boolean {
  return typeof record.videoId === 'string' && ('timeWatched' in record || 'watchProgress' in record);
}

function isLegacySubscription(record: JsonRecord): boolean {
  return typeof record.channelId === 'string' && 'channelName' in record;
}
