import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../infra/db/client.js';
import { accountDeletions, playlists, sifts, users } from '../../infra/db/schema.js';

export type UserRow = typeof users.$inferSelect;
export type NewUser = Pick<typeof users.$inferInsert, 'email' | 'firstName' | 'lastName' | 'passwordHash' | 'origin' | 'picture' | 'confirmedAt' | 'locale'>;
export type UserPatch = Partial<
  Pick<UserRow, 'firstName' | 'lastName' | 'passwordHash' | 'picture' | 'plan' | 'onboarded' | 'confirmedAt' | 'deactivatedAt' | 'deactivationReason' | 'locale'>
>;

/** The name every member's built-in playlist has (SPEC §3: watchLater). */
export const WATCH_LATER_NAME = 'Watch later';

/** What a deletion took that lives outside the database: the custom covers of the member's playlists and sifts. */
export interface DeletedAccount {
  /** The file-store keys of the playlists' covers. */
  playlistCoverKeys: string[];
  /** The URLs of the sifts' covers (a sift keeps only the URL; its key is the URL's end). */
  siftCoverUrls: string[];
}

/** The unique index on lower(email) refused the row: the e-mail has an account already. */
export class DuplicateEmailError extends Error {}

/** The only place that reads and writes members (and, at sign-up, their Watch later). */
export class UsersRepository {
  constructor(private readonly db: Database) {}

  async findById(id: number): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  /** By e-mail whatever its case (the unique index is on lower(email)). */
  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1);
    return row;
  }

  /**
   * A member and their Watch later, in one transaction: both exist or neither. Two sign-ups with the same e-mail
   * can race past any earlier check, so the unique index decides and the loser gets DuplicateEmailError.
   */
  async insertWithWatchLater(values: NewUser): Promise<{ user: UserRow; watchLaterId: number }> {
    try {
      return await this.db.transaction(async (tx) => {
        const [user] = await tx.insert(users).values(values).returning();
        const [playlist] = await tx
          .insert(playlists)
          .values({ ownerId: user!.id, name: WATCH_LATER_NAME, isWatchLater: true })
          .returning({ id: playlists.id });
        return { user: user!, watchLaterId: playlist!.id };
      });
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_lower_key')) throw new DuplicateEmailError();
      throw error;
    }
  }

  async watchLaterId(userId: number): Promise<number | undefined> {
    const [row] = await this.db
      .select({ id: playlists.id })
      .from(playlists)
      .where(and(eq(playlists.ownerId, userId), eq(playlists.isWatchLater, true)))
      .limit(1);
    return row?.id;
  }

  async update(id: number, patch: UserPatch): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  /**
   * Removes a member for good: the row goes, and the foreign keys' cascades take their tokens, playlists, sifts,
   * follows, subscriptions, searches and imports with it. Only the reason is kept, without anything personal.
   * Answers the covers the cascade's playlists and sifts had, for the caller to delete from the file store (rows
   * first: a failed file deletion leaves an orphan file, never a half-deleted member); null when there is no member.
   */
  async deleteForGood(id: number, reason: string): Promise<DeletedAccount | null> {
    return this.db.transaction(async (tx) => {
      const playlistCovers = await tx
        .select({ key: playlists.thumbnailKey })
        .from(playlists)
        .where(and(eq(playlists.ownerId, id), isNotNull(playlists.thumbnailKey)));
      const siftCovers = await tx
        .select({ url: sifts.thumbnail })
        .from(sifts)
        .where(and(eq(sifts.ownerId, id), eq(sifts.thumbnailType, 'custom'), isNotNull(sifts.thumbnail)));
      const deleted = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
      if (deleted.length === 0) return null;
      await tx.insert(accountDeletions).values({ reason });
      return {
        playlistCoverKeys: playlistCovers.flatMap((c) => (c.key ? [c.key] : [])),
        siftCoverUrls: siftCovers.flatMap((c) => (c.url ? [c.url] : [])),
      };
    });
  }
}

/** PostgreSQL's unique_violation (23505) on the named constraint; drizzle wraps driver errors in `cause`. */
function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === '23505' && (name === constraint || message?.includes(constraint))) return true;
  }
  return false;
}
