import fs from 'node:fs';
import os from 'node:os';
import { lingui } from '@lingui/vite-plugin';
import { configDefaults, defineConfig } from 'vitest/config';
import { LINGUI_CONFIG, linguiMacroPlugin } from './apps/web/lingui-macro.ts';

/**
 * Test tiers (DESIGN §4). `unit` runs beside the code; `api` drives the real Fastify app through app.inject on
 * PGlite, or on PostgreSQL when DATABASE_URL is set (scripts/test-api.mjs runs it both ways). `cluster` drives two built
 * server processes behind HAProxy over HTTP (scripts/test-cluster.mjs starts them and runs it; one file at a time).
 * Browser tests live in e2e/ and run under Playwright, not Vitest.
 */
// scripts/run-tier.mjs sets TEST_REPORT_FILE: each test's time is then written there too, for
// scripts/slowest-tests.mjs (.ci/run prints the slowest ten).
const reportFile = process.env.TEST_REPORT_FILE;
// How long a unit test may take before it counts as stuck. Not a wait: the tests wait for states, and a fake clock
// moves the code's own timers. Vitest's 5 s default was reached by render-heavy tests on a 2-core machine at load 10,
// which CI's busy machines meet (issue 29: a suite that fails only on a busy machine is broken).
const TEST_TIMEOUT_MS = 30_000;
// Vitest's default is one worker fewer than the machine's cores: one worker on the 2-core machines this runs on, and
// the other core idle while a file waits on its database or its jsdom. One worker per core (decisions/050);
// VITEST_MAX_WORKERS still overrides it.
const workers = os.availableParallelism();

// The unit and web tests share one worker's modules (and jsdom) from file to file (`isolate: false`) instead of loading
// jsdom and the code under test again for each of ~120 files: that loading was most of the tier's time (decisions/050).
// A file that replaces a module with vi.mock cannot share: a file before it in the same worker may already have
// loaded the real one. Those files, found here by their text so that a new one needs no list, run isolated, in the
// `unit-isolated` and `web-isolated` projects.
function testFiles(roots: string[], name: RegExp): string[] {
  return roots.flatMap((root) =>
    fs
      .readdirSync(root, { recursive: true, encoding: 'utf8' })
      .map((file) => `${root}/${file.replaceAll('\\', '/')}`)
      .filter((file) => name.test(file) && !file.includes('/node_modules/')),
  );
}
const mocksModules = (file: string) => /\bvi\.(do)?[mM]ock\(/.test(fs.readFileSync(file, 'utf8'));
const UNIT_TESTS = ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'];
const UNIT_ROOTS = [...fs.readdirSync('packages').map((pkg) => `packages/${pkg}/src`), 'apps/server/src', 'scripts', 'bench'];
const unitTestsThatMock = testFiles(UNIT_ROOTS, /\.test\.ts$/).filter(mocksModules);
const webTestsThatMock = testFiles(['apps/web/src'], /\.test\.tsx?$/).filter(mocksModules);
const web = {
  oxc: { jsx: { runtime: 'automatic' as const } },
  // Lingui's macros and catalogues, as in apps/web/vite.config.ts.
  plugins: [linguiMacroPlugin(), lingui(LINGUI_CONFIG)],
};
const webTest = { environment: 'jsdom', setupFiles: ['apps/web/src/test/setup.ts'], testTimeout: TEST_TIMEOUT_MS };

export default defineConfig({
  test: {
    maxWorkers: workers,
    ...(reportFile ? { reporters: ['default', 'json'], outputFile: { json: reportFile } } : {}),
    projects: [
      { test: { name: 'unit', include: UNIT_TESTS, exclude: unitTestsThatMock, environment: 'node', isolate: false, testTimeout: TEST_TIMEOUT_MS } },
      { test: { name: 'unit-isolated', include: unitTestsThatMock, environment: 'node', testTimeout: TEST_TIMEOUT_MS } },
      {
        ...web,
        test: { ...webTest, name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], exclude: webTestsThatMock, isolate: false },
      },
      { ...web, test: { ...webTest, name: 'web-isolated', include: webTestsThatMock } },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'apps/server/test/cluster/**'],
          environment: 'node',
          // The files share a worker's modules, as the unit tests do: each file importing the whole server again was
          // half of the tier's time (decisions/051). Each file still builds its own app on its own database, and no
          // API file replaces a module with vi.mock (one that does would belong in an isolated project, like unit's).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'cluster',
          include: ['apps/server/test/cluster/**/*.test.ts'],
          environment: 'node',
          // The files share the nodes (and some kill one): never two at once.
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
