import { useParams } from 'react-router';
import { SiftChannelsPage, SiftPage } from '../../features/sifts/components/SiftPage';
import { MarkAllWatched } from '../../features/history/components/MarkAllWatched';
import { SiftFollowButton, useFollowSiftMenu } from '../../features/subscriptions';
import { useSubscriptionsEnabled } from '../subscriptions-option';

/**
 * A sift's pages (SPEC §2), one lazy chunk: /sifts/{hash or id} and its channels. The routes that change sifts (the
 * editor, creation, "Add to sift") are SiftEditorRoutes.tsx and the list (/sifts) is a chunk of its own: with them, a
 * shared sift's first visit downloaded 23 files (24 KiB gzip), the channel page 11 (decision 061).
 */
export function SiftRoute() {
  const { hash = '' } = useParams();
  const subscriptionsEnabled = useSubscriptionsEnabled();
  const followMenu = useFollowSiftMenu(subscriptionsEnabled);
  // A new sift is a new page: state (dialogs, list) starts fresh.
  // Follow a sift from its page (issue 7): the subscriptions feature's button and its ⋮ entries (Follow, or the
  // follow settings), passed in here — only with the subscription option on (SPEC §5).
  // "Mark all as watched" (issue 30) is the history feature's, passed in the same way.
  return (
    <SiftPage
      key={hash}
      id={hash}
      renderFollow={subscriptionsEnabled ? (sift) => <SiftFollowButton sift={sift} /> : undefined}
      followMenu={subscriptionsEnabled ? followMenu : undefined}
      renderTools={(sift, newest) => <MarkAllWatched target={{ siftId: sift.id }} before={newest} />}
    />
  );
}

export const ViewChannelsPage = () => <SiftChannelsPage mode="view" />;
export const AddChannelsPage = () => <SiftChannelsPage mode="add" />;
