import { ProfilePage } from '../../features/account/pages/ProfilePages';
import { SubscriptionsList } from '../../features/subscriptions';
import { useSubscriptionsEnabled } from '../subscriptions-option';

/** /profile: the account's profile (issue 3) with the member's subscriptions under it (issue 7). */
export default function ProfileRoute() {
  const subscriptionsEnabled = useSubscriptionsEnabled();
  return (
    <>
      <ProfilePage />
      {subscriptionsEnabled && (
        <div className="page account-page profile-subscriptions">
          <SubscriptionsList />
        </div>
      )}
    </>
  );
}
