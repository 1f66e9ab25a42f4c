import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the parts of Stripe that Sift uses (issue 19), for API tests and browser tests: the real
 * service is unreachable here, and a test must be able to pay, cancel and let a period end on demand. It speaks
 * Stripe's documented shapes (API version 2026-10-28, as the `stripe` package pins it): form-encoded requests with
 * bracketed keys, a Bearer secret key, error bodies `{ error: { type, message, code, param } }` with 4xx statuses,
 * the period on the subscription's items, and webhooks signed as Stripe signs them
 * (`Stripe-Signature: t=<unix time>,v1=<HMAC-SHA256(secret, "<t>.<payload>")>`).
 *
 *   POST   /v1/checkout/sessions        mode=subscription, line_items[0][price], success_url, cancel_url, …
 *   GET    /v1/checkout/sessions/:id
 *   GET    /v1/subscriptions/:id
 *   POST   /v1/subscriptions/:id        cancel_at_period_end=true|false → customer.subscription.updated
 *   DELETE /v1/subscriptions/:id        → customer.subscription.deleted
 *   GET    /v1/prices/:id
 *   GET    /c/pay/:session               the hosted checkout page: a Pay button and a way back
 *   POST   /c/pay/:session               "pays": the subscription starts, its events go out, 303 to success_url
 */

export interface StandInPrice {
  id: string;
  unitAmount: number;
  currency: string;
  interval: 'month' | 'year';
}

export interface StripeStandInOptions {
  /** 0 (default): any free port. */
  port?: number;
  /** The only secret key the API accepts. */
  secretKey: string;
  /** Signs the webhooks, as the endpoint's signing secret at Stripe does. */
  webhookSecret: string;
  /** Where events go: the app's webhook URL (browser tests) … */
  webhookUrl?: string;
  /** … or a function of the test's (API tests: the app's inject). Answers the app's status code. */
  deliver?: (payload: string, signature: string) => Promise<number>;
  prices?: StandInPrice[];
}

export const STAND_IN_PRICES: StandInPrice[] = [
  { id: 'price_sift_premium_monthly', unitAmount: 400, currency: 'eur', interval: 'month' },
  { id: 'price_sift_premium_annual', unitAmount: 4000, currency: 'eur', interval: 'year' },
];

type Json = Record<string, unknown>;
/** A form body as Stripe reads it: `a[b][0]=c` → { a: { b: { 0: 'c' } } }. */
type Form = { [key: string]: string | Form };

interface Session {
  id: string;
  priceId: string;
  customer: string | null;
  customerEmail: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  subscriptionMetadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  status: 'open' | 'complete' | 'expired';
  subscription: string | null;
  created: number;
}

interface Subscription {
  id: string;
  customer: string;
  priceId: string;
  itemId: string;
  status: string;
  metadata: Record<string, string>;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  endedAt: number | null;
  periodStart: number;
  periodEnd: number;
  created: number;
}

export interface Delivery {
  event: Json;
  status: number;
}

const API_VERSION = '2026-10-28.endive';

/** The Stripe-Signature header of a payload, exactly as Stripe makes it. */
export function signStripePayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

