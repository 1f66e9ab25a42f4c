import type { ContactMessage } from '@sift/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../infra/http/errors.js';
import type { Mailer } from '../../infra/mail/mailer.js';
import type { Limit, RateLimiter, RateLimits } from '../../infra/rate-limit/rate-limiter.js';
import type { CaptchaService } from '../auth/captcha.service.js';
import { contactMail } from './contact.mails.js';

export interface ContactOptions {
  appName: string;
  publicUrl: string;
  /** CONTACT_EMAIL: where messages go. Unset: the form is off (decisions/020). */
  contactEmail: string | undefined;
}

const contactDisabled = () =>
  new HttpError(404, 'This site has no contact address set up, so it cannot take messages.', 'CONTACT_DISABLED');

/** The contact form (`/contact`): a visitor's message, checked by the captcha, mailed to the operator. */
export class ContactService {
  private readonly perIp: Limit;

  constructor(
    private readonly captcha: CaptchaService,
    private readonly mailer: Mailer,
    limiter: RateLimiter,
    limits: RateLimits,
    private readonly options: ContactOptions,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.perIp = limiter.limit('contact:ip', limits.contactPerIp);
  }

  get enabled(): boolean {
    return !!this.options.contactEmail;
  }

  /**
   * POST /api/contact. The address is counted before the captcha is looked at, so a flood costs the sender proof of
   * work and us nothing past the limit; the captcha is redeemed before anything is sent.
   */
  async send(input: ContactMessage, ip: string): Promise<{ sent: true }> {
    const to = this.options.contactEmail;
    if (!to) throw contactDisabled();
    await this.perIp.consume(ip);
    await this.captcha.verify(input.captcha);
    const { name, email, message } = input;
    const mail = contactMail({ ...this.options, to, message: { name, email, message }, receivedAt: this.now() });
    try {
      await this.mailer.send(mail);
    } catch (error) {
      this.log.error({ err: error }, 'sending the contact message failed');
      throw new HttpError(503, 'We could not send your message just now. Try again in a few minutes.', 'MAIL_UNAVAILABLE');
    }
    return { sent: true };
  }
}
