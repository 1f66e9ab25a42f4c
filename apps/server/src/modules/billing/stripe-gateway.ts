import type { BillingInterval } from '@sift/contracts';
import Stripe from 'stripe';
import type { BillingSettings } from '../../config.js';

/** What the app keeps of a Stripe subscription: enough to say the plan, its interval and when its period ends. */
export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  /** Stripe's status (active, trialing, past_due, canceled, unpaid, incomplete, incomplete_expired, paused). */
  status: string;
  interval: BillingInterval | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** The member's uuid, from the metadata the checkout gave the subscription. */
  memberUuid: string | null;
}

export interface CheckoutInput {
  priceId: string;
  memberUuid: string;
  /** The member's Stripe customer from an earlier subscription, reused; otherwise Stripe makes one for this e-mail. */
  customerId: string | undefined;
  email: string;
  successUrl: string;
  cancelUrl: string;
}

/** Stripe, as the billing service needs it: every call the app makes, and the webhook's signature check. */
export interface PaymentGateway {
  createCheckout(input: CheckoutInput): Promise<{ url: string }>;
  retrieveSubscription(id: string): Promise<SubscriptionSnapshot>;
  /** A subscription object of an event, as the app keeps it. */
  snapshot(subscription: Stripe.Subscription): SubscriptionSnapshot;
  setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<SubscriptionSnapshot>;
  /** Ends a subscription at once (an account deleted for good must not be charged again). */
  cancelNow(id: string): Promise<void>;
  price(id: string): Promise<{ amount: number | null; currency: string }>;
  /**
   * The parsed body of a webhook request whose signature verifies (its shape still to be checked: stripe-event.ts);
   * throws `WebhookSignatureError` when it does not verify, `MalformedEventError` when it verifies but is not JSON.
   */
  verifyEvent(payload: string, signature: string | undefined): unknown;
}

/** The webhook's `Stripe-Signature` is missing, malformed, too old, or not made with our signing secret. */
export class WebhookSignatureError extends Error {}

/** The webhook's signature verifies but its body is not an event (not JSON, or a kind of event Sift does not take). */
export class MalformedEventError extends Error {}

/** The member uuid's key in the metadata of checkout sessions and subscriptions. */
export const MEMBER_METADATA_KEY = 'sift_member';

/** The official `stripe` package against STRIPE_API_BASE (Stripe itself, or the tests' stand-in). */
export class StripeGateway implements PaymentGateway {
  private readonly stripe: Stripe;

  constructor(private readonly settings: BillingSettings) {
    const base = new URL(settings.apiBase);
    this.stripe = new Stripe(settings.secretKey, {
      host: base.hostname,
      port: base.port || (base.protocol === 'http:' ? 80 : 443),
      protocol: base.protocol === 'http:' ? 'http' : 'https',
      // Requests are the member's clicks: fail within seconds rather than hold them (the SDK's default is 80 s).
      timeout: 10_000,
      maxNetworkRetries: 1,
      telemetry: false,
      appInfo: { name: 'Sift' },
    });
  }

  async createCheckout(input: CheckoutInput): Promise<{ url: string }> {
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: input.priceId, quantity: 1 }],
      client_reference_id: input.memberUuid,
      metadata: { [MEMBER_METADATA_KEY]: input.memberUuid },
      // The subscription carries the member too, so its own events name them whatever order they arrive in.
      subscription_data: { metadata: { [MEMBER_METADATA_KEY]: input.memberUuid } },
      ...(input.customerId ? { customer: input.customerId } : { customer_email: input.email }),
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
    });
    if (!session.url) throw new Error(`Stripe made checkout session ${session.id} without a URL`);
    return { url: session.url };
  }

  async retrieveSubscription(id: string): Promise<SubscriptionSnapshot> {
    return this.snapshot(await this.stripe.subscriptions.retrieve(id));
  }

  async setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<SubscriptionSnapshot> {
    return this.snapshot(await this.stripe.subscriptions.update(id, { cancel_at_period_end: cancel }));
  }

  async cancelNow(id: string): Promise<void> {
    await this.stripe.subscriptions.cancel(id);
  }

  async price(id: string): Promise<{ amount: number | null; currency: string }> {
    const price = await this.stripe.prices.retrieve(id);
    return { amount: price.unit_amount, currency: price.currency };
  }

  verifyEvent(payload: string, signature: string | undefined): unknown {
    if (!signature) throw new WebhookSignatureError('No Stripe-Signature header');
    try {
      return this.stripe.webhooks.constructEvent(payload, signature, this.settings.webhookSecret);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new WebhookSignatureError(error.message);
      // Past the signature check, the library only parses the body (SyntaxError) or refuses a v2 "thin" event.
      throw new MalformedEventError(error instanceof Error ? error.message : String(error));
    }
  }

  snapshot(sub: Stripe.Subscription): SubscriptionSnapshot {
    const item = sub.items.data[0];
    return {
      id: sub.id,
      customerId: typeof sub.customer === 'string' ? sub.customer : sub.customer.id,
      status: sub.status,
      interval: item ? this.intervalOf(item.price) : null,
      // Since API version 2025-03-31 the period lives on the subscription's items.
      currentPeriodEnd: item ? new Date(item.current_period_end * 1000) : null,
      cancelAtPeriodEnd: sub.cancel_at_period_end,
      memberUuid: sub.metadata?.[MEMBER_METADATA_KEY] ?? null,
    };
  }

  /** Our price ids say it first; a price set up by hand in the dashboard is read by its recurrence. */
  private intervalOf(price: Stripe.Price): BillingInterval | null {
    if (price.id === this.settings.prices.monthly) return 'monthly';
    if (price.id === this.settings.prices.annual) return 'annual';
    if (price.recurring?.interval === 'month') return 'monthly';
    if (price.recurring?.interval === 'year') return 'annual';
    return null;
  }
}

/** A Stripe API failure (unreachable, refused key, unknown price …), as opposed to a bug of ours. */
export const isStripeError = (error: unknown): error is Stripe.errors.StripeError => error instanceof Stripe.errors.StripeError;
