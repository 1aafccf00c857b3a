import { buildApp, defaultWebRoot } from './app';
import { boot, configOrExit, exitOnFailure, stopOnSignal } from './boot';
import type { Config } from './config';
import type { Db } from './db/client';
import { workEveryQueue } from './jobs/work-every-queue';
import { isLoopbackHost } from './lib/loopback';
import { settableClock } from './lib/test-clock';
import { seedDemoData } from './seed/seed';
import { secretBox, totpKeyFrom } from './modules/clinic/totp';
import { uploadEncryptionKey } from './adapters/file-store/setup';
import { seedDemoStaff } from './seed/staff';

async function main(config: Config) {
  const testClock = config.TEST_CLOCK && config.NODE_ENV !== 'production' ? settableClock() : undefined;
  const now = testClock?.now;
  const booted = await boot(config, { runJobs: config.RUN_JOBS, now, beforeJobs: (database) => seedDemo(config, database.db) });
  const { log, database, jobs } = booted;
  const app = await buildApp({ config, database, jobs, webRoot: defaultWebRoot, logger: log, now, testClock });
  if (config.RUN_JOBS) await workEveryQueue(jobs, app, database.db, log);
  stopOnSignal(booted, () => app.close());

  await app.listen({ port: config.PORT, host: config.HOST });
  const where = database.kind === 'pglite' ? `embedded PostgreSQL in ${config.DATA_DIR}` : 'PostgreSQL';
  const address = isLoopbackHost(config.HOST) ? 'localhost' : config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  console.log(`${config.BRAND_NAME} is ready at http://${address}:${config.PORT} (${where})`);
}

async function seedDemo(config: Config, db: Db) {
  if (config.SEED_DEMO_DATA) await seedDemoData(db);
  // Demo staff have published passwords and TOTP secrets: never in production.
  if (config.SEED_DEMO_DATA && config.NODE_ENV !== 'production') {
    await seedDemoStaff(db, secretBox(totpKeyFrom(config.STAFF_TOTP_KEY, uploadEncryptionKey(config))));
  }
}

main(configOrExit()).catch(exitOnFailure('Could not start'));
