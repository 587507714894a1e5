import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 3199);
/** Where the alert-channels journey's stand-in for Telegram's Bot API listens. */
export const FAKE_TELEGRAM_PORT = port - 2;
const baseURL = `http://localhost:${port}`;
const REGIONS_JOURNEY = /regions\.spec\.ts$/;
/** The e2e server's DATA_DIR: its SQLite database is `upwatch.db` in it. */
export const E2E_DATA_DIR = path.join(tmpdir(), `upwatch-e2e-${port}`);

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two journeys at once, each in its own worker, against the one server: every journey signs up
  // its own users and names its own status-page slugs, so they share no rows. A file's tests stay
  // in one worker, in order (fullyParallel off): some share a user set up in beforeAll.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  outputDir: 'test-results',
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions(),
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  projects: [
    { name: 'journeys', testIgnore: REGIONS_JOURNEY },
    // The regions journey runs regional workers on the server's database, and while they are live
    // every monitor of every workspace is checked from their regions too (regions/assignment.ts),
    // which would change what the other journeys see. So it runs alone, once they have all ended;
    // if one of them fails, it is reported as not run.
    { name: 'regions', testMatch: REGIONS_JOURNEY, dependencies: ['journeys'] },
  ],
  // Started exactly as a user starts Upwatch (`npm start`), on a throwaway SQLite file.
  webServer: {
    command: `rm -rf "${E2E_DATA_DIR}" && npm start`,
    url: `${baseURL}/api/v1/public-config`,
    // Test mode allows 5-second intervals and a 1-second confirmation, so journeys take seconds;
    // the journeys' targets listen on 127.0.0.1.
    env: {
      PORT: String(port),
      DATA_DIR: E2E_DATA_DIR,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      UPWATCH_TEST_MODE: 'true',
      ALLOW_PRIVATE_TARGETS: 'true',
      CONFIRMATION_DELAY_SECONDS: '1',
      // Every journey signs up its own users, all from 127.0.0.1.
      AUTH_ATTEMPTS_PER_MINUTE: '200',
      TELEGRAM_API_URL: `http://127.0.0.1:${FAKE_TELEGRAM_PORT}`,
    },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
