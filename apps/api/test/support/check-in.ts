import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { TASK_CODES } from '@elmwood/domain';
import { tasks } from '../../src/db/schema/tasks';
import { bmiAnswer } from '../../src/seed/data/questionnaires/sample-answers';
import type { Patient } from './account';
import type { TestContext } from './app';

export interface CheckInChoices {
  sideEffects?: string[];
  pregnancy?: string;
  /** The contraception used, asked when the pregnancy answer is 'no' (default an implant, injection or coil). */
  contraception?: string[];
  breastfeeding?: string;
  /** Medicines started since the last delivery (default none). */
  newMedicines?: string[];
  /** How many doses were missed since the last delivery (default 0). */
  missedDoses?: number;
  gettingOn?: string;
  /** The BMI today's height (200 cm) and weight give (default 29). */
  bmi?: number;
}

/** The last step's answers (the check-in-progress step), for tests that answer the check-in step by step. */
export function checkInProgressAnswers({ pregnancy = 'no', contraception = ['long_acting'], breastfeeding = 'no', newMedicines = ['none'], missedDoses = 0, gettingOn = 'well' }: Omit<CheckInChoices, 'sideEffects' | 'bmi'> = {}) {
  return {
    ci_getting_on: gettingOn,
    ci_pregnancy: pregnancy,
    ...(pregnancy === 'no' ? { ci_contraception: contraception } : {}),
    ci_breastfeeding: breastfeeding,
    ci_new_medicines: newMedicines,
    ci_missed_doses_count: missedDoses,
  };
}

/**
 * Answers the patient's open weight-loss check-in task through the account's questionnaire, step by step as the
 * page does, and checks it completes. One place, so a question the check-in gains is answered by every test.
 * Answers the task's id.
 */
export async function answerCheckIn(
  ctx: TestContext,
  patient: Patient,
  { sideEffects = ['none'], pregnancy = 'no', contraception, breastfeeding = 'no', newMedicines = ['none'], missedDoses = 0, gettingOn = 'well', bmi = 29 }: CheckInChoices = {},
): Promise<string> {
  const [task] = await ctx.database.db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.customerId, patient.customerId), eq(tasks.code, TASK_CODES.weightLossCheckIn), eq(tasks.state, 'open')));
  expect(task, 'an open check-in task').toBeDefined();
  const answer = (body: object) =>
    ctx.app.inject({ method: 'PATCH', url: `/shop-api/medical-history-for-groups-by-slug/weight-loss-check-in?taskId=${task!.id}`, headers: { cookie: patient.cookie }, payload: body });
  expect((await answer({ 'check-in-measurements': { ci_bmi: bmiAnswer(bmi) } })).statusCode).toBe(200);
  expect((await answer({ 'check-in-side-effects': { ci_side_effects: sideEffects } })).statusCode).toBe(200);
  const last = await answer({ 'check-in-progress': checkInProgressAnswers({ pregnancy, ...(contraception ? { contraception } : {}), breastfeeding, newMedicines, missedDoses, gettingOn }) });
  expect(last.json().flags.complete).toBe(true);
  return task!.id;
}
