import { and, eq } from 'drizzle-orm';
import {
  awaitsReply,
  clinicianQuestionOf,
  ORDER_NUMBER_PATTERN,
  ORDER_MESSAGE_MESSAGES,
  TASK_CODES,
  UNPLACED_ORDER_STATES,
  type ClinicOrderThread,
  type OrderState,
  type OrderThread,
  type UnansweredOrderMessages,
} from '@elmwood/domain';
import type { Db } from '../../db/client';
import { accountDeletionRequests, customers } from '../../db/schema/customers';
import { orders } from '../../db/schema/orders';
import { tasks } from '../../db/schema/tasks';
import { AppError, notFound } from '../../lib/errors';
import type { StaffRow } from '../../db/schema/clinic';
import type { PlacedOrderLookup } from '../../contracts/orders';
import { audit } from '../../lib/audit-log';
import type { Notifier } from '../../contracts/notifier';
import type { OrderRow } from '../../db/schema/orders';
import { addOrderMessage, messageByKey, threadOf, unansweredOrders } from './repo';

/**
 * A patient's message on an order whose prescriber's question is open answers it (the tasks module's
 * answerOpenQuestionWith, handed in where the modules are composed): answers the thread message's id, or null when
 * no question is open.
 */
export type AnswerOpenQuestion = (tx: Db, input: { customerId: number; orderId: number; text: string; key: string }) => Promise<number | null>;

export interface OrderMessagesDeps {
  db: Db;
  notifier: Notifier;
  answerOpenQuestion: AnswerOpenQuestion;
  placedOrder: PlacedOrderLookup;
}

const patientName = (row: { firstName: string; lastName: string }) => `${row.firstName} ${row.lastName}`.trim();

/**
 * The conversation on an order between the patient and their prescriber (issue 33). The patient reads and writes
 * only on their own orders (another's number is 404); each prescriber's message emails the patient (the words stay in
 * the account); every read and message by staff is audited.
 */
