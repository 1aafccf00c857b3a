import type { Db } from '../db/client';
import type { Notifier } from '../modules/notifications/index';
import { checkInAnswered, type PlanEvents } from '../modules/subscriptions/index';
import { completeTask, type CheckInAnswered } from '../modules/tasks/index';
import { openUrgentItem } from '../modules/urgent-care/index';
import { addCheckInPoint } from '../modules/weight/index';

export interface TaskCompletedDeps {
  notifier: Notifier;
  planEvents: PlanEvents;
  now: () => Date;
}

/**
 * A follow-up task answered by a consultation, in the transaction that saved its last step: the task is done; a
 * weight-loss check-in is judged and moves the patient's plans (ordered for the prescriber, or the supply stopped);
 * the weight it reports joins the patient's chart.
 */
export function taskAnsweredWorkflow({ notifier, planEvents, now }: TaskCompletedDeps) {
  const checkIns: CheckInAnswered = (tx, { customerId, consultationId }) => checkInAnswered(tx, { customerId, consultationId, now: now(), notifier, planEvents, openUrgentItem });
  return async (tx: Db, { customerId, taskId, consultationId }: { customerId: number; taskId: string; consultationId: string }): Promise<void> => {
    await completeTask(tx, customerId, taskId, consultationId, checkIns);
    await addCheckInPoint(tx, customerId, consultationId);
  };
}
