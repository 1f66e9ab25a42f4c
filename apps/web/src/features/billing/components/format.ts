import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BillingInterval, BillingOffer } from '@sift/contracts';
import { formatDate, formatMoney } from '../../../lib/format';
import { i18n } from '@lingui/core';

const INTERVAL_LABELS: Record<BillingInterval, MessageDescriptor> = {
  monthly: msg({ message: 'Monthly', comment: 'Billing interval' }),
  annual: msg({ message: 'Annual', comment: 'Billing interval' }),
};

/** "€4.00 a month"; null when Stripe could not tell the price just now. */
export function offerPrice(offer: BillingOffer): string | null {
  if (offer.amount === null || !offer.currency) return null;
  const amount = formatMoney(offer.amount, offer.currency);
  return offer.interval === 'monthly' ? i18n._(msg`${amount} a month`) : i18n._(msg`${amount} a year`);
}

export const intervalLabel = (interval: BillingInterval): string => i18n._(INTERVAL_LABELS[interval]);

/** "March 3, 2027" (in the active language); null without a date. */
export function longDate(iso: string | null): string | null {
  return iso ? formatDate(iso) || null : null;
}