export function createOrderMessages({ db, notifier, answerOpenQuestion, placedOrder }: OrderMessagesDeps) {
  /** The patient's own placed order by its number; anyone else's, or a made-up number, is not found. */
  async function ownOrder(customerId: number, number: string, tx: Pick<Db, 'select'> = db): Promise<OrderRow> {
    const [order] = ORDER_NUMBER_PATTERN.test(number) ? await tx.select().from(orders).where(and(eq(orders.number, number), eq(orders.customerId, customerId))) : [];
    if (!order || UNPLACED_ORDER_STATES.includes(order.state as OrderState)) throw notFound(ORDER_MESSAGE_MESSAGES.notFound);
    return order;
  }

  async function openQuestionOf(order: OrderRow): Promise<OrderThread['openQuestion']> {
    const [task] = await db
      .select({ id: tasks.id, details: tasks.details })
      .from(tasks)
      .where(and(eq(tasks.orderId, order.id), eq(tasks.customerId, order.customerId), eq(tasks.code, TASK_CODES.clinicianQuestion), eq(tasks.state, 'open')));
    return task ? { taskId: task.id, photoRequested: clinicianQuestionOf(task.details ?? {})?.photoRequested ?? false } : null;
  }

  /** The patient deleted their account: nobody can read a message here any more. */
  async function accountClosed(tx: Pick<Db, 'select'>, customerId: number): Promise<boolean> {
    const [row] = await tx.select({ state: accountDeletionRequests.state }).from(accountDeletionRequests).where(eq(accountDeletionRequests.customerId, customerId));
    return row?.state === 'completed';
  }

  async function patientThread(customerId: number, number: string): Promise<OrderThread> {
    const order = await ownOrder(customerId, number);
    const [messages, openQuestion] = await Promise.all([threadOf(db, order.id), openQuestionOf(order)]);
    return { orderNumber: order.number, messages, openQuestion };
  }

  /** The clinic's view of one order's thread (the caller has audited, or audits, the read). */
  async function clinicView(order: OrderRow): Promise<ClinicOrderThread> {
    const [[patient], messages, closed] = await Promise.all([
      db.select({ firstName: customers.firstName, lastName: customers.lastName }).from(customers).where(eq(customers.id, order.customerId)),
      threadOf(db, order.id),
      accountClosed(db, order.customerId),
    ]);
    return { orderNumber: order.number, patient: { name: patientName(patient!) }, messages, awaitingReply: awaitsReply(messages), closed };
  }

  return {
    patientThread,

    /**
     * The patient writes on their order, once per key. While the prescriber's question is open the message answers it
     * (the order goes back to the prescriber); otherwise it waits in the console's list of unanswered messages.
     */
    async patientWrite(customerId: number, number: string, body: string, key: string): Promise<OrderThread> {
      await db.transaction(async (tx) => {
        const order = await ownOrder(customerId, number, tx);
        if ((await messageByKey(tx, order.id, key)) !== null) return;
        const answered = await answerOpenQuestion(tx, { customerId, orderId: order.id, text: body, key });
        if (answered === null) await addOrderMessage(tx, { orderId: order.id, customerId, staffId: null, kind: 'message', body, key });
      });
      return patientThread(customerId, number);
    },

    /** A clinician reads an order's thread: audited before it is sent. */
    async clinicThread(member: StaffRow, number: string): Promise<ClinicOrderThread> {
      const order = await placedOrder(db, number);
      await audit(db, { staffId: member.id, action: 'read-order-messages', patientId: order.customerId, orderId: order.id, orderNumber: order.number, resource: 'order-messages', resourceId: order.number });
      return clinicView(order);
    },

    /**
     * A prescriber writes to the patient on the order, once per key: audited, and the patient emailed that a message
     * waits in their account. Refused once the patient has deleted their account (nobody would read it).
     */
    async clinicWrite(member: StaffRow, number: string, body: string, key: string): Promise<ClinicOrderThread> {
      const order = await db.transaction(async (tx) => {
        const locked = await placedOrder(tx, number);
        if (await accountClosed(tx, locked.customerId)) throw new AppError(409, 'ACCOUNT_CLOSED', ORDER_MESSAGE_MESSAGES.accountClosed);
        const base = { staffId: member.id, patientId: locked.customerId, orderId: locked.id, orderNumber: locked.number };
        const id = await addOrderMessage(tx, { orderId: locked.id, customerId: locked.customerId, staffId: member.id, kind: 'message', body, key });
        if (id !== null) {
          await notifier.notify(tx, { template: 'order-message', customerId: locked.customerId, dedupeKey: `order-message:${id}`, data: { orderNumber: locked.number } });
          await audit(tx, { ...base, action: 'write-order-message', resource: 'order-message', resourceId: String(id) });
        }
        // The reply carries the whole thread back: a read like any other.
        await audit(tx, { ...base, action: 'read-order-messages', resource: 'order-messages', resourceId: locked.number });
        return locked;
      });
      return clinicView(order);
    },

    /** Orders whose patient waits for a reply, the longest wait first (names patients: audited). */
    async unanswered(member: StaffRow): Promise<UnansweredOrderMessages> {
      await audit(db, { staffId: member.id, action: 'read-unanswered-order-messages', resource: 'queue', resourceId: 'order-messages' });
      const rows = await unansweredOrders(db);
      return { orders: rows.map((row) => ({ orderNumber: row.orderNumber, patient: { name: patientName(row) }, waitingSince: row.waitingSince.toISOString(), unanswered: row.unanswered })) };
    },

    /** How many orders wait for a reply: the console's navigation shows it (no patient named, so not audited). */
    async unansweredCount(): Promise<number> {
      return (await unansweredOrders(db)).length;
    },
  };
}
export type OrderMessages = ReturnType<typeof createOrderMessages>;
