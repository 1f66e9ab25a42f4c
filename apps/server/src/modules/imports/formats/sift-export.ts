/**
 * Sift's own personal-data export (`sift-export.json`, inside the .zip of GET /api/me/exports/data.zip, or uploaded
 * alone), read leniently: a field of the wrong type reads as absent, and what a bundle has no place for (the profile,
 * mail frequencies, a sift's category) is not read. Followed sifts of other people are set aside: they are someone
 * else's, to follow again from their page.
 */
import { siftFiltersSchema, siftKeywordsSchema } from '@sift/contracts';
import type { BundleBuilder } from './builder.js';
import { SKIP_REASONS, describeItem } from './builder.js';
import { ImportFileError } from './bundle.js';
import type { SiftExportDocument } from './sift-export-document.js';
import { isRecord, list, text } from './text.js';

/**
 * The document's type and file name are defined once, in sift-export-document.ts, which the exports module writes
 * with; they are re-exported here so the reader and the writer cannot drift apart.
 */
export type { SiftExportDocument, SiftHistoryExportEntry } from './sift-export-document.js';
export { SIFT_EXPORT_FILE, SIFT_HISTORY_FILE } from './sift-export-document.js';

export const SIFT_EXPORT_FORMAT: SiftExportDocument['format'] = 'Sift';
export const SIFT_EXPORT_VERSION: SiftExportDocument['version'] = 1;

export function isSiftExport(value: unknown): boolean {
  return isRecord(value) && value.format === SIFT_EXPORT_FORMAT;
}

/** data.zip's `history.json`: entries that each name a video and say whether it was watched (sift-export-document.ts). */
export function isSiftHistory(value: unknown): value is unknown[] {
  return Array.isArray(value) && value.length > 0 && value.every((entry) => isRecord(entry) && typeof entry.videoId === 'string' && typeof entry.watched === 'boolean');
}

/** Newest first as written; a field of the wrong type reads as absent. */
export function readSiftHistory(entries: unknown[], builder: BundleBuilder): void {
  for (const entry of entries) {
    if (!isRecord(entry)) continue;
    builder.addHistory(entry.videoId, {
      watchedAt: text(entry.watchedAt),
      position: entry.position,
      duration: entry.duration,
      title: text(entry.title),
      watched: typeof entry.watched === 'boolean' ? entry.watched : undefined,
    });
  }
}

/** Reads the document leniently (a field of the wrong type reads as absent), but only versions this Sift knows. */
export function readSiftExport(value: unknown, builder: BundleBuilder): void {
  if (!isRecord(value)) return;
  if (value.version !== SIFT_EXPORT_VERSION) {
    throw new ImportFileError(
      `This Sift export has version ${JSON.stringify(value.version ?? null)}; this Sift reads version ${SIFT_EXPORT_VERSION}. Export again from this Sift, or import on the Sift that made it.`,
      'IMPORT_FILE_INVALID',
    );
  }
  const follows = isRecord(value.follows) ? value.follows : {};
  for (const channel of list(follows.channels)) {
    if (isRecord(channel)) builder.followChannel(channel.externalId, text(channel.name));
    else builder.followChannel(channel);
  }
  for (const sift of list(follows.sifts)) {
    const item = isRecord(sift) ? describeItem(text(sift.name), sift.hash) : describeItem(undefined, sift);
    builder.skip(item, SKIP_REASONS.followedSift);
  }

  for (const playlist of list(value.playlists)) {
    if (!isRecord(playlist)) continue;
    const draft = builder.addPlaylist({
      name: text(playlist.name) ?? 'Imported playlist',
      description: text(playlist.description),
      public: playlist.public === true,
      watchLater: playlist.watchLater === true,
    });
    for (const video of list(playlist.videos)) {
      if (isRecord(video)) builder.addVideo(draft, video.externalId, text(video.title));
      else builder.addVideo(draft, video);
    }
  }

  for (const sift of list(value.sifts)) {
    if (!isRecord(sift)) continue;
    const name = text(sift.name) ?? 'Imported sift';
    const keywords = sift.keywords === undefined ? undefined : siftKeywordsSchema.safeParse(sift.keywords);
    const filters = sift.filters === undefined ? undefined : siftFiltersSchema.safeParse(sift.filters);
    if (keywords?.success === false || filters?.success === false) builder.skip(`Keyword rules of sift "${name}"`, SKIP_REASONS.unreadableRules);
    const draft = builder.addSift(
      {
        name,
        description: text(sift.description),
        public: sift.public === true,
        category: text(sift.category) ?? null,
        keywords: keywords?.success ? keywords.data : undefined,
        filters: filters?.success ? filters.data : undefined,
      },
      { keepEmpty: true },
    );
    for (const channel of list(sift.channels)) {
      if (isRecord(channel)) builder.addSiftChannel(draft, channel.externalId, text(channel.name));
      else builder.addSiftChannel(draft, channel);
    }
  }
}
