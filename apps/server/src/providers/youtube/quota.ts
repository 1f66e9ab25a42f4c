import { VideoServiceUnavailableError } from '../video-service-errors.js';

/** The Data API's quota day runs from midnight to midnight Pacific time. */
const QUOTA_TIME_ZONE = 'America/Los_Angeles';
const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: QUOTA_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const timeFormat = new Intl.DateTimeFormat('en-GB', { timeZone: QUOTA_TIME_ZONE, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
const HOUR = 3_600_000;

/** The quota day of a moment, as `YYYY-MM-DD` in Pacific time. */
export function quotaDay(now: Date): string {
  return dayFormat.format(now);
}

/** The next Pacific midnight after `now` (a DST change makes that day 23 or 25 hours long, hence the correction). */
export function nextQuotaReset(now: Date): Date {
  const [h, m, s] = timeFormat.format(now).split(':').map(Number) as [number, number, number];
  let candidate = new Date(now.getTime() + (86_400 - (h * 3600 + m * 60 + s)) * 1000 - (now.getTime() % 1000));
  const today = quotaDay(now);
  if (quotaDay(candidate) === today) candidate = new Date(candidate.getTime() + HOUR);
  else if (quotaDay(new Date(candidate.getTime() - HOUR)) !== today) candidate = new Date(candidate.getTime() - HOUR);
  return candidate;
}

/** Where the units of each day are kept (the database, so every process and every restart shares one count). */
export interface QuotaStore {
  /** Adds units to the day unless that would pass the budget; answers the new total, or null when refused. */
  spend(provider: string, day: string, units: number, budget: number): Promise<number | null>;
  spent(provider: string, day: string): Promise<number>;
  /** Marks the day as spent (the service said so before our count did). */
  exhaust(provider: string, day: string, budget: number): Promise<void>;
}

export interface QuotaStatus {
  day: string;
  spent: number;
  budget: number;
  resetsAt: Date;
}

/**
 * Counts the units of every call before it is made, as the Data API documents them (a list 1, a search 100), and
 * refuses a call that would pass the day's budget: the service bills failed calls too, so refusing early is the only
 * way to stay inside it.
 */
export class QuotaLedger {
  /** The day known to be spent, so an exhausted day costs no database round trip per request. */
  private exhaustedDay: string | null = null;

  constructor(
    private readonly store: QuotaStore,
    private readonly options: { provider: string; dailyBudget: number; clock?: () => Date },
  ) {}

  private now(): Date {
    return this.options.clock?.() ?? new Date();
  }

  /**
   * Counts `units` against the day, or throws when they do not fit. `share` (0–1) caps what calls of this kind may
   * bring the day's total to: searches, which anyone can start, may use only part of the budget, so that visitors
   * typing words can never spend what the refresh of followed channels needs.
   */
  async spend(units: number, options: { share?: number } = {}): Promise<void> {
    const now = this.now();
    const day = quotaDay(now);
    if (this.exhaustedDay !== day) {
      const cap = Math.floor(this.options.dailyBudget * (options.share ?? 1));
      const total = await this.store.spend(this.options.provider, day, units, cap);
      if (total !== null) return;
      // A refused search may leave room for list calls (1 unit); a refused list call leaves none.
      if (units <= 1 && options.share === undefined) this.exhaustedDay = day;
    }
    throw this.exhaustedError(now);
  }

  /** The service answered quotaExceeded: nothing more today, whatever our own count says. */
  async exhaust(): Promise<VideoServiceUnavailableError> {
    const now = this.now();
    this.exhaustedDay = quotaDay(now);
    await this.store.exhaust(this.options.provider, this.exhaustedDay, this.options.dailyBudget);
    return this.exhaustedError(now);
  }

  async status(): Promise<QuotaStatus> {
    const now = this.now();
    const day = quotaDay(now);
    return { day, spent: await this.store.spent(this.options.provider, day), budget: this.options.dailyBudget, resetsAt: nextQuotaReset(now) };
  }

  private exhaustedError(now: Date): VideoServiceUnavailableError {
    const resetsAt = nextQuotaReset(now);
    return new VideoServiceUnavailableError(
      'quota',
      `Today's YouTube quota is used up, so nothing new can be fetched from YouTube until ${resetsAt.toISOString()} (midnight Pacific time). Everything already in Sift keeps working.`,
      (resetsAt.getTime() - now.getTime()) / 1000,
    );
  }
}
