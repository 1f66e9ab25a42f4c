import { describe, expect, it } from 'vitest';
import { VideoServiceUnavailableError } from '../video-service-errors.js';
import { nextQuotaReset, QuotaLedger, quotaDay, type QuotaStore } from './quota.js';

/** The store's contract in memory: a spend that would pass the budget is refused and adds nothing. */
class MemoryQuotaStore implements QuotaStore {
  readonly days = new Map<string, number>();
  spends = 0;
  async spend(provider: string, day: string, units: number, budget: number) {
    this.spends++;
    const key = `${provider}:${day}`;
    const total = (this.days.get(key) ?? 0) + units;
    if (total > budget) return null;
    this.days.set(key, total);
    return total;
  }
  async spent(provider: string, day: string) {
    return this.days.get(`${provider}:${day}`) ?? 0;
  }
  async exhaust(provider: string, day: string, budget: number) {
    this.days.set(`${provider}:${day}`, budget);
  }
}

describe('the quota day', () => {
  it('is the date in Pacific time, and resets at the next Pacific midnight, DST days included', () => {
    expect(quotaDay(new Date('2026-11-25T07:59:59Z'))).toBe('2026-11-24'); // 23:59:59 PST
    expect(quotaDay(new Date('2026-11-25T08:00:00Z'))).toBe('2026-11-25');
    expect(nextQuotaReset(new Date('2026-11-25T12:00:00Z')).toISOString()).toBe('2026-11-26T08:00:00.000Z');
    expect(nextQuotaReset(new Date('2026-07-01T12:00:00Z')).toISOString()).toBe('2026-07-02T07:00:00.000Z'); // PDT
    // 8 March 2026 is 23 hours long in California; 1 November 25.
    expect(nextQuotaReset(new Date('2026-03-08T12:00:00Z')).toISOString()).toBe('2026-03-09T07:00:00.000Z');
    expect(nextQuotaReset(new Date('2026-11-01T12:00:00Z')).toISOString()).toBe('2026-11-02T08:00:00.000Z');
  });
});

describe('QuotaLedger', () => {
  it('refuses a call that would pass the budget, then stops asking the store until the day changes', async () => {
    let now = new Date('2026-11-25T12:00:00Z');
    const store = new MemoryQuotaStore();
    const ledger = new QuotaLedger(store, { provider: 'youtube', dailyBudget: 102, clock: () => now });
    await ledger.spend(100);
    await ledger.spend(1);
    const refused = await ledger.spend(100).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(VideoServiceUnavailableError);
    expect((refused as VideoServiceUnavailableError).reason).toBe('quota');
    expect((refused as VideoServiceUnavailableError).headers?.['Retry-After']).toBe(String(20 * 3600));
    await ledger.spend(1); // a list call still fits: only the search was refused
    await expect(ledger.spend(1)).rejects.toBeInstanceOf(VideoServiceUnavailableError);
    const asked = store.spends;
    await expect(ledger.spend(1)).rejects.toBeInstanceOf(VideoServiceUnavailableError);
    expect(store.spends).toBe(asked);
    expect((await ledger.status()).spent).toBe(102);
    now = new Date('2026-11-26T08:00:01Z');
    await ledger.spend(1);
    expect(await ledger.status()).toMatchObject({ day: '2026-11-26', spent: 1, budget: 102 });
  });

  it('takes the service at its word when it says the quota is exceeded', async () => {
    const store = new MemoryQuotaStore();
    const ledger = new QuotaLedger(store, { provider: 'youtube', dailyBudget: 10_000, clock: () => new Date('2026-11-25T12:00:00Z') });
    await ledger.spend(5);
    expect(await ledger.exhaust()).toBeInstanceOf(VideoServiceUnavailableError);
    expect((await ledger.status()).spent).toBe(10_000);
    await expect(ledger.spend(1)).rejects.toBeInstanceOf(VideoServiceUnavailableError);
  });
});
