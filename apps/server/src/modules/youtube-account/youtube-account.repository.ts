import { and, eq } from 'drizzle-orm';
import type { Database } from '../../infra/db/client.js';
import { providerAccounts } from '../../infra/db/schema.js';

export type ProviderAccountRow = typeof providerAccounts.$inferSelect;
export type AccountStatus = ProviderAccountRow['status'];

/** The only place that reads and writes `provider_accounts` (members' connected video-service accounts). */
export class YouTubeAccountRepository {
  constructor(private readonly db: Database) {}

  async find(userId: number, provider: string): Promise<ProviderAccountRow | undefined> {
    const [row] = await this.db
      .select()
      .from(providerAccounts)
      .where(and(eq(providerAccounts.userId, userId), eq(providerAccounts.provider, provider)))
      .limit(1);
    return row;
  }

  /** Connects (or connects again: the new grant replaces the old one). */
  async save(values: { userId: number; provider: string; refreshTokenSealed: string; scope: string; accountSubject: string | null; checkedAt: Date }): Promise<ProviderAccountRow> {
    const connected = { ...values, status: 'ONLINE' as const, connectedAt: values.checkedAt, updatedAt: values.checkedAt };
    const [row] = await this.db
      .insert(providerAccounts)
      .values(connected)
      .onConflictDoUpdate({ target: [providerAccounts.userId, providerAccounts.provider], set: connected })
      .returning();
    return row!;
  }

  async setStatus(userId: number, provider: string, status: AccountStatus, checkedAt: Date): Promise<void> {
    await this.db
      .update(providerAccounts)
      .set({ status, checkedAt, updatedAt: checkedAt })
      .where(and(eq(providerAccounts.userId, userId), eq(providerAccounts.provider, provider)));
  }

  /** Google rotated the refresh token: the new one replaces the old (sealed, as ever). */
  async replaceRefreshToken(userId: number, provider: string, refreshTokenSealed: string): Promise<void> {
    await this.db
      .update(providerAccounts)
      .set({ refreshTokenSealed, updatedAt: new Date() })
      .where(and(eq(providerAccounts.userId, userId), eq(providerAccounts.provider, provider)));
  }

  async delete(userId: number, provider: string): Promise<void> {
    await this.db.delete(providerAccounts).where(and(eq(providerAccounts.userId, userId), eq(providerAccounts.provider, provider)));
  }
}
