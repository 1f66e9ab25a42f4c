import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type {
  ChannelList,
  PagedVideos,
  Sift,
  SiftCategory,
  SiftChannelInput,
  SiftFilters,
  SiftImportStatus,
  SiftKeywords,
  SiftList,
  SiftPreview,
} from '@sift/contracts';
import { trackOnSuccess } from '../../../lib/analytics';
import { api } from '../../../lib/api';
import { IMPORT_POLL_CHANGED_MS } from '../../../lib/config';
import { PAGE_SIZE, mergeUnique, nextCursor } from '../../../lib/paging';

export type SiftSort = '' | 'created' | 'videos' | 'alpha';

export const siftKeys = {
  all: ['sifts'] as const,
  list: (params: { q: string; sort: SiftSort; following: boolean }) => [...siftKeys.all, 'list', params] as const,
  detail: (id: string) => [...siftKeys.all, 'detail', id] as const,
  videos: (id: string, hideWatched = false) => [...siftKeys.all, 'videos', id, { hideWatched }] as const,
  categories: () => [...siftKeys.all, 'categories'] as const,
  preview: (body: unknown) => [...siftKeys.all, 'preview', body] as const,
  // Discovery (api/discovery.ts): under `all`, so a change to any sift refreshes them too.
  explore: () => [...siftKeys.all, 'explore'] as const,
  ofChannel: (externalId: string) => [...siftKeys.all, 'channel', externalId] as const,
  ofCategory: (id: string) => [...siftKeys.all, 'category', id] as const,
  similar: (id: string, limit: number) => [...siftKeys.all, 'similar', id, limit] as const,
  search: (q: string) => [...siftKeys.all, 'search', q] as const,
};

const enc = encodeURIComponent;
/** The API address of a sift (by id or hash); its calls hang off it. */
export const siftUrl = (id: string | number) => `/api/sifts/${enc(String(id))}`;

/** Everything cached about sifts is stale after a change. */
export const invalidateSifts = (qc: QueryClient) => qc.invalidateQueries({ queryKey: siftKeys.all });

/** GET /api/sifts: logged in, mine (following=false) or followed; a visitor sees public ones. */
export function useSifts(params: { q: string; sort: SiftSort; following: boolean }, enabled = true) {
  const query = useInfiniteQuery({
    queryKey: siftKeys.list(params),
    queryFn: ({ pageParam, signal }) =>
      api.get<SiftList>('/api/sifts', {
        query: { limit: PAGE_SIZE, q: params.q.trim() || undefined, sort: params.sort || undefined, following: params.following, next: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled,
  });
  const sifts = mergeUnique((query.data?.pages ?? []).map((p) => p.items.map((s) => ({ ...s, externalId: s.hash }))));
  return { ...query, sifts };
}

/** A channel import under way (SPEC §4 "Sift import status"): the sift is asked again until it ends. */
const IMPORTING: ReadonlySet<SiftImportStatus> = new Set(['PENDING_IMPORT', 'IMPORTING', 'METADATA_IMPORTED', 'VIDEOS_IMPORTED']);

/**
 * GET /api/sifts/{id}. While a channel of it is being imported in the background the sift is polled (the import
 * polling interval), and when the import ends its videos are read again: the page fills without a reload, however
 * long the job waited in the queue.
 */
export function useSift(id: string) {
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: siftKeys.detail(id),
    queryFn: ({ signal }) => api.get<Sift>(siftUrl(id), { signal }),
    enabled: !!id,
    refetchInterval: (q) => (q.state.data && IMPORTING.has(q.state.data.importStatus) ? IMPORT_POLL_CHANGED_MS : false),
  });
  const status = query.data?.importStatus;
  const wasImporting = useRef(false);
  useEffect(() => {
    if (!status) return;
    if (wasImporting.current && !IMPORTING.has(status)) void qc.invalidateQueries({ queryKey: [...siftKeys.all, 'videos', id] });
    wasImporting.current = IMPORTING.has(status);
  }, [status, id, qc]);
  return query;
}

/** GET /api/sifts/{hash}/videos: the sift's matches, newest first. */
export function useSiftVideos(id: string, limit = PAGE_SIZE, hideWatched = false) {
  const query = useInfiniteQuery({
    queryKey: siftKeys.videos(id, hideWatched),
    queryFn: ({ pageParam, signal }) =>
      api.get<PagedVideos>(`${siftUrl(id)}/videos`, { query: { limit, next: pageParam, hideWatched: hideWatched || undefined }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => nextCursor(last, limit),
    enabled: !!id,
  });
  const videos = mergeUnique(query.data?.pages.map((p) => p.videos) ?? []);
  return { ...query, videos, total: query.data?.pages[0]?.totalResults };
}

export function useSiftCategories() {
  return useQuery({
    queryKey: siftKeys.categories(),
    queryFn: ({ signal }) => api.get<SiftCategory[]>('/api/sifts/categories', { signal }),
    staleTime: Infinity,
  });
}

export interface PreviewBody {
  channels: string[];
  keywords: SiftKeywords;
  filters: SiftFilters;
}

/** The live preview: debounced by the caller; the previous answer stays on screen while the next one loads. */
export function useSiftPreview(body: PreviewBody | null) {
  return useQuery({
    queryKey: siftKeys.preview(body),
    queryFn: ({ signal }) => api.post<SiftPreview>('/api/sifts/preview', { ...body!, limit: 5 }, { signal, quiet: true }),
    enabled: !!body,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Channels to add, from the catalog (GET /api/public/v01/channel/search). */
export function useChannelSuggestions(q: string) {
  return useQuery({
    queryKey: ['sifts', 'channel-search', q],
    queryFn: ({ signal }) => api.get<ChannelList>('/api/public/v01/channel/search', { query: { q: q.trim() || undefined, limit: 8 }, signal }),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

// ---- calls ------------------------------------------------------------------------------------------------------

export interface SiftBody {
  name?: string;
  description?: string;
  category?: string | null;
  public?: boolean;
  channels?: SiftChannelInput[];
  keywords?: SiftKeywords;
  filters?: SiftFilters;
}

export const createSift = (body: SiftBody & { name: string }) => api.post<Sift>('/api/sifts', body).then(trackOnSuccess('eca_create_sift'));
export const updateSift = (id: string | number, body: SiftBody) => api.put<Sift>(siftUrl(id), body);
export const deleteSift = (id: string | number) => api.del<void>(siftUrl(id));
export const copySift = (id: string | number) => api.post<Sift>(`${siftUrl(id)}/copy`);
export const setSiftPublic = (id: string | number, isPublic: boolean) => (isPublic ? api.post<Sift>(`${siftUrl(id)}/public`) : api.del<Sift>(`${siftUrl(id)}/public`));
export const addSiftChannel = (id: string | number, channel: SiftChannelInput) => api.post<Sift>(`${siftUrl(id)}/channels`, channel);
export const removeSiftChannel = (id: string | number, channelExternalId: string) => api.del<Sift>(`${siftUrl(id)}/channels/${enc(channelExternalId)}`);
export function uploadSiftImage(hash: string, file: File) {
  const form = new FormData();
  form.append('file', file);
  return api.put<Sift>(`${siftUrl(hash)}/images`, form);
}
export const removeSiftImage = (hash: string) => api.del<Sift>(`${siftUrl(hash)}/images`);
