import { z } from 'zod';

/**
 * Usage analytics (SPEC §3 "isPremium … is sent for analytics", §9 "event names have the form eca_*"), sent by the
 * browser only after its visitor accepted the cookie notice, to Sift's own `POST /api/analytics/events` (decisions/020).
 */
export const ANALYTICS_EVENTS_PATH = '/api/analytics/events';
export const ANALYTICS_BATCH_MAX = 50;

/** The events the web app sends; the server takes any `eca_*` name, so a new one needs no server change. */
export type AnalyticsEventName =
  | 'eca_page_view'
  | 'eca_play'
  | 'eca_follow'
  | 'eca_create_sift'
  | 'eca_create_playlist'
  | 'eca_share'
  | 'eca_import'
  | 'eca_sign_up'
  | 'eca_login';

/** Small flat properties: an id, a kind, a count; nothing nested, nothing long. */
export type AnalyticsProps = Record<string, string | number | boolean | null>;

const propKey = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, { message: 'must be a short identifier' });
const propValue = z.union([z.string().max(200), z.number().finite(), z.boolean(), z.null()]);

export const analyticsEventSchema = z.object({
  name: z.string().regex(/^eca_[a-z][a-z0-9_]{0,47}$/, { message: 'must be eca_ and a lowercase name' }),
  /** When it happened, by the browser's clock (ISO 8601); the server keeps it within the day before arrival. */
  at: z.iso.datetime({ offset: true }).optional(),
  path: z.string().max(512).optional(),
  props: z
    .record(propKey, propValue)
    .refine((p) => Object.keys(p).length <= 20, { message: 'must have at most 20 properties' })
    .optional(),
});

export const analyticsBatchSchema = z.object({
  /** The browser's random analytics identity, made when its visitor consented. */
  visitorId: z.uuid(),
  events: z.array(analyticsEventSchema).min(1).max(ANALYTICS_BATCH_MAX),
});
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;

export const analyticsAcceptedSchema = z.object({ accepted: z.number().int() });
