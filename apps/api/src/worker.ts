import { configOrExit, exitOnFailure, openMigratedDatabase, processLogger } from './boot';
import type { Config } from './config';
import { startJobs } from './jobs/queue';
import { workAllJobs } from './jobs/runner';
import { notificationsFor } from './modules/notifications/index';

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
  const notifications = notificationsFor(config, database.db, jobs, { log });
  await notifications.prepare();
  await workAllJobs(jobs, { db: database.db, notifications });
  const stop = async () => {
    await jobs.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  console.log(`${config.BRAND_NAME} worker is running the job queue (PostgreSQL)`);
}

worker(configOrExit()).catch(exitOnFailure('Could not start the worker'));
