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

export default defineConfig({
  test: {
    ...(reportFile ? { reporters: ['default', 'json'], outputFile: { json: reportFile } } : {}),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        oxc: { jsx: { runtime: 'automatic' } },
        // Lingui's macros and catalogues, as in apps/web/vite.config.ts.
        plugins: [linguiMacroPlugin(), lingui(LINGUI_CONFIG)],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'apps/server/test/cluster/**'],
          environment: 'node',
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
