// Prints the slowest tests of the last run and keeps them in test-results/slowest-tests.txt. Reads the JSON reports
// that scripts/run-tier.mjs has the tiers write (test-results/tests-<tier>.json: Vitest's json reporter, or
// Playwright's). A browser test retried counts the time of every try.
// Usage: node scripts/slowest-tests.mjs [how-many=10]
import fs from 'node:fs';
import path from 'node:path';

const DIR = 'test-results';
const count = Number(process.argv[2] ?? 10);

/** @typedef {{ tier: string, name: string, ms: number, note?: string }} Timed */

/** Vitest: testResults[] (one per file) → assertionResults[] (one per test). @returns {Timed[]} */
function fromVitest(tier, report) {
  return report.testResults.flatMap((file) =>
    file.assertionResults.map((test) => ({
      tier,
      name: `${path.relative(process.cwd(), file.name)} › ${test.fullName}`,
      ms: test.duration ?? 0,
    })),
  );
}

/** Playwright: suites nest (file › describe…), each with specs[] → tests[] (one per project) → results[] (tries). @returns {Timed[]} */
function fromPlaywright(tier, report) {
  /** @type {Timed[]} */
  const out = [];
  const walk = (suite, titles) => {
    const here = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const tries = test.results.length;
        out.push({
          tier,
          name: `[${test.projectName}] ${[...here, spec.title].join(' › ')}`,
          ms: test.results.reduce((sum, r) => sum + (r.duration ?? 0), 0),
          note: tries > 1 ? `${tries} tries` : undefined,
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return out;
}

const files = fs.existsSync(DIR) ? fs.readdirSync(DIR).filter((f) => /^tests-.+\.json$/.test(f)) : [];
/** @type {Timed[]} */
const tests = files.flatMap((file) => {
  const tier = file.replace(/^tests-|\.json$/g, '');
  try {
    const report = JSON.parse(fs.readFileSync(path.join(DIR, file), 'utf8'));
    return Array.isArray(report.testResults) ? fromVitest(tier, report) : fromPlaywright(tier, report);
  } catch (error) {
    console.warn(`slowest-tests: cannot read ${file}: ${error instanceof Error ? error.message : error}`);
    return [];
  }
});

const slowest = tests.sort((a, b) => b.ms - a.ms).slice(0, count);
const lines = [
  `The ${slowest.length} slowest of ${tests.length} tests (${files.join(', ') || 'no reports in test-results/'}):`,
  ...slowest.map((t) => `${(t.ms / 1000).toFixed(1).padStart(7)} s  ${t.tier.padEnd(12)} ${t.name}${t.note ? ` (${t.note})` : ''}`),
];
fs.mkdirSync(DIR, { recursive: true });
fs.writeFileSync(path.join(DIR, 'slowest-tests.txt'), `${lines.join('\n')}\n`);
console.log(lines.join('\n'));
