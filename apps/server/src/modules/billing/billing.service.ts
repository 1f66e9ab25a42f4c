import type { BillingInterval, BillingOffer, BillingStatus, BillingSubscription } from '@sift/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { BillingSettings } from '../../config.js';
import { HttpError } from '../../infra/http/errors.js';
import type { Limit, RateLimiter, RateLimits } from '../../infra/rate-limit/rate-limiter.js';
import type { SessionUser } from '../auth/tokens.service.js';
import type { BillingRepository, BillingRow, EventOutcome } from './billing.repository.js';
import { checkEvent } from './stripe-event.js';
import { isStripeError, MalformedEventError, MEMBER_METADATA_KEY, WebhookSignatureError, type PaymentGateway, type SubscriptionSnapshot } from './stripe-gateway.js';

/**
 * Statuses in which the member has PREMIUM: paid up, on trial, or a renewal payment failed and Stripe is still
 * retrying it (past_due; it ends as canceled or unpaid when the retries run out). A subscription cancelled at the
 * period's end stays `active` until that end, when Stripe deletes it: so the plan is FREE at the end, not before.
 */
const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due']);
export const isLive = (status: string | null | undefined): boolean => !!status && LIVE_STATUSES.has(status);

/** The events that change a subscription; every other type is answered 200 and ignored. */
const SUBSCRIPTION_EVENTS = new Set(['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted']);
/** How long prices read from Stripe are kept (they change seldom; the plans page asks on every visit). */
const PRICE_TTL_MS = 10 * 60_000;

const billingDisabled = () =>
  new HttpError(404, 'This site takes no payments: its operator has not set up billing. An operator can change your plan instead.', 'BILLING_DISABLED');
const billingUnavailable = () => new HttpError(503, 'Payments are not reachable just now. Try again in a few minutes.', 'BILLING_UNAVAILABLE', undefined, { 'retry-after': '60' });

export interface BillingOptions {
  /** Where the hosted checkout sends the member back to: PUBLIC_URL. */
  publicUrl: string;
}

/**
 * PREMIUM through Stripe Checkout (issue 19, decisions/024). The member starts a hosted checkout and may cancel at
 * the period's end; the plan itself changes only when Stripe says so in a webhook whose signature verifies.
 * Without BillingSettings every call but the status answers 404 BILLING_DISABLED.
 */
export class BillingService {
  private readonly perMember: Limit;
  private prices: { at: number; offers: Promise<BillingOffer[]> } | null = null;

  constructor(
    private readonly repository: BillingRepository,
    private readonly gateway: PaymentGateway | undefined,
    private readonly settings: BillingSettings | undefined,
    limiter: RateLimiter,
    limits: RateLimits,
    private readonly options: BillingOptions,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'> & Partial<Pick<FastifyBaseLogger, 'info'>>,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.perMember = limiter.limit('billing:member', limits.billingPerMember);
  }

  get enabled(): boolean {
    return !!this.gateway && !!this.settings;
  }

  /** GET /api/billing: whether payments are on, what PREMIUM costs, and the caller's subscription. */
  async status(user: SessionUser | null): Promise<BillingStatus> {
    if (!this.enabled) return { enabled: false, offers: [], subscription: null };
    const [offers, row] = await Promise.all([this.offers(), user ? this.repository.findByUser(user.id) : undefined]);
    return { enabled: true, offers, subscription: row?.subscriptionId ? presentSubscription(row) : null };
  }

