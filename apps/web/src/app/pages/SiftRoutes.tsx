import { useParams } from 'react-router';
import { SiftChannelsPage, SiftPage } from '../../features/sifts/components/SiftPage';
import { SiftsPage } from '../../features/sifts/components/SiftsPage';
import { MarkAllWatched } from '../../features/history/components/MarkAllWatched';
import { SiftFollowButton, useFollowSiftMenu } from '../../features/subscriptions';
import { useSubscriptionsEnabled } from '../subscriptions-option';

/**
 * The sift routes of SPEC §2 that show sifts, one lazy chunk: /sifts, /sifts/{hash or id} and its channels. Those that
 * change them (the editor, creation, "Add to sift") are SiftEditorRoutes.tsx: a shared sift's first visit downloaded
 * 23 files (24 KiB gzip) with them, the channel page 11 (decision 061).
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

export { SiftsPage };

export const ViewChannelsPage = () => <SiftChannelsPage mode="view" />;
export const AddChannelsPage = () => <SiftChannelsPage mode="add" />;
