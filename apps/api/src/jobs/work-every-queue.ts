import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Jobs } from '../lib/queue';
import { workRecordRetention } from './record-retention';
import { workRenewals } from './renewals';
import { workAllJobs } from './runner';
import { workStalePayments } from './stale-payments';
import { workStoredCardDeletions } from './stored-card-deletions';
import { workRefunds } from '../workflows/decide-order';
import type { ShopServices } from '../services';
import { workPaymentActions } from '../workflows/payment-actions';

/** What the queues call: the shop's services, as the worker composes them or as the API app carries them. */
export type QueueServices = Pick<ShopServices, 'notifications' | 'orders' | 'renewals' | 'paymentGateway' | 'paymentActions' | 'orderDecisions' | 'gpLetters' | 'dataExports' | 'recordRetention'>;

/**
 * Every queue a job-running process works, with the shop's services they call: the API process with RUN_JOBS, or
 * `npm run worker` beside API processes that run none. One list, so the worker can never miss a queue.
 */
export async function workEveryQueue(jobs: Jobs, services: QueueServices, db: Db, log: FastifyBaseLogger): Promise<void> {
  await workAllJobs(jobs, { db, notifications: services.notifications });
  await workStalePayments(jobs, {
    db,
    orders: services.orders,
    onError: (error, orderNumber) => log.error({ err: error, orderNumber }, 'could not settle a stale payment'),
  });
  await workRenewals(jobs, services.renewals);
  await workStoredCardDeletions(jobs, services.paymentGateway);
  await workPaymentActions(jobs, services.paymentActions);
  await workRefunds(jobs, services.orderDecisions);
  await services.gpLetters.work();
  await services.dataExports.work();
  await workRecordRetention(jobs, services.recordRetention);
}
