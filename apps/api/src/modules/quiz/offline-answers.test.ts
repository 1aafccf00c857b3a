import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_CODES } from '@elmwood/domain';
import { consultations } from '../../db/schema/quiz';
import { tasks } from '../../db/schema/tasks';
import { bmiAnswer } from '../../seed/data/questionnaires/sample-answers';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { signedInPatientWithId } from '../../../test/support/account';
import { checkInProgressAnswers } from '../../../test/support/check-in';
import { cookieFrom } from '../../../test/support/consultation';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const patch = (slug: string, cookie: string | null, body: object, options: { taskId?: string; key?: string } = {}) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/shop-api/medical-history-for-groups-by-slug/${slug}${options.taskId ? `?taskId=${options.taskId}` : ''}`,
    headers: { ...(cookie ? { cookie } : {}), ...(options.key ? { 'idempotency-key': options.key } : {}) },
    payload: body,
  });

describe('answers kept on a device and sent again with their Idempotency-Key', () => {
  it('a step sent again after the patient changed it since answers as the first time and overwrites nothing', async () => {
    const key = randomUUID();
    const first = await patch('weight-loss', null, { 'measurements': { wl_bmi: bmiAnswer(32) } }, { key });
    expect(first.statusCode).toBe(200);
    const cookie = cookieFrom(first)!;
    // Online again, the patient corrects the answer…
    const corrected = await patch('weight-loss', cookie, { 'measurements': { wl_bmi: bmiAnswer(31) } }, { key: randomUUID() });
    expect(corrected.json().bmi).toBe(31);
    // …then the device's outbox sends the kept step once more (its first reply was lost).
    const again = await patch('weight-loss', cookie, { 'measurements': { wl_bmi: bmiAnswer(32) } }, { key });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const [stored] = await ctx.database.db.select().from(consultations).where(eq(consultations.id, first.json().consultationId));
    expect(stored!.answers.wl_bmi).toEqual(bmiAnswer(31));
  });

  it('a key belongs to its consultation: the same key from another browser is a new change there', async () => {
    const key = randomUUID();
    const mine = await patch('weight-loss', null, { 'measurements': { wl_bmi: bmiAnswer(33) } }, { key });
    const theirs = await patch('weight-loss', null, { 'measurements': { wl_bmi: bmiAnswer(29) } }, { key });
    expect(theirs.json().consultationId).not.toBe(mine.json().consultationId);
    expect(theirs.json().bmi).toBe(29);
  });

  it('a check-in’s last step sent twice completes its task once and answers 200 both times; a new change after it is refused and shown as such', async () => {
    const patient = await signedInPatientWithId(ctx.app, ctx.database.db);
    const [task] = await ctx.database.db.insert(tasks).values({ customerId: patient.customerId, code: TASK_CODES.weightLossCheckIn }).returning({ id: tasks.id });
    const taskId = task!.id;
    await patch('weight-loss-check-in', patient.cookie, { 'check-in-measurements': { ci_bmi: bmiAnswer(30) } }, { taskId, key: randomUUID() });
    await patch('weight-loss-check-in', patient.cookie, { 'check-in-side-effects': { ci_side_effects: ['none'] } }, { taskId, key: randomUUID() });
    const key = randomUUID();
    const last = await patch('weight-loss-check-in', patient.cookie, { 'check-in-progress': checkInProgressAnswers() }, { taskId, key });
    expect(last.json().flags.complete).toBe(true);
    const retried = await patch('weight-loss-check-in', patient.cookie, { 'check-in-progress': checkInProgressAnswers() }, { taskId, key });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual(last.json());
    const [done] = await ctx.database.db.select().from(tasks).where(eq(tasks.id, taskId));
    expect(done).toMatchObject({ state: 'completed', completedWith: last.json().consultationId });

    // A change made offline after the check-in was sent from elsewhere: the clinic's refusal, for the device to show.
    const late = await patch('weight-loss-check-in', patient.cookie, { 'check-in-progress': { ci_getting_on: 'okay' } }, { taskId, key: randomUUID() });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'TASK_COMPLETED', message: 'You have already sent these answers. Thank you.' });
    // Another patient's kept key answers nothing of theirs.
    const stranger = await signedInPatientWithId(ctx.app, ctx.database.db);
    expect((await patch('weight-loss-check-in', stranger.cookie, { 'check-in-progress': checkInProgressAnswers() }, { taskId, key })).statusCode).toBe(404);
  });

  it('refuses a key that is not one, without a 500', async () => {
    expect((await patch('weight-loss', null, { 'measurements': { wl_bmi: bmiAnswer(32) } }, { key: 'short' })).statusCode).toBe(400);
  });
});
