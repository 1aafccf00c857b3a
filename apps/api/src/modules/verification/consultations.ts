import { eq } from 'drizzle-orm';
import {
  canChangeVideoConsultation,
  dateOfBirthText,
  freeVideoSlots,
  slotsByDay,
  verifiedBmi,
  videoCallOpen,
  VIDEO_CALL_OPENS_MINUTES_BEFORE,
  VIDEO_CONSULTATION_MESSAGES,
  VIDEO_CONSULTATION_MINUTES,
  VIDEO_CONSULTATION_REMINDERS_MINUTES,
  type ClinicVideoConsultation,
  type PatientVerification,
  type RecordVerificationBody,
  type RecordVideoVerificationBody,
  type StaffRole,
  type VerificationMethod,
  type VideoConsultation,
  type VideoConsultationsReply,
  type VideoSlotsReply,
  TASK_CODES,
} from '@elmwood/domain';
import type { Scheduler } from '../../adapters/scheduling/port';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { orders } from '../../db/schema/orders';
import { AppError, notFound } from '../../lib/errors';
import type { StaffRow } from '../../db/schema/clinic';
import type { PlacedOrderLookup } from '../../contracts/orders';
import { audit } from '../../lib/audit-log';
import type { Notifier } from '../../contracts/notifier';
import * as repo from './repo';
import type { ConsultationRow, PrescriberRow } from './repo';
import { byLabel, orderStanding, toPatientVerification } from './standing';
import { moveVideoConsultationTaskEvidence, reopenVideoConsultationTask } from './tasks';
import type { TaskBook } from '../../contracts/tasks';

const reminderKey = (id: string, minutes: number) => `video-consultation-reminder:${id}:${minutes}`;

/**
 * When the clinic deletes a patient's account: their consultations still ahead are cancelled, so the prescribers'
 * slots free up, and their reminders withdrawn (the account-deleted email is the patient's notice).
 */
export async function endVideoConsultationsOf(tx: Db, notifier: Pick<Notifier, 'withdraw'>, customerId: number, at: Date): Promise<void> {
  for (const row of await repo.consultationsOf(tx, customerId)) {
    if (row.status !== 'booked' || row.startsAt.getTime() <= at.getTime()) continue;
    const cancelled = await repo.cancelConsultation(tx, row.id, 'account-deleted', at);
    if (cancelled) for (const minutes of VIDEO_CONSULTATION_REMINDERS_MINUTES) await notifier.withdraw(tx, reminderKey(row.id, minutes));
  }
}

export interface VideoConsultationDeps {
  db: Db;
  notifier: Notifier;
  /** The scheduling port the coaches use: its built-in scheduler books on the shop's own page. */
  scheduler: Pick<Scheduler, 'name'>;
  placedOrder: PlacedOrderLookup;
  /** Booking the consultation, or a verification recorded any other way, completes the patient's open task. */
  taskBook: Pick<TaskBook, 'completeOpenWhere'>;
  now: () => Date;
}

/**
 * Video consultations with a prescriber and the verifications they bring (GPhC guidance, 2025): the patient books a
 * free 15-minute slot of any prescriber (UK time), moves or cancels it up to an hour before, and is reminded the day
 * before and an hour before; the prescriber records what they observed during the call, or a verification by another
 * method from the order's review. Every staff read and record is audited.
 */
