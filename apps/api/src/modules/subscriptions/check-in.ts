import { and, eq, inArray } from 'drizzle-orm';
import { ukCalendarDate, urgentRules, type CheckInOutcome, type IsoDate } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { subscriptions } from '../../db/schema/subscriptions';
import { renewalCheckIn, type Actor } from '../../lifecycle/index';
import type { Notifier } from '../../contracts/notifier';
import { checkInAnswers, judgeCheckIn } from './check-in-judgement';
import { updatePlan } from './repo';
import type { PlanEvents } from './workflow-ports';

/** Plans whose coming delivery has not been ordered yet: a check-in answer counts for it. */
const WAITING_FOR_CHECK_IN = ['active', 'renewal_due', 'check_in_overdue'] as const;
const JOB: Actor = { type: 'job' };

/** renewal_ordered and its effect, the renewal order, in one transaction; false when the plan cannot be ordered now. */
export async function orderRenewal(tx: Db, planEvents: PlanEvents, planId: string, actor: Actor, today: IsoDate): Promise<boolean> {
  return (await planEvents.apply(tx, { planId, event: 'renewal_ordered', actor, today })).applied;
}

export interface CheckInResult {
  /** Plans whose renewal was ordered for the prescriber's review. */
  ordered: string[];
  /** Plans whose supply the answers stopped (suspended, nothing ordered). */
  stopped: string[];
  /** The answers judged (assessCheckIn), or null when the consultation was not found. */
  outcome: CheckInOutcome | null;
  /** When a prescriber will have phoned the patient, if the answers need one (the urgent item's due time). */
  contactBy: Date | null;
}

/**
 * THE SEAM where a check-in answer moves a plan, called in the transaction that completes the patient's check-in
 * task. The answers (consultation `consultationId`) are judged first (assessCheckIn, issue 15). When they stop the
 * supply (possible pancreatitis, pregnancy) each of the patient's weight-loss plans still waiting for this
 * delivery is suspended (supply_stopped), nothing is ordered, and the patient is sent what to do. Otherwise the
 * answers are recorded against the coming delivery of each plan, and a plan already due is ordered for the
 * prescriber's review at once (one still 'active' is ordered by the renewal round when it falls due); an urgent
 * review or the NICE stopping rule goes to the prescriber on the renewal order's consultation. Low mood is also told
 * to the patient straight away.
 */
/** The patient's urgent item, opened or joined (the urgent-care module's, handed in where the modules are composed). */
export type OpenUrgentItem = (tx: Db, input: { customerId: number; consultationId: string; rules: ReturnType<typeof urgentRules>; now: Date }) => Promise<{ dueAt: Date }>;

export async function checkInAnswered(
  tx: Db,
  input: { customerId: number; consultationId: string; now: Date; notifier: Notifier; planEvents: PlanEvents; openUrgentItem: OpenUrgentItem },
): Promise<CheckInResult> {
  const today = ukCalendarDate(input.now);
  const answers = await checkInAnswers(tx, input.consultationId);
  const outcome = answers ? await judgeCheckIn(tx, input.customerId, answers, today) : null;
  const waiting = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.customerId, input.customerId), inArray(subscriptions.state, [...WAITING_FOR_CHECK_IN])))
    .for('update');
  const result: CheckInResult = { ordered: [], stopped: [], outcome, contactBy: null };
  for (const plan of waiting) {
    if ((await renewalCheckIn(tx, { ...plan, checkInForDelivery: null })) === 'not_needed') continue;
    if (outcome?.supply === 'stop') {
      // The answers are not recorded for the delivery: a plan started again needs a new check-in first.
      const stopped = await input.planEvents.apply(tx, {
        planId: plan.id,
        event: 'supply_stopped',
        actor: JOB,
        details: {
          reason: outcome.triggeredRules.map((rule) => rule.summary).join('; '),
          data: { consultationId: input.consultationId, deliveryDate: plan.nextDeliveryDate, ruleIds: outcome.triggeredRules.map((rule) => rule.ruleId), at: input.now.toISOString() },
        },
        today,
      });
      if (stopped.applied) result.stopped.push(plan.id);
      continue;
    }
    await updatePlan(tx, plan.id, { checkInForDelivery: plan.nextDeliveryDate, checkInConsultationId: input.consultationId });
    if (plan.state === 'active') continue;
    if (await orderRenewal(tx, input.planEvents, plan.id, { type: 'patient', id: input.customerId }, today)) result.ordered.push(plan.id);
  }
  // Every answer that needs a clinician (a stop, low mood, any red flag) reaches one: the patient's urgent item. A plan
  // stopped has joined it already (supply_stopped's open_urgent_clinical_item); this covers low mood alone and a stop
  // answer with no plan waiting, and joins the same item otherwise.
  const urgent = outcome ? urgentRules(outcome.triggeredRules) : [];
  const item = urgent.length > 0 ? await input.openUrgentItem(tx, { customerId: input.customerId, consultationId: input.consultationId, rules: urgent, now: input.now }) : null;
  result.contactBy = item?.dueAt ?? null;
  if (outcome?.patientMessage) {
    await input.notifier.notify(tx, {
      template: 'check-in-outcome',
      customerId: input.customerId,
      dedupeKey: `check-in-outcome:${input.consultationId}`,
      data: { ruleIds: outcome.triggeredRules.map((rule) => rule.ruleId), supplyStopped: outcome.supply === 'stop', ...(item ? { contactBy: item.dueAt.toISOString() } : {}) },
    });
  }
  return result;
}
