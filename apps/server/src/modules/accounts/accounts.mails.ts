import type { MailMessage } from '../../infra/mail/mailer.js';

/** The account mails: each has a plain-text and an HTML part, the product name, and one absolute link. */

interface MailInput {
  appName: string;
  to: string;
  firstName: string;
  link: string;
}

export function confirmationMail({ appName, to, firstName, link }: MailInput): MailMessage {
  const lines = [
    `Hi ${firstName},`,
    '',
    `Welcome to ${appName}! Please confirm your e-mail address to finish creating your account:`,
    '',
    link,
    '',
    'The link works once, for 24 hours. If you did not sign up, ignore this e-mail and no account will be made.',
    '',
    `The ${appName} team`,
  ];
  return {
    to,
    subject: `Confirm your ${appName} account`,
    text: lines.join('\n'),
    html: layout(appName, [
      `<p>Hi ${escapeHtml(firstName)},</p>`,
      `<p>Welcome to ${escapeHtml(appName)}! Please confirm your e-mail address to finish creating your account:</p>`,
      button(link, 'Confirm my e-mail'),
      plainLink(link),
      '<p style="font-size:13px;color:#555">The link works once, for 24 hours. If you did not sign up, ignore this e-mail and no account will be made.</p>',
    ]),
    link,
  };
}

export function passwordResetMail({ appName, to, firstName, link }: MailInput): MailMessage {
  const lines = [
    `Hi ${firstName},`,
    '',
    `Someone (we hope you) asked to reset the password of your ${appName} account. Choose a new password here:`,
    '',
    link,
    '',
    'The link works once, for 1 hour. If you did not ask for it, ignore this e-mail: your password stays as it is.',
    '',
    `The ${appName} team`,
  ];
  return {
    to,
    subject: `Reset your ${appName} password`,
    text: lines.join('\n'),
    html: layout(appName, [
      `<p>Hi ${escapeHtml(firstName)},</p>`,
      `<p>Someone (we hope you) asked to reset the password of your ${escapeHtml(appName)} account. Choose a new password here:</p>`,
      button(link, 'Choose a new password'),
      plainLink(link),
      '<p style="font-size:13px;color:#555">The link works once, for 1 hour. If you did not ask for it, ignore this e-mail: your password stays as it is.</p>',
    ]),
    link,
  };
}

function layout(appName: string, body: string[]): string {
  return [
    '<!doctype html>',
    // Phones' mail apps lay out at the device's width only with this, as browsers do.
    '<html><head><meta name="viewport" content="width=device-width, initial-scale=1"></head><body style="margin:0;padding:24px;background:#f4f4f5;font-family:-apple-system,BlinkMacSystemFont,\'Segoe UI\',Roboto,sans-serif;color:#18181b">',
    '<div style="max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;overflow-wrap:anywhere">',
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(appName)}</h1>`,
    ...body,
    `<p>The ${escapeHtml(appName)} team</p>`,
    '</div></body></html>',
  ].join('\n');
}

/** The link written out, for mail apps that hide the button; a long token breaks anywhere rather than overflow the card. */
function plainLink(link: string): string {
  return `<p style="font-size:13px;color:#555;overflow-wrap:anywhere;word-break:break-all">Or open this link: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`;
}

function button(link: string, label: string): string {
  return `<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#dc2626;color:#fff;text-decoration:none;padding:10px 18px;border-radius:8px">${escapeHtml(label)}</a></p>`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
