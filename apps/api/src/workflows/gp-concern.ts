import { GP_CONCERN_RULE_ID, ukCalendarDate, type TriggeredRule } from '@elmwood/domain';
import type { GpConcernRaised } from '../modules/gp-letters/index';
import { openUrgentItem } from '../modules/urgent-care/index';
import { patientPlansIn, type PlanEvents } from '../modules/subscriptions/index';

/** Plans that would supply again without a prescriber's action: a GP's concern holds them. */
const STILL_TO_SUPPLY = ['active', 'renewal_due', 'check_in_overdue', 'paused'] as const;

/** The rule a GP's concern stands for in the urgent clinical queue. */
export function gpConcernRule(productCode: string, medicine: string): TriggeredRule {
  return {
    ruleId: GP_CONCERN_RULE_ID,
    kind: 'flag',
    level: 'urgent',
    summary: `The patient's GP has concerns about ${medicine}`,
    source: 'GPhC guidance for pharmacies providing services at a distance (2025): sharing information with the GP',
    rationale: "The GP may know of something in the patient's record that makes the treatment unsafe: the next supply waits for a prescriber's review.",
    questionIds: [],
    productCode,
  };
}

/**
 * A GP answered the clinic's letter with a concern: each of the patient's plans still to supply goes on hold (a plan
 * event, so the patient is told), and the patient's urgent item opens with the GP's words, in the answer's transaction.
 */
export function gpConcernWorkflow({ planEvents }: { planEvents: PlanEvents }): GpConcernRaised {
  return async (tx, concern) => {
    for (const plan of await patientPlansIn(tx, concern.customerId, STILL_TO_SUPPLY)) {
      await planEvents.apply(tx, {
        planId: plan.id,
        event: 'gp_concern_raised',
        actor: { type: 'job', id: null },
        details: { reason: "The patient's GP raised a concern", data: { letterId: concern.letterId } },
        today: ukCalendarDate(concern.at),
      });
    }
    await openUrgentItem(tx, {
      customerId: concern.customerId,
      rules: [gpConcernRule(concern.productCode, concern.medicine)],
      answers: [{ question: `The GP's concerns about ${concern.medicine}`, answer: concern.concern }],
      now: concern.at,
    });
  };
}
