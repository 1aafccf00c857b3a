import { addDays, type IsoDate } from '../delivery/calendar-date';
import type { Sourced } from './sourced';

/**
 * How a titrated medicine's dose may rise: one step of its escalation at a time, and only after the current dose has
 * been taken for `minimumDaysOnDose`. The step is the next dose in the catalogue's order; the wait counts from the
 * first supply of the current dose (the day it was dispatched) to the day the higher dose would be supplied.
 */
export interface DoseStepRule extends Sourced {
  product: string;
  minimumDaysOnDose: number;
}

export const DOSE_STEP_RULES: readonly DoseStepRule[] = [
  {
    product: 'WEGOVY',
    minimumDaysOnDose: 28,
    source: 'Wegovy SmPC 4.2 (dose escalation: 0.25, 0.5, 1, 1.7 mg, each for 4 weeks, then 2.4 mg)',
    rationale:
      'Each step of the escalation is taken for 4 weeks before the next, to lessen the gut side effects; a higher dose sooner, or two steps at once, is outside the licence.',
  },
  {
    product: 'MOUNJARO',
    minimumDaysOnDose: 28,
    source: 'Mounjaro SmPC 4.2 (after 4 weeks on 2.5 mg, increase in 2.5 mg steps after at least 4 weeks on the current dose)',
    rationale: 'The dose rises by one 2.5 mg step, and only after at least 4 weeks on the current dose; a bigger or sooner step is outside the licence.',
  },
];

/** One supply of a medicine the patient actually received: an order approved and dispatched. */
export interface SuppliedDose {
  productCode: string;
  variantCode: string;
  dosage: string;
  /** The day it was dispatched (UK calendar). */
  suppliedOn: IsoDate;
}

const byDay = <T extends { suppliedOn: IsoDate }>(supplies: readonly T[]): T[] =>
  supplies.map((supply, index) => ({ supply, index })).sort((a, b) => (a.supply.suppliedOn < b.supply.suppliedOn ? -1 : a.supply.suppliedOn > b.supply.suppliedOn ? 1 : a.index - b.index)).map(({ supply }) => supply);

/** The dose supplied last (the latest dispatch; on one day, the later in the list); null before any supply. */
export function lastSuppliedDose<T extends SuppliedDose>(supplies: readonly T[]): T | null {
  return byDay(supplies).at(-1) ?? null;
}

/** The day the patient's current dose was first supplied: the first of the unbroken run of supplies at the last dose. */
export function onCurrentDoseSince(supplies: readonly SuppliedDose[]): IsoDate | null {
  const ordered = byDay(supplies);
  const latest = ordered.at(-1);
  if (!latest) return null;
  let first = ordered.length - 1;
  while (first > 0 && ordered[first - 1]!.productCode === latest.productCode && ordered[first - 1]!.variantCode === latest.variantCode) first -= 1;
  return ordered[first]!.suppliedOn;
}

export interface DoseIncreaseCheck {
  /** Whether the next higher dose may be supplied on the day asked. */
  allowed: boolean;
  /** The first day it may be supplied; null when nothing has been supplied yet (no increase before a first supply). */
  earliestOn: IsoDate | null;
  /** The rule that decided; null for a medicine that is not titrated (no wait applies). */
  rule: DoseStepRule | null;
}

/**
 * Whether a supply on `supplyOn` may be one step above the dose last supplied (SmPC 4.2: at least 4 weeks on the
 * current dose). Nothing supplied yet: no increase. A medicine without a step rule: any day.
 */
export function doseIncreaseCheck(supplies: readonly SuppliedDose[], supplyOn: IsoDate, rules: readonly DoseStepRule[] = DOSE_STEP_RULES): DoseIncreaseCheck {
  const latest = lastSuppliedDose(supplies);
  if (!latest) return { allowed: false, earliestOn: null, rule: null };
  const rule = rules.find((candidate) => candidate.product === latest.productCode) ?? null;
  if (!rule) return { allowed: true, earliestOn: latest.suppliedOn, rule: null };
  const earliestOn = addDays(onCurrentDoseSince(supplies)!, rule.minimumDaysOnDose);
  return { allowed: supplyOn >= earliestOn, earliestOn, rule };
}
