/**
 * Administration commands on the server's own configuration and database:
 *
 *   npm run admin -- set-plan <email> PREMIUM|FREE
 *   npm run admin -- quota
 *   npm run admin -- analytics [days]
 *
 * With the embedded PGlite database, stop the server first: PGlite's files belong to one process at a time.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { planSchema } from '@sift/contracts';
import { printAnalytics } from './analytics-report.js';
import { loadConfig } from '../config.js';
import { openDatabase, type Database } from '../infra/db/client.js';
import { asBackgroundWork } from '../infra/db/query-bounds.js';
import { TokenService } from '../modules/auth/tokens.service.js';
import { AuthRepository } from '../modules/auth/auth.repository.js';
import { UsersRepository } from '../modules/users/users.repository.js';
import { UsersService } from '../modules/users/users.service.js';
import { ProviderStateRepository } from '../providers/provider-state.repository.js';
import { QuotaLedger } from '../providers/youtube/quota.js';

const USAGE = `Usage:
  npm run admin -- set-plan <email> PREMIUM|FREE   set a member's plan (without Stripe, or as a gift)
  npm run admin -- quota                           today's YouTube Data API units (YOUTUBE_QUOTA_PER_DAY)
  npm run admin -- analytics [days]                eca_* events of the last days (default 30), summed by name`;

export interface AdminOptions {
  out?: (line: string) => void;
  /** An open database to use (tests); by default the one the configuration names is opened and closed. */
  database?: Database;
}

export async function runAdmin(args: string[], options: AdminOptions = {}): Promise<number> {
  const out = options.out ?? console.log;
  const [command, ...rest] = args;
  if (command === 'quota') return withDatabase(options, async (db) => {
    const config = loadConfig();
    const ledger = new QuotaLedger(new ProviderStateRepository(db), { provider: 'youtube', dailyBudget: config.youtubeQuotaPerDay });
    const quota = await ledger.status();
    const share = ((quota.spent / quota.budget) * 100).toFixed(1);
    out(`YouTube Data API quota for ${quota.day} (Pacific time): ${quota.spent} of ${quota.budget} units used (${share}%); resets at ${quota.resetsAt.toISOString()}.`);
    if (!config.youtube) out('YOUTUBE_API_KEY is not set: this instance runs on the demo catalog and spends no units.');
    return 0;
  });
  if (command === 'analytics') {
    const days = rest[0] === undefined ? 30 : Number(rest[0]);
    if (!Number.isInteger(days) || days < 1 || days > 3650) {
      out(USAGE);
      return 2;
    }
    return withDatabase(options, (db) => printAnalytics(db, days, out));
  }
  if (command !== 'set-plan') {
    out(USAGE);
    return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
  }
  const [email, planArg] = rest;
  const plan = planSchema.safeParse(planArg?.toUpperCase());
  if (!email || !plan.success) {
    out(USAGE);
    return 2;
  }

  return withDatabase(options, async (db) => {
    const users = new UsersService(new UsersRepository(db), new TokenService(new AuthRepository(db)));
    if (!(await users.setPlan(email, plan.data))) {
      out(`No account with the e-mail ${email}.`);
      return 1;
    }
    out(`${email} is now on the ${plan.data} plan.`);
    return 0;
  });
}

/** Runs a command on the given database, or on the configured one, opened for it and closed after. */
async function withDatabase(options: AdminOptions, command: (db: Database) => Promise<number>): Promise<number> {
  if (options.database) return command(options.database);
  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize, pgliteDir: path.join(config.dataDir, 'db') });
  try {
    // An operator's command, not a request: the request bounds do not apply.
    return await asBackgroundWork(() => command(handle.db));
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  runAdmin(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
