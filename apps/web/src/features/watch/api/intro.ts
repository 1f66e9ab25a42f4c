import { useQuery } from '@tanstack/react-query';
import type { ChannelList, PagedVideos } from '@sift/contracts';
import { api } from '../../../lib/api';

/**
 * The default introduction video (SPEC §3: "A default introduction video is shown when none is chosen"): the one
 * an install names in VITE_INTRO_VIDEO_ID, otherwise the newest playable video of the most-followed channel —
 * a choice that exists in every catalog, demo or YouTube, and that changes as the catalog does.
 */
export const INTRO_VIDEO_ID = import.meta.env.VITE_INTRO_VIDEO_ID?.trim() || null;

export async function fetchIntroVideoId(signal?: AbortSignal): Promise<string | null> {
  if (INTRO_VIDEO_ID) return INTRO_VIDEO_ID;
  const channels = await api.get<ChannelList>('/api/public/v01/channel/search', { query: { limit: 1 }, signal, quiet: true });
  const channel = channels.items[0];
  if (!channel) return null;
  const page = await api.get<PagedVideos>(`/api/search/channels/${encodeURIComponent(channel.externalId)}/videos`, {
    query: { limit: 10 },
    signal,
    quiet: true,
  });
  return (page.videos.find((v) => v.embeddable) ?? page.videos[0])?.externalId ?? null;
}

export function useIntroVideoId(enabled: boolean) {
  return useQuery({
    queryKey: ['videos', 'intro'],
    queryFn: ({ signal }) => fetchIntroVideoId(signal),
    enabled,
    staleTime: 60 * 60_000,
  });
}
