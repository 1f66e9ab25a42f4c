import type { MailMessage } from '../../infra/mail/mailer.js';
import { escapeHtml } from '../accounts/accounts.mails.js';
import { DIGEST_MAIL_TEXTS, type Source } from './notifications.mail-texts.js';
import type { DigestToSend } from './notifications.repository.js';

/** Stands for the channel's or sift's link while a sentence around it is escaped for the HTML part. */
const LINK_SLOT = '\u0000';

const formatDuration = (s: number) => {
  if (s <= 0) return '';
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
};

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
 * Written in the member's language (notifications.mail-texts.ts; issue 19).
 */
export function digestMail(d: DigestToSend, site: { appName: string; publicUrl: string }): MailMessage {
  const { appName, publicUrl } = site;
  const locale = d.user.locale;
  const t = DIGEST_MAIL_TEXTS[locale];
  const n = d.videos.length;
  const isSift = d.target.type === 'sift';
  const from: Source = { words: isSift ? t.theSift(d.target.name) : d.target.name, isSift };
  const subject =
    d.frequency === 'IMMEDIATE' && n === 1
      ? t.subjectOne(d.target.name, d.videos[0]!.title)
      : `${t.subjectPrefix[d.frequency]}${t.newVideos(n, { words: d.target.name, isSift: false })}`;
  const howOften = t.howOften[d.frequency];
  const targetUrl = d.target.type === 'channel' ? `${publicUrl}/channel/${encodeURIComponent(d.target.externalId)}` : `${publicUrl}/sifts/${encodeURIComponent(d.target.externalId)}`;
  const watch = (externalId: string) => `${publicUrl}/watch?v=${encodeURIComponent(externalId)}`;
  const unsubscribePage = `${publicUrl}/unsubscribe?token=${d.subscription.unsubscribeToken}`;
  const oneClick = `${publicUrl}/api/subscriptions/unsubscribe?token=${d.subscription.unsubscribeToken}`;
  const settings = `${publicUrl}/profile`;
  const text = [
    t.greeting(d.user.firstName),
    '',
    t.listIntro(n, from),
    '',
    ...d.videos.flatMap((v) => [`- ${v.title}${v.durationSeconds > 0 ? ` (${formatDuration(v.durationSeconds)})` : ''} · ${v.channelName}`, `  ${watch(v.externalId)}`]),
    '',
    `${t.whyText(howOften, from, appName)} ${targetUrl}`,
    t.changeLine(settings),
    t.unsubscribeLine(unsubscribePage),
  ].join('\n');
  const targetLink = `<a href="${escapeHtml(targetUrl)}">${escapeHtml(from.words)}</a>`;
  const html = [
    // English keeps the markup it had before the mails spoke other languages; the others say which language they are in.
    `<!doctype html><html${locale === 'en' ? '' : ` lang="${locale}"`}><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;max-width:560px;margin:0 auto;padding:16px;color:#111">`,
    `<h1 style="font-size:18px">${escapeHtml(appName)}</h1>`,
    `<p>${escapeHtml(t.greeting(d.user.firstName))}</p>`,
    `<p>${escapeHtml(t.listIntro(n, { words: LINK_SLOT, isSift })).replace(LINK_SLOT, () => targetLink)}</p>`,
    '<ul style="padding-left:18px">',
    ...d.videos.map(
      (v) =>
        `<li style="margin:0 0 8px"><a href="${escapeHtml(watch(v.externalId))}">${escapeHtml(v.title)}</a>` +
        `<br><span style="font-size:13px;color:#555">${escapeHtml(v.channelName)}${v.durationSeconds > 0 ? ` · ${formatDuration(v.durationSeconds)}` : ''}</span></li>`,
    ),
    '</ul>',
    `<p style="font-size:13px;color:#555">${escapeHtml(t.whyHtml(howOften, from))} ` +
      `<a href="${escapeHtml(settings)}">${escapeHtml(t.changeLink)}</a> · <a href="${escapeHtml(unsubscribePage)}">${escapeHtml(t.unsubscribeLink)}</a></p>`,
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
