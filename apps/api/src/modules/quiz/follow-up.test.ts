import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_CODES, type Task } from '@elmwood/domain';
import { consultations } from '../../db/schema/quiz';
import { tasks } from '../../db/schema/tasks';
import { bmiAnswer } from '../../seed/data/questionnaires/sample-answers';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { signedInPatientWithId } from '../../../test/support/account';
import { checkInProgressAnswers } from '../../../test/support/check-in';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const SLUG = 'weight-loss-check-in';
async function patientWithCheckIn() {
  const patient = await signedInPatientWithId(ctx.app, ctx.database.db);
  const [task] = await ctx.database.db
    .insert(tasks)
    .values({ customerId: patient.customerId, code: TASK_CODES.weightLossCheckIn })
    .returning({ id: tasks.id });
  return { ...patient, taskId: task!.id };
}
const answer = (cookie: string | null, body: object, taskId?: string) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/shop-api/medical-history-for-groups-by-slug/${SLUG}${taskId ? `?taskId=${taskId}` : ''}`,
    headers: cookie ? { cookie } : {},
    payload: body,
  });

describe('answering a check-in from its task', () => {
  it('keeps the answers against the task and completes it with the last step', async () => {
    const patient = await patientWithCheckIn();
    const first = await answer(patient.cookie, { 'check-in-measurements': { ci_bmi: bmiAnswer(30) } }, patient.taskId);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ slug: SLUG, bmi: 30, flags: { complete: false }, recommendations: [] });
    expect(first.cookies.find((cookie) => cookie.name === 'quiz_session')).toBeUndefined();

    const hasAnswered = await ctx.app.inject({ url: `/shop-api/questionnaires/by-slug/${SLUG}?taskId=${patient.taskId}`, headers: { cookie: patient.cookie } });
    expect(hasAnswered.json()).toMatchObject({ kind: 'follow-up', hasAnswered: true });

    await answer(patient.cookie, { 'check-in-side-effects': { ci_side_effects: ['nausea'], ci_side_effects_details: 'Mild, in the mornings' } }, patient.taskId);
    const open = (await ctx.app.inject({ url: '/shop-api/tasks', headers: { cookie: patient.cookie } })).json<Task[]>();
    expect(open.map((task) => task.id)).toEqual([patient.taskId]);

    const last = await answer(patient.cookie, { 'check-in-progress': checkInProgressAnswers() }, patient.taskId);
    expect(last.json().flags.complete).toBe(true);
    const [done] = await ctx.database.db.select().from(tasks).where(eq(tasks.id, patient.taskId));
    expect(done).toMatchObject({ state: 'completed', completedWith: last.json().consultationId });
    const [stored] = await ctx.database.db.select().from(consultations).where(eq(consultations.id, last.json().consultationId));
    expect(stored!.answers).toMatchObject({ ci_side_effects: ['nausea'], ci_getting_on: 'well' });

    const again = await answer(patient.cookie, { 'check-in-progress': { ci_getting_on: 'okay' } }, patient.taskId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already sent these answers. Thank you.');
  });

  it('is only for the task’s owner, signed in, and not without a task', async () => {
    const patient = await patientWithCheckIn();
    const body = { 'check-in-progress': { ci_getting_on: 'well' } };
    const stranger = await signedInPatientWithId(ctx.app, ctx.database.db);
    expect((await answer(stranger.cookie, body, patient.taskId)).statusCode).toBe(404);
    expect((await answer(null, body, patient.taskId)).statusCode).toBe(401);
    const anonymous = await answer(null, body);
    expect(anonymous.statusCode).toBe(422);
    expect(anonymous.json()).toEqual({ code: 'TASK_REQUIRED', message: 'This questionnaire is answered from a task in your account.' });
    expect((await ctx.app.inject({ url: `/shop-api/medical-history-by-slug/${SLUG}?taskId=${patient.taskId}`, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
  });

  it('refuses a task of another kind', async () => {
    const patient = await signedInPatientWithId(ctx.app, ctx.database.db);
    const [gpTask] = await ctx.database.db.insert(tasks).values({ customerId: patient.customerId, code: TASK_CODES.gpInformation }).returning({ id: tasks.id });
    const res = await answer(patient.cookie, { 'check-in-progress': { ci_getting_on: 'well' } }, gpTask!.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('This task asks for a different questionnaire.');
  });
});
