import { eq, sql } from 'drizzle-orm';
import { FAILED_WORK_NOT_FOUND, formatPrice, type FailedWork } from '@elmwood/domain';
import type { Db } from '../db/client';
import { notifications } from '../db/schema/notifications';
import { orderRefunds } from '../db/schema/clinic';
import { orders } from '../db/schema/orders';
import { notFound } from '../lib/errors';
import { audit } from '../modules/clinic/index';
import { notificationSendsQueue, notificationsDueQueue } from '../modules/notifications/index';
import { orderPaymentsQueue, orderRefundsQueue, type PaymentAction } from '../workflows/payment-queue';
import { checkInsQueue } from './check-ins';
import { criticalTaskNudgesQueue } from './critical-task-nudges';
import type { Jobs, QueueDefinition } from '../lib/queue';
import { renewalsQueue } from './renewals';
import { stalePaymentsQueue } from './stale-payments';
import { storedCardDeletionsQueue } from './stored-card-deletions';

/** One kind of background work as an admin reads it: its name, and what one job of it was about. */
interface FailedWorkKind {
  queue: QueueDefinition<object>;
  kind: string;
  what(data: Record<string, unknown>, db: Db): Promise<string>;
}

const PAYMENT_ACTION_WORDS: Record<PaymentAction, string> = {
  capture: 'Take the payment held',
  void: 'Release the payment held',
  charge: 'Charge the saved card',
};

async function orderNumber(db: Db, orderId: unknown): Promise<string> {
  const [row] = typeof orderId === 'number' ? await db.select({ number: orders.number }).from(orders).where(eq(orders.id, orderId)) : [];
  return row ? `order ${row.number}` : 'an order that no longer exists';
}

const round = (words: string) => async () => words;

/** Every queue whose failed jobs an admin may see and send again; a queue missing here keeps its failures unseen. */
const KINDS: FailedWorkKind[] = [
  {
    queue: orderPaymentsQueue,
    kind: "Payment after a clinician's decision",
    what: async (data, db) => `${PAYMENT_ACTION_WORDS[data.action as PaymentAction] ?? 'A payment step'} for ${await orderNumber(db, data.orderId)}`,
  },
  {
    queue: orderRefundsQueue,
    kind: "Refund to a patient's card",
    async what(data, db) {
      const [row] =
        typeof data.refundId === 'number'
          ? await db.select({ amount: orderRefunds.amount, number: orders.number }).from(orderRefunds).innerJoin(orders, eq(orders.id, orderRefunds.orderId)).where(eq(orderRefunds.id, data.refundId))
          : [];
      return row ? `Refund ${formatPrice(row.amount)} on order ${row.number}` : 'A refund no longer reserved';
    },
  },
  {
    queue: notificationSendsQueue,
    kind: 'Sending a message to a patient',
    async what(data, db) {
      const [row] = typeof data.id === 'number' ? await db.select({ template: notifications.template }).from(notifications).where(eq(notifications.id, data.id)) : [];
      return row ? `Message ${data.id}: ${row.template.replace(/-/g, ' ')}` : 'A message that no longer exists';
    },
  },
  { queue: storedCardDeletionsQueue, kind: 'Removing a stored card at the payment provider', what: round('A card a patient removed, or of a deleted account') },
  { queue: renewalsQueue, kind: 'Renewal round', what: round('Plans falling due, renewal orders and charges on saved cards') },
  { queue: checkInsQueue, kind: 'Check-in round', what: round('Check-ins for plans due within a week') },
  { queue: criticalTaskNudgesQueue, kind: 'Reminders of photos and ID still needed', what: round('Reminders to patients whose order waits on them') },
  { queue: stalePaymentsQueue, kind: 'Payments left waiting', what: round('Orders whose payment was never finished') },
  { queue: notificationsDueQueue, kind: 'Scheduled messages', what: round('Messages due to be sent') },
];
const BY_DEAD_LETTER = new Map(KINDS.map((kind) => [kind.queue.deadLetter, kind]));
const DEAD_LETTERS = sql.join([...BY_DEAD_LETTER.keys()].map((name) => sql`${name}`), sql`, `);

interface DeadLetterRow {
  id: string;
  name: string;
  data: Record<string, unknown> | null;
  output: { message?: unknown } | null;
  created_on: string | Date;
}

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : ((result as { rows: T[] }).rows ?? []));

/**
 * Background work that failed on every try (pg-boss moves it to its queue's dead-letter queue, where nothing works
 * it), shown to admins in the clinic console and sent again on request: once however often clicked (the dead-letter
 * job is closed in the same transaction that queues the work again), audited. Every job is safe to run again: a
 * payment step checks the order's state first, a message is sent once by its key.
 */
export function createFailedWork({ db, jobs }: { db: Db; jobs: Pick<Jobs, 'prepare' | 'sendWithin'> }) {
  return {
    /** Oldest first; the read may name orders, so it is audited. */
    async list(staffId: number): Promise<FailedWork> {
      await audit(db, { staffId, action: 'read-failed-work', resource: 'queue', resourceId: 'failed-work' });
      const rows = rowsOf<DeadLetterRow>(
        await db.execute(sql`select id::text as id, name, data, output, created_on from pgboss.job where name in (${DEAD_LETTERS}) and state = 'created' order by created_on, id limit 200`),
      );
      return {
        items: await Promise.all(
          rows.map(async (row) => {
            const kind = BY_DEAD_LETTER.get(row.name)!;
            return {
              id: row.id,
              kind: kind.kind,
              what: await kind.what(row.data ?? {}, db),
              failedAt: new Date(row.created_on).toISOString(),
              reason: typeof row.output?.message === 'string' ? row.output.message : 'No reason was recorded',
            };
          }),
        ),
      };
    },

    async retry(staffId: number, id: string): Promise<{ id: string; retried: true }> {
      await Promise.all(KINDS.map((kind) => jobs.prepare(kind.queue)));
      return db.transaction(async (tx) => {
        const [closed] = rowsOf<{ name: string; data: Record<string, unknown> | null }>(
          await tx.execute(sql`update pgboss.job set state = 'completed', completed_on = now(), output = ${JSON.stringify({ retriedBy: staffId })}::jsonb
            where id::text = ${id} and name in (${DEAD_LETTERS}) and state = 'created' returning name, data`),
        );
        if (!closed) throw notFound(FAILED_WORK_NOT_FOUND);
        const kind = BY_DEAD_LETTER.get(closed.name)!;
        // A fresh job, without the first one's key: that key still names the failed job.
        await jobs.sendWithin(tx, kind.queue, closed.data ?? {});
        await audit(tx, { staffId, action: 'retry-failed-work', resource: 'job', resourceId: id, details: { kind: kind.kind } });
        return { id, retried: true as const };
      });
    },
  };
}
export type FailedWorkService = ReturnType<typeof createFailedWork>;
