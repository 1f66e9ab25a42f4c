import type { SiftHistoryExportEntry } from '../imports/formats/sift-export-document.js';

export const FREETUBE_HISTORY_FILE = 'freetube-history.db';

/**
 * The watch history as FreeTube's `history.db` (issue 30: "a FreeTube-readable history.db export"), which FreeTube's
 * Settings → Data → "Import history" reads: NeDB's format, one JSON object per line, each with every key FreeTube's
 * import asks for (`_id`, `videoId`, `title`, `author`, `authorId`, `published` and `timeWatched` in ms since the
 * epoch, `description`, `viewCount`, `lengthSeconds`, `watchProgress` in seconds, `isLive`, `type: 'video'`). A video
 * the member finished shows as watched to its end there (FreeTube has no watched flag apart from its progress).
 * Sift's own import reads it back too (formats/freetube.ts). Entries without their card (an older history.json
 * shape) are left out: FreeTube would refuse the whole file over one incomplete line.
 */
export function freeTubeHistoryDb(history: readonly SiftHistoryExportEntry[]): string {
  const lines: string[] = [];
  for (const entry of history) {
    if (entry.channelId === undefined || entry.publishedAt === undefined || entry.lengthSeconds === undefined) continue;
    const length = entry.lengthSeconds;
    lines.push(
      JSON.stringify({
        _id: entry.videoId,
        videoId: entry.videoId,
        title: entry.title ?? '',
        author: entry.channelName ?? '',
        authorId: entry.channelId,
        published: Date.parse(entry.publishedAt),
        description: '',
        viewCount: entry.viewCount ?? 0,
        lengthSeconds: length,
        watchProgress: entry.watched ? length : (entry.position ?? 0),
        timeWatched: entry.watchedAt ? Date.parse(entry.watchedAt) : 0,
        isLive: entry.live ?? false,
        type: 'video',
      }),
    );
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}
