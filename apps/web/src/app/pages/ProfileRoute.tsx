import { ProfilePage } from '../../features/account/pages/ProfilePages';
import { SubscriptionsList } from '../../features/subscriptions';

/** /profile: the account's profile (issue 3) with the member's subscriptions under it (issue 7). */
export default function ProfileRoute() {
  return (
    <>
      <ProfilePage />
      <div className="page account-page profile-subscriptions">
        <SubscriptionsList />
      </div>
    </>
  );
}
