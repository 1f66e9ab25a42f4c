import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { PagedVideos, Sift } from '@sift/contracts';
import { api, isApiError } from '../../lib/api';
import { to } from '../../lib/paths';
import { siftKeys, siftUrl, useSift } from './api/queries';
import { siftQueue } from './queue';

/**
 * What the player needs from sifts (app/layout/WatchPlayer): the queue of `s` (once the sift is read) and the player
 * menu's "View sift". The last `s` is kept while the player goes on playing from it on other pages.
 */
export function useSiftPlayer(s: string | null) {
  const [last, setLast] = useState<string | null>(s);
  if (s && s !== last) setLast(s);
  const hash = s ?? last ?? '';
  const sift = useSift(hash);
  const navigate = useNavigate();
  const data = s ? sift.data : undefined;
  const queue = useMemo(() => (data ? siftQueue(data) : null), [data]);
  const menuHandlers = useMemo(() => (hash ? { viewSift: () => navigate(to.sift(hash)) } : {}), [navigate, hash]);
  return { queue, menuHandlers };
}

/** Where "Play all" goes: the first video with the sift as the player's queue. */
export function playSiftPath(hash: string, firstVideoExternalId: string) {
  return to.watch(firstVideoExternalId, { sift: hash });
}

/** The auth-check address of SPEC §2 for a 403 on `sid` (lib/paths `to.showVideoAuthCheck`; `vid`'s uses it too). */
export function showVideoAuthCheckPath(currentPath: string) {
  return to.showVideoAuthCheck(currentPath);
}

/**
 * `/feed?sid=…` and `/feed/myfeed?sid=…` (SPEC §2): start that sift in the player as "Play all" does — its newest
 * video, with the sift as the player's queue (`s`) — on the page where the person is. `sid` is a sift id or hash.
 * A sift with no videos yet opens its page; an unknown or private one opens the sift page too (which says so);
 * a 403 goes to the auth-check address.
 */
export function usePlaySiftParam(sid: string | null) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!sid) return;
    const controller = new AbortController();
    const { signal } = controller;
    const here = () => ({ pathname: window.location.pathname, search: window.location.search });
    void (async () => {
      try {
        const sift = await queryClient.fetchQuery({ queryKey: siftKeys.detail(sid), queryFn: () => api.get<Sift>(siftUrl(sid), { signal, quiet: true }) });
        // The player reads the sift by hash (useSiftPlayer): it finds it here instead of asking again.
        queryClient.setQueryData(siftKeys.detail(sift.hash), sift);
        const first = await api.get<PagedVideos>(`${siftUrl(sift.hash)}/videos`, { query: { limit: 1 }, signal, quiet: true });
        if (signal.aborted) return;
        const video = first.videos[0]?.externalId;
        if (!video) {
          navigate(to.sift(sift.hash), { replace: true });
          return;
        }
        const { pathname, search } = here();
        const next = new URLSearchParams(search);
        next.delete('sid');
        next.delete('vid');
        next.set('v', video);
        next.set('s', sift.hash);
        navigate(`${pathname}?${next.toString()}`, { replace: true });
      } catch (error) {
        if (signal.aborted) return;
        const { pathname, search } = here();
        if (isApiError(error) && error.status === 403) navigate(showVideoAuthCheckPath(pathname + search), { replace: true });
        else navigate(to.sift(sid), { replace: true });
      }
    })();
    return () => controller.abort();
  }, [sid, navigate, queryClient]);
}
