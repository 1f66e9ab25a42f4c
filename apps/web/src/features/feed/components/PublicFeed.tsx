import { Trans, useLingui } from '@lingui/react/macro';
import type { Video } from '@sift/contracts';
import { VideoCard } from '../../../components/Cards';
import { InfiniteList, pagingOf } from '../../../components/InfiniteList';
import { HideWatchedToggle } from '../../../components/HideWatchedToggle';
import { ViewToggle } from '../../../components/ViewToggle';
import { useHideWatched } from '../../../lib/hide-watched';
import { useNow, usePreference } from '../../../lib/hooks';
import { usePublicFeed, type FeedParams } from '../api/queries';
import { PAGE_SIZE } from '../../../lib/paging';

const keyOf = (v: Video) => v.externalId;

/** The feed parameters the list asks with: its address's, and the reader's "Hide watched" switch. */
export const publicFeedParams = (hideWatched: boolean, params?: FeedParams): FeedParams | undefined =>
  hideWatched ? { ...params, hideWatched: true } : params;
const NONE: Video[] = [];
const HELD = { loading: true, hasMore: false } as const;

/**
 * The Dashboard's main list: the public feed, newest first, loading more as the reader scrolls. A visitor's feed page
 * passes the feed parameters its address carries (SPEC §7). `held`: the feed is fetched but only the first-load
 * placeholder is drawn (the Dashboard under the video modal).
 */
export function PublicFeed({ params, held = false }: { params?: FeedParams; held?: boolean }) {
  const { t } = useLingui();
  const hideWatched = useHideWatched('dashboard');
  const feed = usePublicFeed(PAGE_SIZE, publicFeedParams(hideWatched.on, params));
  const [gridType] = usePreference('gridType');
  const now = useNow();
  return (
    <section className="section" aria-labelledby="latest-heading">
      <div className="section-head">
        <h2 id="latest-heading">
          <Trans>Latest videos</Trans>
        </h2>
        <div className="section-tools">
          <HideWatchedToggle state={hideWatched} />
          <ViewToggle />
        </div>
      </div>
      <InfiniteList
        label={t`Latest videos`}
        layout={gridType}
        items={held ? NONE : feed.videos}
        getKey={keyOf}
        renderItem={(video, position) => <VideoCard video={video} position={position} now={now} />}
        {...pagingOf(feed)}
        {...(held && HELD)}
      />
    </section>
  );
}
