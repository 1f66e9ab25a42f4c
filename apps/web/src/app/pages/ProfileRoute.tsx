import { ProfilePage } from '../../features/account/pages/ProfilePages';
import { FeedAddress } from '../../features/feed';
import { SubscriptionsList } from '../../features/subscriptions';
import { useSubscriptionsEnabled } from '../subscriptions-option';

/**
 * /profile: the account's profile (issue 3) with the member's subscriptions and the private feed reader address
 * of their feed in it (issue 7), before the account's ending — both only with the subscription option on (SPEC §5).
 */
export default function ProfileRoute() {
  const subscriptionsEnabled = useSubscriptionsEnabled();
  return (
    <ProfilePage>
      {subscriptionsEnabled && (
        <>
          <SubscriptionsList />
          <FeedAddress />
        </>
      )}
    </ProfilePage>
  );
}
