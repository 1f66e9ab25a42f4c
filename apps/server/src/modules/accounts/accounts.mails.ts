import type { Locale } from '../../infra/i18n/locale.js';
import type { MailMessage } from '../../infra/mail/mailer.js';
import { ACCOUNT_MAIL_TEXTS } from './accounts.mail-texts.js';

/**
 * The account mails: each has a plain-text and an HTML part, the product name, and one absolute link, in the
 * member's language (accounts.mail-texts.ts; English when none is known).
 */

interface MailInput {
  appName: string;
  to: string;
  firstName: string;
  link: string;
  locale?: Locale;
}

export function confirmationMail({ appName, to, firstName, link, locale = 'en' }: MailInput): MailMessage {
  const t = ACCOUNT_MAIL_TEXTS[locale];
  return accountMail({ appName, to, firstName, link, locale }, t.confirmSubject(appName), t.confirmIntro(appName), t.confirmButton, t.confirmNote);
}

export function passwordResetMail({ appName, to, firstName, link, locale = 'en' }: MailInput): MailMessage {
  const t = ACCOUNT_MAIL_TEXTS[locale];
  return accountMail({ appName, to, firstName, link, locale }, t.resetSubject(appName), t.resetIntro(appName), t.resetButton, t.resetNote);
}

/**
 * To a confirmed member who asked for a new confirmation link (or someone who typed their address): the account is
 * confirmed, here is where to log in and where to choose a new password. It stands in for the 409 the API no longer
 * gives, so the answer does not tell who has an account (decisions/034).
 */
export function alreadyConfirmedMail({ appName, to, firstName, link, forgotPasswordLink, locale = 'en' }: MailInput & { forgotPasswordLink: string }): MailMessage {
  const t = ACCOUNT_MAIL_TEXTS[locale];
  return accountMail(
    { appName, to, firstName, link, locale },
    t.confirmedSubject(appName),
    t.confirmedIntro(appName),
    t.confirmedButton,
    t.confirmedNote,
    forgotPasswordLink,
  );
}

/**
 * To an account whose address someone tried to sign up with: it has an account already, here is where to log in and
 * where to choose a new password. It stands in for the 409 the sign-up no longer gives (decisions/037).
 */
export function accountExistsMail({ appName, to, firstName, link, forgotPasswordLink, locale = 'en' }: MailInput & { forgotPasswordLink: string }): MailMessage {
  const t = ACCOUNT_MAIL_TEXTS[locale];
  return accountMail({ appName, to, firstName, link, locale }, t.existsSubject(appName), t.existsIntro(appName), t.confirmedButton, t.confirmedNote, forgotPasswordLink);
}

/** `noteLink`: a second address that goes with the note (written out, after it). */
function accountMail({ appName, to, firstName, link, locale = 'en' }: MailInput, subject: string, intro: string, action: string, note: string, noteLink?: string): MailMessage {
  const t = ACCOUNT_MAIL_TEXTS[locale];
  const lines = [t.greeting(firstName), '', intro, '', link, '', note, ...(noteLink ? [noteLink] : []), '', t.signature(appName)];
  return {
    to,
    subject,
    text: lines.join('\n'),
    html: layout(appName, locale, [
      `<p>${escapeHtml(t.greeting(firstName))}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      button(link, action),
      plainLink(link, t.openLink),
      `<p style="font-size:13px;color:#555">${escapeHtml(note)}${noteLink ? ` <a href="${escapeHtml(noteLink)}">${escapeHtml(noteLink)}</a>` : ''}</p>`,
    ]),
    link,
  };
}

function layout(appName: string, locale: Locale, body: string[]): string {
  return [
    '<!doctype html>',
    // Phones' mail apps lay out at the device's width only with this, as browsers do.
    `<html lang="${locale}"><head><meta name="viewport" content="width=device-width, initial-scale=1"></head><body style="margin:0;padding:24px;background:#f4f4f5;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,sans-serif;color:#18181b">`,
    '<div style="max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;overflow-wrap:anywhere">',
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(appName)}</h1>`,
    ...body,
    `<p>${escapeHtml(ACCOUNT_MAIL_TEXTS[locale].signature(appName))}</p>`,
    '</div></body></html>',
  ].join('\n');
}

/** The link written out, for mail apps that hide the button; a long token breaks anywhere rather than overflow the card. */
function plainLink(link: string, label: string): string {
  return `<p style="font-size:13px;color:#555;overflow-wrap:anywhere;word-break:break-all">${escapeHtml(label)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`;
}

function button(link: string, label: string): string {
  return `<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#dc2626;color:#fff;text-decoration:none;padding:10px 18px;border-radius:8px">${escapeHtml(label)}</a></p>`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
