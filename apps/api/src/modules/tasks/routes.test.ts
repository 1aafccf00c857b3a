import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_CODES, type Task } from '@elmwood/domain';
import { orders } from '../../db/schema/orders';
import { tasks } from '../../db/schema/tasks';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { insertOrder, signedInPatientWithId } from '../../../test/support/account';
import { photoForm } from '../../../test/support/uploads';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const patient = () => signedInPatientWithId(ctx.app, ctx.database.db);
const openTasks = async (cookie: string, query = '') => (await ctx.app.inject({ url: `/shop-api/tasks${query}`, headers: { cookie } })).json<Task[]>();
const complete = (cookie: string, id: string) => ctx.app.inject({ method: 'POST', url: `/shop-api/tasks/${id}/complete`, headers: { cookie } });
const orderState = async (orderId: number) =>
  (await ctx.database.db.select({ stage: orders.state }).from(orders).where(eq(orders.id, orderId)))[0]!.stage;

const photo = () => sharp({ create: { width: 40, height: 60, channels: 3, background: '#808080' } }).jpeg().toBuffer();
const upload = async (cookie: string, category: string, taskId?: string) => {
  const form = await photoForm({ name: 'Photo', taskId }, [{ name: 'me.jpg', bytes: await photo() }]);
  return ctx.app.inject({ method: 'POST', url: `/shop-api/messages/category/${category}`, headers: { cookie, ...form.headers }, payload: form.payload });
};
const gpInfo = (cookie: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/shop-api/customers/patient-gp-info',
    headers: { cookie },
    payload: { consentGiven: true, practiceName: 'Riverside Surgery', addressLine1: '1 Mill Road', cityOrTown: 'Leeds', postCode: 'LS1 4AP' },
  });

describe('GET /shop-api/tasks', () => {
  it("lists the patient's open tasks, critical first, and only theirs", async () => {
    const owner = await patient();
    await insertOrder(ctx.database.db, owner.customerId);
    const listed = await openTasks(owner.cookie);
    expect(listed.map((task) => [task.taskDefinition.code, task.taskDefinition.isCritical])).toEqual([
      [TASK_CODES.photoId, true],
      [TASK_CODES.weightCheckPhoto, true],
      [TASK_CODES.gpInformation, false],
    ]);
    expect(await openTasks((await patient()).cookie)).toEqual([]);
    expect(await openTasks(owner.cookie, '?state=completed')).toEqual([]);
    expect((await ctx.app.inject({ url: '/shop-api/tasks' })).statusCode).toBe(401);
  });
});

