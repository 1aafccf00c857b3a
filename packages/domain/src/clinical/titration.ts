import { splitProductChoice } from '../quiz/question-types';
import type { Titration } from '../quiz/questionnaire';
import type { ClinicalPolicy } from './policy';
import type { TriggeredRule } from './sourced';

export type TitrationRuleId = keyof Titration['rules'];

export interface DoseDecision {
  product: string;
  /** The only variant this consultation allows of the product. */
  variant: string;
  rule: TitrationRuleId;
}

/**
 * The dose each titrated product may be bought at, from what the patient takes now and when they last took it.
 * New to the product (or switching from the other one): its starting dose. Continuing: the dose stated, while the
 * last dose was at most `missedDoseGapDays` ago; one step lower after a longer gap; the starting dose after more
 * than `restartFromStartingDoseAfterDays`, or while the date is not yet known.
 */
export function titratedDoses(titration: Titration, answers: Record<string, unknown>, daysSinceLastDose: number | null, policy: ClinicalPolicy): DoseDecision[] {
  const stated = answers[titration.currentDoseQuestion];
  const current = typeof stated === 'string' && stated !== 'none' ? splitProductChoice(stated) : null;
  return titration.ladders.map((ladder) => {
    const start = ladder.steps[0]!.code;
    const index = current && current.product === ladder.product ? ladder.steps.findIndex((step) => step.code === current.dose) : -1;
    if (index < 0) return { product: ladder.product, variant: start, rule: 'startingDose' };
    if (daysSinceLastDose === null || daysSinceLastDose > policy.restartFromStartingDoseAfterDays) {
      return { product: ladder.product, variant: start, rule: 'missedDoseRestart' };
    }
    if (daysSinceLastDose > policy.missedDoseGapDays) {
      return { product: ladder.product, variant: ladder.steps[Math.max(0, index - 1)]!.code, rule: 'missedDoseStepDown' };
    }
    return { product: ladder.product, variant: ladder.steps[index]!.code, rule: 'continueCurrentDose' };
  });
}

/** Whether the patient says they take one of the titrated products now (and so owes proof of the prescription). */
export function statesCurrentTreatment(titration: Titration, answers: Record<string, unknown>): boolean {
  const stated = answers[titration.currentDoseQuestion];
  if (typeof stated !== 'string' || stated === 'none') return false;
  const { product } = splitProductChoice(stated);
  return titration.ladders.some((ladder) => ladder.product === product);
}

/** The decision as the prescriber reads it, with its source. */
export function titrationRule(titration: Titration, decision: DoseDecision, policy: ClinicalPolicy): TriggeredRule {
  const ladder = titration.ladders.find((candidate) => candidate.product === decision.product)!;
  const dose = ladder.steps.find((step) => step.code === decision.variant)?.dose ?? decision.variant;
  const summaries: Record<TitrationRuleId, string> = {
    startingDose: `${ladder.name}: new to this medicine, starting dose ${dose} only`,
    continueCurrentDose: `${ladder.name}: continuing at the stated dose, ${dose}; prescription proof requested`,
    missedDoseStepDown: `${ladder.name}: last dose more than ${policy.missedDoseGapDays} days ago, restarts one step lower at ${dose}`,
    missedDoseRestart: `${ladder.name}: last dose more than ${policy.restartFromStartingDoseAfterDays} days ago, restarts at the starting dose ${dose}`,
  };
  const { source, rationale } = titration.rules[decision.rule];
  return {
    ruleId: `${decision.product.toLowerCase()}-${decision.rule}`,
    kind: 'dose',
    level: 'restriction',
    summary: summaries[decision.rule],
    questionIds: decision.rule === 'startingDose' ? [titration.currentDoseQuestion] : [titration.currentDoseQuestion, titration.lastDoseQuestion],
    productCode: decision.product,
    source,
    rationale,
  };
}
