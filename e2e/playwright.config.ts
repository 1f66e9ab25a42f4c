import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8181);
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The demo clips have sound; a headless test has no user gesture to allow it.
  '--autoplay-policy=no-user-gesture-required',
];

/**
 * A person's paths through the built app served by the real server (npm run build first), in Debian's
 * Chromium at desktop and at mobile width. Each run starts from an empty data folder, so first-start
 * seeding is part of what is tested.
 */
export default defineConfig({
  testDir: '.',
  outputDir: '../test-results/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    { name: 'mobile', use: { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true } },
  ],
  webServer: {
    command: `rm -rf ../test-results/e2e-data && node ../apps/server/dist/main.js`,
    cwd: '.',
    env: { PORT: String(PORT), DATA_DIR: '../test-results/e2e-data', LOG_LEVEL: 'warn', HOST: '127.0.0.1' },
    url: `http://127.0.0.1:${PORT}/api/feeds/public?limit=1`,
    timeout: 120_000,
    reuseExistingServer: false,
  },
});