describe('a fresh weight-loss order, verified by the patient', () => {
  it('after the ID photo, the full-length photo and GP details has no open tasks, and goes to the clinician', async () => {
    const owner = await patient();
    const order = await insertOrder(ctx.database.db, owner.customerId);
    const [idTask, weightTask] = await openTasks(owner.cookie);

    const first = await upload(owner.cookie, 'I', idTask!.id);
    expect(first.statusCode).toBe(201);
    expect(first.json().task).toMatchObject({ id: idTask!.id, state: 'completed' });
    expect(await orderState(order.id)).toBe('awaiting_patient');

    const second = await upload(owner.cookie, 'W', weightTask!.id);
    expect(second.json().task).toMatchObject({ id: weightTask!.id, state: 'completed' });
    const [stored] = await ctx.database.db.select({ completedWith: tasks.completedWith }).from(tasks).where(eq(tasks.id, weightTask!.id));
    expect(stored!.completedWith).toBe(second.json().uploads[0].id);
    expect(await orderState(order.id)).toBe('in_review');

    expect((await gpInfo(owner.cookie)).statusCode).toBe(201);
    expect(await openTasks(owner.cookie)).toEqual([]);
    expect((await openTasks(owner.cookie, '?state=completed')).map((task) => task.taskDefinition.code).sort()).toEqual(
      [TASK_CODES.gpInformation, TASK_CODES.photoId, TASK_CODES.weightCheckPhoto].sort(),
    );
  });

  it('moves a second order waiting on the first order’s photos along with it', async () => {
    const owner = await patient();
    const first = await insertOrder(ctx.database.db, owner.customerId);
    const second = await insertOrder(ctx.database.db, owner.customerId);
    expect((await openTasks(owner.cookie)).map((task) => task.orderNumber)).toEqual([first.number, first.number, first.number]);
    await upload(owner.cookie, 'I');
    await upload(owner.cookie, 'W');
    expect([await orderState(first.id), await orderState(second.id)]).toEqual(['in_review', 'in_review']);
  });

  it('completes the open task of its category when a photo arrives without naming its task', async () => {
    const owner = await patient();
    const order = await insertOrder(ctx.database.db, owner.customerId);
    const res = await upload(owner.cookie, 'I');
    expect(res.json().task).toMatchObject({ taskDefinition: { code: TASK_CODES.photoId }, state: 'completed' });
    expect((await upload(owner.cookie, 'P')).json().task).toBeNull();
    expect((await upload(owner.cookie, 'W')).json().task).toMatchObject({ taskDefinition: { code: TASK_CODES.weightCheckPhoto } });
    expect(await orderState(order.id)).toBe('in_review');
  });

  it('refuses a photo for the wrong task, and a task of another patient, before keeping anything', async () => {
    const owner = await patient();
    await insertOrder(ctx.database.db, owner.customerId);
    const [idTask, , gpTask] = await openTasks(owner.cookie);
    const wrong = await upload(owner.cookie, 'W', idTask!.id);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ code: 'WRONG_TASK', message: 'This photo is not the one this task asks for. Please upload it from its own task.' });
    expect((await upload(owner.cookie, 'I', gpTask!.id)).statusCode).toBe(422);
    expect((await upload((await patient()).cookie, 'I', idTask!.id)).statusCode).toBe(404);
    expect((await openTasks(owner.cookie)).map((task) => task.state)).toEqual(['open', 'open', 'open']);
  });
});

describe('POST /shop-api/tasks/{id}/complete', () => {
  it('refuses photo, GP and questionnaire tasks: their evidence completes them', async () => {
    const owner = await patient();
    await insertOrder(ctx.database.db, owner.customerId);
    const [idTask, , gpTask] = await openTasks(owner.cookie);
    const photoRefusal = await complete(owner.cookie, idTask!.id);
    expect(photoRefusal.statusCode).toBe(422);
    expect(photoRefusal.json()).toEqual({ code: 'TASK_NEEDS_EVIDENCE', message: 'This task is completed by uploading its photo.' });
    expect((await complete(owner.cookie, gpTask!.id)).json().message).toBe('This task is completed by sending your GP details.');
  });

  it('completes a reminder task for its owner only; anyone else gets 404', async () => {
    const owner = await patient();
    const order = await insertOrder(ctx.database.db, owner.customerId, { withTasks: false });
    const [reminder] = await ctx.database.db
      .insert(tasks)
      .values({ customerId: owner.customerId, orderId: order.id, code: TASK_CODES.reminderSetUp })
      .returning({ id: tasks.id });
    const stranger = await complete((await patient()).cookie, reminder!.id);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe('We could not find that task.');
    expect((await complete(owner.cookie, 'not-a-uuid')).statusCode).toBe(404);

    const done = await complete(owner.cookie, reminder!.id);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ id: reminder!.id, state: 'completed', completedAt: expect.any(String) });
    expect((await complete(owner.cookie, reminder!.id)).json().state).toBe('completed');
  });
});

describe('GP details complete the GP task', () => {
  it('a repeat (409) also completes the task a new order brought', async () => {
    const owner = await patient();
    await insertOrder(ctx.database.db, owner.customerId);
    expect((await gpInfo(owner.cookie)).statusCode).toBe(201);
    await insertOrder(ctx.database.db, owner.customerId);
    expect((await openTasks(owner.cookie)).map((task) => task.taskDefinition.code)).toContain(TASK_CODES.gpInformation);
    const repeat = await gpInfo(owner.cookie);
    expect(repeat.statusCode).toBe(409);
    expect((await openTasks(owner.cookie)).map((task) => task.taskDefinition.code)).not.toContain(TASK_CODES.gpInformation);
  });
});
