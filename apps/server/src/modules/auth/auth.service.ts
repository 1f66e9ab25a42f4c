import type { UserData } from '@sift/contracts';
import { HttpError } from '../../infra/http/errors.js';
import { enforce, type RateLimiter, type RateLimits } from '../../infra/rate-limit/rate-limiter.js';
import type { UserRow, UsersService } from '../users/users.service.js';
import type { TokenService } from './tokens.service.js';

/** What a successful login answers: the user data in the body, the token (and reactivation) in headers. */
export interface LoginResult {
  user: UserData;
  token: string;
  reactivated: boolean;
}

const badCredentials = () => new HttpError(401, 'The e-mail or password is not right.', 'BAD_CREDENTIALS');

/** Logging in and out with e-mail and password; identity providers end in `startSession` too. */
export class AuthService {
  constructor(
    private readonly users: UsersService,
    private readonly tokens: TokenService,
    private readonly limiter: RateLimiter,
    private readonly limits: RateLimits,
  ) {}

  /**
   * POST /api/login. A wrong password and an unknown e-mail answer the same 401 after the same work; a right
   * password on an unconfirmed account answers 403 UNCONFIRMED (the client offers a new confirmation mail).
   */
  async login(username: string, password: string, ip: string): Promise<LoginResult> {
    const email = username.trim().toLowerCase();
    await enforce(this.limiter, `login:ip:${ip}`, this.limits.loginPerIp);
    await enforce(this.limiter, `login:account:${email}`, this.limits.loginPerAccount);
    const user = await this.users.findByEmail(email);
    if (!(await this.users.checkPassword(user, password)) || !user) throw badCredentials();
    if (!user.confirmedAt) throw new HttpError(403, 'Confirm your e-mail address first: follow the link we sent you.', 'UNCONFIRMED');
    // The account's failures are forgiven once its owner proves the password; the per-address count stays.
    await this.limiter.reset(`login:account:${email}`);
    return this.startSession(user);
  }

  /** Opens a session for a member who proved who they are; a deactivated account comes back. */
  async startSession(user: UserRow): Promise<LoginResult> {
    const reactivated = user.deactivatedAt !== null;
    if (reactivated) await this.users.reactivate(user.id);
    const token = await this.tokens.issue(user.id, 'session');
    return { user: await this.users.userData(user.id), token, reactivated };
  }

  /** POST /api/logout: the presented token stops working. Without a (valid) token there is nothing to do. */
  async logout(token: string | null): Promise<void> {
    if (token) await this.tokens.revoke(token);
  }
}
