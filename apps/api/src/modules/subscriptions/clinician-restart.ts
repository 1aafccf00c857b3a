import { and, asc, eq } from 'drizzle-orm';
import { resumedDelivery, ukCalendarDate, type IsoDate } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { orderItems } from '../../db/schema/orders';
import { AppError } from '../../lib/errors';
import type { Actor } from '../../lifecycle/index';
import type { Queryable } from '../../db/client';
import { doseChoicesFor, renewalDose } from './dose-history';
import { ownPlan, supplyStoppedByCheckIn, updatePlan, type PlanRow } from './repo';
import type { PlanEvents } from './workflow-ports';

/** The doses a clinician may restart a plan at: the one last supplied, or one step lower (never higher). */
export async function restartDoses(db: Queryable, plan: PlanRow): Promise<{ variantCode: string; dosage: string }[]> {
  const dose = await renewalDose(db, plan);
  const lines = await db.select().from(orderItems).where(and(eq(orderItems.orderId, dose.sourceOrderId), eq(orderItems.frequency, plan.frequency))).orderBy(asc(orderItems.id));
  const choices = await doseChoicesFor(db, dose, lines, plan.nextDeliveryDate);
  return choices.options.filter((option) => option.relation !== 'higher').map(({ variantCode, dosage }) => ({ variantCode, dosage }));
}

export { supplyStoppedByCheckIn };

/**
 * A prescriber starts again a plan the check-in (or a rejection) put on hold, after speaking to the patient: at the
 * dose last supplied or one step lower, from the delivery it had (or the first that leaves a check-in week). The
 * patient is told; the next renewal still needs its check-in and the prescriber's review.
 */
export async function restartPlanAtDose(
  tx: Db,
  input: { planId: string; customerId: number; variantCode: string; actor: Actor; now: Date; planEvents: PlanEvents },
): Promise<{ nextDeliveryDate: IsoDate; dosage: string }> {
  const plan = await ownPlan(tx, input.customerId, input.planId, true);
  if (!plan) throw new AppError(404, 'PLAN_NOT_FOUND', 'We could not find that plan for this patient.');
  if (plan.state !== 'suspended') throw new AppError(409, 'PLAN_NOT_ON_HOLD', 'This plan is not on hold, so there is nothing to restart.');
  const dose = (await restartDoses(tx, plan)).find((option) => option.variantCode === input.variantCode);
  if (!dose) throw new AppError(422, 'DOSE_NOT_OFFERED', 'Please choose the dose last supplied or a lower one.');
  const moved = resumedDelivery(plan.pausedFromDelivery ?? plan.nextDeliveryDate, input.now);
  // The plan table's effects move the dates (data.to) and tell the patient.
  const applied = await input.planEvents.apply(tx, {
    planId: plan.id,
    event: 'resumed',
    actor: input.actor,
    details: { reason: 'Restarted by a prescriber', data: { from: plan.nextDeliveryDate, to: moved, variantCode: dose.variantCode, dosage: dose.dosage } },
    today: ukCalendarDate(input.now),
  });
  if (!applied.applied) throw new AppError(409, 'PLAN_NOT_ON_HOLD', 'This plan is not on hold, so there is nothing to restart.');
  const supplied = (await renewalDose(tx, plan)).sourceOrderId;
  const [same] = await tx.select({ id: orderItems.id }).from(orderItems).where(and(eq(orderItems.orderId, supplied), eq(orderItems.variantCode, dose.variantCode)));
  await updatePlan(tx, plan.id, { requestedVariantCode: same ? null : dose.variantCode });
  return { nextDeliveryDate: moved, dosage: dose.dosage };
}
