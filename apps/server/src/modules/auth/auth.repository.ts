import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../infra/db/client.js';
import { prepared } from '../../infra/db/prepared.js';
import { authTokens, captchaRedemptions, oauthRequests, users } from '../../infra/db/schema.js';

export type TokenPurpose = (typeof authTokens.$inferSelect)['purpose'];
export type TokenRow = typeof authTokens.$inferSelect;
export type OAuthRequestRow = typeof oauthRequests.$inferSelect;

/** The member a session token belongs to: what every authenticated route gets as `request.user`. */
export interface SessionUserRow {
  id: number;
  uuid: string;
  email: string;
  plan: 'FREE' | 'PREMIUM';
}

/** The only place that reads and writes tokens, sign-ins under way and redeemed captchas. */
export class AuthRepository {
  constructor(private readonly db: Database) {}

  async insertToken(values: { userId: number; purpose: TokenPurpose; tokenHash: string; expiresAt: Date }): Promise<void> {
    await this.db.insert(authTokens).values(values);
  }

  /** Clears a member's spent tokens (expired, or used) so the table does not grow with every login. */
  async deleteSpentTokens(userId: number, now: Date): Promise<void> {
    await this.db
      .delete(authTokens)
      .where(and(eq(authTokens.userId, userId), sql`(${authTokens.expiresAt} <= ${now.toISOString()}::timestamptz or ${authTokens.usedAt} is not null)`));
  }

  /** A newer mail link replaces the older ones of the same purpose. */
  async deleteUnusedTokens(userId: number, purpose: TokenPurpose): Promise<void> {
    await this.db.delete(authTokens).where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
  }

  /** Marks a live, unused token used and answers its owner; undefined when it was not live (any more). Atomic, so a link works once. */
  async useToken(tokenHash: string, purpose: TokenPurpose, now: Date): Promise<number | undefined> {
    const [row] = await this.db
      .update(authTokens)
      .set({ usedAt: now })
      .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)))
      .returning({ userId: authTokens.userId });
    return row?.userId;
  }

  async findToken(tokenHash: string, purpose: TokenPurpose): Promise<TokenRow | undefined> {
    const [row] = await this.db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.purpose, purpose)))
      .limit(1);
    return row;
  }

  /** The active member behind a live session token, in one indexed lookup. */
  async findSessionUser(tokenHash: string, now: Date): Promise<SessionUserRow | undefined> {
    // Read by every request of a member: prepared once (infra/db/prepared.ts).
    const statement = prepared(this.db, 'session_user', (db) =>
      db
        .select({ id: users.id, uuid: users.uuid, email: users.email, plan: users.plan })
        .from(authTokens)
        .innerJoin(users, eq(users.id, authTokens.userId))
        .where(
          and(
            eq(authTokens.tokenHash, sql.placeholder('tokenHash')),
            eq(authTokens.purpose, 'session'),
            gt(authTokens.expiresAt, sql.placeholder('now')),
            isNull(users.deactivatedAt),
            isNull(users.deletedAt),
            sql`${users.confirmedAt} is not null`,
          ),
        )
        .limit(1),
    );
    const [row] = await statement.execute({ tokenHash, now });
    return row;
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.db.delete(authTokens).where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.purpose, 'session')));
  }

  /** Ends every session of a member, except the one whose hash is given. */
  async deleteSessions(userId: number, exceptTokenHash?: string): Promise<void> {
    await this.db
      .delete(authTokens)
      .where(
        and(
          eq(authTokens.userId, userId),
          eq(authTokens.purpose, 'session'),
          exceptTokenHash ? ne(authTokens.tokenHash, exceptTokenHash) : undefined,
        ),
      );
  }

  async insertOAuthRequest(values: typeof oauthRequests.$inferInsert): Promise<void> {
    await this.db.insert(oauthRequests).values(values);
  }

  /**
   * Takes (deletes and answers) a live sign-in request by its state's hash: a state works once. Expired ones are swept.
   * With `userId`, only that member's request is taken (another member's state stays unused).
   */
  async takeOAuthRequest(stateHash: string, provider: string, now: Date, userId?: number): Promise<OAuthRequestRow | undefined> {
    await this.db.delete(oauthRequests).where(lt(oauthRequests.expiresAt, now));
    const [row] = await this.db
      .delete(oauthRequests)
      .where(
        and(
          eq(oauthRequests.stateHash, stateHash),
          eq(oauthRequests.provider, provider),
          gt(oauthRequests.expiresAt, now),
          userId === undefined ? undefined : eq(oauthRequests.userId, userId),
        ),
      )
      .returning();
    return row;
  }

  /** Takes the member's newest live request of this provider (a callback that came back without its state). */
  async takeLatestOAuthRequest(userId: number, provider: string, now: Date): Promise<OAuthRequestRow | undefined> {
    const [latest] = await this.db
      .select({ stateHash: oauthRequests.stateHash })
      .from(oauthRequests)
      .where(and(eq(oauthRequests.userId, userId), eq(oauthRequests.provider, provider), gt(oauthRequests.expiresAt, now)))
      .orderBy(desc(oauthRequests.createdAt))
      .limit(1);
    return latest ? this.takeOAuthRequest(latest.stateHash, provider, now, userId) : undefined;
  }

  /** Records a captcha challenge as redeemed; false when it already was (a replay). */
  async redeemCaptcha(challengeId: string, expiresAt: Date, now: Date): Promise<boolean> {
    await this.db.delete(captchaRedemptions).where(lt(captchaRedemptions.expiresAt, now));
    const rows = await this.db
      .insert(captchaRedemptions)
      .values({ challengeId, expiresAt })
      .onConflictDoNothing()
      .returning({ challengeId: captchaRedemptions.challengeId });
    return rows.length === 1;
  }
}
