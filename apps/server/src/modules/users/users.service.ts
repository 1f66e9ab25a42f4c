import type { Locale, Plan, UpdateUserInput, UserData } from '@sift/contracts';
import { keyOfUrl, type FileStore } from '../../infra/files/file-store.js';
import { HttpError } from '../../infra/http/errors.js';
import { hashPassword, passwordProblem, verifyPassword } from '../../infra/security/passwords.js';
import type { SessionUser, TokenService } from '../auth/tokens.service.js';
import { presentUser, visitorUserData } from './users.presenter.js';
import { DuplicateEmailError, type UserRow, type UsersRepository } from './users.repository.js';

export type { UserRow };

export interface NewAccount {
  email: string;
  firstName: string;
  lastName: string;
  /** Absent for accounts made with an identity provider: they log in there until they set one by reset. */
  password?: string;
  /** 'email', or the identity provider ('GOOGLE'). */
  origin: string;
  /** Accounts from an identity provider that vouches for the e-mail start confirmed. */
  confirmed: boolean;
  picture?: string | null;
  /** The language the member's mails are written in (the browser's at sign-up); English when absent. */
  locale?: Locale;
}

/** The e-mail has an account. Said as such only where the caller proved the address is theirs (a Google ID token). */
export class EmailTakenError extends HttpError {
  constructor() {
    super(409, 'An account with this e-mail already exists.', 'EMAIL_TAKEN', [{ field: 'email', message: 'is already registered' }]);
  }
}

/**
 * Throws 400 naming the field when a password breaks the policy beyond length (too common). The field carries the
 * problem's code, which the app words in the member's language (issue 31: it showed this English in German).
 */
export function assertAcceptablePassword(password: string, field: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new HttpError(400, `The password ${problem}.`, 'VALIDATION', [{ field, message: problem, code: 'PASSWORD_TOO_COMMON' }]);
}

const signedOut = () => new HttpError(401, 'Your session has ended. Log in again.', 'UNAUTHENTICATED');

/** Members: their data, profile, password, plan, and the end of an account (deactivate, delete). */
export class UsersService {
  /** Work done while a member being deleted still exists (modules register it in the composition root). */
  private readonly beforeDeleteSteps: Array<(userId: number) => Promise<void>> = [];

  constructor(
    private readonly repository: UsersRepository,
    private readonly tokens: TokenService,
    /** Where the covers of a deleted member's playlists and sifts are removed from (none: the admin command). */
    private readonly files?: FileStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.repository.findByEmail(email.trim());
  }

  findById(id: number): Promise<UserRow | undefined> {
    return this.repository.findById(id);
  }

  /** A new member with their Watch later. EmailTakenError (409) when the e-mail (in any case) has an account. */
  async createAccount(input: NewAccount): Promise<UserRow> {
    const email = input.email.trim();
    if (await this.repository.findByEmail(email)) throw new EmailTakenError();
    try {
      const { user } = await this.repository.insertWithWatchLater({
        email,
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        passwordHash: input.password === undefined ? null : await hashPassword(input.password),
        origin: input.origin,
        picture: input.picture ?? null,
        confirmedAt: input.confirmed ? this.now() : null,
        ...(input.locale ? { locale: input.locale } : {}),
      });
      return user;
    } catch (error) {
      if (error instanceof DuplicateEmailError) throw new EmailTakenError();
      throw error;
    }
  }

  /** Whether password is this member's; spends the same time when there is no member or no password. */
  checkPassword(user: UserRow | undefined, password: string): Promise<boolean> {
    return verifyPassword(user?.passwordHash, password);
  }

  /** GET /api/users for a member. */
  async userData(userId: number): Promise<UserData> {
    const row = await this.repository.findById(userId);
    if (!row) throw signedOut();
    return presentUser(row, await this.repository.watchLaterId(userId));
  }

  /** The member's own profile as the personal-data export carries it. */
  async exportProfile(userId: number): Promise<{ email: string; firstName: string; lastName: string; createdAt: string }> {
    const row = await this.repository.findById(userId);
    if (!row) throw signedOut();
    return { email: row.email, firstName: row.firstName, lastName: row.lastName, createdAt: row.createdAt.toISOString() };
  }

  /** GET /api/users for a visitor (docs/decisions/003-visitor-user-data.md). */
  visitor(): UserData {
    return visitorUserData();
  }

