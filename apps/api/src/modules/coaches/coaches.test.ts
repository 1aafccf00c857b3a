import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { APPOINTMENT_MESSAGES, TASK_CODES, type Appointment, type Coach, type CoachSlotsReply } from '@elmwood/domain';
import { coachAppointments } from '../../db/schema/coaches';
import { notifications } from '../../db/schema/notifications';
import { tasks } from '../../db/schema/tasks';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { insertOrder, signedInPatientWithId, type Patient } from '../../../test/support/account';
import { offerFirstCoachCall } from '../tasks/index';

// Thursday 22 October 2026, 13:00 in the UK (BST); the clocks go back on Sunday 25 October.
const START = new Date('2026-10-22T12:00:00Z');
let clock = START;
let ctx: TestContext;
beforeAll(async () => {
  // These tests are about booking itself: a patient may book several calls ahead here (the default of one, and who
  // may have coaching at all, are in coaching-eligibility.test.ts).
  ctx = await createTestContext({ COACH_MAX_UPCOMING_CALLS: '5' }, { now: () => clock });
});
afterAll(() => ctx.close());

const CHANNEL = 'channel=WEB_WL_UK';
const get = (cookie: string, url: string) => ctx.app.inject({ url: `/shop-api${url}`, headers: { cookie } });
const post = (cookie: string, url: string, payload?: Record<string, unknown>) =>
  payload === undefined ? ctx.app.inject({ method: 'POST', url: `/shop-api${url}`, headers: { cookie } }) : ctx.app.inject({ method: 'POST', url: `/shop-api${url}`, headers: { cookie }, payload });
const assign = (cookie: string, id: string) => post(cookie, `/assign-customer-to-medical-personnel?${CHANNEL}`, { medical_personnel_id: id, relationship: 'Weight Loss Coach' });
const slotsOf = async (cookie: string, coachId: string) => {
  const res = await get(cookie, `/coaches/${coachId}/slots`);
  expect(res.statusCode).toBe(200);
  return res.json<CoachSlotsReply>().days.flatMap((day) => day.slots.map((slot) => slot.start));
};
const book = (cookie: string, coachId: string, start: string) => post(cookie, '/appointments', { coachId, start });
/** A patient whose weight-loss treatment a prescriber approved: coaching is theirs. */
async function approvedPatient(context: TestContext = ctx): Promise<Patient> {
  const patient = await signedInPatientWithId(context.app, context.database.db);
  await insertOrder(context.database.db, patient.customerId, { state: 'approved', withTasks: false });
  return patient;
}
const patientWithCoach = async (coachId = 'amara-okafor'): Promise<Patient> => {
  const patient = await approvedPatient();
  expect((await assign(patient.cookie, coachId)).statusCode).toBe(200);
  return patient;
};
const outbox = (customerId: number, template: string) =>
  ctx.database.db.select().from(notifications).where(and(eq(notifications.customerId, customerId), eq(notifications.template, template)));

