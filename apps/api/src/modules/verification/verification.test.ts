import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { TASK_CODES, type OrderReview, type Task, type VideoConsultation, type VideoConsultationsReply, type VideoSlotsReply } from '@elmwood/domain';
import { signedInPatientWithId, type Patient } from '../../../test/support/account';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { NO_GP_CONSENT, orderInReview, signedInStaff, verifyPatient, type SignedInStaff } from '../../../test/support/staff';
import { staff, staffAuditLog } from '../../db/schema/clinic';
import { notifications } from '../../db/schema/notifications';
import { orderEvents, orders } from '../../db/schema/orders';
import { patientVerifications } from '../../db/schema/verification';

// Monday 23 November 2026, 09:00 in the UK (GMT): the prescribers' first free time is 09:15.
let clock = new Date('2026-11-23T09:00:00Z');
let ctx: TestContext;
let prescriber: SignedInStaff;
let pharmacist: SignedInStaff;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_ADDRESS: '1000' }, { now: () => clock });
  prescriber = await signedInStaff(ctx, 'prescriber');
  pharmacist = await signedInStaff(ctx, 'pharmacist');
  const weekdays = [1, 2, 3, 4, 5].map((day) => ({ day_of_week: day, time_start: '09:00', time_end: '17:00' }));
  await ctx.database.db.update(staff).set({ videoAvailability: weekdays }).where(eq(staff.id, prescriber.row.id));
}, 60_000);
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const asPatient = (patient: Patient, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/shop-api${url}`, headers: { cookie: patient.cookie }, ...(payload ? { payload } : {}) });
const asStaff = (member: SignedInStaff, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/shop-api/clinic${url}`, headers: { cookie: member.cookie }, ...(payload ? { payload } : {}) });
const approve = (orderNumber: string) => asStaff(prescriber, 'POST', `/orders/${orderNumber}/approve`, NO_GP_CONSENT);
const review = async (orderNumber: string) => (await asStaff(prescriber, 'GET', `/orders/${orderNumber}`)).json<OrderReview>();

async function patientInReview(): Promise<{ patient: Patient; orderNumber: string }> {
  const patient = await signedInPatientWithId(ctx.app, db());
  const { orderNumber } = await orderInReview(ctx, patient.cookie);
  return { patient, orderNumber };
}

/** Opens a signalling socket and collects what it is sent. */
async function socket(url: string, cookie: string): Promise<{ ws: WebSocket; received: Record<string, unknown>[]; next: (type: string) => Promise<Record<string, unknown>> }> {
  const received: Record<string, unknown>[] = [];
  const waiting: { type: string; resolve: (message: Record<string, unknown>) => void }[] = [];
  const ws = await ctx.app.injectWS(url, { headers: { cookie, host: 'localhost:80' } }, {
    onInit: (client) =>
      client.on('message', (raw: Buffer) => {
        const message = JSON.parse(raw.toString()) as Record<string, unknown>;
        received.push(message);
        for (const waiter of waiting.filter((entry) => entry.type === message.type)) {
          waiting.splice(waiting.indexOf(waiter), 1);
          waiter.resolve(message);
        }
      }),
  });
  const next = (type: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const seen = received.find((message) => message.type === type);
      if (seen) {
        received.splice(received.indexOf(seen), 1);
        return resolve(seen);
      }
      waiting.push({ type, resolve });
      setTimeout(() => reject(new Error(`no ${type} message`)), 5_000);
    });
  return { ws, received, next };
}

