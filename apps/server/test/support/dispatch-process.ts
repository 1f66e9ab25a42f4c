/**
 * One server process of the "two processes on one PostgreSQL" notification test (notifications-processes.api.test.ts),
 * run by the test as a child OS process (`node --import tsx`). It builds the app as main.ts does — its own pg pool
 * on DATABASE_URL, the SMTP mailer of SMTP_URL — says `ready`, waits for `go <ISO time>` on stdin, runs the
 * notification dispatch job (build, then send) for that moment, prints `{"pid","built","sent"}` and exits.
 * With CRASH_AFTER_SEND=1 the process dies (exit 137, no cleanup) the moment the SMTP server has accepted its first
 * mail, before the transaction that marks the digest sent can commit: the crash window of decisions/013.
 */
import readline from 'node:readline';
import { buildApp } from '../../src/app.js';
import { openDatabase } from '../../src/infra/db/client.js';
import { createMailer, type Mailer } from '../../src/infra/mail/mailer.js';
import { FakeVideoService } from './fake-video-service.js';

const databaseUrl = process.env.DATABASE_URL;
const smtpUrl = process.env.SMTP_URL;
if (!databaseUrl || !smtpUrl) throw new Error('DATABASE_URL and SMTP_URL are required');

const mailFrom = 'Sift <no-reply@sift.test>';
const smtp = createMailer({ smtpUrl, outboxDir: '', from: mailFrom }, { info: () => {} });
const crashing: Mailer = {
  async send(message) {
    await smtp.send(message);
    process.exit(137);
  },
};
const database = await openDatabase({ databaseUrl, pgliteDir: 'memory://' });
const { app, services } = await buildApp({
  db: database.db,
  provider: new FakeVideoService(),
  appName: 'Sift',
  accounts: { publicUrl: process.env.PUBLIC_URL ?? 'http://sift.test', smtpUrl, mailFrom },
  // As main.ts: the SMTP mailer of SMTP_URL (made here only to be wrapped for the crash).
  mailer: process.env.CRASH_AFTER_SEND === '1' ? crashing : smtp,
});
await app.ready();
process.stdout.write('ready\n');

const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  const [command, at] = line.trim().split(' ');
  if (command !== 'go' || !at) continue;
  const result = await services.notifications.dispatch(new Date(at));
  process.stdout.write(`${JSON.stringify({ pid: process.pid, ...result })}\n`);
  break;
}
lines.close();
await app.close();
await database.close();
