import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { OrderReview } from '@elmwood/domain';
import { weightLogs } from '../../db/schema/weight';
import type { WeightRecord } from '../../contracts/patient-record';
import { entriesOf, latestGoal, type Queryable } from './repo';

const oneDecimal = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

/**
 * A patient's weight points as the clinic reads them, oldest first: the table behind the patient's own chart, each
 * consultation's point with the number of the order it was copied onto.
 */
export async function weightHistory(db: Queryable, customerId: number): Promise<OrderReview['measurements']> {
  const rows = await db
    .select({
      at: weightLogs.measuredAt,
      source: weightLogs.source,
      weightKg: weightLogs.weightKg,
      heightCm: weightLogs.heightCm,
      bmi: weightLogs.bmi,
      orderNumber: sql<string | null>`(select min(o.number) from order_consultations oc join orders o on o.id = oc.order_id where oc.consultation_id = "weight_logs"."consultation_id")`,
    })
    .from(weightLogs)
    .where(and(eq(weightLogs.customerId, customerId), isNotNull(weightLogs.weightKg)))
    .orderBy(asc(weightLogs.measuredAt), asc(weightLogs.createdAt));
  return rows.map((row) => ({
    orderNumber: row.orderNumber,
    source: row.source as OrderReview['measurements'][number]['source'],
    at: row.at.toISOString(),
    bmi: row.bmi,
    weightKg: oneDecimal(row.weightKg),
    heightCm: oneDecimal(row.heightCm),
  }));
}

/** The account home's goals from the same table: the latest goal and the first weight, in kg to one decimal. */
export async function weightGoals(db: Queryable, customerId: number): Promise<{ goalWeightKg: number | null; startingWeightKg: number | null }> {
  const rows = await entriesOf(db, customerId);
  const goal = latestGoal(rows);
  const start = rows.find((row) => row.weightKg !== null);
  return { goalWeightKg: oneDecimal(goal?.goalKg ?? null), startingWeightKg: oneDecimal(start?.weightKg ?? null) };
}

/**
 * NICE's 'initial weight' (TA875/TA1026 stopping rule): the weight of the first consultation that became an order,
 * the point treatment began from; else the patient's earliest weight. Null when none is known.
 */
export async function initialWeightKg(db: Pick<Queryable, 'select'>, customerId: number): Promise<number | null> {
  const [first] = await db
    .select({ weightKg: weightLogs.weightKg })
    .from(weightLogs)
    .where(and(eq(weightLogs.customerId, customerId), isNotNull(weightLogs.weightKg)))
    .orderBy(sql`${weightLogs.source} <> 'consultation'`, asc(weightLogs.measuredAt), asc(weightLogs.createdAt))
    .limit(1);
  return first?.weightKg ?? null;
}

/** The patient's weights as other modules read them (contracts/patient-record.ts). */
export const weightRecord: WeightRecord = { history: weightHistory, goals: weightGoals, initialKg: initialWeightKg };
