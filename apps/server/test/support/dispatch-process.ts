/**
 * One server process of the "two processes on one PostgreSQL" notification test (notifications-processes.api.test.ts),
 * run by the test as a child OS process (`node --import tsx`). It builds the app as main.ts does — its own pg pool
 * on DATABASE_URL, the SMTP mailer of SMTP_URL — says `ready`, waits for `go <ISO time>` on stdin, runs the
 * notification dispatch job (build, then send) for that moment, prints `{"pid","built","sent"}` and exits.
 */
import readline from 'node:readline';
import { buildApp } from '../../src/app.js';
import { openDatabase } from '../../src/infra/db/client.js';
import { FakeVideoService } from './fake-video-service.js';

const databaseUrl = process.env.DATABASE_URL;
const smtpUrl = process.env.SMTP_URL;
if (!databaseUrl || !smtpUrl) throw new Error('DATABASE_URL and SMTP_URL are required');

const database = await openDatabase({ databaseUrl, pgliteDir: 'memory://' });
const { app, services } = await buildApp({
  db: database.db,
  provider: new FakeVideoService(),
  appName: 'Sift',
  accounts: { publicUrl: process.env.PUBLIC_URL ?? 'http://sift.test', smtpUrl, mailFrom: 'Sift <no-reply@sift.test>' },
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
