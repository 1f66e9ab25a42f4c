import { z } from 'zod';

/**
 * The member's exports (issue 16 §3 "Take it out"): files to download, each behind login. The web app fetches them
 * with its bearer token and hands the bytes to the browser as a download.
 */
export const EXPORT_PATHS = {
  /** OPML of the followed channels' feeds, for feed readers, Invidious and FreeTube. */
  opml: '/api/me/exports/subscriptions.opml',
  /** NewPipe's subscription import format (also read by FreeTube and LibreTube). */
  newPipe: '/api/me/exports/newpipe.json',
  /** Everything the member made: a zip of sift-export.json (read back by Sift's import) and a README.txt. */
  data: '/api/me/exports/data.zip',
} as const;

/** The app version NewPipe's own export writes; its importer reads any. */
export const NEWPIPE_APP_VERSION = { app_version: '0.27.6', app_version_int: 1004 } as const;

/** `GET /api/me/exports/newpipe.json`: NewPipe's subscriptions export (service_id 0 is YouTube). */
export const newPipeSubscriptionsSchema = z.object({
  app_version: z.string(),
  app_version_int: z.number().int(),
  subscriptions: z.array(
    z.object({
      service_id: z.number().int(),
      /** `https://www.youtube.com/channel/UC…` */
      url: z.string(),
      name: z.string(),
    }),
  ),
});
export type NewPipeSubscriptions = z.infer<typeof newPipeSubscriptionsSchema>;