describe('the approval of a weight-loss medicine', () => {
  it('is refused without a verification of weight and height, with the reason; the patient is asked to book a video consultation', async () => {
    const { patient, orderNumber } = await patientInReview();
    const refused = await approve(orderNumber);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'VERIFICATION_NEEDED', message: expect.stringMatching(/^Weight and height must be verified \(video consultation, in person, clinical record or GP confirmation\)/) });
    const [order] = await db().select().from(orders).where(eq(orders.number, orderNumber));
    expect(order).toMatchObject({ state: 'in_review', paymentState: 'authorised' });

    expect((await review(orderNumber)).verification).toMatchObject({
      required: true,
      standing: 'missing',
      verification: null,
      declared: { source: 'consultation', weightKg: 128, heightCm: 200, bmi: 32 },
      outsideTolerance: false,
      tolerance: 1,
    });
    const tasks = (await asPatient(patient, 'GET', '/tasks')).json<Task[]>();
    expect(tasks.find((task) => task.taskDefinition.code === TASK_CODES.videoConsultation)).toMatchObject({ taskType: 'video-consultation', state: 'open', badge: 'Required' });
    expect((await asPatient(patient, 'GET', '/video-consultations')).json<VideoConsultationsReply>()).toMatchObject({ needed: true, orderNumber, upcoming: null });
  }, 60_000);

  it('goes through on a verification recorded by another method, which the approval keeps with its evidence', async () => {
    const { patient, orderNumber } = await patientInReview();
    // Evidence is required for every method but video; a photo is not a method.
    expect((await asStaff(prescriber, 'POST', `/orders/${orderNumber}/verifications`, { method: 'gp_confirmation', weightKg: 128, heightCm: 200, identityChecked: true })).statusCode).toBe(400);
    expect((await asStaff(prescriber, 'POST', `/orders/${orderNumber}/verifications`, { method: 'photo', weightKg: 128, heightCm: 200, identityChecked: true, evidence: 'Their photo' })).statusCode).toBe(400);
    expect((await asStaff(pharmacist, 'POST', `/orders/${orderNumber}/verifications`, { method: 'in_person', weightKg: 128, heightCm: 200, identityChecked: true, evidence: 'x' })).statusCode).toBe(403);
    const recorded = await asStaff(prescriber, 'POST', `/orders/${orderNumber}/verifications`, { method: 'gp_confirmation', weightKg: 127.6, heightCm: 200, identityChecked: false, evidence: 'Dr Shah, Elm Surgery, by email today' });
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(recorded.json()).toMatchObject({ method: 'gp_confirmation', methodName: 'Confirmed by the GP', bmi: 31.9, identityChecked: false, verifiedBy: 'Test prescriber (GPhC 2071234)', validUntil: '2027-05-22' });
    // The patient no longer needs a video consultation: their task is done.
    expect((await asPatient(patient, 'GET', '/video-consultations')).json<VideoConsultationsReply>()).toMatchObject({ needed: false });

    expect((await approve(orderNumber)).statusCode).toBe(200);
    const [order] = await db().select().from(orders).where(eq(orders.number, orderNumber));
    const [approval] = await db().select().from(orderEvents).where(and(eq(orderEvents.orderId, order!.id), eq(orderEvents.event, 'approved')));
    expect(approval!.data).toMatchObject({ verification: { method: 'gp_confirmation', methodName: 'Confirmed by the GP', bmi: 31.9, identityChecked: false, verifiedBy: 'Test prescriber (GPhC 2071234)' } });
    const audited = await db().select().from(staffAuditLog).where(and(eq(staffAuditLog.orderId, order!.id), eq(staffAuditLog.action, 'record-verification')));
    expect(audited).toHaveLength(1);
    // Support's view of the order never shows the verified values.
    const support = await signedInStaff(ctx, 'support');
    expect(JSON.stringify((await asStaff(support, 'GET', `/orders/${orderNumber}`)).json())).not.toContain('Confirmed by the GP');
  }, 60_000);

  it('is refused once the verification is past its validity (6 months), and allowed on its last valid day', async () => {
    const { patient, orderNumber } = await patientInReview();
    const insertVerifiedAt = (verifiedAt: string) =>
      db().insert(patientVerifications).values({ customerId: patient.customerId, staffId: prescriber.row.id, method: 'in_person', weightKg: 128, heightCm: 200, bmi: 32, identityChecked: true, evidence: 'Pharmacy', verifiedAt: new Date(verifiedAt) });
    // Made 23 May 2026: it stood until 22 November 2026; today is 23 November.
    await insertVerifiedAt('2026-05-23T10:00:00Z');
    const refused = await approve(orderNumber);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'VERIFICATION_NEEDED', message: 'The last verification of weight and height stood until 22 November 2026. Weight and height must be verified again before approval.' });
    expect((await review(orderNumber)).verification).toMatchObject({ standing: 'expired', verification: { validUntil: '2026-11-22' } });
    // Made 24 May 2026 (BST): it stands until today.
    await insertVerifiedAt('2026-05-24T10:00:00Z');
    expect((await approve(orderNumber)).statusCode).toBe(200);
  }, 60_000);
});

