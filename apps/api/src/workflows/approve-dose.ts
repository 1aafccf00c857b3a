import { DOSE_DECISION_MESSAGES, type ApproveBody, type ApprovedDose } from '@elmwood/domain';
import type { Db } from '../db/client';
import { AppError } from '../lib/errors';
import { changeLineDose, type OrderRow } from '../modules/orders/index';
import { approvalDoses, repricePlanForDose } from '../modules/subscriptions/index';

/**
 * The prescriber's dose decision, inside the approval's transaction and before its effects queue the money: the dose
 * asked for, the one last supplied or a lower one (approvalDoses), with a reason when it differs from the one asked.
 * A different dose replaces the order's line and totals (so the capture or the renewal's charge takes the price of
 * what is supplied) and moves the plan's price for later renewals; what the prescriber reviewed (the consultation
 * copied onto the order) stays as it was. Answers the decision to keep with the approval, or null when the order
 * holds no titrated medicine.
 */
export async function decideDose(tx: Db, order: OrderRow, body: ApproveBody): Promise<ApprovedDose | null> {
  const doses = await approvalDoses(tx, order.id);
  if (!doses) {
    if (body.variantCode) throw new AppError(422, 'DOSE_NOT_APPROVABLE', DOSE_DECISION_MESSAGES.notOffered);
    return null;
  }
  const { line, plan, options } = doses;
  const rationale = body.rationale ? body.rationale : null;
  const asked = { variantCode: line.variantCode, dosage: line.dosage, total: line.total };
  const chosen = options.find((option) => option.variantCode === (body.variantCode ?? line.variantCode));
  if (!chosen) throw new AppError(422, 'DOSE_NOT_APPROVABLE', DOSE_DECISION_MESSAGES.notOffered);
  if (chosen.variantCode === line.variantCode) return { productName: line.productName, asked, approved: asked, rationale };
  if (!rationale) throw new AppError(422, 'DOSE_RATIONALE_REQUIRED', DOSE_DECISION_MESSAGES.rationaleNeeded);
  const difference = await changeLineDose(tx, order.id, line.id, { code: chosen.variantCode, name: chosen.variantName, dosage: chosen.dosage }, chosen.unitPrice);
  if (plan) await repricePlanForDose(tx, plan.id, difference);
  return { productName: line.productName, asked, approved: { variantCode: chosen.variantCode, dosage: chosen.dosage, total: chosen.total }, rationale };
}
