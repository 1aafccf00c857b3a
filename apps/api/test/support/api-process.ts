// One whole API process for the multi-process test: the app factory, the job queue and the shop's own jobs on the
// configured database, listening on a free port. It reports on stdout, one JSON line each: its port once
// listening, then every probe job it runs.
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../src/app';
import { configOrExit, openMigratedDatabase, processLogger } from '../../src/boot';
import { startJobs } from '../../src/lib/queue';
import { workAllJobs } from '../../src/jobs/runner';
import { probeQueue } from './probe-queue';

const config = configOrExit();
const database = await openMigratedDatabase(config);
const jobs = await startJobs(database, { runJobs: true, log: processLogger(config), pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1 });
await jobs.work(probeQueue, async ({ n, workMs = 0 }, job) => {
  await new Promise((resolve) => setTimeout(resolve, workMs));
  process.stdout.write(`${JSON.stringify({ job: job.id, n, pid: process.pid })}\n`);
});
await jobs.schedule(probeQueue, '* * * * *', { n: 'every-minute' });

const app = await buildApp({ config, database, jobs });
await workAllJobs(jobs, { db: database.db, notifications: app.notifications });
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ listening: (app.server.address() as AddressInfo).port, pid: process.pid })}\n`);

process.once('SIGTERM', () => {
  void (async () => {
    await app.close();
    await jobs.stop();
    await database.close();
    process.exit(0);
  })();
});
