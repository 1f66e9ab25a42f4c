import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

/** One e-mail: always a plain-text and an HTML part (DESIGN §2 "Mail"). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the mail exists to deliver; the outbox logs it so a local setup can follow it without a mail client. */
  link?: string;
  /**
   * A Message-ID of the sender's choosing (`<…@host>`), stable across attempts to send the same message, so that
   * receivers can recognise a resend; without it the transport makes a new one per attempt.
   */
  messageId?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post of notification mails (RFC 8058). */
  headers?: Record<string, string>;
  /**
   * Where answers go (the contact form's sender). An address object, so nodemailer quotes and encodes the name
   * itself: no text of a visitor's ever becomes a raw header line.
   */
  replyTo?: { name: string; address: string };
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailLog {
  info(message: string): void;
}

const envelopeOf = (from: string, m: MailMessage) => ({
  from,
  to: m.to,
  subject: m.subject,
  text: m.text,
  html: m.html,
  headers: m.headers,
  ...(m.replyTo ? { replyTo: m.replyTo } : {}),
  ...(m.messageId ? { messageId: m.messageId } : {}),
});

/** The real part: SMTP through nodemailer (SMTP_URL, e.g. smtp://user:pass@relay:587 or smtps://...). */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail(envelopeOf(this.from, message));
  }
}

/**
 * The embedded default: each mail becomes an .eml file in the outbox folder (open it with any mail client), and a
 * log line names the file and the link, so sign-up works on a machine without a mail server.
 */
export class OutboxMailer implements Mailer {
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  private sequence = 0;

  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly log: MailLog,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail(envelopeOf(this.from, message));
    await fs.mkdir(this.dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(this.dir, `${stamp}-${process.pid}-${++this.sequence}.eml`);
    await fs.writeFile(file, info.message as Buffer);
    this.log.info(`Mail to ${message.to} ("${message.subject}") written to ${file}${message.link ? `; link: ${message.link}` : ''}`);
  }
}

/** Keeps mails in memory: for tests, and for tools that build the app without sending anything. */
export class MemoryMailer implements Mailer {
  readonly sent: MailMessage[] = [];

  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }

  /** The newest mail to an address. */
  last(to: string): MailMessage | undefined {
    return this.sent.findLast((m) => m.to.toLowerCase() === to.toLowerCase());
  }
}

export interface MailSettings {
  smtpUrl: string | undefined;
  outboxDir: string;
  from: string;
}

export function createMailer(settings: MailSettings, log: MailLog): Mailer {
  return settings.smtpUrl ? new SmtpMailer(settings.smtpUrl, settings.from) : new OutboxMailer(settings.outboxDir, settings.from, log);
}
