import type { Db } from '../db/client';
import { workCheckIns } from './check-ins';
import type { Jobs } from './queue';

export interface JobDeps {
  db: Db;
}

/** Every kind of background work and its schedule, for a process that runs jobs (the API by default, or the worker). */
export async function workAllJobs(jobs: Jobs, { db }: JobDeps): Promise<void> {
  await workCheckIns(jobs, db);
}
