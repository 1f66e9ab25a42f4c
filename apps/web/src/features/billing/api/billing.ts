import { useQuery } from '@tanstack/react-query';
import type { BillingInterval, BillingStatus, CheckoutSession } from '@sift/contracts';
import { api } from '../../../lib/api';

export const billingKeys = { status: (member: boolean) => ['billing', 'status', member] as const };

/** GET /api/billing: payments on or off, PREMIUM's prices, and the member's subscription. */
export function useBillingStatus(isLoggedIn: boolean) {
  return useQuery({
    queryKey: billingKeys.status(isLoggedIn),
    queryFn: ({ signal }) => api.get<BillingStatus>('/api/billing', { signal, quiet: true }),
    staleTime: 10_000,
  });
}

/** POST /api/billing/checkout: the URL of Stripe's hosted checkout for PREMIUM, billed by `interval`. */
export const startCheckout = (interval: BillingInterval) => api.post<CheckoutSession>('/api/billing/checkout', { interval });

/** POST /api/billing/cancel: PREMIUM ends with the paid period. */
export const cancelSubscription = () => api.post<BillingStatus>('/api/billing/cancel');

/** POST /api/billing/resume: the cancellation is taken back; the subscription renews. */
export const resumeSubscription = () => api.post<BillingStatus>('/api/billing/resume');
