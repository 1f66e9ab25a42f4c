import { HttpError } from '../../infra/http/errors.js';
import { hashToken, newToken } from '../../infra/security/tokens.js';
import type { AuthRepository, SessionUserRow, TokenPurpose } from './auth.repository.js';

const HOUR = 3_600_000;
/** How long each kind of token lives (DESIGN §3): a login, a confirmation link, a password-reset link. */
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  session: 30 * 24 * HOUR,
  confirm: 24 * HOUR,
  reset: HOUR,
};

export type SessionUser = SessionUserRow;

/**
 * Opaque tokens: 256 random bits handed out once, stored only as SHA-256 with an expiry. Sessions are bearer tokens;
 * confirm and reset tokens are single-use mail links.
 */
export class TokenService {
  constructor(
    private readonly repository: AuthRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async issue(userId: number, purpose: TokenPurpose): Promise<string> {
    const now = this.now();
    const token = newToken();
    await this.repository.deleteSpentTokens(userId, now);
    // Only the newest link of a kind works: an older mail in the inbox must not reset the password later.
    if (purpose !== 'session') await this.repository.deleteUnusedTokens(userId, purpose);
    await this.repository.insertToken({ userId, purpose, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[purpose]) });
    return token;
  }

  /**
   * Spends a mail-link token and answers its member. 410 TOKEN_EXPIRED when it is past its time (the client offers
   * a new one), 400 TOKEN_INVALID when it is unknown or already used.
   */
  async consume(token: string, purpose: Exclude<TokenPurpose, 'session'>): Promise<number> {
    const now = this.now();
    const tokenHash = hashToken(token);
    const userId = await this.repository.useToken(tokenHash, purpose, now);
    if (userId !== undefined) return userId;
    const row = await this.repository.findToken(tokenHash, purpose);
    if (row && !row.usedAt && row.expiresAt <= now) {
      throw new HttpError(410, purpose === 'confirm' ? 'This confirmation link has expired. Ask for a new one.' : 'This password-reset link has expired. Ask for a new one.', 'TOKEN_EXPIRED');
    }
    throw new HttpError(400, purpose === 'confirm' ? 'This confirmation link is not valid (any more).' : 'This password-reset link is not valid (any more).', 'TOKEN_INVALID');
  }

  /** The member a session token belongs to, or undefined when it is unknown, expired or revoked. */
  async sessionUser(token: string): Promise<SessionUser | undefined> {
    return this.repository.findSessionUser(hashToken(token), this.now());
  }

  async revoke(token: string): Promise<void> {
    await this.repository.deleteSession(hashToken(token));
  }

  /** Ends every session of a member (password reset, deactivation), or all but the one in use (password change). */
  async revokeSessions(userId: number, keepToken?: string): Promise<void> {
    await this.repository.deleteSessions(userId, keepToken ? hashToken(keepToken) : undefined);
  }
}
