import { useQueryClient } from '@tanstack/react-query';
import { refreshUserData, useSession } from '../../features/account';
import { PlansPage, SubscriptionCancelledPage, SubscriptionCompletedPage } from '../../features/billing';

/** /ready: the plans, for whoever is looking (issue 19). */
export function PlansRoute() {
  const session = useSession();
  return <PlansPage member={{ isLoggedIn: session.isLoggedIn, isPremium: session.isPremium }} />;
}

/** /subscription-completed: back from Stripe, waiting for the member's plan to read PREMIUM. */
export function SubscriptionCompletedRoute() {
  const session = useSession();
  const qc = useQueryClient();
  return <SubscriptionCompletedPage isPremium={session.isPremium} isLoggedIn={session.isLoggedIn || session.userPending} refresh={() => refreshUserData(qc)} />;
}

export { SubscriptionCancelledPage as SubscriptionCancelledRoute };
