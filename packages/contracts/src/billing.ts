import { z } from 'zod';

/** SPEC §4 "Billing: monthly or annual". */
export const billingIntervalSchema = z.enum(['monthly', 'annual']);
export type BillingInterval = z.infer<typeof billingIntervalSchema>;

/** One way to pay for PREMIUM: its interval and, when Stripe told us, its price (in the currency's minor unit). */
export const billingOfferSchema = z.object({
  interval: billingIntervalSchema,
  /** e.g. 400 for €4.00; null when the price could not be read just now. */
  amount: z.number().int().nullable(),
  /** ISO 4217, lower case as Stripe writes it; null with amount. */
  currency: z.string().nullable(),
});
export type BillingOffer = z.infer<typeof billingOfferSchema>;

/** The member's paid subscription as Stripe last reported it. */
export const billingSubscriptionSchema = z.object({
  /** Stripe's status: active, trialing, past_due (a payment failed, Stripe retries), canceled, unpaid, incomplete… */
  status: z.string(),
  interval: billingIntervalSchema.nullable(),
  /** When the paid period ends: the renewal date, or the last day of PREMIUM when cancelAtPeriodEnd. */
  currentPeriodEnd: z.string().datetime().nullable(),
  cancelAtPeriodEnd: z.boolean(),
});
export type BillingSubscription = z.infer<typeof billingSubscriptionSchema>;

/**
 * GET /api/billing: whether this instance takes payments (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set),
 * what PREMIUM costs, and the caller's subscription (null for a visitor or a member who never paid).
 */
export const billingStatusSchema = z.object({
  enabled: z.boolean(),
  offers: z.array(billingOfferSchema),
  subscription: billingSubscriptionSchema.nullable(),
});
export type BillingStatus = z.infer<typeof billingStatusSchema>;

/** POST /api/billing/checkout: which way to pay. */
export const checkoutRequestSchema = z.object({ interval: billingIntervalSchema });
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** The hosted checkout page the browser goes to. */
export const checkoutSessionSchema = z.object({ url: z.string().url() });
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

/** POST /api/billing/webhook's answer to Stripe. */
export const webhookReceivedSchema = z.object({
  received: z.literal(true),
  /** What the event did here: applied, duplicate (seen before), stale (older than what we know), unknown-member, ignored. */
  outcome: z.enum(['applied', 'duplicate', 'stale', 'unknown-member', 'ignored']),
});