  /** POST /api/billing/checkout: a hosted Checkout Session for PREMIUM, billed by `interval`; answers its URL. */
  async checkout(user: SessionUser, interval: BillingInterval): Promise<{ url: string }> {
    const { gateway, settings } = this.require();
    const priceId = settings.prices[interval];
    if (!priceId) throw new HttpError(400, `PREMIUM is not offered ${interval} here.`, 'VALIDATION', [{ field: 'interval', message: 'is not offered' }]);
    await this.perMember.consume(String(user.id));
    const row = await this.repository.findByUser(user.id);
    if (row && isLive(row.status)) throw new HttpError(409, 'You already pay for PREMIUM.', 'ALREADY_SUBSCRIBED');
    if (user.plan === 'PREMIUM') throw new HttpError(409, 'You have PREMIUM already.', 'ALREADY_PREMIUM');
    return this.stripe(() =>
      gateway.createCheckout({
        priceId,
        memberUuid: user.uuid,
        customerId: row?.customerId,
        email: user.email,
        // Stripe fills in {CHECKOUT_SESSION_ID} itself.
        successUrl: `${this.options.publicUrl}/subscription-completed?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${this.options.publicUrl}/subscription-cancelled`,
      }),
    );
  }

  /** POST /api/billing/cancel (`cancel` true) and /resume (false): the subscription ends, or not, at the period's end. */
  async setCancelAtPeriodEnd(user: SessionUser, cancel: boolean): Promise<BillingStatus> {
    const { gateway } = this.require();
    await this.perMember.consume(String(user.id));
    const row = await this.repository.findByUser(user.id);
    if (!row?.subscriptionId || !isLive(row.status)) throw new HttpError(409, 'You have no paid subscription to change.', 'NO_SUBSCRIPTION');
    const snapshot = await this.stripe(() => gateway.setCancelAtPeriodEnd(row.subscriptionId!, cancel));
    await this.repository.storeSnapshot(user.id, snapshot, wholeSeconds(this.now()));
    return this.status(user);
  }

