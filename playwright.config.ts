import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 18090);
/** Built SPA to serve; parallel runs build into their own folder (vite build --outDir …). */
const STATIC_DIR = process.env.E2E_STATIC_DIR ?? 'dist';
const DATA_DIR = `.tmp/e2e-${PORT}`;

/**
 * End-to-end journeys in Debian's Chromium (browser downloads are not available here) against
 * the real server, built SPA and a fresh SQLite database seeded with the demo organisation.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    // localhost, not 127.0.0.1: an IP address is no valid WebAuthn relying-party id (passkey journeys).
    baseURL: `http://localhost:${PORT}`,
    locale: 'zh-CN',
    // Recording a trace of every journey cost a third of the run's time (screencast and DOM
    // snapshots on two cores); the retry of a failed journey (CI) records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 860 } } },
  ],
  webServer: {
    command: `rm -rf ${DATA_DIR} && npx tsx tests/e2e/serve.ts`,
    url: `http://127.0.0.1:${PORT}/idaas/auth/v1/sm2_key`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      IDAAS_MODE: 'test',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      // The OpenID Connect issuer must be the address the browser and the sample applications use.
      PUBLIC_URL: `http://localhost:${PORT}`,
      // Applications hear of a portal sign-out within a second even if the immediate sweep misses it.
      OIDC_LOGOUT_SWEEP_MS: '1000',
      DATABASE_URL: `file:${DATA_DIR}/idaas.db`,
      STATIC_DIR,
      // The browser reaches the server directly, so the one "proxy hop" is the test itself: each
      // test sends its own X-Forwarded-For (tests/e2e/support.ts) and so its own client address.
      TRUST_PROXY: '1',
      // The real per-address numbers: the SMS captcha journey spends exactly these 3 free texts.
      SMS_IP_CAPTCHA_AFTER: '3',
      SMS_IP_HOURLY_LIMIT: '20',
      // Journeys text the same demo accounts (lisi, zhangsan…) many times within the hour the
      // real budget of 5 covers; the per-account refusal has its own API tests.
      SMS_ACCOUNT_HOURLY_LIMIT: '1000',
    },
  },
});