export class StripeStandIn {
  readonly prices = new Map<string, StandInPrice>();
  readonly sessions = new Map<string, Session>();
  readonly subscriptions = new Map<string, Subscription>();
  readonly customers = new Map<string, { id: string; email: string | null }>();
  /** Every API request, its form decoded: what the app asked Stripe. */
  readonly requests: Array<{ method: string; path: string; form: Form }> = [];
  /** Every event sent to the webhook, with the app's answer. */
  readonly deliveries: Delivery[] = [];
  /** Set by a test: the next API request fails with this status and error (then it is cleared). */
  failNext: { status: number; error: Json } | null = null;
  private server: Server | null = null;
  private port: number;
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly options: StripeStandInOptions) {
    this.port = options.port ?? 0;
    for (const price of options.prices ?? STAND_IN_PRICES) this.prices.set(price.id, price);
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  // ---- what a test makes happen --------------------------------------------------------------------------------

  /**
   * The customer pays on the hosted page: the customer (if new) and an active subscription are made, then Stripe's
   * events go out in its usual order (subscription created, checkout completed, invoice paid). Answers the
   * subscription's id once every event was delivered.
   */
  async pay(sessionId: string): Promise<string> {
    const { subscription, events } = this.complete(sessionId);
    for (const event of events) await this.send(event);
    return subscription.id;
  }

  /** The paid period ends: a subscription cancelled at its end is deleted, any other renews for one more period. */
  async endPeriod(subscriptionId: string): Promise<void> {
    const sub = this.subscriptionOrThrow(subscriptionId);
    if (sub.cancelAtPeriodEnd) {
      sub.status = 'canceled';
      sub.endedAt = sub.periodEnd;
      await this.send(this.event('customer.subscription.deleted', this.subscriptionObject(sub)));
      return;
    }
    const previous = this.subscriptionObject(sub);
    const price = this.prices.get(sub.priceId)!;
    sub.periodStart = sub.periodEnd;
    sub.periodEnd = addInterval(sub.periodStart, price.interval);
    await this.send(this.event('customer.subscription.updated', this.subscriptionObject(sub), { current_period_end: (previous.items as { data: Json[] }).data[0]!.current_period_end }));
  }

  /** A renewal payment fails: the invoice's event, then the subscription past due. */
  async failRenewal(subscriptionId: string): Promise<void> {
    const sub = this.subscriptionOrThrow(subscriptionId);
    await this.send(this.event('invoice.payment_failed', this.invoiceObject(sub, 'open')));
    sub.status = 'past_due';
    await this.send(this.event('customer.subscription.updated', this.subscriptionObject(sub), { status: 'active' }));
  }

  /** Resolves once every event sent on its own (after an API call or the hosted page's Pay) was delivered. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Delivers events after the current answer, as Stripe does, one after the other. */
  private sendLater(events: Json[], delayMs = 0): void {
    const work = (async () => {
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      for (const event of events) await this.send(event).catch(() => undefined);
    })();
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  /** An event as Stripe would send it (id, created, api_version, data.object …). */
  event(type: string, object: Json, previousAttributes?: Json): Json {
    return {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: nowSeconds(),
      data: { object, ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
  }

  /** Sends one event to the webhook, signed; answers the app's status. The same event may be sent again (a replay). */
  async send(event: Json): Promise<number> {
    const payload = JSON.stringify(event, null, 2);
    const signature = signStripePayload(payload, this.options.webhookSecret);
    let status: number;
    if (this.options.deliver) status = await this.options.deliver(payload, signature);
    else if (this.options.webhookUrl) {
      const res = await fetch(this.options.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
        body: payload,
      });
      status = res.status;
    } else status = 0;
    this.deliveries.push({ event, status });
    return status;
  }

  subscriptionObject(sub: Subscription): Json {
    const price = this.prices.get(sub.priceId)!;
    return {
      id: sub.id,
      object: 'subscription',
      application: null,
      billing_cycle_anchor: sub.created,
      cancel_at: sub.cancelAtPeriodEnd ? sub.periodEnd : null,
      cancel_at_period_end: sub.cancelAtPeriodEnd,
      canceled_at: sub.canceledAt,
      collection_method: 'charge_automatically',
      created: sub.created,
      currency: price.currency,
      customer: sub.customer,
      ended_at: sub.endedAt,
      items: {
        object: 'list',
        data: [
          {
            id: sub.itemId,
            object: 'subscription_item',
            created: sub.created,
            current_period_end: sub.periodEnd,
            current_period_start: sub.periodStart,
            metadata: {},
            price: this.priceObject(price),
            quantity: 1,
            subscription: sub.id,
          },
        ],
        has_more: false,
        total_count: 1,
        url: `/v1/subscription_items?subscription=${sub.id}`,
      },
      latest_invoice: null,
      livemode: false,
      metadata: sub.metadata,
      start_date: sub.created,
      status: sub.status,
    };
  }

  // ---- the API -------------------------------------------------------------------------------------------------

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const body = await readBody(req);
    const method = req.method ?? 'GET';
    const page = /^\/c\/pay\/([^/]+)$/.exec(url.pathname);
    if (page) return this.hostedCheckout(method, decodeURIComponent(page[1]!), res);
    if (!url.pathname.startsWith('/v1/')) return sendJson(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${url.pathname}).` } });

    const auth = req.headers.authorization ?? '';
    if (auth !== `Bearer ${this.options.secretKey}`) {
      const shown = auth.replace(/^Bearer\s+/i, '');
      return sendJson(res, 401, { error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${shown.slice(0, 8)}${'*'.repeat(Math.max(0, shown.length - 12))}${shown.slice(-4)}` } });
    }
    const form = parseForm(method === 'GET' || method === 'DELETE' ? url.search.slice(1) : body);
    this.requests.push({ method, path: url.pathname, form });
    if (this.failNext) {
      const { status, error } = this.failNext;
      this.failNext = null;
      return sendJson(res, status, { error });
    }

    let match: RegExpExecArray | null;
    if (method === 'POST' && url.pathname === '/v1/checkout/sessions') return this.createSession(form, res);
    if (method === 'GET' && (match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname))) {
      const session = this.sessions.get(decodeURIComponent(match[1]!));
      return session ? sendJson(res, 200, this.sessionObject(session)) : missing(res, 'checkout.session', match[1]!, 'id');
    }
    if ((match = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname))) {
      const sub = this.subscriptions.get(decodeURIComponent(match[1]!));
      if (!sub) return missing(res, 'subscription', match[1]!, 'id');
      if (method === 'GET') return sendJson(res, 200, this.subscriptionObject(sub));
      if (sub.status === 'canceled') {
        return sendJson(res, 400, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `A canceled subscription can only update its cancellation_details and metadata.` } });
      }
      if (method === 'POST') return this.updateSubscription(sub, form, res);
      if (method === 'DELETE') {
        sub.status = 'canceled';
        sub.canceledAt = nowSeconds();
        sub.endedAt = sub.canceledAt;
        const object = this.subscriptionObject(sub);
        sendJson(res, 200, object);
        this.sendLater([this.event('customer.subscription.deleted', object)]);
        return;
      }
    }
    if (method === 'GET' && (match = /^\/v1\/prices\/([^/]+)$/.exec(url.pathname))) {
      const price = this.prices.get(decodeURIComponent(match[1]!));
      return price ? sendJson(res, 200, this.priceObject(price)) : missing(res, 'price', match[1]!, 'price');
    }
    sendJson(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${url.pathname}).` } });
  }

  private createSession(form: Form, res: ServerResponse): void {
    const required = (param: string, value: unknown) => {
      if (typeof value === 'string' && value) return false;
      sendJson(res, 400, { error: { type: 'invalid_request_error', code: 'parameter_missing', param, message: `Missing required param: ${param}.` } });
      return true;
    };
    const item = (form.line_items as Form | undefined)?.['0'] as Form | undefined;
    if (form.mode !== 'subscription') {
      return sendJson(res, 400, { error: { type: 'invalid_request_error', code: 'parameter_invalid_string', param: 'mode', message: 'This stand-in only makes subscription-mode sessions.' } });
    }
    if (required('line_items[0][price]', item?.price) || required('success_url', form.success_url) || required('cancel_url', form.cancel_url)) return;
    const priceId = item!.price as string;
    if (!this.prices.has(priceId)) return missing(res, 'price', priceId, 'line_items[0][price]');
    const customer = typeof form.customer === 'string' ? form.customer : null;
    if (customer && !this.customers.has(customer)) return missing(res, 'customer', customer, 'customer');
    if (customer && typeof form.customer_email === 'string') {
      return sendJson(res, 400, { error: { type: 'invalid_request_error', param: 'customer_email', message: 'You may only specify one of these parameters: customer, customer_email.' } });
    }
    const session: Session = {
      id: newId('cs_test'),
      priceId,
      customer,
      customerEmail: typeof form.customer_email === 'string' ? form.customer_email : null,
      clientReferenceId: typeof form.client_reference_id === 'string' ? form.client_reference_id : null,
      metadata: flat(form.metadata),
      subscriptionMetadata: flat((form.subscription_data as Form | undefined)?.metadata),
      successUrl: form.success_url as string,
      cancelUrl: form.cancel_url as string,
      status: 'open',
      subscription: null,
      created: nowSeconds(),
    };
    this.sessions.set(session.id, session);
    sendJson(res, 200, this.sessionObject(session));
  }

  private updateSubscription(sub: Subscription, form: Form, res: ServerResponse): void {
    const previous: Json = {};
    if (typeof form.cancel_at_period_end === 'string') {
      const cancel = form.cancel_at_period_end === 'true';
      if (cancel !== sub.cancelAtPeriodEnd) {
        previous.cancel_at_period_end = sub.cancelAtPeriodEnd;
        previous.cancel_at = sub.cancelAtPeriodEnd ? sub.periodEnd : null;
      }
      sub.cancelAtPeriodEnd = cancel;
      sub.canceledAt = cancel ? nowSeconds() : null;
    }
    const object = this.subscriptionObject(sub);
    sendJson(res, 200, object);
    // Stripe tells the webhook too, a moment after answering.
    if (Object.keys(previous).length > 0) this.sendLater([this.event('customer.subscription.updated', object, previous)]);
  }

  private complete(sessionId: string): { subscription: Subscription; events: Json[] } {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`No checkout session ${sessionId}`);
    if (session.status !== 'open') throw new Error(`Checkout session ${sessionId} is ${session.status}`);
    let customer = session.customer;
    if (!customer) {
      customer = newId('cus');
      this.customers.set(customer, { id: customer, email: session.customerEmail });
      session.customer = customer;
    }
    const price = this.prices.get(session.priceId)!;
    const created = nowSeconds();
    const sub: Subscription = {
      id: newId('sub'),
      customer,
      priceId: price.id,
      itemId: newId('si'),
      status: 'active',
      metadata: session.subscriptionMetadata,
      cancelAtPeriodEnd: false,
      canceledAt: null,
      endedAt: null,
      periodStart: created,
      periodEnd: addInterval(created, price.interval),
      created,
    };
    this.subscriptions.set(sub.id, sub);
    session.status = 'complete';
    session.subscription = sub.id;
    return {
      subscription: sub,
      events: [
        this.event('customer.subscription.created', this.subscriptionObject(sub)),
        this.event('checkout.session.completed', this.sessionObject(session)),
        this.event('invoice.paid', this.invoiceObject(sub, 'paid')),
      ],
    };
  }

  /** The hosted checkout page: what the member sees at Stripe, reduced to a summary, Pay and a way back. */
  private hostedCheckout(method: string, sessionId: string, res: ServerResponse): void {
    const session = this.sessions.get(sessionId);
    if (!session) {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><html lang="en"><title>Not found</title><p>This checkout link is not valid.</p></html>');
      return;
    }
    if (method === 'POST') {
      if (session.status !== 'open') {
        res.writeHead(303, { location: session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id) }).end();
        return;
      }
      const { events } = this.complete(sessionId);
      // As at Stripe, the browser is sent back at once and the webhooks follow on their own: the app's completion
      // page must wait for them.
      res.writeHead(303, { location: session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id) }).end();
      this.sendLater(events, 300);
      return;
    }
    const price = this.prices.get(session.priceId)!;
    const amount = new Intl.NumberFormat('en-US', { style: 'currency', currency: price.currency }).format(price.unitAmount / 100);
    const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout (Stripe stand-in)</title>
<style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}button{font:inherit;padding:.6rem 1.4rem}</style></head>
<body><main>
<h1>Subscribe to Sift Premium</h1>
<p id="summary">${escape(amount)} per ${price.interval}${session.customerEmail ? ` · ${escape(session.customerEmail)}` : ''}</p>
<p>Test card 4242 4242 4242 4242 (stand-in: nothing is charged).</p>
<form method="post" action="/c/pay/${escape(session.id)}"><button type="submit">Pay</button></form>
<p><a href="${escape(session.cancelUrl)}">Back</a></p>
</main></body></html>`);
  }

  private sessionObject(session: Session): Json {
    const price = this.prices.get(session.priceId)!;
    return {
      id: session.id,
      object: 'checkout.session',
      amount_subtotal: price.unitAmount,
      amount_total: price.unitAmount,
      cancel_url: session.cancelUrl,
      client_reference_id: session.clientReferenceId,
      created: session.created,
      currency: price.currency,
      customer: session.customer,
      customer_email: session.customerEmail,
      expires_at: session.created + 24 * 3600,
      livemode: false,
      metadata: session.metadata,
      mode: 'subscription',
      payment_status: session.status === 'complete' ? 'paid' : 'unpaid',
      status: session.status,
      subscription: session.subscription,
      success_url: session.successUrl,
      url: session.status === 'open' ? `${this.url}/c/pay/${session.id}` : null,
    };
  }

  private priceObject(price: StandInPrice): Json {
    return {
      id: price.id,
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: 1_767_225_600,
      currency: price.currency,
      livemode: false,
      lookup_key: null,
      metadata: {},
      product: 'prod_sift_premium',
      recurring: { interval: price.interval, interval_count: 1, usage_type: 'licensed' },
      type: 'recurring',
      unit_amount: price.unitAmount,
      unit_amount_decimal: String(price.unitAmount),
    };
  }

  private invoiceObject(sub: Subscription, status: 'paid' | 'open'): Json {
    const price = this.prices.get(sub.priceId)!;
    return {
      id: newId('in'),
      object: 'invoice',
      amount_due: price.unitAmount,
      amount_paid: status === 'paid' ? price.unitAmount : 0,
      attempt_count: 1,
      billing_reason: status === 'paid' ? 'subscription_create' : 'subscription_cycle',
      currency: price.currency,
      customer: sub.customer,
      livemode: false,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      status,
    };
  }

  private subscriptionOrThrow(id: string): Subscription {
    const sub = this.subscriptions.get(id);
    if (!sub) throw new Error(`No subscription ${id}`);
    return sub;
  }
}

function addInterval(seconds: number, interval: 'month' | 'year'): number {
  const date = new Date(seconds * 1000);
  if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + 1);
  else date.setUTCFullYear(date.getUTCFullYear() + 1);
  return Math.floor(date.getTime() / 1000);
}

function missing(res: ServerResponse, kind: string, id: string, param: string): void {
  sendJson(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', param, message: `No such ${kind}: '${id}'`, doc_url: 'https://stripe.com/docs/error-codes/resource-missing' } });
}

function sendJson(res: ServerResponse, status: number, body: Json): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req'), 'stripe-version': API_VERSION }).end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** `a[b][0]=c&d=e` → { a: { b: { 0: 'c' } }, d: 'e' }, as Stripe decodes its requests. */
export function parseForm(text: string): Form {
  const form: Form = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split('[').map((p) => p.replace(/]$/, ''));
    let node = form;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      node = typeof next === 'object' ? next : (node[part] = {});
    }
    node[parts[parts.length - 1]!] = value;
  }
  return form;
}

function flat(value: string | Form | undefined): Record<string, string> {
  if (!value || typeof value === 'string') return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
}
