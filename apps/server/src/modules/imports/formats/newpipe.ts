/**
 * NewPipe's subscriptions export: `{app_version, app_version_int, subscriptions: [{service_id, url, name}]}`.
 * `service_id` 0 is YouTube; NewPipe also follows SoundCloud, PeerTube, media.ccc.de and Bandcamp channels.
 * (NewPipe's full backup, a .zip with newpipe.db, is read by newpipe-db.ts.)
 */
import type { BundleBuilder } from './builder.js';
import { SKIP_REASONS, describeItem } from './builder.js';
import { isRecord, list, text } from './text.js';

/** NewPipe's number for YouTube among its services. */
export const NEWPIPE_YOUTUBE_SERVICE = 0;

export function isNewPipeJson(value: unknown): boolean {
  if (!isRecord(value) || value.format !== undefined || !Array.isArray(value.subscriptions)) return false;
  if ('app_version' in value || 'app_version_int' in value) return true;
  return value.subscriptions.length > 0 && value.subscriptions.every((entry) => isRecord(entry) && 'url' in entry);
}

export function readNewPipeJson(value: unknown, builder: BundleBuilder): void {
  if (!isRecord(value)) return;
  for (const entry of list(value.subscriptions)) {
    if (!isRecord(entry)) {
      builder.skip(describeItem(undefined, entry), SKIP_REASONS.badId);
      continue;
    }
    const name = text(entry.name);
    if (!isYouTubeService(entry.service_id)) builder.skip(describeItem(name, entry.url), SKIP_REASONS.notYouTube);
    else builder.followChannel(entry.url, name);
  }
}

/** A missing service id is taken as YouTube (the address decides then); any other service is not. */
export function isYouTubeService(serviceId: unknown): boolean {
  return serviceId === undefined || serviceId === null || Number(serviceId) === NEWPIPE_YOUTUBE_SERVICE;
}