  /**
   * POST /api/billing/webhook. A bad or missing signature is a 400 and changes nothing; a replayed event is found
   * in `billing_events` and changes nothing twice; event types we do not use are answered 200 and ignored. A signed
   * event that lacks what its type must carry is a 400 INVALID_EVENT, logged: Stripe shows it failed and sends it
   * again, so a Sift taught to read it applies it then.
   */
  async handleWebhook(payload: string, signature: string | undefined): Promise<{ received: true; outcome: EventOutcome | 'ignored' }> {
    const { gateway } = this.require();
    let verified: unknown;
    try {
      verified = gateway.verifyEvent(payload, signature);
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        this.log.warn(`Refused a billing webhook: ${error.message}`);
        throw new HttpError(400, 'The webhook signature does not verify.', 'INVALID_SIGNATURE');
      }
      if (error instanceof MalformedEventError) throw this.invalidEvent(`its body is not a Stripe event (${error.message})`);
      throw error;
    }
    const checked = checkEvent(verified);
    if (!checked.ok) throw this.invalidEvent(checked.problem);
    const { event } = checked;
    const outcome = await this.apply(event);
    if (outcome !== 'ignored' && outcome !== 'duplicate') this.log.info?.(`Billing event ${event.id} (${event.type}): ${outcome}`);
    return { received: true, outcome };
  }

  private invalidEvent(problem: string): HttpError {
    this.log.warn(`Refused a signed billing webhook: ${problem}`);
    return new HttpError(400, 'The webhook event is not one Sift can read.', 'INVALID_EVENT');
  }

  /** Account deletion: a member deleted for good is never charged again. Must not throw (UsersService.beforeDelete). */
  async forget(userId: number): Promise<void> {
    if (!this.gateway) return;
    const row = await this.repository.findByUser(userId);
    if (!row?.subscriptionId || !isLive(row.status)) return;
    try {
      await this.gateway.cancelNow(row.subscriptionId);
    } catch (error) {
      this.log.error({ err: error }, `Could not cancel Stripe subscription ${row.subscriptionId} of a deleted account: cancel it in the Stripe dashboard`);
    }
  }

  private async apply(event: Stripe.Event): Promise<EventOutcome | 'ignored'> {
    const at = new Date(event.created * 1000);
    if (event.type === 'checkout.session.completed') {
      const session = event.data.object;
      if (session.mode !== 'subscription' || !session.subscription) return 'ignored';
      // The session names the subscription; its state (period, interval) is read from Stripe, which is its source.
      const subscriptionId = typeof session.subscription === 'string' ? session.subscription : session.subscription.id;
      const snapshot = await this.gateway!.retrieveSubscription(subscriptionId).catch((error: unknown) => {
        // Not a 503 to Stripe's eyes only: a 5xx makes Stripe deliver the event again later, which is what we want.
        this.log.error({ err: error }, `Could not read subscription ${subscriptionId} for event ${event.id}`);
        throw billingUnavailable();
      });
      const memberUuid = session.client_reference_id ?? session.metadata?.[MEMBER_METADATA_KEY] ?? snapshot.memberUuid;
      return this.applySnapshot(event, { ...snapshot, memberUuid }, at);
    }
    if (SUBSCRIPTION_EVENTS.has(event.type)) {
      return this.applySnapshot(event, this.gateway!.snapshot(event.data.object as Stripe.Subscription), at);
    }
    if (event.type === 'invoice.payment_failed') {
      // Stripe retries the payment and says what follows in customer.subscription.updated (past_due, then unpaid or
      // canceled); PREMIUM stays meanwhile. Recorded, so the log line is written once.
      if (await this.repository.recordEvent(event)) this.log.warn(`A renewal payment failed (invoice ${event.data.object.id}); Stripe retries it`);
      return 'applied';
    }
    return 'ignored';
  }

  private applySnapshot(event: Stripe.Event, snapshot: SubscriptionSnapshot, at: Date): Promise<EventOutcome> {
    const plan = event.type === 'customer.subscription.deleted' ? 'FREE' : isLive(snapshot.status) ? 'PREMIUM' : snapshot.status === 'incomplete' ? null : 'FREE';
    return this.repository.applyEvent(event, { snapshot: event.type === 'customer.subscription.deleted' ? { ...snapshot, status: 'canceled' } : snapshot, stateAt: at, plan }, isLive);
  }

  /** PREMIUM's prices, read from Stripe and kept a while; a price Stripe cannot tell just now shows without amount. */
  private offers(): Promise<BillingOffer[]> {
    const { gateway, settings } = this.require();
    if (this.prices && this.now().getTime() - this.prices.at < PRICE_TTL_MS) return this.prices.offers;
    const intervals = (['monthly', 'annual'] as const).filter((interval) => settings.prices[interval]);
    let failed = false;
    const offers = Promise.all(
      intervals.map(async (interval): Promise<BillingOffer> => {
        try {
          const price = await gateway.price(settings.prices[interval]!);
          return { interval, amount: price.amount, currency: price.amount === null ? null : price.currency };
        } catch (error) {
          failed = true;
          this.log.warn({ err: error }, `Could not read the ${interval} price from Stripe`);
          return { interval, amount: null, currency: null };
        }
      }),
    );
    this.prices = { at: this.now().getTime(), offers };
    // A failure is not kept for ten minutes: the next visit asks again.
    void offers.then(() => {
      if (failed) this.prices = null;
    });
    return offers;
  }

  private require(): { gateway: PaymentGateway; settings: BillingSettings } {
    if (!this.gateway || !this.settings) throw billingDisabled();
    return { gateway: this.gateway, settings: this.settings };
  }

  /** A call to Stripe: its failures (unreachable, refused key, unknown price) are a 503 to the member, logged for the operator. */
  private async stripe<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!isStripeError(error)) throw error;
      this.log.error({ err: error }, `Stripe refused a billing call: ${error.message}`);
      throw billingUnavailable();
    }
  }
}

function presentSubscription(row: BillingRow): BillingSubscription {
  return {
    status: row.status ?? 'incomplete',
    interval: row.interval === 'monthly' || row.interval === 'annual' ? row.interval : null,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}

const wholeSeconds = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000);
