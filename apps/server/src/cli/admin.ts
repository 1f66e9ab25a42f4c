/**
 * Administration commands on the server's own configuration and database:
 *
 *   npm run admin -- set-plan <email> PREMIUM|FREE
 *
 * With the embedded PGlite database, stop the server first: PGlite's files belong to one process at a time.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { planSchema } from '@sift/contracts';
import { loadConfig } from '../config.js';
import { openDatabase, type Database } from '../infra/db/client.js';
import { TokenService } from '../modules/auth/tokens.service.js';
import { AuthRepository } from '../modules/auth/auth.repository.js';
import { UsersRepository } from '../modules/users/users.repository.js';
import { UsersService } from '../modules/users/users.service.js';

const USAGE = `Usage:
  npm run admin -- set-plan <email> PREMIUM|FREE   set a member's plan (payment comes later)`;

export interface AdminOptions {
  out?: (line: string) => void;
  /** An open database to use (tests); by default the one the configuration names is opened and closed. */
  database?: Database;
}

export async function runAdmin(args: string[], options: AdminOptions = {}): Promise<number> {
  const out = options.out ?? console.log;
  const [command, ...rest] = args;
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

  let db = options.database;
  let close = async () => {};
  if (!db) {
    const config = loadConfig();
    const handle = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
    db = handle.db;
    close = handle.close;
  }
  try {
    const users = new UsersService(new UsersRepository(db), new TokenService(new AuthRepository(db)));
    if (!(await users.setPlan(email, plan.data))) {
      out(`No account with the e-mail ${email}.`);
      return 1;
    }
    out(`${email} is now on the ${plan.data} plan.`);
    return 0;
  } finally {
    await close();
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