export function createVideoConsultations({ db, notifier, scheduler, placedOrder, taskBook, now }: VideoConsultationDeps) {
  const completeVideoConsultationTask = (tx: Db, customerId: number, completedWith: string) =>
    taskBook.completeOpenWhere(tx, customerId, (task) => task.code === TASK_CODES.videoConsultation, completedWith);

  async function prescriberOf(tx: Pick<Db, 'select'>, staffId: number): Promise<PrescriberRow> {
    return (await repo.prescriberById(tx, staffId))!;
  }

  function toConsultation(row: ConsultationRow, prescriber: PrescriberRow, at: Date): VideoConsultation {
    return {
      id: row.id,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      status: row.status as VideoConsultation['status'],
      prescriber: byLabel(prescriber),
      canChange: row.status === 'booked' && canChangeVideoConsultation(row.startsAt, at),
      canJoin: row.status === 'booked' && videoCallOpen(row.startsAt, row.endsAt, at),
      opensAt: new Date(row.startsAt.getTime() - VIDEO_CALL_OPENS_MINUTES_BEFORE * 60_000).toISOString(),
    };
  }

  /** The weight-loss order waiting on a verification, if any (its patient has none that stands for it). */
  async function orderWaiting(tx: Db, customerId: number, at: Date): Promise<{ id: number; number: string } | null> {
    for (const order of await repo.undecidedWeightLossOrders(tx, customerId)) {
      const found = await orderStanding(tx, { id: order.id, customerId }, at);
      if (found.standing !== 'valid') return order;
    }
    return null;
  }

  async function announceBooking(tx: Db, row: ConsultationRow, at: Date) {
    const data = { consultationId: row.id, startsAt: row.startsAt.toISOString() };
    await notifier.notify(tx, { template: 'video-consultation-booked', customerId: row.customerId, dedupeKey: `video-consultation-booked:${row.id}`, data });
    for (const minutes of VIDEO_CONSULTATION_REMINDERS_MINUTES) {
      const remindAt = new Date(row.startsAt.getTime() - minutes * 60_000);
      if (remindAt.getTime() > at.getTime()) {
        await notifier.notify(tx, { template: 'video-consultation-reminder', customerId: row.customerId, dedupeKey: reminderKey(row.id, minutes), data }, { sendAfter: remindAt });
      }
    }
  }

  async function withdrawReminders(tx: Db, id: string) {
    for (const minutes of VIDEO_CONSULTATION_REMINDERS_MINUTES) await notifier.withdraw(tx, reminderKey(id, minutes));
  }

  /** Books `start` with the first prescriber free then, in the caller's transaction; 422/409 when it is not free. */
  async function bookSlot(tx: Db, customerId: number, orderId: number | null, start: Date, at: Date, rescheduledFrom: string | null): Promise<ConsultationRow> {
    const slot = await freeSlotAt(tx, start, at);
    if (!slot) throw new AppError(422, 'SLOT_UNAVAILABLE', VIDEO_CONSULTATION_MESSAGES.slotUnavailable);
    for (const staffId of slot) {
      const row = await repo.insertConsultation(tx, {
        customerId,
        staffId,
        orderId,
        startsAt: start,
        endsAt: new Date(start.getTime() + VIDEO_CONSULTATION_MINUTES * 60_000),
        source: scheduler.name,
        rescheduledFrom,
      });
      if (row) return row;
    }
    throw new AppError(409, 'SLOT_TAKEN', VIDEO_CONSULTATION_MESSAGES.slotTaken);
  }

  async function freeSlots(tx: Pick<Db, 'select'>, at: Date) {
    const [prescribers, booked] = await Promise.all([repo.activePrescribers(tx), repo.bookedStartsByPrescriber(tx, at)]);
    return freeVideoSlots(
      prescribers.map((prescriber) => ({ staffId: prescriber.id, availability: prescriber.videoAvailability, booked: booked.get(prescriber.id) ?? [] })),
      at,
    );
  }

  async function freeSlotAt(tx: Pick<Db, 'select'>, start: Date, at: Date): Promise<number[] | null> {
    return (await freeSlots(tx, at)).find((slot) => slot.start.getTime() === start.getTime())?.staffIds ?? null;
  }

  const lockPatient = (tx: Db, customerId: number) => tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');

  /** A verification by a prescriber, in the caller's transaction: BMI from the verified values; the patient's task done. */
  async function record(
    tx: Db,
    member: StaffRow,
    input: { customerId: number; orderId: number | null; method: VerificationMethod; body: RecordVerificationBody | RecordVideoVerificationBody; videoConsultationId: string | null; at: Date },
  ): Promise<PatientVerification> {
    const { weightKg, heightCm, identityChecked, evidence } = input.body;
    const row = await repo.insertVerification(tx, {
      customerId: input.customerId,
      staffId: member.id,
      method: input.method,
      weightKg,
      heightCm,
      bmi: verifiedBmi(weightKg, heightCm),
      identityChecked,
      evidence,
      orderId: input.orderId,
      videoConsultationId: input.videoConsultationId,
      verifiedAt: input.at,
    });
    await completeVideoConsultationTask(tx, input.customerId, `verification:${row.id}`);
    await audit(tx, {
      staffId: member.id,
      action: 'record-verification',
      patientId: input.customerId,
      orderId: input.orderId,
      resource: 'verification',
      resourceId: row.id,
      details: { method: input.method, identityChecked, ...(input.videoConsultationId ? { videoConsultationId: input.videoConsultationId } : {}) },
    });
    return toPatientVerification(row, (await prescriberOf(tx, member.id))!);
  }

  async function patientOf(tx: Pick<Db, 'select'>, customerId: number) {
    const [row] = await tx.select({ firstName: customers.firstName, lastName: customers.lastName, birthday: customers.birthday }).from(customers).where(eq(customers.id, customerId));
    return row!;
  }

  async function toClinicConsultation(tx: Pick<Db, 'select'>, row: ConsultationRow, at: Date): Promise<ClinicVideoConsultation> {
    const [patient, prescriber, verification] = [await patientOf(tx, row.customerId), await prescriberOf(tx, row.staffId), await repo.verificationOfCall(tx, row.id)];
    const [order] = row.orderId ? await tx.select({ number: orders.number }).from(orders).where(eq(orders.id, row.orderId)) : [];
    return {
      id: row.id,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      status: row.status as ClinicVideoConsultation['status'],
      canJoin: row.status === 'booked' && videoCallOpen(row.startsAt, row.endsAt, at),
      patient: { name: `${patient.firstName} ${patient.lastName}`.trim(), dateOfBirth: patient.birthday ? dateOfBirthText(patient.birthday, at) : null },
      orderNumber: order?.number ?? null,
      prescriber: byLabel(prescriber),
      verificationId: verification?.id ?? null,
    };
  }

  /** A consultation a member of the clinical team may open: any prescriber (a colleague may cover), pharmacists and admins read. */
  async function consultationFor(tx: Db, id: string, lock = false): Promise<ConsultationRow> {
    const row = await repo.consultationById(tx, id, lock);
    if (!row) throw notFound(VIDEO_CONSULTATION_MESSAGES.notFound);
    return row;
  }

  async function overviewOf(customerId: number, at: Date): Promise<VideoConsultationsReply> {
    const waiting = await orderWaiting(db, customerId, at);
    const rows = await repo.consultationsOf(db, customerId);
    const prescribers = new Map<number, PrescriberRow>();
    for (const row of rows) if (!prescribers.has(row.staffId)) prescribers.set(row.staffId, await prescriberOf(db, row.staffId));
    const consultations = rows.map((row) => toConsultation(row, prescribers.get(row.staffId)!, at));
    const upcoming = consultations.find((item) => item.status === 'booked' && new Date(item.endsAt).getTime() + 30 * 60_000 > at.getTime()) ?? null;
    return { needed: waiting !== null, orderNumber: waiting?.number ?? null, upcoming, consultations };
  }

  return {
    /** Free times across the prescribers, by UK day, for the next 14 days. */
    async slots(): Promise<VideoSlotsReply> {
      const at = now();
      return {
        timeZone: 'Europe/London',
        days: slotsByDay(await freeSlots(db, at)).map((day) => ({ date: day.date, slots: day.slots.map((slot) => ({ start: slot.start.toISOString(), end: slot.end.toISOString() })) })),
      };
    },

    overview: (customerId: number) => overviewOf(customerId, now()),

    async consultation(customerId: number, id: string): Promise<VideoConsultation> {
      const row = await repo.ownConsultation(db, customerId, id);
      if (!row) throw notFound(VIDEO_CONSULTATION_MESSAGES.notFound);
      return toConsultation(row, await prescriberOf(db, row.staffId), now());
    },

    /**
     * Books a consultation for a patient whose weight-loss order waits on a verification (403 otherwise), one at a
     * time (409 ALREADY_BOOKED), under the patient's lock; completes their task.
     */
    async book(customerId: number, start: Date): Promise<VideoConsultation> {
      const at = now();
      return db.transaction(async (tx) => {
        await lockPatient(tx, customerId);
        const waiting = await orderWaiting(tx, customerId, at);
        if (!waiting) throw new AppError(403, 'VERIFICATION_NOT_NEEDED', VIDEO_CONSULTATION_MESSAGES.notNeeded);
        const booked = (await repo.consultationsOf(tx, customerId)).some((row) => row.status === 'booked' && row.endsAt.getTime() > at.getTime());
        if (booked) throw new AppError(409, 'ALREADY_BOOKED', VIDEO_CONSULTATION_MESSAGES.alreadyBooked);
        const row = await bookSlot(tx, customerId, waiting.id, start, at, null);
        await announceBooking(tx, row, at);
        await completeVideoConsultationTask(tx, customerId, `video-consultation:${row.id}`);
        return toConsultation(row, await prescriberOf(tx, row.staffId), at);
      });
    },

    async cancel(customerId: number, id: string): Promise<VideoConsultation> {
      const at = now();
      return db.transaction(async (tx) => {
        const row = await repo.ownConsultation(tx, customerId, id, true);
        if (!row) throw notFound(VIDEO_CONSULTATION_MESSAGES.notFound);
        if (row.status !== 'booked') return toConsultation(row, await prescriberOf(tx, row.staffId), at);
        if (!canChangeVideoConsultation(row.startsAt, at)) throw new AppError(409, 'TOO_LATE_TO_CHANGE', VIDEO_CONSULTATION_MESSAGES.tooLate);
        const cancelled = (await repo.cancelConsultation(tx, row.id, 'patient', at))!;
        await withdrawReminders(tx, row.id);
        await notifier.notify(tx, { template: 'video-consultation-cancelled', customerId, dedupeKey: `video-consultation-cancelled:${row.id}`, data: { consultationId: row.id, startsAt: row.startsAt.toISOString() } });
        await reopenVideoConsultationTask(tx, customerId, row.id);
        return toConsultation(cancelled, await prescriberOf(tx, row.staffId), at);
      });
    },

    /** Moves a consultation to another free time (any prescriber): the old one cancelled and the new one booked at once. */
    async reschedule(customerId: number, id: string, start: Date): Promise<VideoConsultation> {
      const at = now();
      return db.transaction(async (tx) => {
        const row = await repo.ownConsultation(tx, customerId, id, true);
        if (!row) throw notFound(VIDEO_CONSULTATION_MESSAGES.notFound);
        if (row.status !== 'booked' || !canChangeVideoConsultation(row.startsAt, at)) throw new AppError(409, 'TOO_LATE_TO_CHANGE', VIDEO_CONSULTATION_MESSAGES.tooLate);
        await repo.cancelConsultation(tx, row.id, 'patient', at);
        await withdrawReminders(tx, row.id);
        const moved = await bookSlot(tx, customerId, row.orderId, start, at, row.id);
        await announceBooking(tx, moved, at);
        await moveVideoConsultationTaskEvidence(tx, customerId, row.id, moved.id);
        return toConsultation(moved, await prescriberOf(tx, moved.staffId), at);
      });
    },

    /** The room's gate for the patient: their own consultation, booked and open now. */
    async patientRoom(customerId: number, id: string): Promise<ConsultationRow> {
      const row = await repo.ownConsultation(db, customerId, id);
      if (!row) throw notFound(VIDEO_CONSULTATION_MESSAGES.notFound);
      if (row.status !== 'booked' || !videoCallOpen(row.startsAt, row.endsAt, now())) throw new AppError(409, 'CALL_NOT_OPEN', VIDEO_CONSULTATION_MESSAGES.closed);
      return row;
    },

    /** The room's gate for a prescriber: a booked consultation, open now; the join is audited. */
    async prescriberRoom(member: StaffRow, id: string): Promise<ConsultationRow> {
      const row = await consultationFor(db, id);
      if (row.status !== 'booked' || !videoCallOpen(row.startsAt, row.endsAt, now())) throw new AppError(409, 'CALL_NOT_OPEN', VIDEO_CONSULTATION_MESSAGES.closed);
      await audit(db, { staffId: member.id, action: 'join-video-consultation', patientId: row.customerId, orderId: row.orderId, resource: 'video-consultation', resourceId: row.id });
      return row;
    },

    /** The consultations still ahead: a prescriber's own (all of them with `all`), for pharmacists and admins every one. */
    async clinicList(member: StaffRow, all: boolean): Promise<{ consultations: ClinicVideoConsultation[] }> {
      const at = now();
      const own = (member.role as StaffRole) === 'prescriber' && !all;
      const rows = await repo.consultationsFrom(db, new Date(at.getTime() - 30 * 60_000), own ? member.id : undefined);
      await audit(db, { staffId: member.id, action: 'read-video-consultations', resource: 'queue', resourceId: own ? 'own' : 'all' });
      const consultations: ClinicVideoConsultation[] = [];
      for (const row of rows) consultations.push(await toClinicConsultation(db, row, at));
      return { consultations };
    },

    async clinicConsultation(member: StaffRow, id: string): Promise<ClinicVideoConsultation> {
      const row = await consultationFor(db, id);
      await audit(db, { staffId: member.id, action: 'read-video-consultation', patientId: row.customerId, orderId: row.orderId, resource: 'video-consultation', resourceId: row.id });
      return toClinicConsultation(db, row, now());
    },

    /** What the prescriber observed during the call, method 'video': once per call (409 after). */
    async recordVideo(member: StaffRow, id: string, body: RecordVideoVerificationBody): Promise<PatientVerification> {
      const at = now();
      return db.transaction(async (tx) => {
        const row = await consultationFor(tx, id, true);
        if (await repo.verificationOfCall(tx, row.id)) throw new AppError(409, 'ALREADY_RECORDED', 'This consultation’s verification is already recorded.');
        if (row.status === 'cancelled' || !videoCallOpen(row.startsAt, row.endsAt, at)) throw new AppError(409, 'CALL_NOT_OPEN', VIDEO_CONSULTATION_MESSAGES.closed);
        return record(tx, member, { customerId: row.customerId, orderId: row.orderId, method: 'video', body, videoConsultationId: row.id, at });
      });
    },

    /** The prescriber ends the call: the consultation is completed (the room closes). */
    async end(member: StaffRow, id: string): Promise<ClinicVideoConsultation> {
      const at = now();
      return db.transaction(async (tx) => {
        const row = await consultationFor(tx, id, true);
        const ended = (await repo.completeConsultation(tx, row.id, at)) ?? row;
        if (ended !== row) await audit(tx, { staffId: member.id, action: 'end-video-consultation', patientId: row.customerId, orderId: row.orderId, resource: 'video-consultation', resourceId: row.id });
        return toClinicConsultation(tx, ended, at);
      });
    },

    /** A verification by another method, recorded from the order's review (the order's patient). */
    async recordForOrder(member: StaffRow, orderNumber: string, parsed: RecordVerificationBody): Promise<PatientVerification> {
      const at = now();
      return db.transaction(async (tx) => {
        const order = await placedOrder(tx, orderNumber, true);
        return record(tx, member, { customerId: order.customerId, orderId: order.id, method: parsed.method, body: parsed, videoConsultationId: null, at });
      });
    },
  };
}
export type VideoConsultations = ReturnType<typeof createVideoConsultations>;
