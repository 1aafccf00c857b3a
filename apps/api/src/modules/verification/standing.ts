import {
  bmiDifference,
  prescriberLabel,
  verificationLastValidDay,
  verificationMethodName,
  verificationStanding,
  VERIFICATION_POLICY,
  type ApprovalVerification,
  type DeclaredMeasurement,
  type DoseStepChange,
  type PatientVerification,
  type RegistrationBody,
  type ReviewVerification,
  type VerificationMethod,
  type VerificationStanding,
} from '@elmwood/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { approvalDoses } from '../subscriptions/index';
import { holdsWeightLossMedicine, verificationsOf, type PrescriberRow, type VerificationRow } from './repo';

type Reader = Db;

export const byLabel = (by: Pick<PrescriberRow, 'name' | 'registrationBody' | 'registrationNumber'>) => prescriberLabel(by.name, by.registrationBody as RegistrationBody | null, by.registrationNumber);

export function toPatientVerification(row: VerificationRow, by: PrescriberRow): PatientVerification {
  return {
    id: row.id,
    method: row.method as VerificationMethod,
    methodName: verificationMethodName(row.method as VerificationMethod),
    weightKg: row.weightKg,
    heightCm: row.heightCm,
    bmi: row.bmi,
    identityChecked: row.identityChecked,
    evidence: row.evidence,
    verifiedAt: row.verifiedAt.toISOString(),
    verifiedBy: byLabel(by),
    validUntil: verificationLastValidDay(row.verifiedAt),
    videoConsultationId: row.videoConsultationId,
  };
}

/**
 * The dose change this order's approval makes, on its medicine's ladder (1 = the starting dose): from the dose the
 * plan last supplied (null: nothing supplied before) to the one on the order's line (the approved one, once the
 * approval's dose decision changed it). Null for an order without a titrated medicine.
 */
export async function doseStepChangeOf(db: Reader, orderId: number): Promise<DoseStepChange | null> {
  const doses = await approvalDoses(db, orderId);
  if (!doses) return null;
  const stepOf = (code: string) => doses.ladder.findIndex((step) => step.code === code) + 1;
  const toStep = stepOf(doses.line.variantCode);
  if (toStep === 0) return null;
  const fromStep = doses.lastSupplied ? stepOf(doses.lastSupplied) : 0;
  return { dosage: doses.line.dosage, fromStep: fromStep > 0 ? fromStep : null, toStep };
}

export interface OrderStanding {
  /** The order holds a weight-loss medicine: its approval needs a verification. */
  required: boolean;
  standing: VerificationStanding;
  message: string | null;
  /** The verification the approval would rest on (valid), else the latest there is. */
  verification: PatientVerification | null;
  history: PatientVerification[];
}

/** Where the order's patient stands for this supply (verificationStanding), read on the caller's executor. */
export async function orderStanding(db: Reader, order: { id: number; customerId: number }, now: Date): Promise<OrderStanding> {
  const [required, rows, change] = [await holdsWeightLossMedicine(db, order.id), await verificationsOf(db, order.customerId), await doseStepChangeOf(db, order.id)];
  const history = rows.map(({ row, by }) => toPatientVerification(row, by));
  const facts = rows.map(({ row }, index) => ({ verifiedAt: row.verifiedAt, index }));
  const { standing, verification, message } = verificationStanding(facts, now, change, VERIFICATION_POLICY);
  return { required, standing, message, verification: verification ? history[verification.index]! : (history[0] ?? null), history };
}

/**
 * The approval's check (inside its transaction, under the order's lock): a weight-loss medicine is approved only on a
 * verification within its validity (fresh, for a dose increase past the clinic's threshold), else 409
 * VERIFICATION_NEEDED with the reason. Answers what the approval keeps of the verification it rested on.
 */
export async function approvalVerification(tx: Reader, order: { id: number; customerId: number }, now: Date): Promise<{ verification?: ApprovalVerification }> {
  const found = await orderStanding(tx, order, now);
  if (!found.required) return {};
  if (found.standing !== 'valid' || !found.verification) throw new AppError(409, 'VERIFICATION_NEEDED', found.message ?? 'Weight and height must be verified before approval.');
  const { id, method, methodName, verifiedAt, verifiedBy, weightKg, heightCm, bmi, identityChecked } = found.verification;
  return { verification: { id, method, methodName, verifiedAt, verifiedBy, weightKg, heightCm, bmi, identityChecked } };
}

/** What the patient declared for this order: its own consultation's measurement, else the latest before it was placed. */
export function declaredFor(order: { number: string; createdAt: Date }, measurements: readonly (DeclaredMeasurement & { orderNumber: string | null })[]): DeclaredMeasurement | null {
  const own = measurements.filter((row) => row.orderNumber === order.number && row.bmi !== null).at(-1);
  const before = measurements.filter((row) => row.bmi !== null && new Date(row.at).getTime() <= order.createdAt.getTime()).at(-1);
  const chosen = own ?? before ?? null;
  return chosen ? { source: chosen.source, at: chosen.at, weightKg: chosen.weightKg, heightCm: chosen.heightCm, bmi: chosen.bmi } : null;
}

/** The order review's verification section: verified beside declared, the tolerance flag, the booked call. */
export function reviewVerification(
  found: OrderStanding,
  declared: DeclaredMeasurement | null,
  videoConsultation: ReviewVerification['videoConsultation'],
): ReviewVerification {
  const compared = bmiDifference(declared?.bmi ?? null, found.verification?.bmi ?? null, VERIFICATION_POLICY);
  return {
    required: found.required,
    standing: found.standing,
    message: found.required ? found.message : null,
    verification: found.verification,
    declared,
    bmiDifference: compared?.difference ?? null,
    outsideTolerance: compared?.outsideTolerance ?? false,
    tolerance: VERIFICATION_POLICY.bmiTolerance,
    videoConsultation,
    history: found.history,
  };
}
