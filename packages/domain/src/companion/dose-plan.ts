import { z } from 'zod';
import { addDays, type IsoDate } from '../delivery/calendar-date';
import { doseIncreaseCheck, DOSE_STEP_RULES, onCurrentDoseSince, type SuppliedDose } from '../clinical/dose-history';
import { MAINTENANCE_DOSE_RULES } from '../clinical/maintenance-dose';
import type { Pence } from '../money/money';

/**
 * The dose plan as the patient reads it (issue 35): the doses supplied so far with their dates, the dose now and since
 * when, the next step the licence allows and its earliest date (a prescriber's decision), the maintenance dose, and what
 * one delivery costs at each dose at the patient's frequency, with any price change they have been told of.
 */

export interface DosePlanStepInput {
  variantCode: string;
  dosage: string;
  /** Catalogue order, lowest dose first. */
  position: number;
  /** One delivery at the plan's frequency now; null when the dose is not sold at it. */
  pricePerDelivery: Pence | null;
}

export interface PriceNoticeInput {
  variantCode: string;
  oldUnitPrice: Pence;
  newUnitPrice: Pence;
  appliesFromDelivery: IsoDate;
}

export const DOSE_STEP_STATUSES = ['supplied', 'current', 'next', 'later'] as const;
export type DoseStepStatus = (typeof DOSE_STEP_STATUSES)[number];

export const dosePlanSchema = z.object({
  planId: z.string(),
  productName: z.string(),
  frequency: z.number().int(),
  /** 'month' or '3 months': what one delivery covers. */
  deliveryCovers: z.string(),
  supplied: z.array(z.object({ dosage: z.string(), suppliedOn: z.string() })),
  current: z.object({ dosage: z.string(), since: z.string() }).nullable(),
  nextStep: z.object({ dosage: z.string(), earliestOn: z.string(), pricePerDelivery: z.number().int().nullable() }).nullable(),
  maintenance: z.object({ dosage: z.string().nullable(), text: z.string() }),
  steps: z.array(
    z.object({
      variantCode: z.string(),
      dosage: z.string(),
      status: z.enum(DOSE_STEP_STATUSES),
      maintenance: z.boolean(),
      pricePerDelivery: z.number().int().nullable(),
      /** A price change the patient has been told of: the new price and the delivery it applies from. */
      priceChange: z.object({ newPrice: z.number().int(), appliesFrom: z.string() }).nullable(),
    }),
  ),
  nextDelivery: z.string().nullable(),
  /** Who decides, said plainly, with the licence's rule. */
  decision: z.object({ text: z.string(), source: z.string() }),
});
export type DosePlan = z.infer<typeof dosePlanSchema>;

const MAINTENANCE_TEXT: Record<string, string> = {
  WEGOVY: 'The licence’s maintenance dose is 2.4 mg once a week. If a dose below it suits you better, your prescriber may keep you on it.',
  MOUNJARO: 'Mounjaro has no single maintenance dose: your prescriber keeps you on the dose that works for you and that you tolerate, from 5 mg up to 15 mg.',
};

/**
 * A new dose comes with a delivery: the first one (the next, then one every `frequency` days) on or after the day the
 * licence allows it; without a delivery planned, that day itself.
 */
export function firstDeliveryFrom(allowedFrom: IsoDate, nextDelivery: IsoDate | null, frequency: number): IsoDate {
  if (nextDelivery === null) return allowedFrom;
  let delivery = nextDelivery;
  while (delivery < allowedFrom) delivery = addDays(delivery, frequency);
  return delivery;
}

/** The dose plan of one weight-loss plan, from its dispatched supplies and the medicine's doses with their prices. */
export function dosePlan(input: {
  planId: string;
  productCode: string;
  productName: string;
  frequency: number;
  supplies: readonly SuppliedDose[];
  steps: readonly DosePlanStepInput[];
  nextDelivery: IsoDate | null;
  today: IsoDate;
  notices?: readonly PriceNoticeInput[];
}): DosePlan {
  const ladder = [...input.steps].sort((a, b) => a.position - b.position);
  const supplied = [...input.supplies].filter((supply) => supply.productCode === input.productCode).sort((a, b) => (a.suppliedOn < b.suppliedOn ? -1 : a.suppliedOn > b.suppliedOn ? 1 : 0));
  const last = supplied.at(-1) ?? null;
  const at = last ? ladder.findIndex((step) => step.variantCode === last.variantCode) : -1;
  const maintenanceRule = MAINTENANCE_DOSE_RULES.find((rule) => rule.product === input.productCode) ?? null;
  const isMaintenance = (code: string) => maintenanceRule?.maintenanceVariants.includes(code) ?? false;
  const reachedMaintenance = last !== null && isMaintenance(last.variantCode);
  const next = at >= 0 && !reachedMaintenance ? (ladder[at + 1] ?? null) : null;
  const increase = last ? doseIncreaseCheck(supplied, input.today) : null;
  const notices = input.notices ?? [];
  // A notice still to come (from the next delivery on): the patient pays the old price until it applies.
  const noticeFor = (code: string) =>
    [...notices]
      .filter((notice) => notice.variantCode === code && (input.nextDelivery === null || notice.appliesFromDelivery >= input.nextDelivery))
      .sort((a, b) => (a.appliesFromDelivery < b.appliesFromDelivery ? 1 : -1))[0] ?? null;
  const stepRule = DOSE_STEP_RULES.find((rule) => rule.product === input.productCode) ?? null;
  const suppliedCodes = new Set(supplied.map((supply) => supply.variantCode));
  const maintenanceStep = ladder.find((step) => isMaintenance(step.variantCode)) ?? null;
  return {
    planId: input.planId,
    productName: input.productName,
    frequency: input.frequency,
    deliveryCovers: input.frequency >= 90 ? '3 months' : 'month',
    supplied: supplied.map((supply) => ({ dosage: supply.dosage, suppliedOn: supply.suppliedOn })),
    current: last ? { dosage: last.dosage, since: onCurrentDoseSince(supplied)! } : null,
    nextStep: next && increase?.earliestOn ? { dosage: next.dosage, earliestOn: firstDeliveryFrom(increase.earliestOn, input.nextDelivery, input.frequency), pricePerDelivery: next.pricePerDelivery } : null,
    maintenance: { dosage: maintenanceStep?.dosage ?? null, text: MAINTENANCE_TEXT[input.productCode] ?? 'Your prescriber keeps you on the dose that works for you.' },
    steps: ladder.map((step, index) => {
      const notice = noticeFor(step.variantCode);
      const status: DoseStepStatus = index === at ? 'current' : step === next ? 'next' : suppliedCodes.has(step.variantCode) || (at >= 0 && index < at) ? 'supplied' : 'later';
      const pending = notice !== null && input.nextDelivery !== null && notice.appliesFromDelivery > input.nextDelivery;
      return {
        variantCode: step.variantCode,
        dosage: step.dosage,
        status,
        maintenance: isMaintenance(step.variantCode),
        pricePerDelivery: pending ? notice.oldUnitPrice : step.pricePerDelivery,
        priceChange: notice ? { newPrice: notice.newUnitPrice, appliesFrom: notice.appliesFromDelivery } : null,
      };
    }),
    nextDelivery: input.nextDelivery,
    decision: {
      text: 'Your dose only goes up when your prescriber decides it should, at a check-in before a delivery: never sooner than the date shown, and not at all if your current dose suits you. You can also ask to stay where you are.',
      source: stepRule?.source ?? 'The medicine’s licence (SmPC 4.2)',
    },
  };
}
