import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { Database } from '../../src/db/client';
import { startJobs, type Jobs } from '../../src/lib/queue';
import { seedDemoData } from '../../src/seed/seed';
import { createTestDatabase } from './database';
import { rememberDatabase } from './patients';
import { inboxAt } from './smtp';

export interface TestContext {
  app: FastifyInstance;
  /** With `url` on PostgreSQL, for a test that opens connections of its own. */
  database: Database & { url?: string };
  jobs: Jobs;
  config: Config;
  close(): Promise<void>;
}

/** Jobs are queued but not worked unless `runJobs` says so (each test drives the work it looks at). */
export interface TestDeps extends Pick<AppDeps, 'now' | 'testClock' | 'wrapPaymentGateway'> {
  runJobs?: boolean;
}

/**
 * Every injected request comes from one address (127.0.0.1 unless a test names another), as if a whole clinic's
 * patients shared one connection; per-address limits a test does not set are therefore opened wide.
 */
const ONE_ADDRESS_LIMITS = {
  CART_RATE_LIMIT_PER_ADDRESS: '100000',
  CARD_CHECK_RATE_LIMIT_PER_ADDRESS: '100000',
  REGISTER_RATE_LIMIT_PER_ADDRESS: '100000',
  ANALYTICS_RATE_LIMIT_PER_ADDRESS: '100000',
  POSTCODE_LOOKUP_RATE_LIMIT_PER_ADDRESS: '100000',
  // Likewise every test's declines are made with the sandbox's one declining card: counted per card, they would add up.
  CHECKOUT_DECLINES_PER_ADDRESS_PER_HOUR: '100000',
  CHECKOUT_DECLINES_PER_CARD_PER_HOUR: '100000',
  CHECKOUT_DECLINES_PER_HOUR: '100000',
  CHECKOUT_DECLINES_BEFORE_SLOWDOWN: '1000',
};

/** The whole API on a fresh database with the demo data, driven through app.inject. */
export async function createTestContext(env: Record<string, string> = {}, deps: TestDeps = {}): Promise<TestContext> {
  // Files (encrypted uploads, their development key) go to a fresh folder, never the repository's .data.
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'elmwood-test-')), ...ONE_ADDRESS_LIMITS, ...env });
  const database = await createTestDatabase();
  await seedDemoData(database.db);
  const jobs = await startJobs(database, { runJobs: deps.runJobs ?? false, log: quietLog, now: deps.now, pollingIntervalSeconds: 0.5 });
  const app = await buildApp({ config, database, jobs, now: deps.now, testClock: deps.testClock, wrapPaymentGateway: deps.wrapPaymentGateway });
  await app.ready();
  rememberDatabase(app, database.db, config.SMTP_URL ? inboxAt(config.SMTP_URL) : undefined);
  return {
    app,
    database,
    jobs,
    config,
    async close() {
      await app.close();
      await jobs.stop();
      await database.close();
    },
  };
}

const quietLog = { error: () => undefined, warn: () => undefined };

/** What production requires on top of the defaults (test values, never real secrets). */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'q7Vd2LkP9sXw4RtB8nZc3HjF6mYe1GaU',
  // Nothing listens there: production tests send no mail unless they start a mail server of their own.
  SMTP_URL: 'smtp://127.0.0.1:9',
  SITE_URL: 'https://shop.example',
  UPLOAD_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  // The tests drive the sandbox gateway; a real shop in production uses checkout-com.
  ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
  // Who prescribes: production shows no demo prescriber.
  PRESCRIBERS: JSON.stringify([{ name: 'Dr Ana Patel', profession: 'Doctor (GP)', body: 'GMC', number: '7012345', role: 'Medical director' }]),
  PRESCRIBING_SERVICE_NAME: 'Example Clinic',
  PRESCRIBING_SERVICE_ADDRESS: 'Example Clinic, 1 Test Street, Leeds, LS1 1AA',
  PHARMACY_NAME: 'Example Pharmacy',
  PHARMACY_ADDRESS: 'Example Pharmacy, 1 Test Street, Leeds, LS1 1AA',
  PHARMACY_GPHC_NUMBER: '9011111',
} as const;