  /**
   * PUT /api/users. logonId names the account being edited and must be the member's own e-mail (403 otherwise);
   * changing the e-mail itself is not offered.
   */
  /** PUT /api/users: the names (with the member's own logonId), the language, or both (the schema sees to which). */
  async updateProfile(user: SessionUser, input: UpdateUserInput): Promise<UserData> {
    const names = input.logonId !== undefined && input.firstName !== undefined && input.lastName !== undefined;
    if (names) this.assertOwnLogonId(user, input.logonId!);
    await this.repository.update(user.id, {
      ...(names ? { firstName: input.firstName!.trim(), lastName: input.lastName!.trim() } : {}),
      ...(input.locale ? { locale: input.locale } : {}),
    });
    return this.userData(user.id);
  }

  /** PUT /api/users/onboard: onboarding has started, so the guard stops sending the member to /welcome. */
  async markOnboarded(userId: number): Promise<UserData> {
    await this.repository.update(userId, { onboarded: true });
    return this.userData(userId);
  }

  /**
   * PUT /api/users/update-password: the current password proves it is the member (400 on currentPassword when it
   * is wrong); every other session ends, the one in use stays.
   */
  async updatePassword(user: SessionUser, currentToken: string, input: { logonId: string; currentPassword: string; newPassword: string }): Promise<void> {
    this.assertOwnLogonId(user, input.logonId);
    const row = await this.repository.findById(user.id);
    if (!row) throw signedOut();
    if (!(await this.checkPassword(row, input.currentPassword))) {
      throw new HttpError(400, 'The current password is not right.', 'WRONG_PASSWORD', [{ field: 'currentPassword', message: 'is not right' }]);
    }
    assertAcceptablePassword(input.newPassword, 'newPassword');
    await this.repository.update(user.id, { passwordHash: await hashPassword(input.newPassword) });
    await this.tokens.revokeSessions(user.id, currentToken);
  }

  /**
   * A new password from a reset link: it also confirms the account (the link reached the mailbox) and ends every
   * session, since whoever knew the old password may be logged in.
   */
  async resetPassword(userId: number, password: string): Promise<void> {
    const row = await this.repository.findById(userId);
    if (!row) throw new HttpError(400, 'This password-reset link is not valid (any more).', 'TOKEN_INVALID');
    await this.repository.update(userId, { passwordHash: await hashPassword(password), confirmedAt: row.confirmedAt ?? this.now() });
    await this.tokens.revokeSessions(userId);
  }

  /** Marks the e-mail confirmed (a confirmation link, or an identity provider vouching for it). */
  async confirm(userId: number): Promise<UserRow> {
    const row = await this.repository.update(userId, { confirmedAt: this.now() });
    if (!row) throw new HttpError(400, 'This confirmation link is not valid (any more).', 'TOKEN_INVALID');
    return row;
  }

  /** A deactivated member logged in again. */
  async reactivate(userId: number): Promise<void> {
    await this.repository.update(userId, { deactivatedAt: null, deactivationReason: null });
  }

  /** PUT /api/users/deactivate: the account rests (every session ends) until the member logs in again. */
  async deactivate(userId: number, reason: string): Promise<void> {
    await this.repository.update(userId, { deactivatedAt: this.now(), deactivationReason: reason || null });
    await this.tokens.revokeSessions(userId);
  }

  /**
   * Registers a step of account deletion that needs the member's rows (revoking the YouTube permission they gave,
   * whose token goes with the row). Steps must not throw: deletion goes on whatever happens elsewhere.
   */
  beforeDelete(step: (userId: number) => Promise<void>): void {
    this.beforeDeleteSteps.push(step);
  }

  /** PUT /api/users/delete: the member and everything they made are removed for good (docs/decisions/004). */
  async deleteForGood(userId: number, reason: string): Promise<void> {
    await this.tokens.revokeSessions(userId);
    for (const step of this.beforeDeleteSteps) await step(userId);
    const deleted = await this.repository.deleteForGood(userId, reason);
    const files = this.files;
    if (!deleted || !files) return;
    // Their cover images too: personal data, and nothing points at them any more. A failure leaves an orphan file.
    const keys = [...deleted.playlistCoverKeys, ...deleted.siftCoverUrls.flatMap((url) => keyOfUrl(files, url) ?? [])];
    await Promise.all(keys.map((key) => files.delete(key).catch(() => undefined)));
  }

  /** The admin command's `set-plan`. Answers false when there is no such member. */
  async setPlan(email: string, plan: Plan): Promise<boolean> {
    const row = await this.repository.findByEmail(email.trim());
    if (!row) return false;
    await this.repository.update(row.id, { plan });
    return true;
  }

  private assertOwnLogonId(user: SessionUser, logonId: string) {
    if (logonId.trim().toLowerCase() !== user.email.toLowerCase()) {
      throw new HttpError(403, 'You can only change your own account.', 'FORBIDDEN', [{ field: 'logonId', message: 'is not your e-mail' }]);
    }
  }
}
