import { defineQueue, type Executor, type Jobs } from '../lib/queue';

/** What the shop asks of the payment provider once a decision has committed. */
export type PaymentAction = 'capture' | 'void' | 'charge';

/**
 * One job per order and action, queued in the decision's own transaction: it exists exactly when the decision
 * does, survives a restart, and is tried again with backoff (5 s doubling, about 3 hours in all, well inside an
 * authorisation's life of days) while the provider does not answer; after that it waits in the dead-letter queue.
 */
export const orderPaymentsQueue = defineQueue<{ orderId: number; action: PaymentAction }>('order-payments', {
  retryLimit: 11,
  retryDelaySeconds: 5,
  expireInSeconds: 120,
});

/**
 * The request that made the decision tries the action at once and answers with its outcome; the job is the
 * guarantee behind it. Its first try waits longer than the provider's own time limit (15 s), so it only ever
 * finds work that request could not finish.
 */
export const FIRST_TRY_DELAY_SECONDS = 20;

/** One job per refund (its reservation's id), queued with the reservation: sent by itself if the request could not. */
export const orderRefundsQueue = defineQueue<{ refundId: number }>('order-refunds', {
  retryLimit: 11,
  retryDelaySeconds: 5,
  expireInSeconds: 120,
});

export async function queuePaymentAction(jobs: Pick<Jobs, 'sendWithin'>, tx: Executor, orderId: number, action: PaymentAction): Promise<void> {
  await jobs.sendWithin(tx, orderPaymentsQueue, { orderId, action }, { singletonKey: `${action}:${orderId}`, delaySeconds: FIRST_TRY_DELAY_SECONDS });
}
