import type { MailMessage } from '../../infra/mail/mailer.js';
import { escapeHtml } from '../accounts/accounts.mails.js';
import type { DigestToSend } from './notifications.repository.js';

const formatDuration = (s: number) => {
  if (s <= 0) return '';
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
};

const WHAT: Record<DigestToSend['frequency'], string> = { IMMEDIATE: '', DAILY: 'Your daily digest: ', WEEKLY: 'Your weekly digest: ' };
const HOW_OFTEN: Record<DigestToSend['frequency'], string> = { IMMEDIATE: 'as they arrive', DAILY: 'once a day', WEEKLY: 'once a week' };

/**
 * The Message-ID of a digest's mail (RFC 5322 §3.6.4): a function of its outbox row — the digest's id and the time
 * it was built, both committed before any attempt to send — so every attempt at one digest carries the same
 * Message-ID. A resend after a crash between the SMTP server's acceptance and the commit is then the same message
 * to receivers, which may drop the copy (decisions/013). The build time keeps ids unique across a reset database.
 */
export function digestMessageId(d: Pick<DigestToSend, 'id' | 'createdAt'> & { subscription: { id: number } }, publicUrl: string): string {
  const host = new URL(publicUrl).hostname || 'localhost';
  return `<digest.${d.id}.${d.subscription.id}.${d.createdAt.getTime().toString(36)}@${host}>`;
}

/**
 * One notification mail: the new videos of one subscription, newest first, each a link to watch it; a one-click
 * unsubscribe link in the body and in the List-Unsubscribe headers (RFC 8058), which sets the frequency to NONE.
 */
export function digestMail(d: DigestToSend, site: { appName: string; publicUrl: string }): MailMessage {
  const { appName, publicUrl } = site;
  const n = d.videos.length;
  const from = d.target.type === 'channel' ? d.target.name : `the sift ${d.target.name}`;
  const subject =
    d.frequency === 'IMMEDIATE' && n === 1 ? `New from ${d.target.name}: ${d.videos[0]!.title}` : `${WHAT[d.frequency]}${n} new video${n === 1 ? '' : 's'} from ${d.target.name}`;
  const targetUrl = d.target.type === 'channel' ? `${publicUrl}/channel/${encodeURIComponent(d.target.externalId)}` : `${publicUrl}/sifts/${encodeURIComponent(d.target.externalId)}`;
  const watch = (externalId: string) => `${publicUrl}/watch?v=${encodeURIComponent(externalId)}`;
  const unsubscribePage = `${publicUrl}/unsubscribe?token=${d.subscription.unsubscribeToken}`;
  const oneClick = `${publicUrl}/api/subscriptions/unsubscribe?token=${d.subscription.unsubscribeToken}`;
  const settings = `${publicUrl}/profile`;
  const text = [
    `Hi ${d.user.firstName},`,
    '',
    `${n} new video${n === 1 ? '' : 's'} from ${from}:`,
    '',
    ...d.videos.flatMap((v) => [`- ${v.title}${v.durationSeconds > 0 ? ` (${formatDuration(v.durationSeconds)})` : ''} · ${v.channelName}`, `  ${watch(v.externalId)}`]),
    '',
    `You get these ${HOW_OFTEN[d.frequency]} because you follow ${from} on ${appName}: ${targetUrl}`,
    `Change how often: ${settings}`,
    `Unsubscribe from these e-mails: ${unsubscribePage}`,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;max-width:560px;margin:0 auto;padding:16px;color:#111">',
    `<h1 style="font-size:18px">${escapeHtml(appName)}</h1>`,
    `<p>Hi ${escapeHtml(d.user.firstName)},</p>`,
    `<p>${n} new video${n === 1 ? '' : 's'} from <a href="${escapeHtml(targetUrl)}">${escapeHtml(from)}</a>:</p>`,
    '<ul style="padding-left:18px">',
    ...d.videos.map(
      (v) =>
        `<li style="margin:0 0 8px"><a href="${escapeHtml(watch(v.externalId))}">${escapeHtml(v.title)}</a>` +
        `<br><span style="font-size:13px;color:#555">${escapeHtml(v.channelName)}${v.durationSeconds > 0 ? ` · ${formatDuration(v.durationSeconds)}` : ''}</span></li>`,
    ),
    '</ul>',
    `<p style="font-size:13px;color:#555">You get these ${HOW_OFTEN[d.frequency]} because you follow ${escapeHtml(from)}. ` +
      `<a href="${escapeHtml(settings)}">Change how often</a> · <a href="${escapeHtml(unsubscribePage)}">Unsubscribe</a></p>`,
    '</body></html>',
  ].join('\n');
  return {
    to: d.user.email,
    subject,
    text,
    html,
    link: unsubscribePage,
    messageId: digestMessageId(d, publicUrl),
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
