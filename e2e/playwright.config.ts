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
 * Chromium at desktop width, and the phone's own tests (@phone, @touch) at mobile width. Each run starts from an empty data folder, so first-start
 * seeding is part of what is tested. Account specs live in accounts/.
 */
export default defineConfig({
  testDir: '.',
  // Per port, so that several runs can share one machine (each with its own E2E_PORT).
  outputDir: `../test-results/e2e-${PORT}`,
  fullyParallel: true,
  workers: 2,
  // In CI one retry: the 2-core machines run two browsers and three servers at once, and were seen at a load of 15,
  // where a test that times a 7 s leave flow can miss it. A test that fails twice fails the run; a retried pass is
  // listed as flaky in the output.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  // scripts/run-tier.mjs sets TEST_REPORT_FILE: each test's time is then written there too, for
  // scripts/slowest-tests.mjs (.ci/run prints the slowest ten).
  reporter: process.env.TEST_REPORT_FILE ? [['list'], ['json', { outputFile: process.env.TEST_REPORT_FILE }]] : [['list']],
  timeout: 60_000,
  // Generous: on a busy 2-core machine (load 10 seen here) a page can take over 10 s to show what a test waits for.
  expect: { timeout: 20_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    // The app's service worker precaches the whole app shell after each first load: on a 2-core machine every test
    // doing that adds up. The specs that test it (pwa.spec.ts) allow it for themselves.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
  },
  // Behaviour at one width, layout at the other (decisions/036): every test runs at 1280 px, except those tagged @touch,
  // which need a touchscreen. At 375 px run only the tests whose subject is the phone, tagged @phone: bottom sheets,
  // the mobile footer, what fits the screen (no sideways scroll, sizes, what a phone draws), tests that branch on
  // isMobile to assert the phone's own behaviour, and the axe sweep of every route; plus the @touch ones.
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } }, grepInvert: /@touch/ },
    { name: 'mobile', use: { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true }, grep: /@phone|@touch/ },
  ],
  // The built app on the real server, with a real SMTP server and a real OpenID provider beside it on loopback
  // (support/stack.mjs: mails at http://127.0.0.1:PORT+1/mails, the issuer at PORT+2). Each run starts from an
  // empty data folder.
  webServer: {
    command: 'node support/stack.mjs',
    cwd: '.',
    env: {
      E2E_PORT: String(PORT),
      E2E_DATA_DIR: `test-results/e2e-data-${PORT}`,
      // The server's warnings and errors show in the test output ([WebServer]); E2E_LOG_LEVEL=debug logs every request.
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
    },
    url: `http://127.0.0.1:${PORT}/api/auth/config`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
});
