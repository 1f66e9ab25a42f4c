import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { MessagesResponse, SiteMessage, SiteMessageLevel } from '@sift/contracts';
import { api } from '../../../lib/api';
import { MESSAGE_PAGE_ID } from '../../../lib/config';
import { readJsonIsland } from '../../../lib/json-island';
import { preferences } from '../../../lib/storage';

/** The JSON island the server puts in the page (apps/server/src/modules/messages/messages.page.ts). */
const INLINE_MESSAGES_ID = 'sift-site-messages';

const isMessagesResponse = (v: unknown): v is MessagesResponse =>
  typeof v === 'object' && v !== null && Array.isArray((v as MessagesResponse).pageLocations);

/**
 * The messages known before asking, so that the bar is in place at the first paint instead of pushing the page down
 * when the answer comes: the ones the server put in this page (as fresh as the page), else, when the page came from
 * the service worker's copy, the last answer this browser saw (shown while it is asked again at once).
 */
function knownMessages(pageId: number): { data: MessagesResponse; updatedAt: number } | undefined {
  if (pageId !== MESSAGE_PAGE_ID) return undefined;
  const inPage = readJsonIsland(INLINE_MESSAGES_ID, isMessagesResponse);
  if (inPage) return { data: inPage, updatedAt: performance.timeOrigin };
  const stored = preferences.get('site_messages');
  return isMessagesResponse(stored) ? { data: stored, updatedAt: 0 } : undefined;
}

export const messageKeys = {
  all: ['messages'] as const,
  page: (pageId: number) => [...messageKeys.all, pageId] as const,
};

export interface LeveledMessage extends SiteMessage {
  level: SiteMessageLevel;
}

/** GET /api/public/v01/content/messages?pageId=44 → the page location's info, warn and system messages. */
export function useSiteMessages(pageId = MESSAGE_PAGE_ID) {
  // Read once per mount: a JSON parse is not for every render.
  const [known] = useState(() => knownMessages(pageId));
  return useQuery({
    queryKey: messageKeys.page(pageId),
    queryFn: async ({ signal }) => {
      const data = await api.get<MessagesResponse>('/api/public/v01/content/messages', { query: { pageId }, signal });
      if (pageId === MESSAGE_PAGE_ID) preferences.set('site_messages', data);
      return data;
    },
    initialData: known?.data,
    initialDataUpdatedAt: known?.updatedAt,
    select: (data): LeveledMessage[] => {
      const loc = data.pageLocations.find((p) => p.pageId === pageId) ?? data.pageLocations[0];
      if (!loc) return [];
      // Most severe first: system notices, then warnings, then information.
      return [
        ...loc.system.map((m) => ({ ...m, level: 'system' as const })),
        ...loc.warn.map((m) => ({ ...m, level: 'warn' as const })),
        ...loc.info.map((m) => ({ ...m, level: 'info' as const })),
      ];
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
}
