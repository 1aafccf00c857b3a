import { addDays, type IsoDate } from '../delivery/calendar-date';
import { ENGLAND_AND_WALES_BANK_HOLIDAYS } from '../delivery/bank-holidays';
import { isWorkingDay } from '../delivery/working-days';
import { daysBetween } from './dates';
import { CLINICAL_POLICY, DEFAULT_CLINICAL_POLICY, type ClinicalPolicy } from './policy';
import type { Sourced } from './sourced';

/**
 * How long one supply of a once-weekly injection lasts, and what a gap in it means, for one medicine. The licence's
 * missed-dose limits sit in `source`; what the clinic does past them (the step down and the restart from the starting
 * dose) is the clinical policy's `missedDoseGapDays` and `restartFromStartingDoseAfterDays`, stated in `policyDefaults`
 * with their own source.
 */
export interface ReTitrationRule extends Sourced {
  product: string;
  /** Days between doses (once weekly). */
  doseIntervalDays: number;
  /** Doses one pen holds. */
  dosesPerPen: number;
  /** Days a missed dose may still be taken late; later, it is skipped (SmPC 4.2). */
  lateDoseWindowDays: number;
  policyDefaults: Sourced & { stepDownAfterDaysWithoutDose: number; restartFromStartingDoseAfterDaysWithoutDose: number };
}

const POLICY_DEFAULTS = {
  stepDownAfterDaysWithoutDose: DEFAULT_CLINICAL_POLICY.missedDoseGapDays,
  restartFromStartingDoseAfterDaysWithoutDose: DEFAULT_CLINICAL_POLICY.restartFromStartingDoseAfterDays,
  source: `Clinic policy (medical director, clinical/policy.ts): missedDoseGapDays ${DEFAULT_CLINICAL_POLICY.missedDoseGapDays} and restartFromStartingDoseAfterDays ${DEFAULT_CLINICAL_POLICY.restartFromStartingDoseAfterDays}, the same gaps as a new patient’s stated last dose`,
  rationale: `More than ${DEFAULT_CLINICAL_POLICY.missedDoseGapDays} days without a dose: restart one step lower; more than ${DEFAULT_CLINICAL_POLICY.restartFromStartingDoseAfterDays} days: restart from the starting dose, as if new. Tolerance to the gut side effects fades within weeks of stopping, and a full dose after a break risks severe vomiting and dehydration.`,
};

export const RE_TITRATION_RULES: readonly ReTitrationRule[] = [
  {
    product: 'WEGOVY',
    doseIntervalDays: 7,
    dosesPerPen: 4,
    lateDoseWindowDays: 5,
    source:
      'Wegovy SmPC 4.2 (once weekly; a missed dose is taken within 5 days, else skipped; if more than 2 weeks of doses are missed, re-initiate as clinically appropriate); Wegovy SmPC 6.5 (one FlexTouch pen: 4 doses)',
    rationale: 'After more than 2 weeks of missed doses the licence asks for the treatment to be started again as is clinically appropriate: the prescriber restarts lower and steps up again.',
    policyDefaults: POLICY_DEFAULTS,
  },
  {
    product: 'MOUNJARO',
    doseIntervalDays: 7,
    dosesPerPen: 4,
    lateDoseWindowDays: 4,
    source:
      'Mounjaro SmPC 4.2 (once weekly; a missed dose is taken within 4 days, else skipped; no advice for longer gaps, so the clinic policy applies); Mounjaro SmPC 6.5 (one KwikPen: 4 doses)',
    rationale: 'A single missed dose is skipped; the licence says nothing of longer gaps, so the clinic’s policy restarts lower after a break, as for Wegovy.',
    policyDefaults: POLICY_DEFAULTS,
  },
];

export const reTitrationRuleFor = (product: string, rules: readonly ReTitrationRule[] = RE_TITRATION_RULES) => rules.find((rule) => rule.product === product) ?? null;

/** One supply the patient received: the dose, the day it was dispatched, and how many pens. */
export interface DispatchedSupply {
  productCode: string;
  variantCode: string;
  dosage: string;
  suppliedOn: IsoDate;
  /** Pens in the supply (a quarterly delivery holds three). */
  pens: number;
}

/** The last day a supply's doses cover: its first dose on the day it was dispatched, one every interval after. */
export function lastDoseCovered(supply: Pick<DispatchedSupply, 'suppliedOn' | 'pens'>, rule: ReTitrationRule): IsoDate {
  return addDays(supply.suppliedOn, (supply.pens * rule.dosesPerPen - 1) * rule.doseIntervalDays);
}

/**
 * When the patient's doses from their supplies of `product` run: a supply is started on the day it was dispatched, or,
 * when it came before the one in use ran out, the day after that one's last dose (a pen delivered early waits in the
 * fridge). Answers the last dose the supplies cover and the day the next dose is due; null without a supply.
 */
export function dosingTimeline(supplies: readonly Pick<DispatchedSupply, 'productCode' | 'suppliedOn' | 'pens'>[], rule: ReTitrationRule): { lastDoseOn: IsoDate; nextDoseOn: IsoDate } | null {
  const ordered = supplies.filter((supply) => supply.productCode === rule.product).sort((a, b) => (a.suppliedOn < b.suppliedOn ? -1 : a.suppliedOn > b.suppliedOn ? 1 : 0));
  let nextDoseOn: IsoDate | null = null;
  let lastDoseOn: IsoDate | null = null;
  for (const supply of ordered) {
    const startOn: IsoDate = nextDoseOn !== null && nextDoseOn > supply.suppliedOn ? nextDoseOn : supply.suppliedOn;
    lastDoseOn = lastDoseCovered({ suppliedOn: startOn, pens: supply.pens }, rule);
    nextDoseOn = addDays(lastDoseOn, rule.doseIntervalDays);
  }
  return lastDoseOn && nextDoseOn ? { lastDoseOn, nextDoseOn } : null;
}

