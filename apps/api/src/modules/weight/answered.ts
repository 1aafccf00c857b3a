import { eq } from 'drizzle-orm';
import { answeredMeasurements, weightLogBmi } from '@elmwood/domain';
import { orderConsultations } from '../../db/schema/clinic';
import { consultations } from '../../db/schema/quiz';
import { insertEntry, latestHeightCm, savePreferredUnit, type Queryable } from './repo';

interface Answered {
  customerId: number;
  consultationId: string;
  answers: Record<string, unknown>;
  answeredAt: Date;
  source: 'consultation' | 'check-in';
}

/**
 * A consultation's or check-in's weight and height become a point on the patient's chart, dated when they were
 * answered, once per consultation; a consultation's goal weight becomes the goal and its weight unit the patient's
 * preference unless they already chose one.
 */
async function addAnsweredPoint(tx: Queryable, { customerId, consultationId, answers, answeredAt, source }: Answered): Promise<void> {
  const { weight, height, goal } = answeredMeasurements(answers);
  const keptGoal = source === 'consultation' ? goal : null;
  if (!weight && !keptGoal) return;
  const heightCm = height?.cm ?? (await latestHeightCm(tx, customerId));
  await insertEntry(tx, {
    customerId,
    consultationId,
    source,
    measuredAt: answeredAt,
    weightKg: weight?.kg ?? null,
    weightUnit: weight?.unit ?? null,
    goalKg: keptGoal?.kg ?? null,
    goalUnit: keptGoal?.unit ?? null,
    heightCm: height?.cm ?? null,
    heightUnit: height?.unit ?? null,
    bmi: weightLogBmi(weight?.kg ?? null, heightCm),
  });
  const unit = weight?.unit ?? keptGoal?.unit;
  if (source === 'consultation' && unit) await savePreferredUnit(tx, customerId, unit, { keepExisting: true });
}

/** When an order is placed: the consultations copied onto it, dated when the patient last answered them. */
export async function addOrderedConsultationPoints(tx: Queryable, orderId: number, customerId: number): Promise<void> {
  const copied = await tx
    .select({ consultationId: orderConsultations.consultationId, answers: orderConsultations.answers, answeredAt: consultations.updatedAt, copiedAt: orderConsultations.createdAt })
    .from(orderConsultations)
    .leftJoin(consultations, eq(consultations.id, orderConsultations.consultationId))
    .where(eq(orderConsultations.orderId, orderId));
  for (const row of copied) {
    await addAnsweredPoint(tx, { customerId, consultationId: row.consultationId, answers: row.answers, answeredAt: row.answeredAt ?? row.copiedAt, source: 'consultation' });
  }
}

/** When a check-in questionnaire task is answered: its weight is a new point. */
export async function addCheckInPoint(tx: Queryable, customerId: number, consultationId: string): Promise<void> {
  const [row] = await tx.select({ answers: consultations.answers, answeredAt: consultations.updatedAt }).from(consultations).where(eq(consultations.id, consultationId));
  if (row) await addAnsweredPoint(tx, { customerId, consultationId, answers: row.answers, answeredAt: row.answeredAt, source: 'check-in' });
}
