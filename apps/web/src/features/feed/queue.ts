import { t } from '@lingui/core/macro';
import type { Video } from '@sift/contracts';
import { QUEUE_FIND_PAGES, QUEUE_PAGE_SIZE } from '../../player/constants';
import type { QueueSource } from '../../player/queue';
import { feedChipsFrom, feedParamsFrom } from './address';
import { personalFeedPage } from './api/queries';

/**
 * The member's feed as the player's queue (issue 31, decisions/042): the videos of what they follow, newest first, as
 * the feed page showed them — its "Hide watched", and its address's search with the chips and filter text.
 * GET /api/me/feeds/videos page by page, key `feed:` and those choices.
 */
export function personalFeedQueue(page: { hideWatched: boolean; search: string }): QueueSource<Video> {
  const { hideWatched } = page;
  const address = new URLSearchParams(page.search);
  const subscriptionIds = feedChipsFrom(address);
  const params = { ...feedParamsFrom(address), ...(hideWatched ? { hideWatched } : {}) };
  return {
    key: `feed:${JSON.stringify([subscriptionIds, params])}`,
    item: { type: 'feed', id: 'feed', name: t`My feed` },
    pageSize: QUEUE_PAGE_SIZE,
    findPages: QUEUE_FIND_PAGES,
    async fetchPage(cursor, signal) {
      const page = await personalFeedPage(subscriptionIds, params, { limit: QUEUE_PAGE_SIZE, next: cursor ?? undefined, signal, quiet: true });
      return { videos: page.videoFeedItems.videos, next: page.videoFeedItems.next };
    },
  };
}
