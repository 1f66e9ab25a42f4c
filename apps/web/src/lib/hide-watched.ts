import { useCallback } from 'react';
import { usePreference, useStore } from './hooks';
import { createStore } from './store';

/**
 * "Hide watched" (issue 30, decisions/041): a switch on the personal feed, each sift page, each channel page and the
 * Dashboard, remembered in this browser per member and per place (`${memberUuid}:${place}`, the `hide_watched`
 * preference), as recent searches are. Visitors have no history, so the switch is theirs never.
 */

/** The signed-in member's uuid (set by the app shell from the session), or null for a visitor. */
export const viewer = createStore<string | null>(null);

/** Where a "Hide watched" switch stands: `feed`, `dashboard`, `sift:{hash}`, `channel:{externalId}`. */
export type HideWatchedPlace = 'feed' | 'dashboard' | `sift:${string}` | `channel:${string}`;

export function useHideWatched(place: HideWatchedPlace): { member: boolean; on: boolean; set: (on: boolean) => void } {
  const uuid = useStore(viewer);
  const [all, setAll] = usePreference('hide_watched');
  const key = `${uuid ?? ''}:${place}`;
  const on = !!uuid && all[key] === true;
  const set = useCallback(
    (next: boolean) => {
      if (!uuid) return;
      const copy = { ...all };
      if (next) copy[key] = true;
      else delete copy[key];
      setAll(copy);
    },
    [uuid, all, key, setAll],
  );
  return { member: !!uuid, on, set };
}
