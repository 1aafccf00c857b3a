import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INFORMATION_ANSWER_MESSAGES, type OrderReview, type Task } from '@elmwood/domain';
import { staffAuditLog } from '../../db/schema/clinic';
import { orders } from '../../db/schema/orders';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { signedInPatient } from '../../../test/support/patients';
import { type ClinicTeam, orderInReview, type SignedInStaff, signedInTeam, uploadPhoto } from '../../../test/support/staff';

let ctx: TestContext;
let team: ClinicTeam;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_ADDRESS: '1000' });
  team = await signedInTeam(ctx);
});
afterAll(() => ctx.close());

const asStaff = (member: SignedInStaff, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/shop-api/clinic${url}`, headers: { cookie: member.cookie }, ...(payload ? { payload } : {}) });
const asPatient = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/shop-api${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
const stateOf = async (number: string) => (await ctx.database.db.select({ state: orders.state }).from(orders).where(eq(orders.number, number)))[0]!.state;

/** An order in review whose prescriber asks `question`: the patient's question task. */
async function asked(question: string, photoRequested: boolean) {
  const patient = await signedInPatient(ctx.app);
  const { orderNumber } = await orderInReview(ctx, patient);
  expect((await asStaff(team.prescriber, 'POST', `/orders/${orderNumber}/request-information`, { question, photoRequested })).json()).toMatchObject({ state: 'awaiting_patient' });
  const open = (await asPatient(patient, 'GET', '/tasks')).json<Task[]>();
  const task = open.find((candidate) => candidate.taskDefinition.code === 'clinician-question')!;
  return { patient, orderNumber, task };
}
const answer = (patient: string, task: Task, body: object) => asPatient(patient, 'POST', `/tasks/${task.id}/answer`, body);
const questionsIn = async (member: SignedInStaff, number: string) => (await asStaff(member, 'GET', `/orders/${number}`)).json<OrderReview>().informationRequests;

describe("answering a prescriber's question", () => {
  it('needs an answer: an empty one, a bare done or a photo not asked for leave the order with the patient (422, never 500)', async () => {
    const { patient, orderNumber, task } = await asked('How long have you had the knee pain?', false);
    expect((await asPatient(patient, 'POST', `/tasks/${task.id}/complete`)).json()).toMatchObject({ code: 'TASK_NEEDS_EVIDENCE', message: INFORMATION_ANSWER_MESSAGES.answerIt });
    for (const body of [{}, { text: '   ' }]) {
      const reply = await answer(patient, task, body);
      expect(reply.statusCode).toBe(422);
      expect(reply.json()).toMatchObject({ code: 'ANSWER_NEEDED', message: INFORMATION_ANSWER_MESSAGES.needed });
    }
    const photo = await uploadPhoto(ctx, patient, 'Q');
    expect((await answer(patient, task, { photoId: photo })).json()).toMatchObject({ code: 'ANSWER_NEEDED', message: INFORMATION_ANSWER_MESSAGES.photoNotAsked });
    expect((await answer(patient, task, { text: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await answer(patient, task, { photoId: 'not-a-uuid' })).statusCode).toBe(400);
    expect(await stateOf(orderNumber)).toBe('awaiting_patient');
    // While it waits, the prescriber sees the question with no answer.
    expect(await questionsIn(team.prescriber, orderNumber)).toEqual([
      expect.objectContaining({ question: 'How long have you had the knee pain?', photoRequested: false, askedBy: expect.stringContaining('GPhC'), answer: null, waiting: true }),
    ]);

    const done = await answer(patient, task, { text: '  About three years, worse on stairs.  ' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ state: 'completed' });
    expect(await stateOf(orderNumber)).toBe('in_review');
    expect(await questionsIn(team.prescriber, orderNumber)).toEqual([
      expect.objectContaining({ answer: { text: 'About three years, worse on stairs.', photo: null, answeredAt: expect.any(String) }, waiting: false }),
    ]);
    // A second click changes nothing.
    expect((await answer(patient, task, { text: 'Again' })).json()).toMatchObject({ state: 'completed' });
  });

  it('takes the photo asked for; the prescriber sees it through the audited viewer, support sees neither question nor photo', async () => {
    const { patient, orderNumber, task } = await asked('Please send a photo of the rash on your arm.', true);
    expect(task.details.configuration).toMatchObject({ question: 'Please send a photo of the rash on your arm.', photoRequested: true });
    expect((await answer(patient, task, {})).json()).toMatchObject({ message: INFORMATION_ANSWER_MESSAGES.neededWithPhoto });
    // Only the patient's own photo sent for a question: another's, or an identity photo, is not found.
    const other = await signedInPatient(ctx.app);
    const othersPhoto = await uploadPhoto(ctx, other, 'Q');
    const identity = await uploadPhoto(ctx, patient, 'I');
    for (const photoId of [othersPhoto, identity, '00000000-0000-4000-8000-000000000000']) {
      expect((await answer(patient, task, { photoId })).json()).toMatchObject({ code: 'PHOTO_NOT_FOUND', message: INFORMATION_ANSWER_MESSAGES.photoNotFound });
    }
    const photo = await uploadPhoto(ctx, patient, 'Q');
    expect((await answer(patient, task, { photoId: photo })).statusCode).toBe(200);
    expect(await stateOf(orderNumber)).toBe('in_review');

    const [request] = await questionsIn(team.prescriber, orderNumber);
    expect(request).toMatchObject({ photoRequested: true, answer: { text: null, photo: { id: photo } } });
    const viewed = await asStaff(team.prescriber, 'GET', `/uploads/${photo}`);
    expect(viewed.statusCode).toBe(200);
    expect(viewed.headers['content-type']).toBe('image/jpeg');
    const audited = await ctx.database.db.select().from(staffAuditLog).where(eq(staffAuditLog.resourceId, photo));
    expect(audited).toEqual([expect.objectContaining({ staffId: team.prescriber.row.id, action: 'read-photo' })]);
    expect((await ctx.database.db.select().from(staffAuditLog).where(eq(staffAuditLog.orderNumber, orderNumber))).map((row) => row.action)).toContain('read-information-answers');

    const supportView = (await asStaff(team.support, 'GET', `/orders/${orderNumber}`)).json();
    expect(supportView).not.toHaveProperty('informationRequests');
    expect((await asStaff(team.support, 'GET', `/uploads/${photo}`)).statusCode).toBe(403);
  });

  it('keeps each answer with its own question when the prescriber asks again; an unanswered one reads as no answer', async () => {
    const { patient, orderNumber, task } = await asked('Any allergies?', false);
    expect((await answer(patient, task, { text: 'Penicillin.' })).statusCode).toBe(200);
    expect((await asStaff(team.prescriber, 'POST', `/orders/${orderNumber}/request-information`, { question: 'What happens when you take it?', photoRequested: false })).statusCode).toBe(200);
    const reopened = (await asPatient(patient, 'GET', '/tasks')).json<Task[]>().find((candidate) => candidate.id === task.id)!;
    expect(reopened).toMatchObject({ state: 'open', details: { configuration: { question: 'What happens when you take it?' } } });
    // The prescriber turns the order down before the second answer: that question stays unanswered.
    expect((await asStaff(team.prescriber, 'POST', `/orders/${orderNumber}/reject`, { reasonCode: 'contraindication', note: 'Please speak to your GP.' })).statusCode).toBe(200);
    const requests = await questionsIn(team.prescriber, orderNumber);
    expect(requests.map((request) => [request.question, request.answer?.text ?? null])).toEqual([
      ['Any allergies?', 'Penicillin.'],
      ['What happens when you take it?', null],
    ]);
  });

  it('is found by its owner only, and a task that is no question cannot be answered', async () => {
    const { task } = await asked('How long?', false);
    const stranger = await signedInPatient(ctx.app);
    expect((await answer(stranger, task, { text: 'Mine now' })).statusCode).toBe(404);
    expect((await asPatient(stranger, 'POST', '/tasks/not-a-uuid/answer', { text: 'x' })).statusCode).toBe(404);
    const patient = await signedInPatient(ctx.app);
    await orderInReview(ctx, patient);
    const gp = (await asPatient(patient, 'GET', '/tasks')).json<Task[]>().find((candidate) => candidate.taskDefinition.code === 'provide-gp-information')!;
    expect((await answer(patient, gp, { text: 'x' })).json()).toMatchObject({ code: 'NOT_A_QUESTION' });
  });
});
