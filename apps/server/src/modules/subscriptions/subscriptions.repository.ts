import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Frequency } from '@sift/contracts';
import { rowsOf, type Database } from '../../infra/db/client.js';
import { channels, notificationItems, siftChannels, sifts, subscriptions, videos } from '../../infra/db/schema.js';
import { siftCover } from '../../infra/db/sift-cover.js';
import { marksVersionOf, unwatchedCount } from '../../infra/db/unwatched.js';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** A subscription with the few fields of what it follows that lists show. */
export interface SubscriptionWithTargetRow {
  subscription: SubscriptionRow;
  channel: { id: number; externalId: string; name: string; thumbnail: string } | null;
  sift: { id: number; hash: string; name: string; thumbnail: string | null; public: boolean; ownerId: number } | null;
}

/**
 * What is kept of a member's follows depends on (decision 014), read before what it guards: the personal feed's pages
 * and chips, the inbox counts. `subscriptions`: the member's subscriptions (a follow, unfollow, mute or frequency
 * change moves their count or newest updated_at) and each followed sift's visibility and owner. `videos`: the newest
 * video id of the catalog (any arrival) and each followed sift's feed version. `marks`: the member's marks version
 * (what they watched or dismissed, decisions/055).
 */
export interface FollowsStamp {
  subscriptions: string;
  videos: string;
  marks: string;
}

/** A filter chip of the personal feed: a subscription and the few fields of what it follows that a chip shows. */
export interface FeedFilterRow {
  subscriptionId: number;
  muted: boolean;
  channel: SubscriptionWithTargetRow['channel'];
  sift: { id: number; hash: string; name: string; thumbnail: string | null } | null;
}

export type SubscriptionTargetKey = { channelId: number; siftId?: undefined } | { siftId: number; channelId?: undefined };

const targetCondition = (target: SubscriptionTargetKey): SQL =>
  target.channelId !== undefined ? eq(subscriptions.channelId, target.channelId) : eq(subscriptions.siftId, target.siftId);

/** A sift's videos reach a follower while it is public, or when the follower owns it (SPEC §8 "Make private"). */
const siftVisibleTo = (userId: SQL | number): SQL => sql`(${sifts.public} OR ${sifts.ownerId} = ${userId})`;

