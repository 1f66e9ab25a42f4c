import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { ResolvedAddress } from '@sift/contracts';
import { useAppNavigate } from '../../components/AppLink';
import { RequestCancelledError } from '../../lib/api';
import { to } from '../../lib/paths';
import { resolveAddress } from './api/resolve';

const CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;

/**
 * Whether submitted text may be an address the server can resolve: one word that has a '/' or a '.', starts
 * with '@' (a handle) or is a channel id. Which hosts are the video service's is the server's business.
 */
export function looksLikeAddress(text: string): boolean {
  if (!text || /\s/.test(text)) return false;
  return text.includes('/') || text.includes('.') || text.startsWith('@') || CHANNEL_ID.test(text);
}

/** Where a resolved address opens; null when it names nothing (search for the text instead). */
export function resolvedPath(found: ResolvedAddress): string | null {
  if (!found.externalId) return null;
  if (found.type === 'video') return to.watch(found.externalId);
  if (found.type === 'channel') return to.channel(found.externalId);
  return null;
}

/**
 * A search typed in the header is a new one: the search page starts it on the All type (issue 31, search/state.ts
 * useSearchFilters). Said in the navigation's state, so the filters' store stays out of the first route.
 */
const NEW_SEARCH = { state: { newSearch: true } };

/**
 * The header search box's submit (SPEC §2), a new search: text that looks like an address is resolved first and opens
 * the video or channel it names; anything else goes to the search page, and so does an address that names nothing or
 * whose resolving failed (the video service does not know it, cannot be asked, or no answer came: issue 31), with the
 * text as typed, instead of leaving the person on an error. A newer submit, or going elsewhere meanwhile, drops an
 * answer still on its way.
 */
export function useSearchSubmit() {
  const navigate = useAppNavigate();
  const { key } = useLocation();
  const pending = useRef<AbortController | null>(null);
  useEffect(() => () => pending.current?.abort(), [key]);

  return useCallback(
    async (text: string) => {
      pending.current?.abort();
      pending.current = null;
      if (!looksLikeAddress(text)) return navigate(to.search(text), NEW_SEARCH);
      const controller = new AbortController();
      pending.current = controller;
      let target: string | null = null;
      try {
        target = resolvedPath(await resolveAddress(text, controller.signal));
      } catch (err) {
        if (err instanceof RequestCancelledError || controller.signal.aborted) return;
        // Not resolved: the search page takes the text on (its own call says what is wrong, if anything still is).
      } finally {
        if (pending.current === controller) pending.current = null;
      }
      if (controller.signal.aborted) return;
      // A watch link names its own `v`, so the current one is not carried over it (as a card opens a video).
      if (target) navigate(target);
      else navigate(to.search(text), NEW_SEARCH);
    },
    [navigate],
  );
}
