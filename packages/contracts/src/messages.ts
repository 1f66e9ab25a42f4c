import { z } from 'zod';

export const DEFAULT_MESSAGE_PAGE_ID = 44;

export const siteMessageLevelSchema = z.enum(['info', 'warn', 'system']);
export type SiteMessageLevel = z.infer<typeof siteMessageLevelSchema>;

/** A message's text in other languages, by locale: the bar shows the reader's language when it is there. */
export const siteMessageTranslationsSchema = z.record(z.string(), z.object({ text: z.string(), linkText: z.string().nullable() }));
export type SiteMessageTranslations = z.infer<typeof siteMessageTranslationsSchema>;

export const siteMessageSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  linkUrl: z.string().nullable(),
  linkText: z.string().nullable(),
  translations: siteMessageTranslationsSchema.optional(),
  /** 'forever': dismissing keeps it hidden for 30 days (cookie); 'session': until the browser closes. */
  dismissal: z.enum(['forever', 'session']),
});
export type SiteMessage = z.infer<typeof siteMessageSchema>;

export const pageLocationSchema = z.object({
  pageId: z.number().int(),
  info: z.array(siteMessageSchema),
  warn: z.array(siteMessageSchema),
  system: z.array(siteMessageSchema),
});

export const messagesResponseSchema = z.object({ pageLocations: z.array(pageLocationSchema) });
export type MessagesResponse = z.infer<typeof messagesResponseSchema>;

export const messagesQuerySchema = z.object({
  pageId: z.coerce.number().int().min(1).max(1_000_000).default(DEFAULT_MESSAGE_PAGE_ID),
});
