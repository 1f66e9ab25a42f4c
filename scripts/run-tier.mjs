// Runs one test tier and, when it passes, records it in test-results/tiers.txt, so .ci/run can prove that
// every tier really ran (a tier that is skipped leaves no line and fails CI).
// Usage: node scripts/run-tier.mjs <tier-name> <command> [args...]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const [tier, command, ...args] = process.argv.slice(2);
if (!tier || !command) {
  console.error('usage: run-tier.mjs <tier-name> <command> [args...]');
  process.exit(2);
}
console.log(`\n=== test tier: ${tier} ===`);
const result = spawnSync(command, args, { stdio: 'inherit', shell: false });
if (result.status !== 0) {
  console.error(`=== test tier FAILED: ${tier} ===`);
  process.exit(result.status ?? 1);
}
fs.mkdirSync('test-results', { recursive: true });
fs.appendFileSync('test-results/tiers.txt', `${tier} passed ${new Date().toISOString()}\n`);
console.log(`=== test tier passed: ${tier} ===`);
