import { z } from 'zod';

export { EXPORT_PATHS } from './export-paths.js';

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
