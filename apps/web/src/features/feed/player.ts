import { useEffect, useState } from 'react';
import type { Video } from '@sift/contracts';
import { useHideWatched } from '../../lib/hide-watched';
import { paths } from '../../lib/paths';
import type { QueueSource } from '../../player/queue';

/**
 * What the player needs from the feed (app/layout/WatchPlayer): a video a member opened from their /feed plays inside
 * the feed (issue 31). SPEC §2 gives /watch no parameter for it (p and s name a playlist and a sift), so the page the
 * video was opened over says it — the history entry's state that minimising and closing already go back to (lib/url
 * `watchBackground`), with that page's address (its chips and filter text) and the feed's "Hide watched". A /watch link
 * opened elsewhere (shared, in a new tab) has no such page and plays the video's channel (decisions/042). The queue's
 * code loads when it is needed: the first route carries only this test.
 */
export function useFeedPlayer(openedFrom: { pathname: string; search: string } | null, member: boolean): QueueSource<Video> | null {
  const hideWatched = useHideWatched('feed').on;
  const fromFeed = member && (openedFrom?.pathname === paths.feed || openedFrom?.pathname === paths.myFeed);
  const search = fromFeed ? openedFrom.search : null;
  // The queue made for one page (its Hide watched and its address) is kept until another is wanted.
  const wanted = search === null ? null : `${hideWatched}${search}`;
  const [made, setMade] = useState<[string, QueueSource<Video>]>();
  useEffect(() => {
    if (search === null) return;
    const key = `${hideWatched}${search}`;
    void import('./queue').then((m) => setMade([key, m.personalFeedQueue({ hideWatched, search })]));
  }, [hideWatched, search]);
  return made?.[0] === wanted ? made[1] : null;
}
