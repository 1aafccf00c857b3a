import { boot, configOrExit, exitOnFailure, stopOnSignal } from './boot';
import type { Config } from './config';
import { workEveryQueue } from './jobs/work-every-queue';
import { createShopServices } from './services';

/** `npm run worker`: the job queue without the HTTP server, on the API's PostgreSQL database. */
async function worker(config: Config) {
  if (!config.DATABASE_URL) {
    // The embedded database opens in one process only, and there the API process runs the jobs.
    console.error('Invalid environment variable DATABASE_URL: the worker needs PostgreSQL (with the embedded database the API process runs the jobs)');
    process.exit(1);
  }
  const booted = await boot(config, { runJobs: true });
  const { log, database, jobs } = booted;
  // The shop's services the queues call (renewals, payments, messages), composed without the HTTP app.
  const services = await createShopServices({ config, database, jobs, log, now: () => new Date() });
  await workEveryQueue(jobs, services, database.db, log);
  stopOnSignal(booted);
  console.log(`${config.BRAND_NAME} worker is running the job queue (PostgreSQL)`);
}

worker(configOrExit()).catch(exitOnFailure('Could not start the worker'));
