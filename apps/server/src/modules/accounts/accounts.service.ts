import type { Locale } from '@sift/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../infra/http/errors.js';
import type { Mailer, MailMessage } from '../../infra/mail/mailer.js';
import type { Limit, RateLimiter, RateLimits } from '../../infra/rate-limit/rate-limiter.js';
import type { CaptchaService } from '../auth/captcha.service.js';
import type { TokenService } from '../auth/tokens.service.js';
import { assertAcceptablePassword, EmailTakenError, type UserRow, type UsersService } from '../users/users.service.js';
import { asLocale } from '../../infra/i18n/locale.js';
import { accountExistsMail, alreadyConfirmedMail, confirmationMail, passwordResetMail } from './accounts.mails.js';

export interface AccountsOptions {
  appName: string;
  /** Where people reach the app; mail links start with it and reset pages must be on its origin. */
  publicUrl: string;
}

/** Signing up with e-mail and password, confirming the address, and resetting a forgotten password. */
export class AccountsService {
  private readonly signupsByIp: Limit;
  private readonly mailsByIp: Limit;
  private readonly mailsByEmail: Limit;

  constructor(
    private readonly users: UsersService,
    private readonly tokens: TokenService,
    private readonly captcha: CaptchaService,
    private readonly mailer: Mailer,
    limiter: RateLimiter,
    limits: RateLimits,
    private readonly options: AccountsOptions,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {
    this.signupsByIp = limiter.limit('signup:ip', limits.signupPerIp);
    this.mailsByIp = limiter.limit('mail:ip', limits.mailPerIp);
    this.mailsByEmail = limiter.limit('mail:email', limits.mailPerEmail);
  }

  /**
   * POST /api/accounts: an unconfirmed member with their Watch later, and a confirmation mail. The password policy is
   * checked before the captcha is redeemed, so fixing the password does not cost a new proof of work.
   *
   * An address that has an account gets the same 201 (OWASP ASVS V2.5: the answer must not tell who has an account,
   * as resend and reset do not, decisions/034 and 037), after the same password-hashing time; the mail says the rest:
   * a new confirmation link while the account is unconfirmed, "you have an account, log in" once it is.
   */
  async signUp(input: { email: string; firstName: string; lastName: string; password: string; captcha: string; locale?: Locale | undefined }, ip: string): Promise<{ email: string }> {
    await this.signupsByIp.consume(ip);
    assertAcceptablePassword(input.password, 'password');
    await this.captcha.verify(input.captcha);
    const { locale, ...account } = input;
    try {
      const user = await this.users.createAccount({ ...account, ...(locale ? { locale } : {}), origin: 'email', confirmed: false });
      await this.sendConfirmation(user);
      return { email: user.email };
    } catch (error) {
      if (!(error instanceof EmailTakenError)) throw error;
      await this.users.checkPassword(undefined, input.password);
      await this.remindExistingAccount(input.email);
      return { email: input.email.trim() };
    }
  }

  /**
   * The mail to an address someone signed up with while it has an account. Counted against the address's mail limit
   * but never refused: a 429 here alone would tell that the address has an account; past the limit no mail goes.
   */
  private async remindExistingAccount(email: string) {
    const key = email.trim().toLowerCase();
    if (await this.mailsByEmail.reached(key)) return;
    await this.mailsByEmail.count(key);
    const user = await this.users.findByEmail(email);
    if (!user) return;
    if (!user.confirmedAt) return this.sendConfirmation(user);
    await this.deliver(this.loginMail(user, accountExistsMail));
  }

  /** POST /api/accounts/confirm: the link's token confirms the address (410 when expired, 400 when unknown or used). */
  async confirm(token: string): Promise<{ email: string }> {
    const userId = await this.tokens.consume(token, 'confirm');
    const user = await this.users.confirm(userId);
    return { email: user.email };
  }

  /**
   * POST /api/accounts/resend-confirmation. The answer is the same 202 whatever the address (OWASP ASVS V2.5: it must
   * not tell whether an address has an account); the mail says the rest: a new link for an unconfirmed account, a
   * "confirmed already, log in" note for a confirmed one, nothing for an address without an account (decisions/034).
   */
  async resendConfirmation(email: string, ip: string): Promise<{ email: string }> {
    await this.limitMail(email, ip);
    const user = await this.users.findByEmail(email);
    if (user?.confirmedAt) await this.deliver(this.loginMail(user, alreadyConfirmedMail));
    else if (user) await this.sendConfirmation(user);
    return { email: email.trim() };
  }

  /**
   * POST /api/accounts/reset-password: mails `${url}?token=…` to the account's address, and answers the same 202 for
   * an address without an account (which gets no mail). The url is the client's reset page and must be on this app's
   * own origin, or the mail would carry a stranger's link in our name.
   */
  async requestPasswordReset(email: string, url: string, ip: string): Promise<{ email: string }> {
    const page = this.ownPage(url);
    await this.limitMail(email, ip);
    const user = await this.users.findByEmail(email);
    if (user) {
      const token = await this.tokens.issue(user.id, 'reset');
      page.searchParams.set('token', token);
      await this.deliver(passwordResetMail({ appName: this.options.appName, to: user.email, firstName: user.firstName, link: page.href, locale: asLocale(user.locale) }));
    }
    return { email: email.trim() };
  }

  /** PUT /api/accounts/change-password: the reset link's token sets a new password and ends every session. */
  async changePassword(token: string, password: string): Promise<void> {
    assertAcceptablePassword(password, 'password');
    const userId = await this.tokens.consume(token, 'reset');
    await this.users.resetPassword(userId, password);
  }

  /** The confirmation mail, in the member's language. */
  private async sendConfirmation(user: UserRow) {
    const token = await this.tokens.issue(user.id, 'confirm');
    const link = `${this.options.publicUrl}/confirmRegistration/${token}`;
    await this.deliver(confirmationMail({ appName: this.options.appName, to: user.email, firstName: user.firstName, link, locale: asLocale(user.locale) }));
  }

  /**
   * A mail that sends a confirmed member to log in, with where to reset the password: to one who asked for a
   * confirmation link (alreadyConfirmedMail), or whose address someone signed up with (accountExistsMail).
   */
  private loginMail(user: UserRow, mail: typeof alreadyConfirmedMail): MailMessage {
    return mail({
      appName: this.options.appName,
      to: user.email,
      firstName: user.firstName,
      link: `${this.options.publicUrl}/login`,
      forgotPasswordLink: `${this.options.publicUrl}/forgot-password`,
      locale: asLocale(user.locale),
    });
  }

  private async deliver(message: MailMessage) {
    try {
      await this.mailer.send(message);
    } catch (error) {
      this.log.error({ err: error }, 'sending mail failed');
      throw new HttpError(503, 'We could not send the e-mail just now. Try again in a few minutes.', 'MAIL_UNAVAILABLE');
    }
  }

  private async limitMail(email: string, ip: string) {
    await this.mailsByIp.consume(ip);
    await this.mailsByEmail.consume(email.trim().toLowerCase());
  }

  private ownPage(url: string): URL {
    let page: URL;
    try {
      page = new URL(url, this.options.publicUrl);
    } catch {
      page = new URL('invalid:');
    }
    if (page.origin !== new URL(this.options.publicUrl).origin) {
      throw new HttpError(400, `The reset page must be on ${this.options.publicUrl}.`, 'VALIDATION', [{ field: 'url', message: 'is not a page of this app' }]);
    }
    page.hash = '';
    return page;
  }
}
