// The API suite through the real HTTP layer, on PGlite always and on PostgreSQL when DATABASE_URL is set
// (DESIGN §4). Without DATABASE_URL the PostgreSQL tier does not run, and this says so loudly.
import { spawnSync } from 'node:child_process';

function tier(name, env) {
  const run = spawnSync('node', ['scripts/run-tier.mjs', name, 'npx', 'vitest', 'run', '--project', 'api'], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

const { DATABASE_URL, ...withoutDatabase } = process.env;
process.env = withoutDatabase;
tier('api-pglite', {});
if (DATABASE_URL) {
  tier('api-postgres', { DATABASE_URL });
} else {
  console.warn('\n!!! The PostgreSQL API tier did NOT run: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run it.\n');
}
