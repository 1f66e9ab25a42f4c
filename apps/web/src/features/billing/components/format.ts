import type { BillingInterval, BillingOffer } from '@sift/contracts';

/** "€4.00 a month"; null when Stripe could not tell the price just now. */
export function offerPrice(offer: BillingOffer): string | null {
  if (offer.amount === null || !offer.currency) return null;
  const amount = new Intl.NumberFormat('en-US', { style: 'currency', currency: offer.currency.toUpperCase() }).format(offer.amount / 100);
  return `${amount} ${offer.interval === 'monthly' ? 'a month' : 'a year'}`;
}

export const intervalLabel = (interval: BillingInterval): string => (interval === 'monthly' ? 'Monthly' : 'Annual');

/** "March 3, 2027". */
export function longDate(iso: string | null): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' }).format(d);
}
