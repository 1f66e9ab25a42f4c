import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';

export interface CaughtMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpCatcher {
  /** smtp://127.0.0.1:<port>, for the app's SMTP_URL; set once the server listens. */
  url: string;
  mails: CaughtMail[];
  /** Waits for the next mail to an address (SMTP delivery finishes a moment after the API answers). */
  waitFor(to: string, timeoutMs?: number): Promise<CaughtMail>;
}

/** A real SMTP server (smtp-server) on loopback for one test file; it keeps every message it receives. */
export function useSmtpCatcher(): SmtpCatcher {
  let server: SMTPServer;
  const catcher: SmtpCatcher = {
    url: '',
    mails: [],
    async waitFor(to, timeoutMs = 5000) {
      const started = Date.now();
      for (;;) {
        const mail = catcher.mails.findLast((m) => m.to.some((address) => address.toLowerCase() === to.toLowerCase()));
        if (mail) return mail;
        if (Date.now() - started > timeoutMs) throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          catcher.mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    catcher.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
  });
  return catcher;
}

/** A MIME message with its quoted-printable soft breaks and escapes undone (enough to read links and text). */
export function decodeMail(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Every link to the given origin in a message, in order. */
export function linksIn(raw: string, origin: string): string[] {
  const escaped = origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [...decodeMail(raw).matchAll(new RegExp(`${escaped}[^\\s"<>]*`, 'g'))].map((m) => m[0]);
}

export interface ReadMail {
  subject: string;
  text: string;
  html: string;
}

/**
 * A message as its sender wrote it, for mails that are not plain ASCII (issue 19: mails in the member's language):
 * the subject's RFC 2047 encoded words decoded as UTF-8, and the text and HTML parts' quoted-printable or base64
 * decoded as UTF-8.
 */
export function readMail(raw: string): ReadMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const part = (type: string): string => {
    const boundary = /boundary="?([^";\s]+)"?/i.exec(head)?.[1];
    for (const chunk of boundary ? raw.split(`--${boundary}`) : []) {
      const at = chunk.search(/\r?\n\r?\n/);
      const headers = chunk.slice(0, Math.max(at, 0));
      if (at < 0 || !new RegExp(`content-type:\\s*${type}`, 'i').test(headers)) continue;
      const body = chunk.slice(at).replace(/^\r?\n\r?\n/, '');
      if (/content-transfer-encoding:\s*base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      return Buffer.from(decodeMail(body), 'latin1').toString('utf8');
    }
    return '';
  };
  return { subject: decodeHeaderWords(/^subject:\s*(.*)$/im.exec(head)?.[1] ?? '').trim(), text: part('text/plain'), html: part('text/html') };
}

/** RFC 2047 encoded words as UTF-8: adjacent words join (the space between them is not text), bytes before characters. */
export function decodeHeaderWords(value: string): string {
  return value.replace(/(?:=\?utf-8\?[bq]\?[^?]*\?=\s*)+/gi, (run) => {
    const bytes = [...run.matchAll(/=\?utf-8\?([bq])\?([^?]*)\?=/gi)].map(([, enc, text]) =>
      enc!.toLowerCase() === 'b' ? Buffer.from(text!, 'base64') : Buffer.from(decodeMail(text!.replace(/_/g, ' ')), 'latin1'),
    );
    const trailing = /\s*$/.exec(run)![0];
    return Buffer.concat(bytes).toString('utf8') + trailing;
  });
}
