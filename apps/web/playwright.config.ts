import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { SYSTEM_CHROMIUM } from './e2e/support/chromium';
import { MOVES_THE_CLOCK } from './e2e/support/clock-specs';

const here = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = resolve(here, '../..');
// E2E_PORT lets two checkouts run their browser tests side by side.
const PORT = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${PORT}`;

// One fresh embedded database per run. The config is read again by each worker, so the first read (the
// runner, which also owns the web server) makes the folder, records it for the workers and removes it at exit.
if (!process.env.ELMWOOD_E2E_DATA_DIR) {
  const dataDir = mkdtempSync(join(tmpdir(), 'elmwood-e2e-'));
  process.env.ELMWOOD_E2E_DATA_DIR = dataDir;
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}

const serverEnv: Record<string, string> = {
  PORT: String(PORT),
  HOST: '127.0.0.1',
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  DATA_DIR: process.env.ELMWOOD_E2E_DATA_DIR!,
  // Links in emails point at the shop under test.
  SITE_URL: baseURL,
  // Every browser test comes from this one address, far more sign-ups and carts than one real visitor makes.
  CART_RATE_LIMIT_PER_ADDRESS: '100000',
  CARD_CHECK_RATE_LIMIT_PER_ADDRESS: '100000',
  REGISTER_RATE_LIMIT_PER_ADDRESS: '100000',
  ANALYTICS_RATE_LIMIT_PER_ADDRESS: '100000',
  POSTCODE_LOOKUP_RATE_LIMIT_PER_ADDRESS: '100000',
  // Every test patient uploads their photos from this address; each account keeps its own limit.
  UPLOAD_RATE_LIMIT_PER_ADDRESS: '100000',
  // Every declined payment comes from this address with the one sandbox declining card, across all specs.
  CHECKOUT_DECLINES_PER_ADDRESS_PER_HOUR: '100000',
  CHECKOUT_DECLINES_PER_CARD_PER_HOUR: '100000',
  CHECKOUT_DECLINES_PER_HOUR: '100000',
  CHECKOUT_DECLINES_BEFORE_SLOWDOWN: '1000',
  // Both viewports sign the same demo staff members in, several times each, within one 15-minute window.
  AUTH_RATE_LIMIT_PER_ADDRESS: '100000',
  AUTH_RATE_LIMIT_PER_ACCOUNT: '100000',
  // The reminder test moves the server's clock to a reminder's minute (POST /dev/clock; refused in production).
  TEST_CLOCK: 'true',
};
// E2E_DATABASE=embedded keeps the shop under test on PGlite even where DATABASE_URL points the API suite at a server.
if (process.env.DATABASE_URL && process.env.E2E_DATABASE !== 'embedded') serverEnv.DATABASE_URL = process.env.DATABASE_URL;

const desktop = { viewport: { width: 1280, height: 800 } };
// The phone the guide names: 390 px wide.
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  // The specs that move the shop's clock (POST /dev/clock) run last, one at a time (the clock projects below), so that
  // with two workers no clock moves under another spec's feet. Each worker keeps its staff sessions
  // (e2e/support/staff.ts), so two workers do not run out of the demo staff's one-time codes.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  // A guard against a hung test, not a speed check (speed is measured by `npm run bench`): a long spec with several
  // axe checks needs more than 30 s on a busy two-core machine.
  timeout: 60_000,
  // Likewise a bound on waiting, not a speed check: on a busy two-core machine a page's second request can take longer.
  expect: { timeout: process.env.CI ? 15_000 : 7_000 },
  outputDir: join(repoRoot, 'test-results'),
  use: {
    baseURL,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    trace: 'retain-on-failure',
    browserName: 'chromium',
    launchOptions: SYSTEM_CHROMIUM,
  },
  projects: [
    { name: 'desktop', use: desktop, testIgnore: MOVES_THE_CLOCK },
    { name: 'mobile', use: phone, testIgnore: MOVES_THE_CLOCK },
    { name: 'desktop-clock', use: desktop, testMatch: MOVES_THE_CLOCK, workers: 1, dependencies: ['desktop', 'mobile'] },
    { name: 'mobile-clock', use: phone, testMatch: MOVES_THE_CLOCK, workers: 1, dependencies: ['desktop-clock'] },
  ],
  webServer: {
    command: 'node apps/api/dist/main.js',
    cwd: repoRoot,
    env: serverEnv,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
