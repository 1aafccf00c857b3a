import { and, asc, eq, sql } from 'drizzle-orm';
import { prescriberLabel, type OrderMessage, type OrderMessageKind, type RegistrationBody } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { staff } from '../../db/schema/clinic';
import { orderMessages } from '../../db/schema/order-messages';

type Queryable = Pick<Db, 'select' | 'insert'>;

export interface NewOrderMessage {
  orderId: number;
  customerId: number;
  /** Null: the patient wrote it. */
  staffId: number | null;
  kind: OrderMessageKind;
  body: string;
  photoRequested?: boolean;
  uploadId?: string | null;
  questionEventId?: number | null;
  /** One message per key and order: a repeated send (or a repeated effect) finds the message it made. */
  key: string;
}

/** Adds a message to the order's thread, once per key; answers its id, or null when the key had made it already. */
export async function addOrderMessage(tx: Pick<Db, 'insert'>, message: NewOrderMessage): Promise<number | null> {
  const [row] = await tx
    .insert(orderMessages)
    .values({
      orderId: message.orderId,
      customerId: message.customerId,
      staffId: message.staffId,
      kind: message.kind,
      body: message.body,
      photoRequested: message.photoRequested ?? false,
      uploadId: message.uploadId ?? null,
      questionEventId: message.questionEventId ?? null,
      idempotencyKey: message.key,
    })
    .onConflictDoNothing({ target: [orderMessages.orderId, orderMessages.idempotencyKey] })
    .returning({ id: orderMessages.id });
  return row?.id ?? null;
}

/** The id of the message a key made on an order, if it did. */
export async function messageByKey(tx: Pick<Db, 'select'>, orderId: number, key: string): Promise<number | null> {
  const [row] = await tx
    .select({ id: orderMessages.id })
    .from(orderMessages)
    .where(and(eq(orderMessages.orderId, orderId), eq(orderMessages.idempotencyKey, key)));
  return row?.id ?? null;
}

/** An order's thread, oldest first; staff are named with their registration, as their decisions are. */
export async function threadOf(db: Queryable, orderId: number): Promise<OrderMessage[]> {
  const rows = await db
    .select({ message: orderMessages, staffName: staff.name, body: staff.registrationBody, number: staff.registrationNumber })
    .from(orderMessages)
    .leftJoin(staff, eq(staff.id, orderMessages.staffId))
    .where(eq(orderMessages.orderId, orderId))
    .orderBy(asc(orderMessages.id));
  return rows.map(({ message, staffName, body, number }) => ({
    id: message.id,
    from: message.staffId === null ? 'patient' : 'prescriber',
    authorName: message.staffId === null ? null : prescriberLabel(staffName ?? 'Prescriber', body as RegistrationBody | null, number),
    kind: message.kind,
    body: message.body,
    photoRequested: message.photoRequested,
    photoId: message.uploadId,
    sentAt: message.createdAt.toISOString(),
  }));
}

export interface UnansweredRow {
  orderNumber: string;
  firstName: string;
  lastName: string;
  waitingSince: Date;
  unanswered: number;
}

/**
 * Orders whose last message is a free one from the patient (domain awaitsReply), with how many of the patient's
 * messages came since the clinic last wrote and since when, the longest wait first.
 */
export async function unansweredOrders(db: Pick<Db, 'execute'>): Promise<UnansweredRow[]> {
  const result = await db.execute(sql`
    with last_staff as (
      select order_id, max(id) as id from order_messages where staff_id is not null group by order_id
    ), waiting as (
      select m.order_id, min(m.created_at) as since, count(*)::int as unanswered, max(m.id) as last_id
      from order_messages m left join last_staff s on s.order_id = m.order_id
      where m.staff_id is null and m.id > coalesce(s.id, 0)
      group by m.order_id
    )
    select o.number as "orderNumber", c.first_name as "firstName", c.last_name as "lastName", w.since as "waitingSince", w.unanswered
    from waiting w
    join order_messages last on last.id = w.last_id and last.kind = 'message'
    join orders o on o.id = w.order_id
    join customers c on c.id = o.customer_id
    order by w.since asc, o.id asc
    limit 500`);
  return (result as unknown as { rows: UnansweredRow[] }).rows.map((row) => ({ ...row, waitingSince: new Date(row.waitingSince) }));
}
