import { ProfilePage } from '../../features/account/pages/ProfilePages';
import { FeedAddress } from '../../features/feed';
import { YourData } from '../../features/profile';
import { SubscriptionsList } from '../../features/subscriptions';
import { useSubscriptionsEnabled } from '../subscriptions-option';

/**
 * /profile: the account's profile (issue 3) with the member's subscriptions and the private feed reader address
 * of their feed in it (issue 7) — both only with the subscription option on (SPEC §5) — and "Your data", the
 * member's exports (issue 16), before the account's ending.
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
      <YourData subscriptionsEnabled={subscriptionsEnabled} />
    </ProfilePage>
  );
}
