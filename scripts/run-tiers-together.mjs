// Runs several steps of `npm test` at the same time, each through scripts/run-tier.mjs (so each is timed and recorded in
// test-results/tiers.txt as usual), and fails when any of them fails. For steps that each use one core — eslint and
// tsc are single-threaded — so that on a 2-core machine they share the time instead of adding it (decisions/050).
// A step's output is kept and printed whole when it ends, so two steps' lines never interleave.
// Usage: node scripts/run-tiers-together.mjs '<tier> <command> [args...]' '<tier> <command> [args...]' ...
import { spawn } from 'node:child_process';

const steps = process.argv.slice(2).map((spec) => spec.split(' ').filter(Boolean));
if (steps.length === 0 || steps.some((step) => step.length < 2)) {
  console.error("usage: run-tiers-together.mjs '<tier> <command> [args...]' ...");
  process.exit(2);
}

const results = await Promise.all(
  steps.map(
    (step) =>
      new Promise((resolve) => {
        const child = spawn('node', ['scripts/run-tier.mjs', ...step], { stdio: ['ignore', 'pipe', 'pipe'] });
        const output = [];
        child.stdout.on('data', (chunk) => output.push(chunk));
        child.stderr.on('data', (chunk) => output.push(chunk));
        child.on('close', (code) => {
          process.stdout.write(Buffer.concat(output));
          resolve(code ?? 1);
        });
      }),
  ),
);
process.exit(results.find((code) => code !== 0) ?? 0);
