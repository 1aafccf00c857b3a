import { eq } from 'drizzle-orm';
import {
  APPOINTMENT_MESSAGES,
  canChangeCoachCall,
  COACH_RELATIONSHIP,
  COACHING_MESSAGES,
  coachingEligibility,
  mayBookCoachCall,
  freeCoachSlots,
  isFreeCoachSlot,
  slotsByDay,
  TASK_CODES,
  type Appointment,
  type AssignedCoach,
  type Coach,
  type CoachingStatus,
  type CoachSlotsReply,
  type Task,
  ukCalendarDate,
} from '@elmwood/domain';
import type { Scheduler, SchedulingEvent } from '../../adapters/scheduling/port';
import type { Db } from '../../db/client';
import { coachAssignments } from '../../db/schema/coaches';
import { customers } from '../../db/schema/customers';
import { AppError, notFound } from '../../lib/errors';
import type { Notifier } from '../../contracts/notifier';
import * as repo from './repo';
import type { AppointmentRow, CoachRow } from './repo';
import type { BookingReferences } from './booking-reference';
import { weightLossTreatmentOf } from './eligibility';
import type { TaskBook } from '../../contracts/tasks';

export const BOOKING_PAGE = '/account/coaches/book';
const DAY_MS = 24 * 60 * 60 * 1000;
const CHANNEL = 'WEB_WL_UK';

type Patient = { uid: string; firstName: string; lastName: string; email: string; phoneNumber: string | null };

export interface BookedCall {
  appointment: Appointment;
  /** The first-call task this booking completed (the page shows its popup), or null. */
  completedTask: Task | null;
}

const coachName = (coach: CoachRow) => `${coach.firstName} ${coach.lastName}`;
const reminderKey = (appointmentId: string) => `coach-call-reminder:${appointmentId}`;

/** A call as the shop API answers it (SPEC §3 Appointment). */
export function toAppointment(row: AppointmentRow, coach: CoachRow, at: Date): Appointment {
  const data = row.eventData as Record<string, string | undefined>;
  const ended = row.endsAt.getTime() <= at.getTime();
  return {
    id: row.id,
    img: coach.images.thumbnail,
    name: `Call with ${coachName(coach)}`,
    date: row.startsAt.toISOString(),
    type: ended || row.status !== 'booked' ? 'past' : 'upcoming',
    attended: row.attended,
    details: `A 20-minute phone call with ${coach.firstName}, your weight-loss coach. ${coach.firstName} will call you on the number in your account.`,
    time_start: row.startsAt.toISOString(),
    time_end: row.endsAt.toISOString(),
    status: row.status as Appointment['status'],
    no_show: row.noShow,
    external_id: row.externalId,
    can_change: row.status === 'booked' && canChangeCoachCall(row.startsAt, at),
    doctor: { id: coach.id, firstname: coach.firstName, lastname: coach.lastName, channel: CHANNEL },
    event_data: {
      cancel_url: data.cancel_url ?? `/account/appointments?cancel=${row.id}`,
      reschedule_url: data.reschedule_url ?? `${BOOKING_PAGE}?reschedule=${row.id}`,
      location: data.location ?? 'Phone call',
      event_type: data.event_type ?? 'Coach call',
      invitee_id: data.invitee_id ?? null,
    },
  };
}


/**
 * When the clinic deletes a patient's account: their calls still ahead are cancelled, so the coach's slots free up,
 * and their reminders withdrawn; the coach assignment goes too. The account-deleted email is the patient's notice.
 */
export async function endCoachingOf(tx: repo.Queryable, notifier: Pick<Notifier, 'withdraw'>, customerId: number, at: Date): Promise<void> {
  for (const call of await repo.futureBookedOf(tx, customerId, at)) {
    const row = await repo.cancelAppointment(tx, call.id, 'account-deleted', at);
    if (row) await notifier.withdraw(tx, reminderKey(row.id));
  }
  await tx.delete(coachAssignments).where(eq(coachAssignments.customerId, customerId));
}

