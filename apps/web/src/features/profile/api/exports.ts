import { EXPORT_PATHS } from '@sift/contracts/export-paths';
import { api } from '../../../lib/api';
import { fileNameFrom, saveFile } from '../../../lib/download';

export type ExportKind = keyof typeof EXPORT_PATHS;

/** The names the server gives, for a response whose header did not come through. */
const FALLBACK_NAMES: Record<ExportKind, string> = {
  opml: 'sift-subscriptions.opml',
  newPipe: 'sift-newpipe-subscriptions.json',
  data: 'sift-data.zip',
};

/** A member with thousands of follows and playlist entries still gets the zip: more time than a page of JSON. */
const DOWNLOAD_TIMEOUT_MS = 120_000;

/**
 * GET /api/me/exports/…: fetched with the member's token (a plain link would go without it), then saved under the
 * name the server gave.
 */
export async function downloadExport(kind: ExportKind): Promise<void> {
  const res = await api.requestFull<Blob>(EXPORT_PATHS[kind], { as: 'blob', timeoutMs: DOWNLOAD_TIMEOUT_MS, headers: { Accept: '*/*' } });
  saveFile(res.data, fileNameFrom(res.headers.get('content-disposition'), FALLBACK_NAMES[kind]));
}
