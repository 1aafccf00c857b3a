import { eq } from 'drizzle-orm';
import { assessCheckIn, type CheckInOutcome, type IsoDate } from '@elmwood/domain';
import { consultations } from '../../db/schema/quiz';
import type { Queryable } from '../orders/repo';
import { initialWeightKg } from '../weight/index';

/**
 * The check-in's answers judged by assessCheckIn with what the shop knows of the patient's treatment: the initial
 * weight is their first consultation's. The day they reached their maintenance dose is not recorded anywhere (the
 * shop knows the doses it supplied, not which one the prescriber and patient settled on), so it is null and NICE's
 * stopping rule is not judged here; the prescriber applies it from the weight history in the review.
 */
export async function judgeCheckIn(tx: Pick<Queryable, 'select'>, customerId: number, answers: Record<string, unknown>, today: IsoDate): Promise<CheckInOutcome> {
  return assessCheckIn(answers, { today, initialWeightKg: await initialWeightKg(tx, customerId), maintenanceDoseSince: null });
}

/** A check-in consultation's answers, or null when there is no such consultation. */
export async function checkInAnswers(tx: Pick<Queryable, 'select'>, consultationId: string): Promise<Record<string, unknown> | null> {
  const [row] = await tx.select({ answers: consultations.answers }).from(consultations).where(eq(consultations.id, consultationId));
  return row?.answers ?? null;
}
