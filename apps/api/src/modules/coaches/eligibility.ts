import { and, eq, inArray, sql } from 'drizzle-orm';
import { coachingEndsOn, ukCalendarDate, type OrderState, type WeightLossTreatment } from '@elmwood/domain';
import { outer } from '../../db/outer';
import { orders } from '../../db/schema/orders';
import type { Queryable } from './repo';

/** Orders a prescriber approved: on their way or with the patient (a refunded one is not a treatment). */
const APPROVED = ['approved', 'dispatched', 'delivered'] satisfies OrderState[];
const UNDECIDED = ['awaiting_patient', 'in_review'] satisfies OrderState[];

/**
 * The patient's weight-loss treatment as coaching depends on it (packages/domain coachingEligibility): the approval
 * whose supply and after-care reach furthest (its approval event, or the order's date for one without history), and
 * whether a weight-loss order waits for the prescriber.
 */
export async function weightLossTreatmentOf(db: Queryable, customerId: number): Promise<WeightLossTreatment> {
  const approvedAt = sql<Date>`coalesce((select max(e.created_at) from order_events e where e.order_id = ${outer(orders.id)} and e.machine = 'order' and e.to_state = 'approved'), ${outer(orders.createdAt)})`;
  const frequency = sql<number>`(select coalesce(max(i.frequency), 0)::int from order_items i where i.order_id = ${outer(orders.id)})`;
  const rows = await db
    .select({ state: orders.state, approvedAt, frequency })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.consultationSlug, 'weight-loss'), inArray(orders.state, [...APPROVED, ...UNDECIDED])));
  const approvals = rows
    .filter((row) => (APPROVED as string[]).includes(row.state))
    .map((row) => ({ on: ukCalendarDate(new Date(row.approvedAt)), frequency: Number(row.frequency) }));
  const lastApproval = approvals.reduce<WeightLossTreatment['lastApproval']>((latest, approval) => (!latest || coachingEndsOn(approval) > coachingEndsOn(latest) ? approval : latest), null);
  return { lastApproval, awaitingApproval: rows.some((row) => (UNDECIDED as string[]).includes(row.state)) };
}