/** The only place that writes `subscriptions` (the feeds' stamp and the sifts' follower counts read it too). */
export class SubscriptionsRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(fn: (repository: SubscriptionsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new SubscriptionsRepository(tx as unknown as Database)));
  }

  /** The member's subscription of a channel or sift, locked for the rest of the transaction. */
  async findForUpdate(userId: number, target: SubscriptionTargetKey): Promise<SubscriptionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), targetCondition(target)))
      .for('update')
      .limit(1);
    return row;
  }

  /**
   * Follows one channel or sift in one statement: a new subscription, or an unfollowed or muted one back (an
   * unfollowed one at `fallback` unless a frequency is asked), or a new frequency. A follow that changes nothing
   * writes nothing — no row lock held across round trips, and the member's feed stamp (`updated_at`) stays, so a
   * repeated Follow does not throw away their kept feed pages. Answers the subscription as shown, and whether it is new.
   */
  async follow(userId: number, target: SubscriptionTargetKey, frequency: Frequency | undefined, fallback: Frequency): Promise<{ row: SubscriptionWithTargetRow; created: boolean }> {
    const conflict = target.channelId !== undefined ? sql`(user_id, channel_id) WHERE channel_id IS NOT NULL` : sql`(user_id, sift_id) WHERE sift_id IS NOT NULL`;
    const asked = frequency ?? null;
    const [written] = rowsOf<{ id: number | string; created: boolean }>(
      await this.db.execute(sql`
        INSERT INTO ${subscriptions} (user_id, channel_id, sift_id, frequency)
        VALUES (${userId}, ${target.channelId ?? null}, ${target.siftId ?? null}, ${frequency ?? fallback})
        ON CONFLICT ${conflict}
        DO UPDATE SET opt_out = false, muted = false, updated_at = now(),
          frequency = COALESCE(${asked}::text, CASE WHEN ${subscriptions}.opt_out THEN ${fallback} ELSE ${subscriptions}.frequency END)
        WHERE ${subscriptions}.opt_out OR ${subscriptions}.muted OR ${subscriptions}.frequency <> COALESCE(${asked}::text, ${subscriptions}.frequency)
        RETURNING id, (xmax = 0) AS created`),
    );
    if (written) return { row: (await this.findById(Number(written.id)))!, created: written.created };
    // Followed already, as asked: nothing to write, and the row is read as it is shown in one statement.
    const [row] = await this.withTargets()
      .where(and(eq(subscriptions.userId, userId), targetCondition(target)))
      .limit(1);
    return { row: row!, created: false };
  }

  /**
   * Follows many channels in one statement (an import): new subscriptions are made, unfollowed ones come back with
   * the default frequency, the ones followed already are left as they are. Answers how many are newly followed.
   */
  async followChannels(userId: number, channelIds: number[], frequency: Frequency): Promise<number> {
    if (channelIds.length === 0) return 0;
    const rows = rowsOf<{ id: number }>(
      await this.db.execute(sql`
        INSERT INTO ${subscriptions} (user_id, channel_id, frequency)
        SELECT ${userId}, c, ${frequency} FROM unnest(${sql.param(channelIds)}::bigint[]) AS c
        ON CONFLICT (user_id, channel_id) WHERE channel_id IS NOT NULL
        DO UPDATE SET opt_out = false, muted = false, frequency = EXCLUDED.frequency, updated_at = now()
        WHERE ${subscriptions}.opt_out
        RETURNING id`),
    );
    return rows.length;
  }

  async update(id: number, values: Partial<Pick<SubscriptionRow, 'frequency' | 'muted' | 'optOut'>>): Promise<SubscriptionRow> {
    const [row] = await this.db
      .update(subscriptions)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(subscriptions.id, id))
      .returning();
    return row!;
  }

  /** Notifications not sent yet stop when a subscription stops wanting them (NONE, muted, unfollowed). */
  async dropPendingNotifications(subscriptionId: number): Promise<void> {
    await this.db
      .delete(notificationItems)
      .where(and(eq(notificationItems.subscriptionId, subscriptionId), sql`${notificationItems.digestId} IS NULL`));
  }

  async findById(id: number): Promise<SubscriptionWithTargetRow | undefined> {
    const [row] = await this.withTargets().where(eq(subscriptions.id, id)).limit(1);
    return row;
  }

  async findByUnsubscribeToken(token: string): Promise<SubscriptionWithTargetRow | undefined> {
    const [row] = await this.withTargets().where(eq(subscriptions.unsubscribeToken, token)).limit(1);
    return row;
  }

  /** The member's subscriptions that are followed (not unfollowed), oldest first. */
  async listForUser(userId: number): Promise<SubscriptionWithTargetRow[]> {
    return this.withTargets()
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.optOut, false)))
      .orderBy(asc(subscriptions.id));
  }

  /** The member's FollowsStamp: one short statement. */
  async followsStamp(userId: number): Promise<FollowsStamp> {
    const result = await this.db.execute(sql`
      WITH followed AS (
        SELECT ${sifts.id} AS id, ${sifts.feedVersion} AS version, ${sifts.public} AS public, ${sifts.ownerId} AS owner
        FROM ${subscriptions} JOIN ${sifts} ON ${sifts.id} = ${subscriptions.siftId} WHERE ${subscriptions.userId} = ${userId}
      )
      SELECT
        (SELECT count(*) || '.' || coalesce(max(${subscriptions.updatedAt})::text, '') FROM ${subscriptions} WHERE ${subscriptions.userId} = ${userId})
          || '|' || coalesce((SELECT string_agg(id || '.' || public || '.' || owner, ',' ORDER BY id) FROM followed), '') AS subscriptions,
        coalesce((SELECT max(${videos.id}) FROM ${videos})::text, '')
          || '|' || coalesce((SELECT string_agg(id || '.' || version, ',' ORDER BY id) FROM followed), '') AS videos,
        ${marksVersionOf(userId)} AS marks`);
    const row = rowsOf<FollowsStamp>(result)[0];
    return { subscriptions: row?.subscriptions ?? '', videos: row?.videos ?? '', marks: row?.marks ?? '' };
  }

  /** Each followed channel's and sift's inbox count (issue 30): unwatched videos published since the follow. */
  async unwatchedCounts(userId: number): Promise<Map<number, number>> {
    const rows = await this.db
      .select({
        id: subscriptions.id,
        count: sql<number>`CASE WHEN ${subscriptions.channelId} IS NOT NULL
          THEN ${unwatchedCount(userId, { channelId: subscriptions.channelId }, subscriptions.createdAt)}
          ELSE ${unwatchedCount(userId, { siftId: subscriptions.siftId }, subscriptions.createdAt)} END`.mapWith(Number),
      })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.optOut, false)));
    return new Map(rows.map((r) => [r.id, r.count]));
  }

  /**
   * The member's filter chips: followed channels, and followed sifts the member may still see, oldest first. Only
   * what a chip shows: a member may follow hundreds, and this is read with every first page of the feed.
   */
  async feedFilterRows(userId: number): Promise<FeedFilterRow[]> {
    // One row of JSON made by the database: hundreds of rows mapped one by one cost more than the query.
    const [row] = await this.db
      .select({
        chips: sql<FeedFilterRow[] | null>`json_agg(json_build_object(
          'subscriptionId', ${subscriptions.id},
          'muted', ${subscriptions.muted},
          'channel', CASE WHEN ${channels.id} IS NULL THEN NULL ELSE json_build_object(
            'id', ${channels.id}, 'externalId', ${channels.externalId}, 'name', ${channels.name}, 'thumbnail', ${channels.thumbnail}) END,
          'sift', CASE WHEN ${sifts.id} IS NULL THEN NULL ELSE json_build_object(
            'id', ${sifts.id}, 'hash', ${sifts.hash}, 'name', ${sifts.name}, 'thumbnail', ${siftCover}) END
        ) ORDER BY ${subscriptions.id})`,
      })
      .from(subscriptions)
      .leftJoin(channels, eq(channels.id, subscriptions.channelId))
      .leftJoin(sifts, eq(sifts.id, subscriptions.siftId))
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.optOut, false), sql`(${subscriptions.siftId} IS NULL OR ${siftVisibleTo(userId)})`));
    return row?.chips ?? [];
  }

  /**
   * The channel ids and sift ids whose videos make up the member's feed: followed, not muted, and for sifts still
   * visible to the member. `only` narrows to some of the member's subscriptions (filter chips).
   */
  async feedSources(userId: number, only: number[]): Promise<{ channelIds: number[]; siftIds: number[] }> {
    // Two arrays in one row (the page statement takes them as arrays).
    const [row] = await this.db
      .select({
        channelIds: sql<Array<number | string> | null>`array_agg(${subscriptions.channelId}) FILTER (WHERE ${subscriptions.channelId} IS NOT NULL)`,
        siftIds: sql<Array<number | string> | null>`array_agg(${subscriptions.siftId}) FILTER (WHERE ${subscriptions.siftId} IS NOT NULL)`,
      })
      .from(subscriptions)
      .leftJoin(sifts, eq(sifts.id, subscriptions.siftId))
      .where(
        and(
          eq(subscriptions.userId, userId),
          eq(subscriptions.optOut, false),
          eq(subscriptions.muted, false),
          sql`(${subscriptions.siftId} IS NULL OR ${siftVisibleTo(userId)})`,
          only.length > 0 ? sql`${subscriptions.id} = ANY(${sql.param(only)}::bigint[])` : undefined,
        ),
      );
    // int8 comes back as a string from node-postgres, a number from PGlite.
    return { channelIds: (row?.channelIds ?? []).map(Number), siftIds: (row?.siftIds ?? []).map(Number) };
  }


  /**
   * Channels to ask the video service about: followed directly, or a channel of a followed sift; least recently
   * refreshed first, and only those not refreshed since `refreshedBefore`.
   */
  /**
   * Claims the channels due for a refresh of their uploads: followed channels (not opted out) and every channel in a
   * sift, not refreshed after `refreshedBefore`, least recently refreshed first. Claiming stamps `refreshed_at`, and
   * rows locked by another process's claim are skipped, so two processes never refresh the same channel twice.
   * At most `limit`, of which the caller spreads a period's work over its minutes.
   */
  async claimChannelsToRefresh(refreshedBefore: Date, now: Date, perPeriod: (total: number) => number): Promise<Array<{ id: number; externalId: string }>> {
    const refreshable = sql`(
      SELECT ${subscriptions.channelId} AS channel_id FROM ${subscriptions}
        WHERE ${subscriptions.channelId} IS NOT NULL AND NOT ${subscriptions.optOut}
      UNION
      SELECT ${siftChannels.channelId} FROM ${siftChannels}
    )`;
    const [counted] = rowsOf<{ n: string | number }>(await this.db.execute(sql`SELECT count(*) AS n FROM ${refreshable} r`));
    const limit = perPeriod(Number(counted?.n ?? 0));
    const result = await this.db.execute(sql`
      WITH due AS (
        SELECT c.id FROM ${channels} c
        WHERE c.id IN ${refreshable} AND (c.refreshed_at IS NULL OR c.refreshed_at <= ${refreshedBefore.toISOString()}::timestamptz)
        ORDER BY c.refreshed_at ASC NULLS FIRST, c.id
        LIMIT ${limit}
        FOR UPDATE OF c SKIP LOCKED
      )
      UPDATE ${channels} SET refreshed_at = ${now.toISOString()}::timestamptz FROM due WHERE ${channels}.id = due.id
      RETURNING ${channels}.id, ${channels}.external_id`);
    return rowsOf<{ id: string | number; external_id: string }>(result).map((r) => ({ id: Number(r.id), externalId: r.external_id }));
  }

  private withTargets() {
    return this.db
      .select({
        subscription: subscriptions,
        channel: { id: channels.id, externalId: channels.externalId, name: channels.name, thumbnail: channels.thumbnail },
        sift: { id: sifts.id, hash: sifts.hash, name: sifts.name, thumbnail: siftCover, public: sifts.public, ownerId: sifts.ownerId },
      })
      .from(subscriptions)
      .leftJoin(channels, eq(channels.id, subscriptions.channelId))
      .leftJoin(sifts, eq(sifts.id, subscriptions.siftId))
      .$dynamic();
  }
}