describe('the video consultation', () => {
  it('is booked by the patient, joined by both, and its verification lets the approval through with the verified BMI', async () => {
    const { patient, orderNumber } = await patientInReview();
    const other = await signedInPatientWithId(ctx.app, db());

    const slots = (await asPatient(patient, 'GET', '/video-consultations/slots')).json<VideoSlotsReply>();
    expect(slots.timeZone).toBe('Europe/London');
    expect(slots.days[0]).toMatchObject({ date: '2026-11-23', slots: expect.arrayContaining([{ start: '2026-11-23T09:15:00.000Z', end: '2026-11-23T09:30:00.000Z' }]) });
    expect(slots.days[0]!.slots[0]!.start).toBe('2026-11-23T09:15:00.000Z');
    expect((await asPatient(patient, 'POST', '/video-consultations', { start: '2026-11-23T09:20:00Z' })).json()).toMatchObject({ code: 'SLOT_UNAVAILABLE' });
    // A patient with nothing to verify is not booked in.
    expect((await asPatient(other, 'POST', '/video-consultations', { start: '2026-11-23T09:15:00Z' })).json()).toMatchObject({ code: 'VERIFICATION_NOT_NEEDED' });

    const booked = await asPatient(patient, 'POST', '/video-consultations', { start: '2026-11-23T09:15:00Z' });
    expect(booked.statusCode, booked.body).toBe(201);
    const consultation = booked.json<VideoConsultation>();
    expect(consultation).toMatchObject({ status: 'booked', prescriber: 'Test prescriber (GPhC 2071234)', canJoin: false, canChange: false });
    // One slot, one patient: the time is no longer offered.
    expect((await asPatient(patient, 'GET', '/video-consultations/slots')).json<VideoSlotsReply>().days[0]!.slots[0]!.start).toBe('2026-11-23T09:30:00.000Z');
    const mails = await db().select().from(notifications).where(eq(notifications.customerId, patient.customerId));
    expect(mails.map((mail) => mail.template)).toEqual(expect.arrayContaining(['video-consultation-booked']));
    expect((await asPatient(patient, 'GET', '/tasks')).json<Task[]>().some((task) => task.taskDefinition.code === TASK_CODES.videoConsultation)).toBe(false);
    expect((await review(orderNumber)).verification).toMatchObject({ standing: 'missing', videoConsultation: { id: consultation.id, startsAt: '2026-11-23T09:15:00.000Z' } });

    // Another patient can neither read the booking nor join its room; nor can anyone before the room opens.
    expect((await asPatient(other, 'GET', `/video-consultations/${consultation.id}`)).statusCode).toBe(404);
    expect((await asPatient(other, 'POST', `/video-consultations/${consultation.id}/cancel`)).statusCode).toBe(404);
    await expect(socket(`/shop-api/video-consultations/${consultation.id}/signal`, other.cookie)).rejects.toThrow(/404/);
    await expect(socket(`/shop-api/video-consultations/${consultation.id}/signal`, patient.cookie)).rejects.toThrow(/409/);

    clock = new Date('2026-11-23T09:10:00Z');
    await expect(socket(`/shop-api/video-consultations/${consultation.id}/signal`, other.cookie)).rejects.toThrow(/404/);
    await expect(socket(`/shop-api/clinic/video-consultations/${consultation.id}/signal`, patient.cookie)).rejects.toThrow(/401/);
    await expect(socket(`/shop-api/clinic/video-consultations/${consultation.id}/signal`, pharmacist.cookie)).rejects.toThrow(/403/);
    const patientSide = await socket(`/shop-api/video-consultations/${consultation.id}/signal`, patient.cookie);
    expect(await patientSide.next('welcome')).toEqual({ type: 'welcome', role: 'patient', peerPresent: false, iceServers: [] });
    const prescriberSide = await socket(`/shop-api/clinic/video-consultations/${consultation.id}/signal`, prescriber.cookie);
    expect(await prescriberSide.next('welcome')).toMatchObject({ role: 'prescriber', peerPresent: true });
    await patientSide.next('peer-joined');
    // What one browser sends reaches the other only; malformed messages go nowhere.
    prescriberSide.ws.send(JSON.stringify({ type: 'description', description: { type: 'offer', sdp: 'v=0 offer' } }));
    prescriberSide.ws.send('not json');
    expect(await patientSide.next('description')).toEqual({ type: 'description', description: { type: 'offer', sdp: 'v=0 offer' } });
    patientSide.ws.send(JSON.stringify({ type: 'candidate', candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 } }));
    expect(await prescriberSide.next('candidate')).toMatchObject({ candidate: { sdpMid: '0' } });
    expect(prescriberSide.received.some((message) => message.type === 'description')).toBe(false);

    // The prescriber reads 140 kg from the scales at 200 cm: BMI 35, 3 above the declared 32.
    const recorded = await asStaff(prescriber, 'POST', `/video-consultations/${consultation.id}/verification`, { weightKg: 140, heightCm: 200, identityChecked: true });
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(recorded.json()).toMatchObject({ method: 'video', bmi: 35, videoConsultationId: consultation.id });
    expect((await asStaff(prescriber, 'POST', `/video-consultations/${consultation.id}/verification`, { weightKg: 140, heightCm: 200, identityChecked: true })).statusCode).toBe(409);
    expect((await asStaff(prescriber, 'POST', `/video-consultations/${consultation.id}/end`)).json()).toMatchObject({ status: 'completed', verificationId: recorded.json().id });
    expect(await patientSide.next('ended')).toEqual({ type: 'ended' });

    expect((await review(orderNumber)).verification).toMatchObject({
      standing: 'valid',
      verification: { method: 'video', methodName: 'Video consultation', weightKg: 140, heightCm: 200, bmi: 35, identityChecked: true },
      declared: { bmi: 32 },
      bmiDifference: 3,
      outsideTolerance: true,
    });
    expect((await approve(orderNumber)).json()).toMatchObject({ state: 'approved' });
    const audit = await db().select().from(staffAuditLog).where(and(eq(staffAuditLog.staffId, prescriber.row.id), eq(staffAuditLog.resourceId, consultation.id)));
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['join-video-consultation', 'end-video-consultation']));
    clock = new Date('2026-11-23T09:00:00Z');
  }, 60_000);

  it('flags no difference within the tolerance, and is cancelled and moved by the patient up to an hour before', async () => {
    const { patient, orderNumber } = await patientInReview();
    const first = (await asPatient(patient, 'POST', '/video-consultations', { start: '2026-11-24T10:00:00Z' })).json<VideoConsultation>();
    expect(first.canChange).toBe(true);
    // Reminded the day before and an hour before.
    const reminders = async (id: string) =>
      (await db().select().from(notifications).where(eq(notifications.template, 'video-consultation-reminder')))
        .filter((row) => row.dedupeKey.startsWith(`video-consultation-reminder:${id}:`))
        .map((row) => [row.sendAfter.toISOString(), row.status])
        .sort();
    expect(await reminders(first.id)).toEqual([
      ['2026-11-23T10:00:00.000Z', 'queued'],
      ['2026-11-24T09:00:00.000Z', 'queued'],
    ]);
    expect((await asPatient(patient, 'POST', '/video-consultations', { start: '2026-11-24T11:00:00Z' })).json()).toMatchObject({ code: 'ALREADY_BOOKED' });
    const moved = await asPatient(patient, 'POST', `/video-consultations/${first.id}/reschedule`, { start: '2026-11-24T11:00:00Z' });
    expect(moved.json()).toMatchObject({ status: 'booked', startsAt: '2026-11-24T11:00:00.000Z' });
    // The first time's reminders are withdrawn; the new time's are queued.
    expect((await reminders(first.id)).map(([, status]) => status)).toEqual(['cancelled', 'cancelled']);
    expect((await reminders(moved.json<VideoConsultation>().id)).map(([, status]) => status)).toEqual(['queued', 'queued']);
    const overview = (await asPatient(patient, 'GET', '/video-consultations')).json<VideoConsultationsReply>();
    expect(overview.consultations.map((item) => item.status)).toEqual(['cancelled', 'booked']);
    const cancelled = await asPatient(patient, 'POST', `/video-consultations/${moved.json<VideoConsultation>().id}/cancel`);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    // Cancelled before any verification: the task is open again.
    expect((await asPatient(patient, 'GET', '/tasks')).json<Task[]>().some((task) => task.taskDefinition.code === TASK_CODES.videoConsultation && task.state === 'open')).toBe(true);

    // 1 BMI point above the declared 32 is within the tolerance.
    await verifyPatient(ctx, prescriber, orderNumber, { method: 'in_person', weightKg: 132, heightCm: 200, identityChecked: true, evidence: 'Pharmacy scales' });
    expect((await review(orderNumber)).verification).toMatchObject({ verification: { bmi: 33 }, bmiDifference: 1, outsideTolerance: false });
  }, 60_000);
});
