/**
 * Piped's JSON exports, all `{format: 'Piped', version: 1, …}`:
 * - subscriptions: `subscriptions: [{url: 'https://www.youtube.com/channel/UC…', name, service_id: 0}]`;
 * - playlists: `playlists: [{name, type, visibility, videos: ['https://youtube.com/watch?v=…']}]`;
 * - channel groups: `groups: [{groupName, channels: ['UC…']}]` (also accepted bare, one group or a list), which
 *   become sifts.
 */
import type { BundleBuilder } from './builder.js';
import { SKIP_REASONS, describeItem } from './builder.js';
import { isYouTubeService } from './newpipe.js';
import { isRecord, list, text, type JsonRecord } from './text.js';

export function isPipedJson(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0 && value.every(isGroup);
  return isRecord(value) && (value.format === 'Piped' || isGroup(value));
}

export function readPiped(value: unknown, builder: BundleBuilder): void {
  const document: JsonRecord = isRecord(value) && !isGroup(value) ? value : {};
  const groups = Array.isArray(value) ? value : isGroup(value) ? [value] : [...list(document.groups), ...list(document.channelGroups)];

  for (const entry of list(document.subscriptions)) {
    if (!isRecord(entry)) {
      builder.followChannel(entry);
      continue;
    }
    const name = text(entry.name);
    if (!isYouTubeService(entry.service_id)) builder.skip(describeItem(name, entry.url), SKIP_REASONS.notYouTube);
    else builder.followChannel(entry.url ?? entry.id, name);
  }

  for (const playlist of list(document.playlists)) {
    if (!isRecord(playlist)) continue;
    const visibility = text(playlist.visibility);
    const draft = builder.addPlaylist({
      name: text(playlist.name) ?? 'Piped playlist',
      ...(visibility === undefined ? {} : { public: visibility.toLowerCase() === 'public' }),
    });
    for (const video of list(playlist.videos)) {
      if (isRecord(video)) builder.addVideo(draft, video.url ?? video.id, text(video.title));
      else builder.addVideo(draft, video);
    }
  }

  for (const group of groups) {
    if (!isRecord(group)) continue;
    const sift = builder.addSift({ name: text(group.groupName) ?? text(group.name) ?? 'Piped group' });
    for (const channel of list(group.channels)) {
      if (isRecord(channel)) builder.addSiftChannel(sift, channel.id ?? channel.url, text(channel.name));
      else builder.addSiftChannel(sift, channel);
    }
  }
}

function isGroup(value: unknown): value is JsonRecord {
  return isRecord(value) && typeof value.groupName === 'string' && Array.isArray(value.channels);
}
