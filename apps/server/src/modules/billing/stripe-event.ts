/**
 * The shape of the webhook events the billing service acts on, checked after the signature verifies. A signed body
 * is Stripe's (or comes from whoever holds the signing secret), but not necessarily what this code expects: an API
 * version that moved a field, a test tool's hand-made event, a body that is not JSON. Such an event is refused with a
 * 400 and a warning (decisions/035), never read into a TypeError and a 500; every text it brings to the
 * database is storable (infra/text/storable-text.ts).
 */
import type Stripe from 'stripe';
import { z } from 'zod';
import { textProblem } from '../../infra/text/storable-text.js';

const storable = z
  .string()
  .min(1)
  .max(500)
  .refine((value) => textProblem(value) === null, 'holds a NUL or a lone surrogate');
const reference = z.union([storable, z.object({ id: storable })]);
const metadata = z.record(z.string(), z.string()).nullish();

const envelopeSchema = z.object({
  id: storable,
  type: storable,
  created: z.number().finite(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/** What `PaymentGateway.snapshot` reads of a subscription. */
const subscriptionSchema = z.object({
  id: storable,
  customer: reference,
  status: storable,
  cancel_at_period_end: z.boolean(),
  metadata,
  items: z.object({
    data: z.array(z.object({ current_period_end: z.number().finite(), price: z.object({ id: z.string(), recurring: z.object({ interval: z.string() }).nullish() }) })),
  }),
});

/** What the service reads of a checkout session. */
const checkoutSessionSchema = z.object({ mode: z.string().nullish(), subscription: reference.nullish(), client_reference_id: storable.nullish(), metadata });

/** The types whose object the service reads, and what it reads of it; other types are acknowledged and ignored. */
const OBJECT_SCHEMAS: Record<string, z.ZodType> = {
  'checkout.session.completed': checkoutSessionSchema,
  'customer.subscription.created': subscriptionSchema,
  'customer.subscription.updated': subscriptionSchema,
  'customer.subscription.deleted': subscriptionSchema,
  'invoice.payment_failed': z.object({ id: storable }),
};

export type EventCheck = { ok: true; event: Stripe.Event } | { ok: false; problem: string };

/** The event, when it holds what the service reads of its type; otherwise what is wrong with it, for the log. */
export function checkEvent(value: unknown): EventCheck {
  const envelope = envelopeSchema.safeParse(value);
  if (!envelope.success) return { ok: false, problem: `not a Stripe event (${summary(envelope.error)})` };
  const schema = OBJECT_SCHEMAS[envelope.data.type];
  const object = schema?.safeParse(envelope.data.data.object);
  if (object && !object.success) return { ok: false, problem: `${envelope.data.type} ${envelope.data.id} lacks what Sift reads (${summary(object.error)})` };
  // Checked above for every field the service reads; the rest of the object stays as Stripe sent it.
  return { ok: true, event: value as Stripe.Event };
}

function summary(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`)
    .join('; ');
}
