import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_CODES, type Task } from '@elmwood/domain';
import { staff } from '../../db/schema/clinic';
import { orders } from '../../db/schema/orders';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { placedOrderNumber } from '../../../test/support/orders';
import { signedInPatient } from '../../../test/support/patients';
import { newStaff } from '../../../test/support/staff';
import { photoForm } from '../../../test/support/uploads';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const get = (cookie: string, url: string) => ctx.app.inject({ url, headers: { cookie } });
const photo = () => sharp({ create: { width: 50, height: 80, channels: 3, background: '#999999' } }).jpeg().toBuffer();

describe('after checkout', () => {
  it('a fresh weight-loss order is all set after the ID photo, the full-length photo, GP details and a booked video consultation, and waits for the clinician', async () => {
    // A prescriber who takes video consultations at any time of any day.
    const { row } = await newStaff(ctx, 'prescriber');
    await ctx.database.db.update(staff).set({ videoAvailability: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day_of_week: day, time_start: '00:00', time_end: '23:59' })) }).where(eq(staff.id, row.id));
    const cookie = await signedInPatient(ctx.app);
    const number = await placedOrderNumber(ctx.app, cookie);
    const orderTasks = (await get(cookie, `/shop-api/orders/${number}/tasks`)).json<Task[]>();
    expect(orderTasks.map((task) => task.taskDefinition.code)).toEqual([TASK_CODES.photoId, TASK_CODES.weightCheckPhoto, TASK_CODES.gpInformation, TASK_CODES.videoConsultation]);
    const stage = async () => (await ctx.database.db.select({ stage: orders.state }).from(orders).where(eq(orders.number, number)))[0]!.stage;
    expect(await stage()).toBe('awaiting_patient');

    for (const [category, task] of [['I', orderTasks[0]!], ['W', orderTasks[1]!]] as const) {
      const form = await photoForm({ name: task.taskDefinition.name, taskId: task.id }, [{ name: 'photo.jpg', bytes: await photo() }]);
      const res = await ctx.app.inject({ method: 'POST', url: `/shop-api/messages/category/${category}`, headers: { cookie, ...form.headers }, payload: form.payload });
      expect(res.statusCode).toBe(201);
    }
    expect(await stage()).toBe('in_review');
    const gp = await ctx.app.inject({ method: 'POST', url: '/shop-api/customers/patient-gp-info', headers: { cookie }, payload: { consentGiven: false } });
    expect(gp.statusCode).toBe(201);
    // The prescriber cannot approve before verifying weight, height and identity: the patient books the video call.
    expect((await get(cookie, '/shop-api/tasks')).json<Task[]>().map((task) => task.taskDefinition.code)).toEqual([TASK_CODES.videoConsultation]);
    const [day] = (await get(cookie, '/shop-api/video-consultations/slots')).json<{ days: { slots: { start: string }[] }[] }>().days;
    const booked = await ctx.app.inject({ method: 'POST', url: '/shop-api/video-consultations', headers: { cookie }, payload: { start: day!.slots[0]!.start } });
    expect(booked.statusCode, booked.body).toBe(201);

    expect((await get(cookie, '/shop-api/tasks')).json()).toEqual([]);
    expect((await get(cookie, `/shop-api/orders/${number}/tasks`)).json<Task[]>().every((task) => task.state === 'completed')).toBe(true);
    const home = (await get(cookie, '/shop-api/account/home')).json();
    expect(home.progress.map((section: { status: string }) => section.status)).toEqual(['completed', 'completed', 'completed', 'active', 'upcoming']);
    expect(home.activeTreatments).toHaveLength(1);
    expect(home.goals.goalWeightKg).toBe(80);
  });
});
