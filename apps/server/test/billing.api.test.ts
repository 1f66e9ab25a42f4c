import { billingStatusSchema, checkoutSessionSchema, userDataSchema, webhookReceivedSchema, type BillingStatus, type UserData } from '@sift/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aMember, call, expectError } from './support/accounts.js';
import { signStripePayload, STAND_IN_PRICES, StripeStandIn } from './support/stripe-stand-in.js';
import { TEST_PUBLIC_URL, useTestApp, type TestContext } from './support/test-app.js';

const SECRET_KEY = 'sk_test_sift_stand_in_0123456789';
const WEBHOOK_SECRET = 'whsec_sift_stand_in_0123456789abcdef';
const [MONTHLY, ANNUAL] = STAND_IN_PRICES;

/** Stripe's webhook call to the app: the payload exactly as signed, with its Stripe-Signature. */
function postWebhook(t: TestContext, payload: string, signature: string | undefined) {
  return call<unknown>(t.app, {
    method: 'POST',
    url: '/api/billing/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload,
  });
}

describe('billing through Stripe (against the stand-in)', () => {
  // The stand-in delivers its webhooks into the app, signed with the endpoint's secret, as Stripe would.
  const standIn = new StripeStandIn({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    deliver: async (payload, signature) => (await postWebhook(t, payload, signature)).status,
  });
  beforeAll(() => standIn.start());
  afterAll(() => standIn.stop());
  const t = useTestApp({
    captureLogs: true,
    accounts: () => ({
      billing: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, prices: { monthly: MONTHLY!.id, annual: ANNUAL!.id }, apiBase: standIn.url },
    }),
  });

  const me = async (token: string): Promise<UserData> => userDataSchema.parse((await call(t.app, { method: 'GET', url: '/api/users', token })).body);
  const billing = async (token?: string): Promise<BillingStatus> => {
    const res = await call(t.app, { method: 'GET', url: '/api/billing', token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return billingStatusSchema.parse(res.body);
  };
  const checkout = (token: string | undefined, interval: unknown = 'monthly') => call(t.app, { method: 'POST', url: '/api/billing/checkout', token, payload: { interval } });
  /** The checkout session id of the hosted page's URL the app answered. */
  const sessionOf = (url: string) => /\/c\/pay\/([^/?]+)$/.exec(url)![1]!;

  /** A member who went through checkout and paid: PREMIUM, with the subscription's id at the stand-in. */
  async function aPayingMember(interval: 'monthly' | 'annual' = 'monthly') {
    const member = await aMember(t);
    const res = await checkout(member.token, interval);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const subscriptionId = await standIn.pay(sessionOf(checkoutSessionSchema.parse(res.body).url));
    return { ...member, subscriptionId };
  }

  /** A signed event about the stand-in's subscription, as Stripe would send it. */
  function subscriptionEvent(type: string, subscriptionId: string) {
    return standIn.event(type, standIn.subscriptionObject(standIn.subscriptions.get(subscriptionId)!));
  }

  it("shows a visitor that payments are on and what PREMIUM costs, read from Stripe's prices", async () => {
    expect(await billing()).toEqual({
      enabled: true,
      offers: [
        { interval: 'monthly', amount: 400, currency: 'eur' },
        { interval: 'annual', amount: 4000, currency: 'eur' },
      ],
      subscription: null,
    });
  });

  it('makes a hosted subscription checkout for the member, and refuses a visitor before reading the body', async () => {
    expectError(await checkout(undefined), 401, 'UNAUTHENTICATED');
    expectError(await checkout(undefined, 'weekly'), 401, 'UNAUTHENTICATED');

    const member = await aMember(t);
    expectError(await checkout(member.token, 'weekly'), 400, 'VALIDATION', 'interval');
    const res = await checkout(member.token, 'annual');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { url } = checkoutSessionSchema.parse(res.body);
    expect(url.startsWith(`${standIn.url}/c/pay/cs_test_`)).toBe(true);

    // What Stripe was asked: a subscription of the annual price for this member, back to our pages afterwards.
    const asked = standIn.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!.form;
    expect(asked).toMatchObject({
      mode: 'subscription',
      line_items: { 0: { price: ANNUAL!.id, quantity: '1' } },
      client_reference_id: member.user.uuid,
      metadata: { sift_member: member.user.uuid },
      subscription_data: { metadata: { sift_member: member.user.uuid } },
      customer_email: member.email,
      success_url: `${TEST_PUBLIC_URL}/subscription-completed?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${TEST_PUBLIC_URL}/subscription-cancelled`,
    });
    // Starting a checkout changes nothing yet: only Stripe's word does.
    expect((await me(member.token)).plan).toBe('FREE');
  });

  it('makes the member PREMIUM when the signed webhook says they paid, with the interval and renewal date', async () => {
    const member = await aPayingMember('annual');
    expect(await me(member.token)).toMatchObject({ plan: 'PREMIUM', isPremium: true });
    const status = await billing(member.token);
    expect(status.subscription).toMatchObject({ status: 'active', interval: 'annual', cancelAtPeriodEnd: false });
    const renews = new Date(status.subscription!.currentPeriodEnd!).getTime();
    expect(renews - Date.now()).toBeGreaterThan(364 * 86_400_000);
    // Every event Stripe sent was taken (200), invoice.paid too, though the app has no use for it.
    expect(standIn.deliveries.slice(-3).map((d) => [d.event.type, d.status])).toEqual([
      ['customer.subscription.created', 200],
      ['checkout.session.completed', 200],
      ['invoice.paid', 200],
    ]);
    // A second checkout is refused: they pay already.
    expectError(await checkout(member.token), 409, 'ALREADY_SUBSCRIBED');
  });

  it('refuses a webhook whose signature does not verify with 400, and changes nothing', async () => {
    const member = await aPayingMember();
    const payload = JSON.stringify(subscriptionEvent('customer.subscription.deleted', member.subscriptionId));

    expectError(await postWebhook(t, payload, undefined), 400, 'INVALID_SIGNATURE');
    expectError(await postWebhook(t, payload, signStripePayload(payload, 'whsec_someone_else')), 400, 'INVALID_SIGNATURE');
    expectError(await postWebhook(t, payload, 't=1,v1=deadbeef'), 400, 'INVALID_SIGNATURE');
    // Signed by us, but a different body: the signature covers every byte.
    const signature = signStripePayload(payload, WEBHOOK_SECRET);
    expectError(await postWebhook(t, payload.replace('"canceled"', '"active"').replace('customer.subscription.deleted', 'customer.subscription.updated') + ' ', signature), 400, 'INVALID_SIGNATURE');
    // A signature older than Stripe's five-minute tolerance (a captured request replayed later).
    expectError(await postWebhook(t, payload, signStripePayload(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600)), 400, 'INVALID_SIGNATURE');

    expect((await me(member.token)).plan).toBe('PREMIUM');
    expect((await billing(member.token)).subscription?.status).toBe('active');
  });

  it('refuses a signed event it cannot read with 400 INVALID_EVENT, logs why at warn, and changes nothing', async () => {
    const member = await aPayingMember();
    const subscription = standIn.subscriptionObject(standIn.subscriptions.get(member.subscriptionId)!) as Record<string, unknown>;
    const { items: _items, ...withoutItems } = subscription;
    const signed = (payload: string) => postWebhook(t, payload, signStripePayload(payload, WEBHOOK_SECRET));
    const malformed = [
      'this is not JSON',
      '[1, 2]',
      JSON.stringify(standIn.event('customer.subscription.deleted', withoutItems)),
      JSON.stringify({ ...standIn.event('customer.subscription.updated', {}), data: { object: null } }),
      JSON.stringify({ ...standIn.event('customer.subscription.deleted', subscription), data: null }),
      JSON.stringify(standIn.event('customer.subscription.deleted', { ...subscription, items: { data: 'none' } })),
      JSON.stringify(standIn.event('checkout.session.completed', { mode: 'subscription', subscription: 42 })),
      // Text the database cannot store (JSON.stringify writes it as the escapes \u0000 and \ud800).
      JSON.stringify(standIn.event('customer.subscription.deleted', { ...subscription, customer: 'cus_\u0000' })),
      JSON.stringify({ ...standIn.event('invoice.payment_failed', { id: 'in_1' }), id: 'evt_\ud800' }),
    ];
    for (const payload of malformed) {
      const warnings = t.logs.filter((line) => line.level === 40).length;
      expectError(await signed(payload), 400, 'INVALID_EVENT');
      expect(t.logs.filter((line) => line.level === 40).length, payload).toBe(warnings + 1);
      expect(t.logs.at(-1)?.msg).toMatch(/^Refused a signed billing webhook/);
    }
    expect(t.logs.filter((line) => line.level >= 50)).toEqual([]);
    expect((await me(member.token)).plan).toBe('PREMIUM');
    expect((await billing(member.token)).subscription?.status).toBe('active');
  });

  it('applies a replayed event once: the same event again changes nothing', async () => {
    const member = await aPayingMember();
    const completed = standIn.deliveries.filter((d) => d.event.type === 'checkout.session.completed').at(-1)!.event;
    // The subscription ends (FREE); then Stripe delivers the old "checkout completed" again.
    standIn.subscriptions.get(member.subscriptionId)!.status = 'canceled';
    expect(await standIn.send(subscriptionEvent('customer.subscription.deleted', member.subscriptionId))).toBe(200);
    expect((await me(member.token)).plan).toBe('FREE');

    const payload = JSON.stringify(completed);
    const replay = await postWebhook(t, payload, signStripePayload(payload, WEBHOOK_SECRET));
    expect(replay.status).toBe(200);
    expect(webhookReceivedSchema.parse(replay.body)).toEqual({ received: true, outcome: 'duplicate' });
    expect((await me(member.token)).plan).toBe('FREE');
    expect((await billing(member.token)).subscription?.status).toBe('canceled');
  });

  it('keeps PREMIUM after a cancellation until the period ends, then FREE', async () => {
    const member = await aPayingMember();
    const periodEnd = (await billing(member.token)).subscription!.currentPeriodEnd;

    const cancelled = await call(t.app, { method: 'POST', url: '/api/billing/cancel', token: member.token });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(billingStatusSchema.parse(cancelled.body).subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: periodEnd });
    expect(standIn.subscriptions.get(member.subscriptionId)!.cancelAtPeriodEnd).toBe(true);
    // Stripe's customer.subscription.updated (cancel_at_period_end) arrives: still PREMIUM, with the end date known.
    await standIn.idle();
    expect(standIn.deliveries.at(-1)).toMatchObject({ event: { type: 'customer.subscription.updated' }, status: 200 });
    expect(await me(member.token)).toMatchObject({ plan: 'PREMIUM', isPremium: true });
    expect((await billing(member.token)).subscription).toMatchObject({ cancelAtPeriodEnd: true, currentPeriodEnd: periodEnd });

    // The period ends: Stripe deletes the subscription, and the member is FREE.
    await standIn.endPeriod(member.subscriptionId);
    expect(await me(member.token)).toMatchObject({ plan: 'FREE', isPremium: false });
    expect((await billing(member.token)).subscription).toMatchObject({ status: 'canceled' });
    // They may subscribe again, as the same Stripe customer.
    const again = await checkout(member.token);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const customer = standIn.subscriptions.get(member.subscriptionId)!.customer;
    expect(standIn.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!.form).toMatchObject({ customer });
  });

  it('takes a cancellation back before the period ends, and renews', async () => {
    const member = await aPayingMember();
    expect((await call(t.app, { method: 'POST', url: '/api/billing/cancel', token: member.token })).status).toBe(200);
    const resumed = await call(t.app, { method: 'POST', url: '/api/billing/resume', token: member.token });
    expect(resumed.status).toBe(200);
    expect(billingStatusSchema.parse(resumed.body).subscription).toMatchObject({ cancelAtPeriodEnd: false });
    await standIn.idle();
    const before = (await billing(member.token)).subscription!.currentPeriodEnd!;
    await standIn.endPeriod(member.subscriptionId);
    expect((await me(member.token)).plan).toBe('PREMIUM');
    expect(new Date((await billing(member.token)).subscription!.currentPeriodEnd!).getTime()).toBeGreaterThan(new Date(before).getTime());
  });

  it('keeps PREMIUM while Stripe retries a failed renewal, and ends it when Stripe gives up', async () => {
    const member = await aPayingMember();
    await standIn.failRenewal(member.subscriptionId);
    expect(standIn.deliveries.slice(-2).map((d) => d.status)).toEqual([200, 200]);
    expect((await me(member.token)).plan).toBe('PREMIUM');
    expect((await billing(member.token)).subscription?.status).toBe('past_due');
    standIn.subscriptions.get(member.subscriptionId)!.status = 'unpaid';
    await standIn.send(subscriptionEvent('customer.subscription.updated', member.subscriptionId));
    expect((await me(member.token)).plan).toBe('FREE');
  });

  it('answers 200 to event types it does not use, and to subscriptions of nobody it knows', async () => {
    const ignored = await standIn.send(standIn.event('customer.tax_id.created', { id: 'txi_1', object: 'tax_id' }));
    expect(ignored).toBe(200);
    const member = await aPayingMember();
    const stranger = standIn.subscriptionObject(standIn.subscriptions.get(member.subscriptionId)!);
    const res = await standIn.send(standIn.event('customer.subscription.updated', { ...stranger, id: 'sub_elsewhere', customer: 'cus_elsewhere', metadata: {} }));
    expect(res).toBe(200);
    expect((await me(member.token)).plan).toBe('PREMIUM');
  });

  it('refuses cancelling without a subscription (409), a visitor (401), and says so when Stripe fails (503)', async () => {
    const member = await aMember(t);
    expectError(await call(t.app, { method: 'POST', url: '/api/billing/cancel', token: member.token }), 409, 'NO_SUBSCRIPTION');
    expectError(await call(t.app, { method: 'POST', url: '/api/billing/cancel' }), 401, 'UNAUTHENTICATED');
    standIn.failNext = { status: 400, error: { type: 'invalid_request_error', code: 'resource_missing', param: 'line_items[0][price]', message: "No such price: 'price_gone'" } };
    expectError(await checkout(member.token), 503, 'BILLING_UNAVAILABLE');
    expect((await me(member.token)).plan).toBe('FREE');
  });

  it('cancels the subscription at Stripe when the member deletes their account', async () => {
    const member = await aPayingMember();
    const res = await call(t.app, { method: 'PUT', url: '/api/users/delete', token: member.token, payload: { reason: '' } });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    expect(standIn.subscriptions.get(member.subscriptionId)!.status).toBe('canceled');
    // Stripe's customer.subscription.deleted finds no member any more: taken, nothing to change.
    await standIn.idle();
    expect(standIn.deliveries.at(-1)).toMatchObject({ event: { type: 'customer.subscription.deleted' }, status: 200 });
  });
});

describe('billing without Stripe keys', () => {
  const t = useTestApp();

  it('says payments are off, and every billing call answers 404 BILLING_DISABLED', async () => {
    const status = await call(t.app, { method: 'GET', url: '/api/billing' });
    expect(billingStatusSchema.parse(status.body)).toEqual({ enabled: false, offers: [], subscription: null });
    const member = await aMember(t);
    expectError(await call(t.app, { method: 'POST', url: '/api/billing/checkout', token: member.token, payload: { interval: 'monthly' } }), 404, 'BILLING_DISABLED');
    expectError(await call(t.app, { method: 'POST', url: '/api/billing/cancel', token: member.token }), 404, 'BILLING_DISABLED');
    const payload = JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed' });
    expectError(await postWebhook(t, payload, signStripePayload(payload, 'whsec_x')), 404, 'BILLING_DISABLED');
  });
});
