import { useQuery } from '@tanstack/react-query';
import type { MessagesResponse, SiteMessage, SiteMessageLevel } from '@sift/contracts';
import { api } from '../../../lib/api';
import { MESSAGE_PAGE_ID } from '../../../lib/config';

export const messageKeys = {
  all: ['messages'] as const,
  page: (pageId: number) => [...messageKeys.all, pageId] as const,
};

export interface LeveledMessage extends SiteMessage {
  level: SiteMessageLevel;
}

/** GET /api/public/v01/content/messages?pageId=44 → the page location's info, warn and system messages. */
export function useSiteMessages(pageId = MESSAGE_PAGE_ID) {
  return useQuery({
    queryKey: messageKeys.page(pageId),
    queryFn: ({ signal }) =>
      api.get<MessagesResponse>('/api/public/v01/content/messages', { query: { pageId }, signal }),
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
