import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import type { Jobs } from '../lib/queue';
import { workRenewals } from './renewals';
import { workAllJobs } from './runner';
import { workStalePayments } from './stale-payments';
import { workStoredCardDeletions } from './stored-card-deletions';
import { workPaymentActions } from '../workflows/payment-actions';

/**
 * Every queue a job-running process works, with the shop's services they call: the API process with RUN_JOBS, or
 * `npm run worker` beside API processes that run none. One list, so the worker can never miss a queue.
 */
export async function workEveryQueue(jobs: Jobs, app: FastifyInstance, db: Db, log: FastifyBaseLogger): Promise<void> {
  await workAllJobs(jobs, { db, notifications: app.notifications });
  await workStalePayments(jobs, {
    db,
    orders: app.orders,
    onError: (error, orderNumber) => log.error({ err: error, orderNumber }, 'could not settle a stale payment'),
  });
  await workRenewals(jobs, app.renewals);
  await workStoredCardDeletions(jobs, app.paymentGateway);
  await workPaymentActions(jobs, app.paymentActions);
}
