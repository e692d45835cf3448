import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end journeys in Debian's Chromium (browser downloads are not available here) against
 * the real server, built SPA and a fresh SQLite database seeded with the demo organisation: one
 * of each per worker (tests/e2e/portal.ts, started by the worker's `portal` fixture in
 * tests/e2e/support.ts on E2E_PORT + the worker's index), so a worker's journeys never see
 * another's changes.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  // The portal and the sample applications compiled once for the run (tests/e2e/global-setup.ts).
  globalSetup: './tests/e2e/global-setup.ts',
  // Tests, not files, go to the next free worker: the long files (accessibility, the workbench)
  // no longer leave one worker idle at the end, and each journey meets whatever order comes.
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    // baseURL is the worker's own portal (http://localhost:<port>, support.ts): localhost, not
    // 127.0.0.1, since an IP address is no valid WebAuthn relying-party id (passkey journeys).
    locale: 'zh-CN',
    // Recording a trace of every journey cost a third of the run's time (screencast and DOM
    // snapshots on two cores); the retry of a failed journey (CI) records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // --process-per-site: a journey's pages of the portal share the renderer its lent context
      // keeps warm (tests/e2e/contextPool.ts) instead of each starting a cold one.
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--process-per-site'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 860 } } },
  ],
});
