import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../infra/db/client.js';
import { billingEvents, billingSubscriptions, users } from '../../infra/db/schema.js';
import type { SubscriptionSnapshot } from './stripe-gateway.js';

export type BillingRow = typeof billingSubscriptions.$inferSelect;

/** What applying one webhook event came to. */
export type EventOutcome =
  /** Its id was recorded before: a replay or a redelivery, nothing changed. */
  | 'duplicate'
  /** No member matches it (deleted since, or a subscription this app did not make): recorded, nothing changed. */
  | 'unknown-member'
  /** Older than the state already applied (events arrive in any order): recorded, nothing changed. */
  | 'stale'
  | 'applied';

/** The state a subscription puts a member in; null plan leaves the plan as it is. */
export interface SubscriptionChange {
  snapshot: SubscriptionSnapshot;
  /** Stripe's time of this state, whole seconds (the event's `created`). */
  stateAt: Date;
  plan: 'FREE' | 'PREMIUM' | null;
}

/**
 * Members' subscriptions and the record of handled events. The one place besides the users module that writes
 * `users.plan`: a plan change and the record of the event that caused it commit together or not at all (decisions/024).
 */
export class BillingRepository {
  constructor(private readonly db: Database) {}

  async findByUser(userId: number): Promise<BillingRow | undefined> {
    const [row] = await this.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.userId, userId)).limit(1);
    return row;
  }

  /**
   * Applies a subscription's state for an event, once: the event's id is inserted first, and a replay finds it there
   * (a concurrent delivery of the same event waits on the primary key, then finds it too). The member is the
   * metadata's uuid, else the owner of the customer. A stored newer state of the same subscription wins; a
   * different subscription that is not live does not replace a live one (an old subscription's late deletion).
   */
  async applyEvent(event: { id: string; type: string }, change: SubscriptionChange, isLive: (status: string | null) => boolean): Promise<EventOutcome> {
    return this.db.transaction(async (tx) => {
      const recorded = await tx.insert(billingEvents).values({ eventId: event.id, type: event.type }).onConflictDoNothing().returning({ id: billingEvents.eventId });
      if (recorded.length === 0) return 'duplicate';

      const { snapshot } = change;
      const userId = await this.memberOf(tx, snapshot);
      if (userId === undefined) return 'unknown-member';
      const [current] = await tx.select().from(billingSubscriptions).where(eq(billingSubscriptions.userId, userId)).for('update').limit(1);
      if (current?.subscriptionId === snapshot.id && current.stateAt && current.stateAt > change.stateAt) return 'stale';
      if (current?.subscriptionId && current.subscriptionId !== snapshot.id && isLive(current.status) && !isLive(snapshot.status)) return 'stale';

      await this.write(tx, userId, snapshot, change.stateAt);
      if (change.plan) await tx.update(users).set({ plan: change.plan, updatedAt: sql`now()` }).where(eq(users.id, userId));
      return 'applied';
    });
  }

  /** Records an event that changes nothing here (a failed payment: the subscription's own update says what follows). */
  async recordEvent(event: { id: string; type: string }): Promise<boolean> {
    const recorded = await this.db.insert(billingEvents).values({ eventId: event.id, type: event.type }).onConflictDoNothing().returning({ id: billingEvents.eventId });
    return recorded.length > 0;
  }

  /** Stripe's answer to the member's own cancel or resume: stored at once, the plan untouched (only webhooks change it). */
  async storeSnapshot(userId: number, snapshot: SubscriptionSnapshot, stateAt: Date): Promise<BillingRow> {
    return this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(billingSubscriptions).where(eq(billingSubscriptions.userId, userId)).for('update').limit(1);
      if (current?.subscriptionId === snapshot.id && current.stateAt && current.stateAt > stateAt) return current;
      return this.write(tx, userId, snapshot, stateAt);
    });
  }

  /**
   * The member an event is about, their row locked: an account being deleted meanwhile is waited for (and then not
   * found) rather than written to half-gone.
   */
  private async memberOf(tx: Database, snapshot: SubscriptionSnapshot): Promise<number | undefined> {
    if (snapshot.memberUuid && /^[0-9a-f-]{36}$/i.test(snapshot.memberUuid)) {
      const [byUuid] = await tx.select({ id: users.id }).from(users).where(eq(users.uuid, snapshot.memberUuid)).for('update').limit(1);
      if (byUuid) return byUuid.id;
    }
    const [byCustomer] = await tx.select({ id: billingSubscriptions.userId }).from(billingSubscriptions).where(eq(billingSubscriptions.customerId, snapshot.customerId)).limit(1);
    if (!byCustomer) return undefined;
    const [member] = await tx.select({ id: users.id }).from(users).where(eq(users.id, byCustomer.id)).for('update').limit(1);
    return member?.id;
  }

  private async write(tx: Database, userId: number, snapshot: SubscriptionSnapshot, stateAt: Date): Promise<BillingRow> {
    const values = {
      customerId: snapshot.customerId,
      subscriptionId: snapshot.id,
      status: snapshot.status,
      interval: snapshot.interval,
      currentPeriodEnd: snapshot.currentPeriodEnd,
      cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
      stateAt,
      updatedAt: sql`now()`,
    };
    const [row] = await tx
      .insert(billingSubscriptions)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: billingSubscriptions.userId, set: values })
      .returning();
    return row!;
  }
}
