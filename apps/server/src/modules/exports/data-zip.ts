import { strToU8, zipSync } from 'fflate';
import { FREETUBE_HISTORY_FILE, freeTubeHistoryDb } from './freetube-history.js';
import { SIFT_EXPORT_FILE, SIFT_HISTORY_FILE, type SiftExportDocument, type SiftHistoryExportEntry } from '../imports/formats/sift-export-document.js';

export const README_FILE = 'README.txt';

/** What the archive holds, for a person opening it (plain text, CRLF so every system's editor shows the lines). */
export function readmeText(appName: string, document: SiftExportDocument, history: readonly SiftHistoryExportEntry[]): string {
  const lines = [
    `Your ${appName} data`,
    `Exported ${document.exportedAt} for ${document.profile.email}.`,
    '',
    `${SIFT_EXPORT_FILE}`,
    `  Everything you made on ${appName}, as JSON (format "Sift", version ${document.version}):`,
    '  - profile: your e-mail address, name and when you joined.',
    `  - follows.channels: the ${document.follows.channels.length} channel(s) you follow, by YouTube channel id, with the mail frequency of each.`,
    `  - follows.sifts: the ${document.follows.sifts.length} sift(s) you follow, by hash (a sift's address ends in /sifts/<hash>).`,
    `  - playlists: your ${document.playlists.length} playlist(s), Watch later included (watchLater: true), each with its videos`,
    '    in your order, by YouTube video id and title.',
    `  - sifts: your ${document.sifts.length} sift(s) with their keywords (all / any / none), filters, category, whether`,
    '    each is public, and its channels by YouTube channel id.',
    '',
    `${SIFT_HISTORY_FILE}`,
    `  Your watch history: ${history.length} video(s), newest first, each with its YouTube video id, when you last watched it`,
    '  (watchedAt), where you stopped (position and duration, in seconds) and whether it counts as watched.',
    '',
    `${FREETUBE_HISTORY_FILE}`,
    '  The same watch history for FreeTube: Settings, Data Settings, "Import History", and choose this file.',
    '',
    `  ${appName}'s import reads this zip as it is: your follows, playlists, sifts and watch history come back.`,
    '',
    'Followed channels alone, for other apps: on your profile, "Subscriptions (OPML)" (feed readers, Invidious,',
    'FreeTube) and "Subscriptions for NewPipe".',
    '',
  ];
  return lines.join('\r\n');
}

/**
 * The personal-data export: sift-export.json and history.json (read back by Sift's import, format SIFT_ZIP), the
 * history again for FreeTube (freetube-history.db) and a README.txt.
 */
export function buildDataZip(document: SiftExportDocument, history: readonly SiftHistoryExportEntry[], appName: string): Uint8Array {
  const mtime = new Date(document.exportedAt);
  return zipSync(
    {
      [SIFT_EXPORT_FILE]: [strToU8(`${JSON.stringify(document, null, 2)}\n`), { level: 6, mtime }],
      [SIFT_HISTORY_FILE]: [strToU8(`${JSON.stringify(history)}\n`), { level: 6, mtime }],
      [FREETUBE_HISTORY_FILE]: [strToU8(freeTubeHistoryDb(history)), { level: 6, mtime }],
      [README_FILE]: [strToU8(readmeText(appName, document, history)), { level: 6, mtime }],
    },
    {},
  );
}
