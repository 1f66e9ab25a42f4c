import base from '../playwright.config';
import { defineConfig } from '@playwright/test';

/**
 * The main config on its own port, data folder and output folder, so that the player spec can run beside another
 * run of the suite on the same machine (E2E_PORT, E2E_DATA_DIR; WEB_DIST_DIR to serve another build):
 *   E2E_PORT=8481 npx playwright test -c e2e/support/player-playwright.config.ts e2e/player.spec.ts
 */
const PORT = Number(process.env.E2E_PORT ?? 8481);
const DATA_DIR = process.env.E2E_DATA_DIR ?? `test-results/player-e2e-data-${PORT}`;

export default defineConfig({
  ...base,
  testDir: '..',
  outputDir: `../../test-results/player-e2e-${PORT}`,
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}` },
  webServer: {
    ...(base.webServer as object),
    command: 'node support/stack.mjs',
    cwd: '..',
    env: { E2E_PORT: String(PORT), E2E_DATA_DIR: DATA_DIR, LOG_LEVEL: 'warn', ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}) },
    url: `http://127.0.0.1:${PORT}/api/auth/config`,
  },
});