describe('coaches', () => {
  it('lists the coaches with what a card and the profile need, and a booking link', async () => {
    const { cookie } = await signedInPatientWithId(ctx.app, ctx.database.db);
    const res = await get(cookie, `/list-medical-personnel?${CHANNEL}&type=Weight Loss Coach`);
    expect(res.statusCode).toBe(200);
    const coaches = res.json<Coach[]>();
    expect(coaches.length).toBeGreaterThanOrEqual(4);
    expect(coaches[0]).toMatchObject({ id: 'amara-okafor', medical_personnel_id: 'amara-okafor', firstName: 'Amara', bookingLink: '/account/coaches/book' });
    expect(coaches[0]!.images.mainImg).toBe('/images/coaches/amara.svg');
    for (const coach of coaches) {
      expect(coach.specialism.length).toBeGreaterThanOrEqual(3);
      expect(coach.testimonials.length).toBeGreaterThan(0);
      expect(coach.availability.length).toBeGreaterThan(0);
    }
  });

  it('needs a signed-in patient', async () => {
    expect((await ctx.app.inject({ url: '/shop-api/list-medical-personnel' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/shop-api/appointments' })).statusCode).toBe(401);
  });

  it('assigns one coach per patient, and assigning again replaces the first', async () => {
    const { cookie } = await approvedPatient();
    expect((await get(cookie, `/assigned-medical-personnel?${CHANNEL}`)).json()).toEqual({ medical_personnel_id: null, relationship: 'Weight Loss Coach', coach: null });
    const first = await assign(cookie, 'amara-okafor');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ medical_personnel_id: 'amara-okafor', coach: { firstName: 'Amara' }, cancelledAppointments: 0 });
    expect((await assign(cookie, 'tom-hughes')).statusCode).toBe(200);
    const assigned = (await get(cookie, `/assigned-medical-personnel?${CHANNEL}`)).json();
    expect(assigned).toMatchObject({ medical_personnel_id: 'tom-hughes', relationship: 'Weight Loss Coach', coach: { firstName: 'Tom' } });
  });

  it('refuses an unknown coach and a wrong relationship', async () => {
    const { cookie } = await approvedPatient();
    expect((await assign(cookie, 'nobody')).statusCode).toBe(404);
    expect((await post(cookie, '/assign-customer-to-medical-personnel', { medical_personnel_id: 'tom-hughes', relationship: 'Doctor' })).statusCode).toBe(400);
  });
});

describe('free slots', () => {
  it('offers 20-minute slots in UK time for 14 days, none in the past, across the clock change', async () => {
    const { cookie } = await signedInPatientWithId(ctx.app, ctx.database.db);
    const starts = await slotsOf(cookie, 'amara-okafor');
    // Thursday's hours (09:00–13:00 UK) have passed at 13:00.
    expect(starts.every((start) => new Date(start) > START)).toBe(true);
    expect(starts.some((start) => start.startsWith('2026-10-22'))).toBe(false);
    // Friday 23 Oct, BST: 09:00 UK is 08:00 UTC. Monday 26 Oct, GMT: 09:00 UK is 09:00 UTC.
    expect(starts).toContain('2026-10-23T08:00:00.000Z');
    expect(starts).toContain('2026-10-26T09:00:00.000Z');
    expect(starts).not.toContain('2026-10-26T08:00:00.000Z');
    expect(starts).toContain('2026-10-23T08:20:00.000Z');
    // Fourteen days from Thursday 22 Oct: Wednesday 4 Nov is the last.
    expect(starts.at(-1)!.startsWith('2026-11-04')).toBe(true);
  });

  it('leaves out a booked slot', async () => {
    const { cookie } = await patientWithCoach('priya-shah');
    const [first] = await slotsOf(cookie, 'priya-shah');
    expect((await book(cookie, 'priya-shah', first!)).statusCode).toBe(201);
    expect(await slotsOf(cookie, 'priya-shah')).not.toContain(first);
  });
});

describe('booking', () => {
  it('books a free slot with your coach, sends the confirmation, queues the reminder 24 hours before, and completes the first-call task', async () => {
    const patient = await patientWithCoach();
    const order = await insertOrder(ctx.database.db, patient.customerId);
    await offerFirstCoachCall(ctx.database.db, { id: order.id, customerId: patient.customerId, consultationSlug: 'weight-loss' });
    const res = await book(patient.cookie, 'amara-okafor', '2026-10-27T10:00:00.000Z');
    expect(res.statusCode).toBe(201);
    const { appointment, completedTask } = res.json<{ appointment: Appointment; completedTask: { taskDefinition: { code: string } } }>();
    expect(appointment).toMatchObject({ type: 'upcoming', status: 'booked', time_end: '2026-10-27T10:20:00.000Z', can_change: true, doctor: { firstname: 'Amara' } });
    expect(completedTask.taskDefinition.code).toBe(TASK_CODES.initialCoachCall);
    const [task] = await ctx.database.db.select().from(tasks).where(and(eq(tasks.customerId, patient.customerId), eq(tasks.code, TASK_CODES.initialCoachCall)));
    expect(task!.state).toBe('completed');
    expect(await outbox(patient.customerId, 'coach-call-booked')).toHaveLength(1);
    const [reminder] = await outbox(patient.customerId, 'coach-call-reminder');
    expect(reminder!.sendAfter.toISOString()).toBe('2026-10-26T10:00:00.000Z');
    expect(reminder!.status).toBe('queued');
  });

  it('refuses a time that is not one of the slots, a past slot, and another coach than yours', async () => {
    const { cookie } = await patientWithCoach();
    expect((await book(cookie, 'amara-okafor', '2026-10-27T10:10:00.000Z')).json()).toMatchObject({ code: 'SLOT_UNAVAILABLE', message: APPOINTMENT_MESSAGES.slotUnavailable });
    expect((await book(cookie, 'amara-okafor', '2026-10-22T08:00:00.000Z')).statusCode).toBe(422);
    expect((await book(cookie, 'tom-hughes', '2026-10-27T09:00:00.000Z')).json()).toMatchObject({ code: 'NOT_YOUR_COACH' });
    const { cookie: noCoach } = await approvedPatient();
    expect((await book(noCoach, 'amara-okafor', '2026-10-27T09:00:00.000Z')).json()).toMatchObject({ code: 'NO_COACH' });
  });

  it('gives one slot to exactly one of 20 patients booking it at once', async () => {
    const patients = await Promise.all(Array.from({ length: 20 }, () => patientWithCoach('james-mensah')));
    const slot = '2026-10-28T12:00:00.000Z';
    const replies = await Promise.all(patients.map((patient) => book(patient.cookie, 'james-mensah', slot)));
    const codes = replies.map((reply) => reply.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(19);
    const rows = await ctx.database.db.select().from(coachAppointments).where(and(eq(coachAppointments.coachId, 'james-mensah'), eq(coachAppointments.startsAt, new Date(slot))));
    expect(rows).toHaveLength(1);
  });
});

describe('appointments', () => {
  it('lists only your own; another patient’s appointment is 404', async () => {
    const owner = await patientWithCoach('tom-hughes');
    const booked = (await book(owner.cookie, 'tom-hughes', '2026-10-27T08:00:00.000Z')).json<{ appointment: Appointment }>().appointment;
    const list = (await get(owner.cookie, '/appointments')).json<Appointment[]>();
    expect(list.map((item) => item.id)).toEqual([booked.id]);
    const other = await signedInPatientWithId(ctx.app, ctx.database.db);
    expect((await get(other.cookie, '/appointments')).json()).toEqual([]);
    expect((await get(other.cookie, `/appointments/${booked.id}`)).statusCode).toBe(404);
    expect((await post(other.cookie, `/appointments/${booked.id}/cancel`)).statusCode).toBe(404);
    expect((await post(other.cookie, `/appointments/${booked.id}/reschedule`, { start: '2026-10-27T08:20:00.000Z' })).statusCode).toBe(404);
    expect((await get(other.cookie, '/appointments/not-an-id')).statusCode).toBe(404);
    expect((await get(owner.cookie, `/appointments/${booked.id}`)).json()).toMatchObject({ id: booked.id });
  });

  it('cancels up to 2 hours before, withdraws the reminder and sends the cancellation; later it is refused', async () => {
    const patient = await patientWithCoach('tom-hughes');
    const early = (await book(patient.cookie, 'tom-hughes', '2026-10-29T08:00:00.000Z')).json<{ appointment: Appointment }>().appointment;
    const late = (await book(patient.cookie, 'tom-hughes', '2026-10-29T08:20:00.000Z')).json<{ appointment: Appointment }>().appointment;
    try {
      clock = new Date('2026-10-29T06:00:00Z'); // exactly 2 hours before the first
      const cancelled = await post(patient.cookie, `/appointments/${early.id}/cancel`);
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toMatchObject({ status: 'cancelled', type: 'past', can_change: false });
      const [reminder] = (await outbox(patient.customerId, 'coach-call-reminder')).filter((row) => row.data.appointmentId === early.id);
      expect(reminder!.status).toBe('cancelled');
      expect((await outbox(patient.customerId, 'coach-call-cancelled')).map((row) => row.data.reason)).toEqual(['patient']);
      clock = new Date('2026-10-29T06:20:01Z'); // 1 h 59 min 59 s before the second
      expect((await post(patient.cookie, `/appointments/${late.id}/cancel`)).json()).toMatchObject({ code: 'TOO_LATE_TO_CHANGE', message: APPOINTMENT_MESSAGES.tooLate });
      expect((await post(patient.cookie, `/appointments/${late.id}/reschedule`, { start: '2026-10-29T09:00:00.000Z' })).statusCode).toBe(409);
    } finally {
      clock = START;
    }
  });

  it('reschedules to another free slot: the old one is freed, the new one booked, the reminder moved', async () => {
    const patient = await patientWithCoach('tom-hughes');
    const first = (await book(patient.cookie, 'tom-hughes', '2026-10-30T08:00:00.000Z')).json<{ appointment: Appointment }>().appointment;
    const moved = await post(patient.cookie, `/appointments/${first.id}/reschedule`, { start: '2026-10-30T09:00:00.000Z' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ status: 'booked', time_start: '2026-10-30T09:00:00.000Z' });
    const starts = await slotsOf(patient.cookie, 'tom-hughes');
    expect(starts).toContain('2026-10-30T08:00:00.000Z');
    expect(starts).not.toContain('2026-10-30T09:00:00.000Z');
    const reminders = await outbox(patient.customerId, 'coach-call-reminder');
    expect(reminders.map((row) => [row.data.appointmentId === first.id, row.status])).toEqual([
      [true, 'cancelled'],
      [false, 'queued'],
    ]);
    // Moving onto a slot someone holds changes nothing.
    const other = await patientWithCoach('tom-hughes');
    await book(other.cookie, 'tom-hughes', '2026-10-30T09:20:00.000Z');
    expect((await post(patient.cookie, `/appointments/${moved.json().id}/reschedule`, { start: '2026-10-30T09:20:00.000Z' })).statusCode).toBe(409);
    expect((await get(patient.cookie, `/appointments/${moved.json().id}`)).json()).toMatchObject({ status: 'booked' });
  });

  it("choosing another coach cancels the first coach's calls still ahead, with a notice", async () => {
    const patient = await patientWithCoach('amara-okafor');
    const call = (await book(patient.cookie, 'amara-okafor', '2026-10-30T09:20:00.000Z')).json<{ appointment: Appointment }>().appointment;
    const reassigned = await assign(patient.cookie, 'priya-shah');
    expect(reassigned.json()).toMatchObject({ medical_personnel_id: 'priya-shah', cancelledAppointments: 1 });
    expect((await get(patient.cookie, `/appointments/${call.id}`)).json()).toMatchObject({ status: 'cancelled' });
    expect((await outbox(patient.customerId, 'coach-call-cancelled')).map((row) => row.data.reason)).toEqual(['coach-changed']);
  });

  it('shows calls ahead on the account home', async () => {
    const patient = await patientWithCoach('priya-shah');
    await book(patient.cookie, 'priya-shah', '2026-11-02T10:00:00.000Z');
    const home = (await get(patient.cookie, '/account/home')).json();
    expect(home.appointments).toHaveLength(1);
    expect(home.appointments[0]).toMatchObject({ type: 'upcoming', name: 'Call with Priya Shah' });
  });
});

describe('Calendly', () => {
  const KEY = 'calendly-test-signing-key-0123456789';
  const recordings = JSON.parse(readFileSync(new URL('../../adapters/scheduling/recordings/calendly-webhooks.json', import.meta.url), 'utf8')) as Record<string, { payload: { email: string } }>;
  let calendly: TestContext;
  const now = new Date('2026-11-20T09:15:30Z');
  beforeAll(async () => {
    calendly = await createTestContext({ SCHEDULER: 'calendly', CALENDLY_WEBHOOK_SIGNING_KEY: KEY }, { now: () => now });
  });
  afterAll(() => calendly.close());
  const sign = (body: string, key = KEY, t = Math.floor(now.getTime() / 1000)) => `t=${t},v1=${createHmac('sha256', key).update(`${t}.${body}`).digest('hex')}`;
  const deliver = (body: string, signature: string | null) =>
    calendly.app.inject({ method: 'POST', url: '/shop-api/webhooks/calendly', headers: { 'content-type': 'application/json', ...(signature ? { 'calendly-webhook-signature': signature } : {}) }, payload: body });
  /** A recorded delivery as Calendly sends it for a booking made through `link` (its utm_content comes back as tracking). */
  const recorded = (name: string, email: string, reference: string | null = null) =>
    JSON.stringify({ ...recordings[name], payload: { ...recordings[name]!.payload, email, tracking: { utm_content: reference, utm_source: null, utm_medium: null, utm_campaign: null, utm_term: null, salesforce_uuid: null } } });
  /** The reference the patient's own Calendly link carries. */
  const referenceOf = async (cookie: string) => {
    const coaches = (await calendly.app.inject({ url: '/shop-api/list-medical-personnel', headers: { cookie } })).json<Coach[]>();
    return new URL(coaches.find((coach) => coach.id === 'amara-okafor')!.bookingLink).searchParams.get('utm_content');
  };

  it('links to the coach’s Calendly page with the patient’s name, email and phone', async () => {
    const patient = await approvedPatient(calendly);
    const coaches = (await calendly.app.inject({ url: '/shop-api/list-medical-personnel', headers: { cookie: patient.cookie } })).json<Coach[]>();
    const link = new URL(coaches.find((coach) => coach.id === 'amara-okafor')!.bookingLink);
    expect(link.origin + link.pathname).toBe('https://calendly.com/elmwood-amara/coach-call');
    expect(Object.fromEntries(link.searchParams)).toEqual({ name: 'Alex Smith', email: patient.email, phone: '07700900123', utm_content: expect.stringMatching(/^[0-9a-f-]{36}\.[\w-]{43}$/) });
  });

  it('records invitee.created and invitee.canceled from signed deliveries (recorded replies)', async () => {
    const patient = await approvedPatient(calendly);
    const created = recorded('invitee.created', patient.email, await referenceOf(patient.cookie));
    expect((await deliver(created, sign(created))).json()).toEqual({ received: true });
    expect((await deliver(created, sign(created))).statusCode).toBe(200);
    const list = (await calendly.app.inject({ url: '/shop-api/appointments', headers: { cookie: patient.cookie } })).json<Appointment[]>();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      time_start: '2026-12-01T10:00:00.000Z',
      status: 'booked',
      doctor: { firstname: 'Amara' },
      event_data: { cancel_url: 'https://calendly.com/cancellations/AAAAAAAAAAAAAAAA', reschedule_url: 'https://calendly.com/reschedulings/AAAAAAAAAAAAAAAA', event_type: '20 Minute Coach Call' },
    });
    const canceled = recorded('invitee.canceled', patient.email);
    expect((await deliver(canceled, sign(canceled))).statusCode).toBe(200);
    const after = (await calendly.app.inject({ url: '/shop-api/appointments', headers: { cookie: patient.cookie } })).json<Appointment[]>();
    expect(after[0]).toMatchObject({ status: 'cancelled' });
    // A delivery replayed within the signature's 3 minutes changes nothing: each invitee is recorded once, cancelled once.
    expect((await deliver(created, sign(created))).statusCode).toBe(200);
    expect((await deliver(canceled, sign(canceled))).statusCode).toBe(200);
    const replayed = (await calendly.app.inject({ url: '/shop-api/appointments', headers: { cookie: patient.cookie } })).json<Appointment[]>();
    expect(replayed).toEqual([expect.objectContaining({ status: 'cancelled' })]);
  });

  it('records a booking for the patient its link names, never for whoever owns the email typed on Calendly', async () => {
    const victim = await approvedPatient(calendly);
    const other = await approvedPatient(calendly);
    const invitee = (id: string) => `/invitees/${id.repeat(16)}`;
    const withInvitee = (body: string, id: string) => body.replace('/invitees/AAAAAAAAAAAAAAAA', invitee(id));
    // Another patient's link, or none, with the victim's email typed in: nothing lands on the victim's account.
    const typedOnly = withInvitee(recorded('invitee.created', victim.email), 'C');
    const othersLink = withInvitee(recorded('invitee.created', victim.email, await referenceOf(other.cookie)), 'D');
    const forged = withInvitee(recorded('invitee.created', victim.email, '00000000-0000-4000-8000-000000000000.forged'), 'E');
    for (const body of [typedOnly, othersLink, forged]) expect((await deliver(body, sign(body))).statusCode).toBe(200);
    const appointments = async (cookie: string) => (await calendly.app.inject({ url: '/shop-api/appointments', headers: { cookie } })).json<Appointment[]>();
    expect(await appointments(victim.cookie)).toEqual([]);
    // The booking made through the other patient's link is theirs, whatever email was typed.
    expect(await appointments(other.cookie)).toHaveLength(1);
  });

  it('refuses a wrong, missing, malformed or stale signature and records nothing', async () => {
    const patient = await signedInPatientWithId(calendly.app, calendly.database.db);
    const body = recorded('invitee.created', patient.email).replace('/invitees/AAAAAAAAAAAAAAAA', '/invitees/BBBBBBBBBBBBBBBB');
    expect((await deliver(body, sign(body, 'another-key-0123456789abcdef'))).statusCode).toBe(401);
    expect((await deliver(body, sign(`${body} `))).statusCode).toBe(401);
    expect((await deliver(body, null)).statusCode).toBe(401);
    expect((await deliver(body, 't=abc,v1=zz')).statusCode).toBe(401);
    expect((await deliver(body, sign(body, KEY, Math.floor(now.getTime() / 1000) - 600))).statusCode).toBe(401);
    const list = (await calendly.app.inject({ url: '/shop-api/appointments', headers: { cookie: patient.cookie } })).json<Appointment[]>();
    expect(list).toEqual([]);
  });
});
