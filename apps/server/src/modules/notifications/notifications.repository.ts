import { and, asc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../infra/db/client.js';
import { asLocale, type Locale } from '../../infra/i18n/locale.js';
import { channels, notificationDigests, notificationItems, sifts, subscriptions, users, videos } from '../../infra/db/schema.js';

export type DigestFrequency = 'IMMEDIATE' | 'DAILY' | 'WEEKLY';
export type DigestOutcome = 'SENT' | 'DROPPED' | 'RETRY';

/** A digest with everything its mail says. */
export interface DigestToSend {
  id: number;
  frequency: DigestFrequency;
  periodEnd: Date;
  /** When the digest (the outbox row) was built; with `id`, what its mail's Message-ID is made of. */
  createdAt: Date;
  attempts: number;
  subscription: { id: number; frequency: string; muted: boolean; optOut: boolean; unsubscribeToken: string };
  /** `locale`: the member's language, which the mail is written in. */
  user: { email: string; firstName: string; locale: Locale; active: boolean };
  target: { type: 'channel' | 'sift'; name: string; externalId: string; visible: boolean };
  videos: Array<{ externalId: string; title: string; channelName: string; publishedAt: Date; durationSeconds: number }>;
}

const countOf = (result: unknown): number => {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
};

/** The only place that reads and writes notification_items and notification_digests (decisions/013). */
export class NotificationsRepository {
  constructor(private readonly db: Database) {}

  /**
   * New videos of followed channels → an item per subscription that wants mail. Repeats are ignored, and so are
   * videos published before the follow: a channel's first refresh after an import brings its old uploads, not news.
   */
  async queueChannelVideos(videoIds: number[], at: Date): Promise<number> {
    if (videoIds.length === 0) return 0;
    return countOf(
      await this.db.execute(sql`
        INSERT INTO ${notificationItems} (subscription_id, video_id, created_at)
        SELECT s.id, v.id, ${at.toISOString()}::timestamptz
        FROM ${videos} v JOIN ${subscriptions} s ON s.channel_id = v.channel_id
        WHERE v.id = ANY(${sql.param(videoIds)}::bigint[]) AND NOT s.opt_out AND NOT s.muted AND s.frequency <> 'NONE'
          AND v.published_at > s.created_at
        ON CONFLICT DO NOTHING`),
    );
  }

  /** New matches of sifts → an item per follower that wants mail and may still see the sift (published after the follow). */
  async queueSiftMatches(matches: Array<{ siftId: number; videoId: number }>, at: Date): Promise<number> {
    if (matches.length === 0) return 0;
    return countOf(
      await this.db.execute(sql`
        INSERT INTO ${notificationItems} (subscription_id, video_id, created_at)
        SELECT s.id, m.video_id, ${at.toISOString()}::timestamptz
        FROM unnest(${sql.param(matches.map((m) => m.siftId))}::bigint[], ${sql.param(matches.map((m) => m.videoId))}::bigint[]) AS m(sift_id, video_id)
        JOIN ${subscriptions} s ON s.sift_id = m.sift_id
        JOIN ${sifts} ON ${sifts.id} = m.sift_id
        JOIN ${videos} v ON v.id = m.video_id
        WHERE NOT s.opt_out AND NOT s.muted AND s.frequency <> 'NONE' AND (${sifts.public} OR ${sifts.ownerId} = s.user_id)
          AND v.published_at > s.created_at
        ON CONFLICT DO NOTHING`),
    );
  }

  /**
   * One statement per frequency: for every subscription of that frequency with items from before `periodEnd` not
   * in a digest yet, insert the period's digest (unique per subscription and period: a second process, or a second
   * run, inserts nothing) and hand it those items. Answers how many digests were made.
   */
  async buildDigests(frequency: DigestFrequency, periodEnd: Date): Promise<number> {
    const end = periodEnd.toISOString();
    const result = await this.db.execute(sql`
      WITH due AS (
        SELECT DISTINCT i.subscription_id FROM ${notificationItems} i
        JOIN ${subscriptions} s ON s.id = i.subscription_id
        WHERE i.digest_id IS NULL AND i.created_at < ${end}::timestamptz AND s.frequency = ${frequency}
      ), made AS (
        INSERT INTO ${notificationDigests} (subscription_id, frequency, period_end)
        SELECT subscription_id, ${frequency}, ${end}::timestamptz FROM due
        ON CONFLICT DO NOTHING
        RETURNING id, subscription_id
      ), taken AS (
        UPDATE ${notificationItems} i SET digest_id = made.id FROM made
        WHERE i.subscription_id = made.subscription_id AND i.digest_id IS NULL AND i.created_at < ${end}::timestamptz
        RETURNING i.digest_id
      )
      SELECT count(DISTINCT digest_id)::int AS n FROM taken`);
    return Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
  }

  /**
   * Runs `fn` with the oldest unsent digest, locked for the transaction (FOR UPDATE SKIP LOCKED: another process
   * takes the next one). `fn` answers the digest's new status; it is written in the same transaction, so the
   * status flips only if the transaction commits. Answers the outcome, or null when no digest waits.
   */
  async withNextUnsent(fn: (digest: DigestToSend) => Promise<DigestOutcome>, maxAttempts: number): Promise<DigestOutcome | null> {
    return this.db.transaction(async (tx) => {
      const [d] = await tx
        .select()
        .from(notificationDigests)
        .where(eq(notificationDigests.status, 'BUILT'))
        .orderBy(asc(notificationDigests.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!d) return null;
      const digest = await new NotificationsRepository(tx as unknown as Database).details(d);
      const outcome = digest ? await fn(digest) : 'DROPPED';
      const status = outcome === 'RETRY' ? (d.attempts + 1 >= maxAttempts ? 'DROPPED' : 'BUILT') : outcome;
      await tx
        .update(notificationDigests)
        .set({ status, attempts: d.attempts + 1, sentAt: outcome === 'SENT' ? sql`now()` : null })
        .where(eq(notificationDigests.id, d.id));
      if (outcome === 'SENT') await tx.update(subscriptions).set({ lastNotifiedAt: sql`now()` }).where(eq(subscriptions.id, d.subscriptionId));
      return outcome;
    });
  }

  private async details(d: typeof notificationDigests.$inferSelect): Promise<DigestToSend | null> {
    const [head] = await this.db
      .select({
        subscription: {
          id: subscriptions.id,
          frequency: subscriptions.frequency,
          muted: subscriptions.muted,
          optOut: subscriptions.optOut,
          unsubscribeToken: subscriptions.unsubscribeToken,
          userId: subscriptions.userId,
        },
        user: { email: users.email, firstName: users.firstName, locale: users.locale, deactivatedAt: users.deactivatedAt, deletedAt: users.deletedAt },
        channel: { name: channels.name, externalId: channels.externalId },
        sift: { name: sifts.name, hash: sifts.hash, public: sifts.public, ownerId: sifts.ownerId },
      })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .leftJoin(channels, eq(channels.id, subscriptions.channelId))
      .leftJoin(sifts, eq(sifts.id, subscriptions.siftId))
      .where(eq(subscriptions.id, d.subscriptionId))
      .limit(1);
    if (!head) return null;
    const list = await this.db
      .select({
        externalId: videos.externalId,
        title: videos.title,
        channelName: channels.name,
        publishedAt: videos.publishedAt,
        durationSeconds: videos.durationSeconds,
      })
      .from(notificationItems)
      .innerJoin(videos, eq(videos.id, notificationItems.videoId))
      .innerJoin(channels, eq(channels.id, videos.channelId))
      .where(and(eq(notificationItems.digestId, d.id)))
      .orderBy(sql`${videos.publishedAt} DESC`, sql`${videos.id} DESC`);
    const { subscription, user, channel, sift } = head;
    return {
      id: d.id,
      frequency: d.frequency,
      periodEnd: d.periodEnd,
      createdAt: d.createdAt,
      attempts: d.attempts,
      subscription,
      user: { email: user.email, firstName: user.firstName, locale: asLocale(user.locale), active: !user.deactivatedAt && !user.deletedAt },
      target: channel
        ? { type: 'channel', name: channel.name, externalId: channel.externalId, visible: true }
        : { type: 'sift', name: sift!.name, externalId: sift!.hash, visible: sift!.public || sift!.ownerId === subscription.userId },
      videos: list,
    };
  }
}
