import type { ContactMessage } from '@sift/contracts';
import type { MailMessage } from '../../infra/mail/mailer.js';
import { escapeHtml } from '../accounts/accounts.mails.js';

interface ContactMailInput {
  appName: string;
  publicUrl: string;
  to: string;
  message: Omit<ContactMessage, 'captcha'>;
  receivedAt: Date;
}

/** The contact form's message as a mail to the operator; answering it writes to the sender (Reply-To). */
export function contactMail({ appName, publicUrl, to, message, receivedAt }: ContactMailInput): MailMessage {
  const { name, email, message: body } = message;
  const lines = [
    `${name} <${email}> wrote through the contact form of ${appName} (${publicUrl}) on ${receivedAt.toISOString()}:`,
    '',
    body,
    '',
    '--',
    `Reply to this e-mail to answer ${name}. The address was typed into the form and is not verified.`,
  ];
  return {
    to,
    subject: `[${appName}] Message from ${name}`,
    text: lines.join('\n'),
    html: [
      '<!doctype html>',
      '<html><body style="margin:0;padding:24px;font-family:-apple-system,BlinkMacSystemFont,\'Segoe UI\',Roboto,sans-serif;color:#18181b">',
      `<p><strong>${escapeHtml(name)}</strong> &lt;${escapeHtml(email)}&gt; wrote through the contact form of ${escapeHtml(appName)} (${escapeHtml(publicUrl)}) on ${receivedAt.toISOString()}:</p>`,
      `<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #d4d4d8;white-space:pre-wrap;overflow-wrap:anywhere">${escapeHtml(body)}</blockquote>`,
      `<p style="font-size:13px;color:#555">Reply to this e-mail to answer ${escapeHtml(name)}. The address was typed into the form and is not verified.</p>`,
      '</body></html>',
    ].join('\n'),
    replyTo: { name, address: email },
  };
}