/** The patient's calls still booked and not yet ended, soonest first (the account home shows them). */
export async function upcomingAppointments(db: Db, customerId: number, at: Date): Promise<Appointment[]> {
  const rows = (await repo.appointmentsOf(db, customerId)).filter((row) => row.status === 'booked' && row.endsAt.getTime() > at.getTime());
  const coachRows = new Map<string, CoachRow>();
  for (const row of rows) if (!coachRows.has(row.coachId)) coachRows.set(row.coachId, (await repo.coachById(db, row.coachId))!);
  return rows.map((row) => toAppointment(row, coachRows.get(row.coachId)!, at));
}

/**
 * Coaches and their calls (SPEC §2, §3, §7): one coach per patient, calls booked in the coach's free 20-minute
 * slots (the database refuses a second booking of one slot), cancelled or moved by the patient up to 2 hours before,
 * with the confirmation, a reminder 24 hours before and any cancellation sent through the notifications module.
 * Coaching is for patients with an approved weight-loss treatment and its after-care (packages/domain
 * coachingEligibility), with at most `maxUpcomingCalls` calls booked ahead.
 */
export function createCoachService({
  db,
  notifier,
  scheduler,
  references,
  now,
  maxUpcomingCalls,
  taskBook,
}: {
  db: Db;
  notifier: Notifier;
  scheduler: Scheduler;
  references: BookingReferences;
  now: () => Date;
  maxUpcomingCalls: number;
  /** The initial coach call task is done once a call is booked. */
  taskBook: Pick<TaskBook, 'completeOpenWhere'>;
}) {
  /** Whether the patient may have coaching now, read in the caller's transaction. */
  async function eligibilityOf(tx: repo.Queryable, customerId: number) {
    return coachingEligibility(await weightLossTreatmentOf(tx, customerId), ukCalendarDate(now()));
  }

  async function requireCoaching(tx: repo.Queryable, customerId: number): Promise<void> {
    const eligibility = await eligibilityOf(tx, customerId);
    if (!eligibility.eligible) throw new AppError(403, 'COACHING_NOT_AVAILABLE', eligibility.message);
  }

  async function patientOf(customerId: number): Promise<Patient> {
    const [row] = await db
      .select({ uid: customers.uid, firstName: customers.firstName, lastName: customers.lastName, email: customers.email, phoneNumber: customers.phoneNumber })
      .from(customers)
      .where(eq(customers.id, customerId));
    if (!row) throw notFound(APPOINTMENT_MESSAGES.coachNotFound);
    return row;
  }

  /** A patient who may not book is never handed an outside booking page (Calendly's), only the shop's own. */
  function toCoach(row: CoachRow, patient: Patient, mayBook = true): Coach {
    const external = !mayBook ? null : scheduler.bookingUrl(row, {
      name: `${patient.firstName} ${patient.lastName}`,
      email: patient.email,
      phone: patient.phoneNumber,
      reference: references.sign(patient.uid),
    });
    return {
      id: row.id,
      medical_personnel_id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      images: row.images,
      description: row.description,
      availability: row.availability,
      specialism: row.specialism,
      qualifications: row.qualifications,
      about: row.about,
      approach: row.approach,
      howWeWillWork: row.howWeWillWork,
      testimonials: row.testimonials,
      bookingLink: external ?? BOOKING_PAGE,
      calendlyLink: row.calendlyLink,
    };
  }

  /** Confirmation now, reminder 24 hours before (when that is still ahead). */
  async function announceBooking(tx: Db, row: AppointmentRow, coach: CoachRow, at: Date) {
    const data = { appointmentId: row.id, coachName: coachName(coach), startsAt: row.startsAt.toISOString() };
    await notifier.notify(tx, { template: 'coach-call-booked', customerId: row.customerId, dedupeKey: `coach-call-booked:${row.id}`, data });
    const remindAt = new Date(row.startsAt.getTime() - DAY_MS);
    if (remindAt.getTime() > at.getTime()) {
      await notifier.notify(tx, { template: 'coach-call-reminder', customerId: row.customerId, dedupeKey: reminderKey(row.id), data }, { sendAfter: remindAt });
    }
  }

  async function announceCancellation(tx: Db, row: AppointmentRow, coach: CoachRow, reason: 'patient' | 'coach-changed' | 'calendly') {
    await notifier.withdraw(tx, reminderKey(row.id));
    await notifier.notify(tx, {
      template: 'coach-call-cancelled',
      customerId: row.customerId,
      dedupeKey: `coach-call-cancelled:${row.id}`,
      data: { appointmentId: row.id, coachName: coachName(coach), startsAt: row.startsAt.toISOString(), reason },
    });
  }

  /** Books `start` with the coach in the caller's transaction, or throws 409 when it is not (or no longer) free. */
  async function bookSlot(tx: Db, customerId: number, coach: CoachRow, start: Date, at: Date, rescheduledFrom: string | null): Promise<AppointmentRow> {
    const booked = await repo.bookedStarts(tx, coach.id, at);
    if (!isFreeCoachSlot(coach.availability, [], at, start)) throw new AppError(422, 'SLOT_UNAVAILABLE', APPOINTMENT_MESSAGES.slotUnavailable);
    if (booked.some((instant) => instant.getTime() === start.getTime())) throw new AppError(409, 'SLOT_TAKEN', APPOINTMENT_MESSAGES.slotTaken);
    const row = await repo.insertAppointment(tx, {
      customerId,
      coachId: coach.id,
      startsAt: start,
      endsAt: new Date(start.getTime() + 20 * 60_000),
      source: scheduler.name,
      rescheduledFrom,
    });
    if (!row) throw new AppError(409, 'SLOT_TAKEN', APPOINTMENT_MESSAGES.slotTaken);
    return row;
  }

  async function ownCoach(tx: Db, customerId: number): Promise<CoachRow> {
    const assignment = await repo.assignmentOf(tx, customerId);
    const coach = assignment ? await repo.coachById(tx, assignment.coachId) : undefined;
    if (!coach) throw new AppError(409, 'NO_COACH', APPOINTMENT_MESSAGES.noCoach);
    return coach;
  }

  return {
    async list(customerId: number): Promise<Coach[]> {
      const patient = await patientOf(customerId);
      const { eligible } = await eligibilityOf(db, customerId);
      return (await repo.activeCoaches(db)).map((row) => toCoach(row, patient, eligible));
    },

    /** Whether the patient may have a coach and book a call now, and what they are told when not. */
    async status(customerId: number): Promise<CoachingStatus> {
      const [eligibility, upcoming] = await Promise.all([eligibilityOf(db, customerId), repo.futureBookedOf(db, customerId, now())]);
      const underLimit = mayBookCoachCall(upcoming.length, maxUpcomingCalls);
      return {
        eligible: eligibility.eligible,
        message: eligibility.eligible ? null : eligibility.message,
        until: eligibility.eligible ? eligibility.until : null,
        canBook: eligibility.eligible && underLimit,
        bookingMessage: eligibility.eligible && !underLimit ? COACHING_MESSAGES.callLimit(maxUpcomingCalls) : null,
        maxUpcomingCalls,
        upcomingCalls: upcoming.length,
      };
    },

    async assigned(customerId: number): Promise<AssignedCoach> {
      const patient = await patientOf(customerId);
      const assignment = await repo.assignmentOf(db, customerId);
      const coach = assignment ? await repo.coachById(db, assignment.coachId) : undefined;
      return { medical_personnel_id: coach?.id ?? null, relationship: COACH_RELATIONSHIP, coach: coach ? toCoach(coach, patient) : null };
    },

    /**
     * Makes the coach the patient's one coach. Choosing another replaces the first, and the first coach's calls still
     * ahead are cancelled (with a message) in the same transaction. Choosing the same coach again changes nothing.
     */
    async assign(customerId: number, coachId: string): Promise<AssignedCoach & { cancelledAppointments: number }> {
      const patient = await patientOf(customerId);
      const at = now();
      return db.transaction(async (tx) => {
        // One assignment at a time per patient: two choices at once are taken one after the other.
        await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
        await requireCoaching(tx, customerId);
        const coach = await repo.activeCoach(tx, coachId);
        if (!coach) throw notFound(APPOINTMENT_MESSAGES.coachNotFound);
        const previous = await repo.assignmentOf(tx, customerId);
        let cancelled = 0;
        if (previous && previous.coachId !== coach.id) {
          const previousCoach = (await repo.coachById(tx, previous.coachId))!;
          for (const call of await repo.futureBookedWith(tx, customerId, previous.coachId, at)) {
            const row = await repo.cancelAppointment(tx, call.id, 'coach-change', at);
            if (row) {
              cancelled += 1;
              await announceCancellation(tx as unknown as Db, row, previousCoach, 'coach-changed');
            }
          }
        }
        if (!previous || previous.coachId !== coach.id) {
          await tx
            .insert(coachAssignments)
            .values({ customerId, coachId: coach.id, relationship: COACH_RELATIONSHIP, assignedAt: at })
            .onConflictDoUpdate({ target: coachAssignments.customerId, set: { coachId: coach.id, relationship: COACH_RELATIONSHIP, assignedAt: at } });
        }
        return { medical_personnel_id: coach.id, relationship: COACH_RELATIONSHIP, coach: toCoach(coach, patient), cancelledAppointments: cancelled };
      });
    },

    async slots(coachId: string): Promise<CoachSlotsReply> {
      const coach = await repo.activeCoach(db, coachId);
      if (!coach) throw notFound(APPOINTMENT_MESSAGES.coachNotFound);
      const at = now();
      const free = freeCoachSlots(coach.availability, await repo.bookedStarts(db, coach.id, at), at);
      return {
        coachId: coach.id,
        timeZone: 'Europe/London',
        days: slotsByDay(free).map((day) => ({ date: day.date, slots: day.slots.map((slot) => ({ start: slot.start.toISOString(), end: slot.end.toISOString() })) })),
      };
    },

    /**
     * Books a call with the patient's own coach; the first call booked completes the 'book your first coach call' task.
     * Under the patient's lock, so two bookings at once cannot both find room under the limit of calls booked ahead.
     */
    async book(customerId: number, coachId: string, start: Date): Promise<BookedCall> {
      const at = now();
      return db.transaction(async (tx) => {
        await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
        await requireCoaching(tx, customerId);
        if (!mayBookCoachCall((await repo.futureBookedOf(tx, customerId, at)).length, maxUpcomingCalls)) {
          throw new AppError(409, 'CALL_LIMIT', COACHING_MESSAGES.callLimit(maxUpcomingCalls));
        }
        const coach = await ownCoach(tx as unknown as Db, customerId);
        if (coach.id !== coachId) throw new AppError(409, 'NOT_YOUR_COACH', APPOINTMENT_MESSAGES.notYourCoach);
        const row = await bookSlot(tx as unknown as Db, customerId, coach, start, at, null);
        await announceBooking(tx as unknown as Db, row, coach, at);
        const completed = await taskBook.completeOpenWhere(tx as unknown as Db, customerId, (task) => task.code === TASK_CODES.initialCoachCall, `appointment:${row.id}`);
        return { appointment: toAppointment(row, coach, at), completedTask: completed[0] ?? null };
      });
    },

    async appointments(customerId: number): Promise<Appointment[]> {
      const at = now();
      const rows = await repo.appointmentsOf(db, customerId);
      const coachesById = new Map((await Promise.all([...new Set(rows.map((row) => row.coachId))].map((id) => repo.coachById(db, id)))).map((coach) => [coach!.id, coach!]));
      return rows.map((row) => toAppointment(row, coachesById.get(row.coachId)!, at));
    },

    async appointment(customerId: number, id: string): Promise<Appointment> {
      const row = await repo.ownAppointment(db, customerId, id);
      if (!row) throw notFound(APPOINTMENT_MESSAGES.notFound);
      return toAppointment(row, (await repo.coachById(db, row.coachId))!, now());
    },

    async cancel(customerId: number, id: string): Promise<Appointment> {
      const at = now();
      return db.transaction(async (tx) => {
        const row = await repo.ownAppointment(tx, customerId, id, true);
        if (!row) throw notFound(APPOINTMENT_MESSAGES.notFound);
        const coach = (await repo.coachById(tx, row.coachId))!;
        if (row.status !== 'booked') return toAppointment(row, coach, at);
        if (!canChangeCoachCall(row.startsAt, at)) throw new AppError(409, 'TOO_LATE_TO_CHANGE', APPOINTMENT_MESSAGES.tooLate);
        const cancelled = (await repo.cancelAppointment(tx, row.id, 'patient', at))!;
        await announceCancellation(tx as unknown as Db, cancelled, coach, 'patient');
        return toAppointment(cancelled, coach, at);
      });
    },

    /** Moves a call to another free slot of the same coach: the old one is cancelled and the new one booked at once. */
    async reschedule(customerId: number, id: string, start: Date): Promise<Appointment> {
      const at = now();
      return db.transaction(async (tx) => {
        const row = await repo.ownAppointment(tx, customerId, id, true);
        if (!row) throw notFound(APPOINTMENT_MESSAGES.notFound);
        if (row.status !== 'booked' || !canChangeCoachCall(row.startsAt, at)) throw new AppError(409, 'TOO_LATE_TO_CHANGE', APPOINTMENT_MESSAGES.tooLate);
        const coach = (await repo.coachById(tx, row.coachId))!;
        await repo.cancelAppointment(tx, row.id, 'patient', at);
        await notifier.withdraw(tx, reminderKey(row.id));
        const moved = await bookSlot(tx as unknown as Db, customerId, coach, start, at, row.id);
        await announceBooking(tx as unknown as Db, moved, coach, at);
        return toAppointment(moved, coach, at);
      });
    },

    /**
     * A booking or cancellation made on Calendly: recorded once per invitee. The coach is matched by their email; the
     * patient only by the signed reference their booking link carried, never by the email typed on Calendly's page.
     */
    async schedulingEvent(event: SchedulingEvent): Promise<'recorded' | 'ignored'> {
      const at = now();
      return db.transaction(async (tx) => {
        const existing = await repo.appointmentByExternalId(tx, event.externalId);
        if (event.kind === 'cancelled') {
          if (!existing) return 'ignored';
          const row = await repo.cancelAppointment(tx, existing.id, 'calendly', at);
          // A call moved on Calendly arrives as this cancellation and a new booking: the booking's confirmation says it all.
          if (row && event.rescheduled) await notifier.withdraw(tx, reminderKey(row.id));
          else if (row) await announceCancellation(tx as unknown as Db, row, (await repo.coachById(tx, row.coachId))!, 'calendly');
          return row ? 'recorded' : 'ignored';
        }
        if (existing || !event.hostEmail) return 'ignored';
        const coach = await repo.coachByEmail(tx, event.hostEmail);
        const uid = references.verify(event.reference);
        const [patient] = uid ? await tx.select({ id: customers.id }).from(customers).where(eq(customers.uid, uid)) : [];
        if (!coach || !patient) return 'ignored';
        const row = await repo.insertAppointment(tx, {
          customerId: patient.id,
          coachId: coach.id,
          startsAt: event.startsAt,
          endsAt: event.endsAt,
          source: 'calendly',
          externalId: event.externalId,
          eventData: { cancel_url: event.cancelUrl, reschedule_url: event.rescheduleUrl, location: event.location, event_type: event.eventTypeName, event_type_uuid: event.eventTypeUuid, invitee_id: event.externalId },
        });
        if (!row) return 'ignored';
        await announceBooking(tx as unknown as Db, row, coach, at);
        await taskBook.completeOpenWhere(tx as unknown as Db, patient.id, (task) => task.code === TASK_CODES.initialCoachCall, `appointment:${row.id}`);
        return 'recorded';
      });
    },
  };
}

export type CoachService = ReturnType<typeof createCoachService>;
