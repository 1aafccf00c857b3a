import { defineQueue, type Jobs } from '../lib/queue';

/**
 * Hourly, a quarter past (UK time): plans fall due seven days ahead and charges are taken from the first hour of
 * their charge date; a retry day's try follows within the hour.
 */
export const RENEWAL_SCHEDULE = '15 * * * *';
export const renewalsQueue = defineQueue<Record<string, never>>('renewals', { retryLimit: 3, retryDelaySeconds: 120 });

/**
 * The renewal round on the job queue, in processes that have the payment gateway (the API's): one job per hour
 * whichever process takes it. A round is safe to run twice or in two processes at once (modules/subscriptions, createRenewalService).
 */
export async function workRenewals(jobs: Jobs, renewals: { runRound(now: Date): Promise<unknown> }): Promise<void> {
  await jobs.work(renewalsQueue, async (_data, { now }) => {
    await renewals.runRound(now);
  });
  await jobs.schedule(renewalsQueue, RENEWAL_SCHEDULE, {});
}
