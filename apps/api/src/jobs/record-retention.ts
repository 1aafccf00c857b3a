import { defineQueue, type Jobs } from '../lib/queue';
import type { RecordRetention } from '../modules/clinic/index';

/** A round may delete many files: an hour before a try counts as lost, and a failed round waits ten minutes. */
export const recordRetentionQueue = defineQueue<Record<string, never>>('record-retention', { retryLimit: 3, retryDelaySeconds: 600, expireInSeconds: 60 * 60 });
/** Daily, in the quiet of the night (UK time). */
export const RECORD_RETENTION_SCHEDULE = '10 4 * * *';

/** Deleted accounts' kept records go, or lose what identifies the patient, the night their period ends. */
export async function workRecordRetention(jobs: Jobs, retention: RecordRetention): Promise<void> {
  await jobs.work(recordRetentionQueue, async (_data, { now }) => {
    await retention.sweep(now);
  });
  await jobs.schedule(recordRetentionQueue, RECORD_RETENTION_SCHEDULE, {});
}
