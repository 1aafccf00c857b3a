import type { Db } from '../db/client';
import type { Notifications } from '../modules/notifications/index';
import { workAnswerReplies } from './answer-replies';
import { workCheckIns } from './check-ins';
import { workCriticalTaskNudges } from './critical-task-nudges';
import type { Jobs } from '../lib/queue';

export interface JobDeps {
  db: Db;
  notifications: Notifications;
}

/** Every kind of background work and its schedule, for a process that runs jobs (the API by default, or the worker). */
export async function workAllJobs(jobs: Jobs, { db, notifications }: JobDeps): Promise<void> {
  await workCheckIns(jobs, db);
  await notifications.work();
  await workCriticalTaskNudges(jobs, db, notifications.notifier);
  await workAnswerReplies(jobs, db);
}
