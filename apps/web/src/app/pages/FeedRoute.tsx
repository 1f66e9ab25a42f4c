import { useSearchParams } from 'react-router';
import { FeedPage } from '../../features/feed/components/PersonalFeed';
import { usePlaySiftParam } from '../../features/sifts';

/**
 * /feed and /feed/myfeed (SPEC §2): the feed page, and `?sid=` starts that sift in the player with the sift as the
 * queue, as the sift page's "Play all" does (the sifts feature; features do not import each other).
 */
export default function FeedRoute() {
  const [params] = useSearchParams();
  usePlaySiftParam(params.get('sid'));
  return <FeedPage />;
}
