// Browser tests against the built app served by the real server, in Debian's Chromium (DESIGN §4).
// Installs Chromium with apt when it is missing and we are root; otherwise fails with what to do.
import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(CHROMIUM)) {
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing at ${CHROMIUM}. Install it (sudo apt-get install -y chromium) or set CHROMIUM_PATH.`);
    process.exit(1);
  }
  console.log('Installing Debian Chromium for the browser tests...');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
}
const run = spawnSync('node', ['scripts/run-tier.mjs', 'e2e', 'npx', 'playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: CHROMIUM },
});
process.exit(run.status ?? 1);
