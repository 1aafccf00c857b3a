import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COACHING_MESSAGES, type Appointment, type CoachingStatus, type CoachSlotsReply } from '@elmwood/domain';
import { orderEvents } from '../../db/schema/orders';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { insertOrder, signedInPatientWithId, type Patient } from '../../../test/support/account';

// Thursday 22 October 2026, 13:00 in the UK. The default configuration: one call booked ahead at a time.
const NOW = new Date('2026-10-22T12:00:00Z');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => NOW });
});
afterAll(() => ctx.close());

const get = (cookie: string, url: string) => ctx.app.inject({ url: `/shop-api${url}`, headers: { cookie } });
const post = (cookie: string, url: string, payload?: object) => ctx.app.inject({ method: 'POST', url: `/shop-api${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
const assign = (cookie: string, id: string) => post(cookie, '/assign-customer-to-medical-personnel?channel=WEB_WL_UK', { medical_personnel_id: id, relationship: 'Weight Loss Coach' });
const book = (cookie: string, coachId: string, start: string) => post(cookie, '/appointments', { coachId, start });
const status = async (cookie: string) => (await get(cookie, '/coaching')).json<CoachingStatus>();
const freeSlots = async (cookie: string, coachId: string) => (await get(cookie, `/coaches/${coachId}/slots`)).json<CoachSlotsReply>().days.flatMap((day) => day.slots.map((slot) => slot.start));
const patient = () => signedInPatientWithId(ctx.app, ctx.database.db);

async function approvedPatient(approvedAt?: string): Promise<Patient> {
  const approved = await patient();
  const order = await insertOrder(ctx.database.db, approved.customerId, { state: 'approved', withTasks: false });
  if (approvedAt) {
    await ctx.database.db
      .insert(orderEvents)
      .values({ orderId: order.id, machine: 'order', event: 'approved', fromState: 'in_review', toState: 'approved', actorType: 'prescriber', createdAt: new Date(approvedAt) });
  }
  return approved;
}

describe('who may have coaching', () => {
  it('refuses a coach and calls to a patient without an approved weight-loss treatment, and says why', async () => {
    const { cookie } = await patient();
    expect(await status(cookie)).toMatchObject({ eligible: false, message: COACHING_MESSAGES.noPlan, canBook: false });
    expect((await assign(cookie, 'amara-okafor')).json()).toEqual({ code: 'COACHING_NOT_AVAILABLE', message: COACHING_MESSAGES.noPlan });
    expect((await assign(cookie, 'amara-okafor')).statusCode).toBe(403);
    expect((await book(cookie, 'amara-okafor', '2026-10-27T10:00:00.000Z')).json()).toMatchObject({ code: 'COACHING_NOT_AVAILABLE' });
    expect((await get(cookie, '/assigned-medical-personnel')).json()).toMatchObject({ medical_personnel_id: null });
  });

  it('asks a patient whose weight-loss order is with the prescriber to wait for the approval', async () => {
    const waiting = await patient();
    await insertOrder(ctx.database.db, waiting.customerId, { withTasks: false });
    expect(await status(waiting.cookie)).toMatchObject({ eligible: false, message: COACHING_MESSAGES.awaitingApproval });
    expect((await assign(waiting.cookie, 'amara-okafor')).json().message).toBe(COACHING_MESSAGES.awaitingApproval);
  });

  it('keeps coaching through six months of after-care after the last supply, then ends it', async () => {
    // Approved 1 March 2026: a month's supply and six months of after-care ended on 29 September, before today.
    const lapsed = await approvedPatient('2026-03-01T10:00:00Z');
    expect(await status(lapsed.cookie)).toMatchObject({ eligible: false, message: COACHING_MESSAGES.afterCareEnded('2026-09-29') });
    expect((await assign(lapsed.cookie, 'amara-okafor')).statusCode).toBe(403);
    // Approved 1 April: after-care runs to 30 October, so coaching goes on.
    const inAfterCare = await approvedPatient('2026-04-01T10:00:00Z');
    expect(await status(inAfterCare.cookie)).toMatchObject({ eligible: true, message: null, until: '2026-10-30', canBook: true });
    expect((await assign(inAfterCare.cookie, 'amara-okafor')).statusCode).toBe(200);
  });
});

describe('calls booked ahead', () => {
  it('allows one call booked ahead: a second is refused with the reason until the first is cancelled; moving it is fine', async () => {
    const { cookie } = await approvedPatient();
    expect((await assign(cookie, 'tom-hughes')).statusCode).toBe(200);
    const [first, second, third] = await freeSlots(cookie, 'tom-hughes');
    const booked = await book(cookie, 'tom-hughes', first!);
    expect(booked.statusCode).toBe(201);
    const refused = await book(cookie, 'tom-hughes', second!);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'CALL_LIMIT', message: COACHING_MESSAGES.callLimit(1) });
    expect(await status(cookie)).toMatchObject({ eligible: true, canBook: false, bookingMessage: COACHING_MESSAGES.callLimit(1), upcomingCalls: 1, maxUpcomingCalls: 1 });

    const call = booked.json<{ appointment: Appointment }>().appointment;
    expect((await post(cookie, `/appointments/${call.id}/reschedule`, { start: third })).statusCode).toBe(200);
    const moved = (await get(cookie, '/appointments')).json<Appointment[]>().find((appointment) => appointment.status === 'booked')!;
    expect((await post(cookie, `/appointments/${moved.id}/cancel`)).statusCode).toBe(200);
    expect((await book(cookie, 'tom-hughes', second!)).statusCode).toBe(201);
  });

  it('gives one of several bookings sent at once by one patient, never two (the patient is locked)', async () => {
    const { cookie } = await approvedPatient();
    expect((await assign(cookie, 'priya-shah')).statusCode).toBe(200);
    const slots = (await freeSlots(cookie, 'priya-shah')).slice(0, 5);
    const replies = await Promise.all(slots.map((start) => book(cookie, 'priya-shah', start)));
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect((await get(cookie, '/appointments')).json<Appointment[]>().filter((appointment) => appointment.status === 'booked')).toHaveLength(1);
  });
});
