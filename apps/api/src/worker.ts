import { buildApp } from './app';
import { configOrExit, exitOnFailure, openMigratedDatabase, processLogger } from './boot';
import type { Config } from './config';
import { startJobs } from './lib/queue';
import { workEveryQueue } from './jobs/work-every-queue';

/** `npm run worker`: the job queue without the HTTP server, on the API's PostgreSQL database. */
async function worker(config: Config) {
  if (!config.DATABASE_URL) {
    // The embedded database opens in one process only, and there the API process runs the jobs.
    console.error('Invalid environment variable DATABASE_URL: the worker needs PostgreSQL (with the embedded database the API process runs the jobs)');
    process.exit(1);
  }
  const log = processLogger(config);
  const database = await openMigratedDatabase(config);
  const jobs = await startJobs(database, { runJobs: true, log });
  // The shop's services, as the API process builds them, without listening: renewals, payments and messages.
  const app = await buildApp({ config, database, jobs, logger: log });
  await app.ready();
  await workEveryQueue(jobs, app, database.db, log);
  const stop = async () => {
    await app.close();
    await jobs.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  console.log(`${config.BRAND_NAME} worker is running the job queue (PostgreSQL)`);
}

worker(configOrExit()).catch(exitOnFailure('Could not start the worker'));