/**
 * The first renewal's delivery after a supply was dispatched: the working day before the last dose it covers, moved
 * earlier past weekends and bank holidays, so the next pen is there before the current one runs out (a four-dose pen
 * dispatched on 1 Dec covers doses to 22 Dec: the next delivery is on 21 Dec). Null for a medicine with no rule.
 */
export function firstRenewalDelivery(
  supply: Pick<DispatchedSupply, 'productCode' | 'suppliedOn' | 'pens'>,
  rules: readonly ReTitrationRule[] = RE_TITRATION_RULES,
  bankHolidays: Iterable<IsoDate> = ENGLAND_AND_WALES_BANK_HOLIDAYS,
): IsoDate | null {
  const rule = reTitrationRuleFor(supply.productCode, rules);
  if (!rule) return null;
  const holidays = new Set(bankHolidays);
  let day = addDays(lastDoseCovered(supply, rule), -1);
  while (!isWorkingDay(day, holidays)) day = addDays(day, -1);
  return day;
}

export type ReTitrationOutcome = 'continue' | 'stepDown' | 'restartFromStart';

export interface LadderStep {
  code: string;
  dosage: string;
  /** Catalogue order: a higher position is a higher dose of the same medicine. */
  position: number;
}

export interface ReTitration extends Sourced {
  outcome: ReTitrationOutcome;
  needed: boolean;
  /** The last dose the supplies covered (or the patient's stated misses moved earlier). */
  lastDoseOn: IsoDate;
  /** Days from that last dose to the day the next would be taken. */
  daysWithoutDose: number;
  /** Doses missed on the way (from the supplies' dates, or as the patient stated, whichever is more). */
  missedDoses: number;
  /** The last day the next dose can be taken at the same dose: a dose taken after it means restarting lower. */
  restartNeededAfter: IsoDate;
  /** The dose the rule proposes: the last supplied one, one step lower, or the starting dose. */
  proposed: { variantCode: string; dosage: string };
  /** In a line, for the prescriber. */
  summary: string;
}

/**
 * Whether a renewal must re-titrate, and at which dose: from the supplies the patient received (dispatch dates, doses,
 * pens), the day the next dose would be taken (the renewal's delivery, or today), and the number of doses the patient
 * says they missed since their last delivery (the check-in's count, when answered). Days without a dose are counted
 * from the last dose the supplies covered, or from earlier when the stated misses (taken as in a row) say so; more
 * than the policy's gap: one step lower; more than its restart gap: the starting dose. Null with no supply of a
 * medicine the rules know, or a dose not among `steps`.
 */
export function reTitration(
  input: { supplies: readonly DispatchedSupply[]; doseOn: IsoDate; statedMissedDoses?: number | null; steps: readonly LadderStep[] },
  policy: Pick<ClinicalPolicy, 'missedDoseGapDays' | 'restartFromStartingDoseAfterDays'> = CLINICAL_POLICY,
  rules: readonly ReTitrationRule[] = RE_TITRATION_RULES,
): ReTitration | null {
  const last = [...input.supplies].sort((a, b) => (a.suppliedOn < b.suppliedOn ? -1 : a.suppliedOn > b.suppliedOn ? 1 : 0)).at(-1);
  if (!last) return null;
  const rule = reTitrationRuleFor(last.productCode, rules);
  if (!rule) return null;
  const ladder = [...input.steps].sort((a, b) => a.position - b.position);
  const at = ladder.findIndex((step) => step.code === last.variantCode);
  if (at < 0) return null;
  const covered = dosingTimeline(input.supplies, rule)!.lastDoseOn;
  const stated = Math.max(0, Math.floor(input.statedMissedDoses ?? 0));
  // Doses missed in a row leave the patient without one since that many intervals before the supply's last.
  const lastDoseOn = addDays(covered, -stated * rule.doseIntervalDays);
  const daysWithoutDose = Math.max(0, daysBetween(lastDoseOn, input.doseOn) ?? 0);
  const missedDoses = Math.max(0, Math.ceil(daysWithoutDose / rule.doseIntervalDays) - 1);
  const outcome: ReTitrationOutcome =
    daysWithoutDose > policy.restartFromStartingDoseAfterDays ? 'restartFromStart' : daysWithoutDose > policy.missedDoseGapDays ? 'stepDown' : 'continue';
  const step = outcome === 'restartFromStart' ? ladder[0]! : outcome === 'stepDown' ? ladder[Math.max(0, at - 1)]! : ladder[at]!;
  const name = rule.product.charAt(0) + rule.product.slice(1).toLowerCase();
  const summaries: Record<ReTitrationOutcome, string> = {
    continue: `${name}: ${daysWithoutDose} days without a dose by the next one; continue at ${step.dosage}`,
    stepDown: `${name}: ${daysWithoutDose} days without a dose (more than ${policy.missedDoseGapDays}); restart one step lower at ${step.dosage}`,
    restartFromStart: `${name}: ${daysWithoutDose} days without a dose (more than ${policy.restartFromStartingDoseAfterDays}); restart at the starting dose ${step.dosage}`,
  };
  return {
    outcome,
    needed: outcome !== 'continue',
    lastDoseOn,
    daysWithoutDose,
    missedDoses,
    restartNeededAfter: addDays(lastDoseOn, policy.missedDoseGapDays),
    proposed: { variantCode: step.code, dosage: step.dosage },
    summary: summaries[outcome],
    source: `${rule.source}; ${rule.policyDefaults.source}`,
    rationale: `${rule.rationale} ${rule.policyDefaults.rationale}`,
  };
}
