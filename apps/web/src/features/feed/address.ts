import { FEED_LIST_PARAMS, type FeedParams } from './api/queries';

/**
 * What a feed page's address says (`/feed?subs=3&filterText=…&any=a,b`), so that a filtered feed can be shared,
 * reloaded and gone back to: read by the feed page and, for a video opened from it, by the player's queue (queue.ts).
 * Apart from the feed's reads (api/queries), which the first route needs: these only a feed page does.
 */

/** The filter chips chosen (`?subs=1,2`). */
export const FEED_CHIPS_PARAM = 'subs';

/** The subscription ids a feed page's address selects (`?subs=1,2`). */
export function feedChipsFrom(search: URLSearchParams): number[] {
  return (search.get(FEED_CHIPS_PARAM) ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
}

const FEED_ID_PARAMS = ['itemId', 'itemBefore'] as const;

/** The feed parameters a feed page's address carries (`/feed?filterText=…&any=a,b`), so a filtered feed can be shared. */
export function feedParamsFrom(search: URLSearchParams): FeedParams {
  const params: FeedParams = {};
  const text = search.get('filterText')?.trim();
  if (text) params.filterText = text;
  for (const key of FEED_ID_PARAMS) {
    const n = Number(search.get(key));
    if (Number.isInteger(n) && n > 0) params[key] = n;
  }
  const external = search.get('itemBeforeExternal')?.trim();
  if (external) params.itemBeforeExternal = external;
  for (const key of FEED_LIST_PARAMS) {
    const list = search
      .getAll(key)
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter(Boolean);
    if (list.length > 0) params[key] = list;
  }
  return params;
}
