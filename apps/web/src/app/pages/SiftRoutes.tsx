import { useParams } from 'react-router';
import { AddToSiftPage } from '../../features/sifts/components/SiftPicker';
import { CreateSiftPage, SiftEditPage } from '../../features/sifts/components/SiftEditor';
import { SiftChannelsPage, SiftPage } from '../../features/sifts/components/SiftPage';
import { SiftsPage } from '../../features/sifts/components/SiftsPage';
import { MarkAllWatched } from '../../features/history/components/MarkAllWatched';
import { SiftFollowButton, useFollowSiftMenu } from '../../features/subscriptions';
import { useSubscriptionsEnabled } from '../subscriptions-option';

/** The sift routes of SPEC §2, one lazy chunk: /sifts, /sifts/{hash or id}, /sifts/{hash}/edit, /create/sift, /add-to-sift. */
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

export function SiftEditRoute() {
  const { hash = '' } = useParams();
  return <SiftEditPage key={hash} id={hash} />;
}

export { AddToSiftPage, CreateSiftPage, SiftsPage };

export const ViewChannelsPage = () => <SiftChannelsPage mode="view" />;
export const AddChannelsPage = () => <SiftChannelsPage mode="add" />;
