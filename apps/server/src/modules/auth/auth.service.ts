import type { UserData } from '@sift/contracts';
import { HttpError } from '../../infra/http/errors.js';
import type { Limit, RateLimiter, RateLimits } from '../../infra/rate-limit/rate-limiter.js';
import type { UserRow, UsersService } from '../users/users.service.js';
import type { CaptchaService } from './captcha.service.js';
import type { TokenService } from './tokens.service.js';

/** What a successful login answers: the user data in the body, the token (and reactivation) in headers. */
export interface LoginResult {
  user: UserData;
  token: string;
  reactivated: boolean;
  /** The account was made by this sign-in (Google): the client counts a sign-up rather than a login. */
  created: boolean;
}

export interface LoginInput {
  username: string;
  password: string;
  /** A solved ALTCHA challenge; needed once the account has had too many failed logins. */
  captcha?: string | undefined;
}

const badCredentials = () => new HttpError(401, 'The e-mail or password is not right.', 'BAD_CREDENTIALS');
const captchaRequired = (problem?: string) =>
  new HttpError(
    401,
    `Too many wrong passwords for this account: confirm you are a person to continue.${problem ? ` ${problem}` : ''}`,
    'CAPTCHA_REQUIRED',
    [{ field: 'captcha', message: problem ? 'is not valid' : 'is required' }],
  );

/** Logging in and out with e-mail and password; identity providers end in `startSession` too. */
export class AuthService {
  private readonly requestsByIp: Limit;
  private readonly failuresByIp: Limit;
  private readonly failuresByAccountAndIp: Limit;
  private readonly failuresByAccount: Limit;

  constructor(
    private readonly users: UsersService,
    private readonly tokens: TokenService,
    private readonly captcha: CaptchaService,
    limiter: RateLimiter,
    limits: RateLimits,
  ) {
    this.requestsByIp = limiter.limit('login:ip', limits.loginPerIp);
    this.failuresByIp = limiter.limit('login:fail:ip', limits.loginFailuresPerIp);
    this.failuresByAccountAndIp = limiter.limit('login:fail:account-ip', limits.loginFailuresPerAccountAndIp);
    this.failuresByAccount = limiter.limit('login:fail:account', limits.loginFailuresPerAccount);
  }

  /**
   * POST /api/login (decisions/018). An address is throttled (429) for floods and for its failures, an account and
   * address pair for its consecutive failures; an account itself is never locked: past its failures a login needs a
   * solved captcha (401 CAPTCHA_REQUIRED). All of it goes by the e-mail whether or not it has an account, and a
   * wrong password and an unknown e-mail answer the same 401 after the same work. A right password on an
   * unconfirmed account answers 403 UNCONFIRMED (the client offers a new confirmation mail).
   */
  async login(input: LoginInput, ip: string): Promise<LoginResult> {
    const email = input.username.trim().toLowerCase();
    const pair = `${email}|${ip}`;
    await this.requestsByIp.consume(ip);
    const [, , captchaNeeded] = await Promise.all([
      this.failuresByIp.assertOpen(ip),
      this.failuresByAccountAndIp.assertOpen(pair),
      this.failuresByAccount.reached(email),
    ]);
    if (captchaNeeded) await this.verifyCaptcha(input.captcha);
    const user = await this.users.findByEmail(email);
    if (!(await this.users.checkPassword(user, input.password)) || !user) {
      await this.countFailure(ip, pair, email);
      throw badCredentials();
    }
    if (!user.confirmedAt) throw new HttpError(403, 'Confirm your e-mail address first: follow the link we sent you.', 'UNCONFIRMED');
    // The owner proved the password: the pair's and the account's failures are forgiven, the address's stay.
    await Promise.all([this.failuresByAccountAndIp.reset(pair), this.failuresByAccount.reset(email)]);
    return this.startSession(user);
  }

  /** Every counter sees the failure; the address or the pair going over answers 429 instead of 401. */
  private async countFailure(ip: string, pair: string, email: string) {
    const counted = await Promise.allSettled([
      this.failuresByIp.consume(ip),
      this.failuresByAccountAndIp.consume(pair),
      this.failuresByAccount.count(email),
    ]);
    const refused = counted.find((result) => result.status === 'rejected');
    if (refused) throw refused.reason;
  }

  private async verifyCaptcha(payload: string | undefined) {
    if (!payload) throw captchaRequired();
    try {
      await this.captcha.verify(payload);
    } catch (error) {
      if (error instanceof HttpError && error.code === 'CAPTCHA') throw captchaRequired(error.message);
      throw error;
    }
  }

  /** Opens a session for a member who proved who they are; a deactivated account comes back. */
  async startSession(user: UserRow, created = false): Promise<LoginResult> {
    const reactivated = user.deactivatedAt !== null;
    if (reactivated) await this.users.reactivate(user.id);
    const token = await this.tokens.issue(user.id, 'session');
    return { user: await this.users.userData(user.id), token, reactivated, created };
  }

  /** POST /api/logout: the presented token stops working. Without a (valid) token there is nothing to do. */
  async logout(token: string | null): Promise<void> {
    if (token) await this.tokens.revoke(token);
  }
}
