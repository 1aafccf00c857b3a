import { and, asc, desc, eq, gt, inArray, ne } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client';
import { products } from '../../db/schema/catalog';
import { staff } from '../../db/schema/clinic';
import { orderItems, orders } from '../../db/schema/orders';
import { patientVerifications, videoConsultations } from '../../db/schema/verification';

export type { Queryable };
export type VerificationRow = typeof patientVerifications.$inferSelect;
export type ConsultationRow = typeof videoConsultations.$inferSelect;
export type PrescriberRow = Pick<typeof staff.$inferSelect, 'id' | 'name' | 'registrationBody' | 'registrationNumber' | 'videoAvailability'>;

const prescriberColumns = { id: staff.id, name: staff.name, registrationBody: staff.registrationBody, registrationNumber: staff.registrationNumber, videoAvailability: staff.videoAvailability };

/** A patient's verifications, newest first, each with the prescriber who made it. */
export async function verificationsOf(db: Pick<Db, 'select'>, customerId: number): Promise<{ row: VerificationRow; by: PrescriberRow }[]> {
  const rows = await db
    .select({ row: patientVerifications, by: prescriberColumns })
    .from(patientVerifications)
    .innerJoin(staff, eq(staff.id, patientVerifications.staffId))
    .where(eq(patientVerifications.customerId, customerId))
    .orderBy(desc(patientVerifications.verifiedAt), desc(patientVerifications.createdAt));
  return rows;
}

export async function insertVerification(db: Queryable, values: typeof patientVerifications.$inferInsert): Promise<VerificationRow> {
  const [row] = await db.insert(patientVerifications).values(values).returning();
  return row!;
}

export async function verificationOfCall(db: Pick<Db, 'select'>, consultationId: string): Promise<VerificationRow | undefined> {
  const [row] = await db.select().from(patientVerifications).where(eq(patientVerifications.videoConsultationId, consultationId));
  return row;
}

/** Whether the order holds a weight-loss medicine (a prescription-only line of a weight-loss product). */
export async function holdsWeightLossMedicine(db: Pick<Db, 'select'>, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(products, eq(products.code, orderItems.productCode))
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.isPrescriptionOnly, true), eq(products.category, 'weight-loss')))
    .limit(1);
  return row !== undefined;
}

/** The patient's orders still to be decided that hold a weight-loss medicine, oldest first. */
export async function undecidedWeightLossOrders(db: Pick<Db, 'selectDistinct'>, customerId: number) {
  return db
    .selectDistinct({ id: orders.id, number: orders.number, createdAt: orders.createdAt })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .innerJoin(products, eq(products.code, orderItems.productCode))
    .where(and(eq(orders.customerId, customerId), inArray(orders.state, ['awaiting_patient', 'in_review']), eq(orderItems.isPrescriptionOnly, true), eq(products.category, 'weight-loss')))
    .orderBy(asc(orders.createdAt));
}

export async function activePrescribers(db: Pick<Db, 'select'>): Promise<PrescriberRow[]> {
  return db.select(prescriberColumns).from(staff).where(and(eq(staff.role, 'prescriber'), eq(staff.disabled, false))).orderBy(asc(staff.id));
}

export async function prescriberById(db: Pick<Db, 'select'>, id: number): Promise<PrescriberRow | undefined> {
  const [row] = await db.select(prescriberColumns).from(staff).where(eq(staff.id, id));
  return row;
}

/** Starts of each prescriber's consultations still on and not yet ended, by prescriber. */
export async function bookedStartsByPrescriber(db: Pick<Db, 'select'>, after: Date): Promise<Map<number, Date[]>> {
  const rows = await db
    .select({ staffId: videoConsultations.staffId, startsAt: videoConsultations.startsAt })
    .from(videoConsultations)
    .where(and(ne(videoConsultations.status, 'cancelled'), gt(videoConsultations.endsAt, after)));
  const byStaff = new Map<number, Date[]>();
  for (const row of rows) byStaff.set(row.staffId, [...(byStaff.get(row.staffId) ?? []), row.startsAt]);
  return byStaff;
}

/** Books the slot unless a consultation not cancelled holds it (the partial unique index decides): undefined then. */
export async function insertConsultation(db: Queryable, values: typeof videoConsultations.$inferInsert): Promise<ConsultationRow | undefined> {
  const [row] = await db.insert(videoConsultations).values(values).onConflictDoNothing().returning();
  return row;
}

export async function consultationsOf(db: Pick<Db, 'select'>, customerId: number): Promise<ConsultationRow[]> {
  return db.select().from(videoConsultations).where(eq(videoConsultations.customerId, customerId)).orderBy(asc(videoConsultations.startsAt));
}

export async function ownConsultation(db: Queryable, customerId: number, id: string, lock = false): Promise<ConsultationRow | undefined> {
  const query = db.select().from(videoConsultations).where(and(eq(videoConsultations.id, id), eq(videoConsultations.customerId, customerId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function consultationById(db: Queryable, id: string, lock = false): Promise<ConsultationRow | undefined> {
  const query = db.select().from(videoConsultations).where(eq(videoConsultations.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Cancels a consultation still booked; answers it, or undefined when it was not booked. */
export async function cancelConsultation(db: Queryable, id: string, cancelledBy: string, at: Date): Promise<ConsultationRow | undefined> {
  const [row] = await db
    .update(videoConsultations)
    .set({ status: 'cancelled', cancelledBy, cancelledAt: at })
    .where(and(eq(videoConsultations.id, id), eq(videoConsultations.status, 'booked')))
    .returning();
  return row;
}

export async function completeConsultation(db: Queryable, id: string, at: Date): Promise<ConsultationRow | undefined> {
  const [row] = await db
    .update(videoConsultations)
    .set({ status: 'completed', endedAt: at })
    .where(and(eq(videoConsultations.id, id), eq(videoConsultations.status, 'booked')))
    .returning();
  return row;
}

/** Consultations still on from `after` (not cancelled, not yet past their room's close), soonest first. */
export async function consultationsFrom(db: Pick<Db, 'select'>, after: Date, staffId?: number): Promise<ConsultationRow[]> {
  return db
    .select()
    .from(videoConsultations)
    .where(and(eq(videoConsultations.status, 'booked'), gt(videoConsultations.endsAt, after), ...(staffId === undefined ? [] : [eq(videoConsultations.staffId, staffId)])))
    .orderBy(asc(videoConsultations.startsAt))
    .limit(200);
}

/** The patient's consultation still booked and not yet past, if any (the order review shows it). */
export async function upcomingConsultationOf(db: Pick<Db, 'select'>, customerId: number, at: Date): Promise<{ id: string; startsAt: string; endsAt: string; status: string } | null> {
  const [row] = await db
    .select()
    .from(videoConsultations)
    .where(and(eq(videoConsultations.customerId, customerId), eq(videoConsultations.status, 'booked'), gt(videoConsultations.endsAt, new Date(at.getTime() - 30 * 60_000))))
    .orderBy(asc(videoConsultations.startsAt))
    .limit(1);
  return row ? { id: row.id, startsAt: row.startsAt.toISOString(), endsAt: row.endsAt.toISOString(), status: row.status } : null;
}
