import type { PaymentGateway } from '../adapters/payment-gateway/port';
import { defineQueue, type Executor, type Jobs } from '../lib/queue';

/**
 * Cards the gateway keeps for a deleted account: the account's transaction queues one job per card, so the gateway is
 * asked only once that deletion has committed, and again (with backoff, over about a day) while it does not answer.
 */
export const storedCardDeletionsQueue = defineQueue<{ sourceId: string }>('stored-card-deletions', { retryLimit: 10, retryDelaySeconds: 60 });

/** One job per card whatever the number of deletions naming it (the key is the card's id at the gateway). */
export async function queueStoredCardDeletion(jobs: Pick<Jobs, 'sendWithin'>, tx: Executor, sourceId: string): Promise<void> {
  await jobs.sendWithin(tx, storedCardDeletionsQueue, { sourceId }, { singletonKey: `stored-card-${sourceId}` });
}

/** Deleting a card the gateway no longer keeps succeeds, so a repeat of the job is harmless. */
export function deleteStoredCardJob(gateway: Pick<PaymentGateway, 'deleteStoredCard'>) {
  return async ({ sourceId }: { sourceId: string }) => {
    await gateway.deleteStoredCard(sourceId);
  };
}

/** In processes that have the payment gateway (the API's). */
export async function workStoredCardDeletions(jobs: Jobs, gateway: Pick<PaymentGateway, 'deleteStoredCard'>): Promise<void> {
  await jobs.work(storedCardDeletionsQueue, deleteStoredCardJob(gateway));
}
