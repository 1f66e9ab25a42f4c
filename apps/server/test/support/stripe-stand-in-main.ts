import { StripeStandIn, STAND_IN_PRICES } from './stripe-stand-in.js';

/**
 * The Stripe stand-in as a process, for browser tests, which run the real server against it (e2e/support/stack.mjs):
 *
 *   STRIPE_STAND_IN_PORT=0 STRIPE_SECRET_KEY=sk_test_… STRIPE_WEBHOOK_SECRET=whsec_… \
 *   STRIPE_STAND_IN_WEBHOOK_URL=http://127.0.0.1:8181/api/billing/webhook node --import tsx apps/server/test/support/stripe-stand-in-main.ts
 *
 * prints one JSON line `{"apiBase","prices":{"monthly","annual"}}` once it listens, and stops on SIGTERM/SIGINT. Its
 * hosted checkout page's Pay button sends the signed webhooks to STRIPE_STAND_IN_WEBHOOK_URL, as Stripe would.
 */
async function main(): Promise<void> {
  const port = Number(process.env.STRIPE_STAND_IN_PORT ?? 0);
  const secretKey = process.env.STRIPE_SECRET_KEY;
  const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET;
  const webhookUrl = process.env.STRIPE_STAND_IN_WEBHOOK_URL;
  if (!Number.isInteger(port) || port < 0 || port > 65_535 || !secretKey || !webhookSecret || !webhookUrl) {
    process.stderr.write('Set STRIPE_STAND_IN_PORT, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_STAND_IN_WEBHOOK_URL\n');
    process.exit(2);
  }
  const standIn = new StripeStandIn({ port, secretKey, webhookSecret, webhookUrl });
  await standIn.start();
  const [monthly, annual] = STAND_IN_PRICES;
  process.stdout.write(`${JSON.stringify({ apiBase: standIn.url, prices: { monthly: monthly!.id, annual: annual!.id } })}\n`);
  const shutdown = () => {
    void standIn.stop().then(() => process.exit(0));
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
