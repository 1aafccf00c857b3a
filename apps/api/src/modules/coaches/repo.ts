import { and, asc, eq, gt, gte, ne } from 'drizzle-orm';
import { coachAppointments, coachAssignments, coaches } from '../../db/schema/coaches';
import type { Queryable } from '../../db/client';

export type { Queryable };
export type CoachRow = typeof coaches.$inferSelect;
export type AppointmentRow = typeof coachAppointments.$inferSelect;

export async function activeCoaches(db: Queryable): Promise<CoachRow[]> {
  return db.select().from(coaches).where(eq(coaches.isActive, true)).orderBy(asc(coaches.position), asc(coaches.id));
}

export async function activeCoach(db: Queryable, id: string): Promise<CoachRow | undefined> {
  const [row] = await db.select().from(coaches).where(and(eq(coaches.id, id), eq(coaches.isActive, true)));
  return row;
}

export async function coachById(db: Queryable, id: string): Promise<CoachRow | undefined> {
  const [row] = await db.select().from(coaches).where(eq(coaches.id, id));
  return row;
}

export async function coachByEmail(db: Queryable, email: string): Promise<CoachRow | undefined> {
  const [row] = await db.select().from(coaches).where(eq(coaches.email, email));
  return row;
}

export async function assignmentOf(db: Queryable, customerId: number) {
  const [row] = await db.select().from(coachAssignments).where(eq(coachAssignments.customerId, customerId));
  return row;
}

/** The starts of a coach's calls still on, from `after` (what the free slots leave out). */
export async function bookedStarts(db: Queryable, coachId: string, after: Date): Promise<Date[]> {
  const rows = await db
    .select({ startsAt: coachAppointments.startsAt })
    .from(coachAppointments)
    .where(and(eq(coachAppointments.coachId, coachId), ne(coachAppointments.status, 'cancelled'), gt(coachAppointments.endsAt, after)));
  return rows.map((row) => row.startsAt);
}

/**
 * Books the slot unless a call not cancelled already holds it: the partial unique index decides, so of many
 * simultaneous bookings exactly one gets a row back and the rest get undefined.
 */
export async function insertAppointment(db: Queryable, values: typeof coachAppointments.$inferInsert): Promise<AppointmentRow | undefined> {
  const [row] = await db.insert(coachAppointments).values(values).onConflictDoNothing().returning();
  return row;
}

export async function ownAppointment(db: Queryable, customerId: number, id: string, lock = false): Promise<AppointmentRow | undefined> {
  const query = db.select().from(coachAppointments).where(and(eq(coachAppointments.id, id), eq(coachAppointments.customerId, customerId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function appointmentsOf(db: Queryable, customerId: number): Promise<AppointmentRow[]> {
  return db.select().from(coachAppointments).where(eq(coachAppointments.customerId, customerId)).orderBy(asc(coachAppointments.startsAt));
}

/** Cancels a call still booked; answers it, or undefined when it was not booked (already cancelled: nothing to do). */
export async function cancelAppointment(db: Queryable, id: string, cancelledBy: string, at: Date): Promise<AppointmentRow | undefined> {
  const [row] = await db
    .update(coachAppointments)
    .set({ status: 'cancelled', cancelledBy, cancelledAt: at })
    .where(and(eq(coachAppointments.id, id), eq(coachAppointments.status, 'booked')))
    .returning();
  return row;
}

/** A patient's calls still booked and not yet started, with any coach. */
export async function futureBookedOf(db: Queryable, customerId: number, now: Date): Promise<AppointmentRow[]> {
  return db
    .select()
    .from(coachAppointments)
    .where(and(eq(coachAppointments.customerId, customerId), eq(coachAppointments.status, 'booked'), gt(coachAppointments.startsAt, now)));
}

/** A patient's calls with one coach still booked and not yet started. */
export async function futureBookedWith(db: Queryable, customerId: number, coachId: string, now: Date): Promise<AppointmentRow[]> {
  return db
    .select()
    .from(coachAppointments)
    .where(and(eq(coachAppointments.customerId, customerId), eq(coachAppointments.coachId, coachId), eq(coachAppointments.status, 'booked'), gt(coachAppointments.startsAt, now)));
}

export async function appointmentByExternalId(db: Queryable, externalId: string): Promise<AppointmentRow | undefined> {
  const [row] = await db.select().from(coachAppointments).where(eq(coachAppointments.externalId, externalId));
  return row;
}

/** Whether the patient has booked a coach call since a moment (an order's placing) that is still booked. */
export async function hasCallBookedSince(db: Queryable, customerId: number, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: coachAppointments.id })
    .from(coachAppointments)
    .where(and(eq(coachAppointments.customerId, customerId), eq(coachAppointments.status, 'booked'), gte(coachAppointments.createdAt, since)))
    .limit(1);
  return row !== undefined;
}
