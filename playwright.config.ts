import { defineConfig } from '@playwright/test';

/** E2E_PORT lets two checkouts on one machine run their journeys at once. */
export const E2E_PORT = Number(process.env['E2E_PORT'] ?? 8181);

/** Debian's Chromium; Playwright cannot download browsers on this network. */
export const CHROMIUM = {
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-report.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    launchOptions: CHROMIUM,
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'node scripts/start.ts',
    url: `http://127.0.0.1:${E2E_PORT}/api/other/serverTime`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: 'memory://',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      CHECKIN_RATE_LIMIT: '10000',
    },
  },
});
