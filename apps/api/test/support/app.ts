import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { Database } from '../../src/db/client';
import { startJobs, type Jobs } from '../../src/jobs/queue';
import { seedDemoData } from '../../src/seed/seed';
import { createTestDatabase } from './database';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  jobs: Jobs;
  config: Config;
  close(): Promise<void>;
}

/** Jobs are queued but not worked unless `runJobs` says so (each test drives the work it looks at). */
export interface TestDeps extends Pick<AppDeps, 'now'> {
  runJobs?: boolean;
}

/** The whole API on a fresh database with the demo data, driven through app.inject. */
export async function createTestContext(env: Record<string, string> = {}, deps: TestDeps = {}): Promise<TestContext> {
  // Files (encrypted uploads, their development key) go to a fresh folder, never the repository's .data.
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'elmwood-test-')), ...env });
  const database = await createTestDatabase();
  await seedDemoData(database.db);
  const jobs = await startJobs(database, { runJobs: deps.runJobs ?? false, log: quietLog, now: deps.now, pollingIntervalSeconds: 0.5 });
  const app = await buildApp({ config, database, jobs, now: deps.now });
  await app.ready();
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
  AUTH_SECRET: 'x'.repeat(32),
  UPLOAD_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  // The tests drive the sandbox gateway; a real shop in production uses checkout-com.
  ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
} as const;
