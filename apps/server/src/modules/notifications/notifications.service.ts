import type { Mailer } from '../../infra/mail/mailer.js';
import { digestMail } from './notifications.mails.js';
import type { DigestFrequency, NotificationsRepository } from './notifications.repository.js';

/** Runs (a minute apart) a digest is tried in before it is given up: an hour of mail server outage. */
const MAX_ATTEMPTS = 60;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * The end of the latest finished period at `now` (UTC): IMMEDIATE the minute (new videos are batched within a
 * minute), DAILY the day, WEEKLY the ISO week (Monday 00:00). A digest takes the items from before it.
 */
export function periodEnd(frequency: DigestFrequency, now: Date): Date {
  const t = now.getTime();
  if (frequency === 'IMMEDIATE') return new Date(t - (t % MINUTE));
  const day = t - (t % DAY);
  if (frequency === 'DAILY') return new Date(day);
  const weekday = (new Date(day).getUTCDay() + 6) % 7; // Monday 0
  return new Date(day - weekday * DAY);
}

export interface NotificationsLog {
  warn(obj: object, msg: string): void;
}

/**
 * Notifications of new videos (decisions/013-notifications.md). New videos become items of the subscriptions that
 * want mail; the dispatch job builds each finished period's digest (idempotent across runs and processes) and then
 * sends the built ones, each in the transaction that holds its row, so none is sent twice and none is lost.
 */
export class NotificationsService {
  constructor(
    private readonly repository: NotificationsRepository,
    private readonly mailer: Mailer,
    private readonly site: { appName: string; publicUrl: string },
    private readonly log: NotificationsLog,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** New videos of channels and new sift matches: queue them for the subscriptions that want to hear. */
  async queueNew(videoIds: number[], siftMatches: Array<{ siftId: number; videoId: number }>): Promise<number> {
    const at = this.clock();
    return (await this.repository.queueChannelVideos(videoIds, at)) + (await this.repository.queueSiftMatches(siftMatches, at));
  }

  /** Builds the digests of every finished period. Answers how many were made. */
  async buildDigests(now = this.clock()): Promise<number> {
    let made = 0;
    for (const frequency of ['IMMEDIATE', 'DAILY', 'WEEKLY'] as const) made += await this.repository.buildDigests(frequency, periodEnd(frequency, now));
    return made;
  }

  /** Sends every built digest; answers how many mails went out. */
  async sendBuilt(): Promise<number> {
    let sent = 0;
    for (;;) {
      const outcome = await this.repository.withNextUnsent(async (digest) => {
        const s = digest.subscription;
        // Changed its mind since the digest was built, or cannot see the sift any more: nothing to send.
        if (s.optOut || s.muted || s.frequency === 'NONE' || !digest.user.active || !digest.target.visible || digest.videos.length === 0) return 'DROPPED';
        try {
          await this.mailer.send(digestMail(digest, this.site));
          sent++;
          return 'SENT';
        } catch (err) {
          this.log.warn({ err, digest: digest.id, attempt: digest.attempts + 1 }, 'Notification mail failed; it will be tried again');
          return 'RETRY';
        }
      }, MAX_ATTEMPTS);
      // Nothing left, or the mail server failed: the next run (a minute later) tries again.
      if (outcome === null || outcome === 'RETRY') return sent;
      if (sent > 0 && sent % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** The dispatch job: build, then send. */
  async dispatch(now = this.clock()): Promise<{ built: number; sent: number }> {
    const built = await this.buildDigests(now);
    return { built, sent: await this.sendBuilt() };
  }
}
