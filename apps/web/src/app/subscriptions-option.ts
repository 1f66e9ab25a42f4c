import { useAuthConfig } from '../features/account';

/**
 * SPEC §5 "The follow option shows only when the subscription option is enabled": the server says whether it is
 * (SUBSCRIPTIONS_ENABLED, in GET /api/auth/config). Until it has said, no Follow control shows (it would flash away
 * on a server that has the option off); when it cannot say, they show, as the option's default is on (the server
 * refuses anyway when it is off).
 */
export function useSubscriptionsEnabled(): boolean {
  const config = useAuthConfig();
  return config.data ? config.data.subscriptionsEnabled : config.isError;
}
