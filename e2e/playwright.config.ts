import { defineConfig } from '@playwright/test';
import { baseURL, e2ePortOffset, e2ePorts, e2eReservationSeconds } from './support/site.ts';

export default defineConfig({
  testDir: './tests',
  // A run on other ports (E2E_PORT_OFFSET) keeps its traces apart too: each run clears its folder.
  outputDir: e2ePortOffset ? `test-results-offset-${e2ePortOffset}` : 'test-results',
  fullyParallel: false,
  workers: 1,
  // No retries: a test that passes only on a second try is a failing test.
  retries: 0,
  // The longest journeys (sign in, basket, checkout, order detail) take ~15 s on a quiet 2-core
  // machine; CI may share it with another run, so a journey gets room to be slow, not to hang.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      // Browser downloads are impossible here: Debian's Chromium (installed by `npm test`).
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'],
    },
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: 'node support/start-site.mjs',
    url: `${baseURL}/`,
    // A short reservation (issue 15) so tests/payments-reservation-expiry.spec.ts waits seconds, not 10 minutes.
    env: { ...e2ePorts, RESERVATION_SECONDS: String(e2eReservationSeconds) },
    timeout: 180_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
