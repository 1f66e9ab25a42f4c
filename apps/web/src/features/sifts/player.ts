import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { to } from '../../lib/paths';
import { useSift } from './api/queries';
import { siftQueue } from './queue';

/**
 * What the player needs from sifts (app/layout/WatchHost): the queue of `s` (once the sift is read) and the player
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
  return `/watch?v=${encodeURIComponent(firstVideoExternalId)}&s=${encodeURIComponent(hash)}`;
}
