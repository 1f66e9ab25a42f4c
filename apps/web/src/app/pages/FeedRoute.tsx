import { useSearchParams } from 'react-router';
import { FeedPage } from '../../features/feed/components/PersonalFeed';
import { MarkAllWatched } from '../../features/history/components/MarkAllWatched';
import { useSubscriptions } from '../../features/subscriptions';
import { useSubscriptionsEnabled } from '../subscriptions-option';
import { usePlaySiftParam } from '../../features/sifts';

/**
 * /feed and /feed/myfeed (SPEC §2): the feed page, and `?sid=` starts that sift in the player with the sift as the
 * queue, as the sift page's "Play all" does (the sifts feature; features do not import each other).
 */
export default function FeedRoute() {
  const [params] = useSearchParams();
  usePlaySiftParam(params.get('sid'));
  // Issue 30: each filter chip shows its subscription's unwatched count, and the feed has "Mark all as watched" — the
  // subscriptions' and the history feature's parts, passed in.
  const subscriptions = useSubscriptions(useSubscriptionsEnabled());
  const unwatched = new Map((subscriptions.data?.items ?? []).map((s) => [s.id, s.unwatchedCount]));
  return <FeedPage unwatchedOf={(id) => unwatched.get(id)} renderTools={(newest) => <MarkAllWatched target="feed" before={newest} />} />;
}
