import { buildApp, defaultWebRoot } from './app';
import { configOrExit, exitOnFailure, openMigratedDatabase, processLogger } from './boot';
import type { Config } from './config';
import { startJobs } from './lib/queue';
import { workEveryQueue } from './jobs/work-every-queue';
import { isLoopbackHost } from './lib/loopback';
import { settableClock } from './lib/test-clock';
import { seedDemoData } from './seed/seed';
import { secretBox, totpKeyFrom } from './modules/clinic/totp';
import { uploadEncryptionKey } from './modules/uploads/setup';
import { seedDemoStaff } from './seed/staff';

async function main(config: Config) {
  const log = processLogger(config);
  const database = await openMigratedDatabase(config);
  if (config.SEED_DEMO_DATA) await seedDemoData(database.db);
  // Demo staff have published passwords and TOTP secrets: never in production.
  if (config.SEED_DEMO_DATA && config.NODE_ENV !== 'production') {
    await seedDemoStaff(database.db, secretBox(totpKeyFrom(config.STAFF_TOTP_KEY, uploadEncryptionKey(config))));
  }

  const testClock = config.TEST_CLOCK && config.NODE_ENV !== 'production' ? settableClock() : undefined;
  const now = testClock?.now;
  const jobs = await startJobs(database, { runJobs: config.RUN_JOBS, log, now });
  const app = await buildApp({ config, database, jobs, webRoot: defaultWebRoot, logger: log, now, testClock });
  if (config.RUN_JOBS) await workEveryQueue(jobs, app, database.db, log);
  const stop = async () => {
    await app.close();
    await jobs.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  await app.listen({ port: config.PORT, host: config.HOST });
  const where = database.kind === 'pglite' ? `embedded PostgreSQL in ${config.DATA_DIR}` : 'PostgreSQL';
  const address = isLoopbackHost(config.HOST) ? 'localhost' : config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  console.log(`${config.BRAND_NAME} is ready at http://${address}:${config.PORT} (${where})`);
}

main(configOrExit()).catch(exitOnFailure('Could not start'));
