// The API suite through the real HTTP layer, on PGlite always and on PostgreSQL when DATABASE_URL is set
// (DESIGN §4). Without DATABASE_URL the PostgreSQL tier does not run, and this says so loudly.
//
// With DATABASE_URL the suite runs whole on PostgreSQL, and on PGlite only the files below (decisions/036): what
// differs between the two databases, and a smoke pass of every module. Without DATABASE_URL (a newcomer with no
// PostgreSQL) PGlite runs the whole suite, and so it does with API_PGLITE=all.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const TEST_DIR = 'apps/server/test';

/** The API test files run on PGlite when the whole suite also runs on PostgreSQL. */
const ON_PGLITE_BESIDE_POSTGRES = [
  // What differs between the two: the database layer and its drivers (one connection vs a pool, int8 as a number vs a
  // string, statements sent together run one at a time), and what is built on it.
  'database-bounds.api.test.ts', // statement and row bounds (infra/db/query-bounds.ts)
  'database-upkeep.api.test.ts', // upkeep: VACUUM ANALYZE where due (PGlite has no autovacuum)
  'load-shedding.api.test.ts', // the queue in front of the one PGlite connection
  'seed.api.test.ts', // first-start migrations and demo seed on an empty database
  'jobs.test.ts', // the in-process job queue (pg-boss is PostgreSQL's)
  'hot-reads.api.test.ts', // kept pages and search answers
  'search-videos.api.test.ts', // the words table of migration 0007
  'search.api.test.ts', // search: int8/numeric conversion, statements one at a time on PGlite
  'sifts.api.test.ts', // sifts: int8 conversion of the matches
  'sift-discovery.api.test.ts', // sifts: the triggers of migration 0017 (followers, the directory's version)
  'subscriptions.api.test.ts', // subscriptions: int8 conversion
  // A smoke pass of every other module (apps/server/src/modules/*): one file each.
  'accounts.api.test.ts', // accounts
  'analytics.api.test.ts', // analytics
  'auth.api.test.ts', // auth
  'billing.api.test.ts', // billing
  'catalog.api.test.ts', // catalog, feeds
  'contact.api.test.ts', // contact
  'exports.api.test.ts', // exports
  'history.api.test.ts', // history: raw upserts and int8 conversion of the marks, anti-joins of hideWatched
  'imports.api.test.ts', // imports
  'hostile-imports.api.test.ts', // imports: hostile files, the bundle into jsonb (issue 28)
  'hostile-import-corpus.api.test.ts', // imports: every format mutated (issue 28)
  'link-previews.api.test.ts', // link-previews
  'images.test.ts', // media
  'messages.api.test.ts', // messages
  'notifications.api.test.ts', // notifications
  'playlists.api.test.ts', // playlists
  'users.api.test.ts', // users
  'youtube-account.api.test.ts', // youtube-account
];
// Left to PostgreSQL alone: authorization, bad-input, client-address, google, hostile-input,
// keywords, mail, rate-limit, request-timeout, subscriptions-disabled, web-app, youtube (the provider against its
// stand-in), and notifications-processes (which needs PostgreSQL anyway). They test the HTTP layer, the providers and
// the rules above the database: the same code on either.

for (const file of ON_PGLITE_BESIDE_POSTGRES) {
  if (!fs.existsSync(`${TEST_DIR}/${file}`)) {
    console.error(`scripts/test-api.mjs lists ${TEST_DIR}/${file}, which does not exist: mend the list.`);
    process.exit(1);
  }
}

function tier(name, env, files = []) {
  const run = spawnSync('node', ['scripts/run-tier.mjs', name, 'npx', 'vitest', 'run', '--project', 'api', ...files], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

const { DATABASE_URL, ...withoutDatabase } = process.env;
process.env = withoutDatabase;
const wholeOnPglite = !DATABASE_URL || process.env.API_PGLITE === 'all';
if (!wholeOnPglite) {
  console.log(`\nPGlite runs ${ON_PGLITE_BESIDE_POSTGRES.length} API test files (scripts/test-api.mjs); PostgreSQL runs them all. API_PGLITE=all runs them all on PGlite too.`);
}
tier('api-pglite', {}, wholeOnPglite ? [] : ON_PGLITE_BESIDE_POSTGRES.map((file) => `${TEST_DIR}/${file}`));
if (DATABASE_URL) {
  tier('api-postgres', { DATABASE_URL });
} else {
  console.warn('\n!!! The PostgreSQL API tier did NOT run: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run it.\n');
}
