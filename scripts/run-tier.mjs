// Runs one test tier (or one step of `npm test`: lint, typecheck, build…), prints how long it took and records it in
// test-results/tiers.txt: `<tier> passed in <s> s, at <time>` when it passed, `<tier> FAILED after <s> s, at <time>`
// when not. .ci/run proves with `grep "^<tier> passed"` that every tier really ran (a tier that is skipped leaves no
// line and fails CI), and prints these lines as the run's durations.
//
// The command gets TEST_REPORT_FILE=test-results/tests-<tier>.json: vitest.config.ts and e2e/playwright.config.ts then
// add a JSON reporter writing each test's time there, which scripts/slowest-tests.mjs reads.
// Usage: node scripts/run-tier.mjs <tier-name> <command> [args...]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const [tier, command, ...args] = process.argv.slice(2);
if (!tier || !command) {
  console.error('usage: run-tier.mjs <tier-name> <command> [args...]');
  process.exit(2);
}
fs.mkdirSync('test-results', { recursive: true });
console.log(`\n=== test tier: ${tier} ===`);
const started = performance.now();
const result = spawnSync(command, args, {
  stdio: 'inherit',
  shell: false,
  env: { ...process.env, TEST_REPORT_FILE: path.resolve('test-results', `tests-${tier}.json`) },
});
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const passed = result.status === 0;
const line = passed ? `${tier} passed in ${seconds} s` : `${tier} FAILED after ${seconds} s`;
fs.appendFileSync('test-results/tiers.txt', `${line}, at ${new Date().toISOString()}\n`);
if (!passed) {
  console.error(`=== test tier FAILED: ${tier} (after ${seconds} s) ===`);
  process.exit(result.status ?? 1);
}
console.log(`=== test tier passed: ${tier} (in ${seconds} s) ===`);
