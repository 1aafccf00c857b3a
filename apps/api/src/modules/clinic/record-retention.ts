import { and, asc, eq, gt, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { retentionOver, type RetentionPeriods } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { outer } from '../../db/outer';
import { coachAppointments, coachAssignments } from '../../db/schema/coaches';
import { orderConsultations, orderRefunds } from '../../db/schema/clinic';
import { accountDeletionRequests, customers, gpDetails, uploads } from '../../db/schema/customers';
import { gpLetters } from '../../db/schema/gp-letters';
import { informationAnswers } from '../../db/schema/information';
import { notifications } from '../../db/schema/notifications';
import { orderMessages } from '../../db/schema/order-messages';
import { orderEvents, orders } from '../../db/schema/orders';
import { payments } from '../../db/schema/payments';
import { consultations } from '../../db/schema/quiz';
import { subscriptions } from '../../db/schema/subscriptions';
import { supportThreads } from '../../db/schema/support';
import { tasks } from '../../db/schema/tasks';
import { urgentClinicalItems } from '../../db/schema/urgent-care';
import { patientVerifications, videoConsultations } from '../../db/schema/verification';
import { weightLogs } from '../../db/schema/weight';

export interface RecordRetentionDeps {
  db: Db;
  /** Deletes a stored file (a photo, a GP letter's PDF); one already gone is no error. */
  deleteFile: (key: string) => Promise<void>;
  periods: RetentionPeriods;
  /** Accounts, or orders, looked at per query. */
  batchSize?: number;
}

export interface RetentionRound {
  clinicalRecordsDeleted: number;
  ordersAnonymised: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : ((result as { rows: T[] }).rows ?? []));
const latest = (values: SQL[]) => sql`greatest(${sql.join(values, sql`, `)})`;

/** The payment details that could lead back to the patient (at the gateway, or to their card, device or bank's answer). */
const paymentReferences = or(isNotNull(payments.gatewayPaymentId), isNotNull(payments.cardFingerprint), isNotNull(payments.clientAddressKey), isNotNull(payments.challengeUrl), isNotNull(payments.declineReason));

/**
 * What the retention rules (packages/domain account/retention.ts) promise for a deleted account's kept records, done
 * when each period ends: the clinical record (prescriptions included) is deleted, photos and letters with it, and the
 * orders are left with what was sold and the amounts; each order's payment references go once its own period ends.
 * Only accounts whose deletion the clinic completed are looked at. Each account, and each order, is one transaction
 * holding its row (another process skips it), and whatever is done leaves nothing for the next round to redo.
 */
export function createRecordRetention({ db, deleteFile, periods, batchSize = 50 }: RecordRetentionDeps) {
  const ordersOf = (tx: Tx, customerId: number) => tx.select({ id: orders.id }).from(orders).where(eq(orders.customerId, customerId));

  /** The last time the clinic treated or heard from the patient: the clinical record's years count from it. */
  async function lastTreatment(tx: Tx, customerId: number): Promise<Date | null> {
    const [row] = rowsOf<{ at: Date | string | null }>(
      await tx.execute(sql`select ${latest([
        sql`(select max(${orders.updatedAt}) from ${orders} where ${orders.customerId} = ${customerId})`,
        sql`(select max(${consultations.updatedAt}) from ${consultations} where ${consultations.customerId} = ${customerId})`,
        sql`(select max(${orderMessages.createdAt}) from ${orderMessages} where ${orderMessages.customerId} = ${customerId})`,
        sql`(select max(${tasks.completedAt}) from ${tasks} where ${tasks.customerId} = ${customerId})`,
        sql`(select max(${patientVerifications.verifiedAt}) from ${patientVerifications} where ${patientVerifications.customerId} = ${customerId})`,
        sql`(select max(${videoConsultations.endsAt}) from ${videoConsultations} where ${videoConsultations.customerId} = ${customerId})`,
        sql`(select max(greatest(${gpLetters.createdAt}, ${gpLetters.answeredAt})) from ${gpLetters} where ${gpLetters.customerId} = ${customerId})`,
        sql`(select max(${urgentClinicalItems.updatedAt}) from ${urgentClinicalItems} where ${urgentClinicalItems.customerId} = ${customerId})`,
        sql`(select max(${uploads.createdAt}) from ${uploads} where ${uploads.customerId} = ${customerId})`,
        sql`(select max(${supportThreads.updatedAt}) from ${supportThreads} where ${supportThreads.customerId} = ${customerId})`,
      ])} as at`),
    );
    return row?.at ? new Date(row.at) : null;
  }

  async function deleteClinicalRecord(tx: Tx, customerId: number) {
    const photos = await tx.select({ key: uploads.id }).from(uploads).where(eq(uploads.customerId, customerId));
    const letters = await tx.select({ key: gpLetters.fileKey }).from(gpLetters).where(and(eq(gpLetters.customerId, customerId), isNotNull(gpLetters.fileKey)));
    // Files first, while the rows are held: a round that fails after this finds the rows, and deletes them next time.
    for (const { key } of [...photos, ...letters]) await deleteFile(key!);

    const customerOrders = ordersOf(tx, customerId);
    // A consultation answered before signing in is the patient's through the order (or the plan's check-in) it led to.
    const answeredForOrders = tx.select({ id: orderConsultations.consultationId }).from(orderConsultations).where(inArray(orderConsultations.orderId, customerOrders));
    const answeredForPlans = tx.select({ id: subscriptions.checkInConsultationId }).from(subscriptions).where(eq(subscriptions.customerId, customerId));
    await tx
      .delete(consultations)
      .where(or(eq(consultations.customerId, customerId), inArray(consultations.id, answeredForOrders), inArray(consultations.id, sql`(${answeredForPlans})`)));
    await tx.delete(gpLetters).where(eq(gpLetters.customerId, customerId));
    await tx.delete(uploads).where(eq(uploads.customerId, customerId));
    await tx.delete(orderConsultations).where(inArray(orderConsultations.orderId, customerOrders));
    await tx.delete(informationAnswers).where(inArray(informationAnswers.orderId, customerOrders));
    await tx.delete(orderMessages).where(eq(orderMessages.customerId, customerId));
    await tx.delete(supportThreads).where(eq(supportThreads.customerId, customerId));
    await tx.delete(tasks).where(eq(tasks.customerId, customerId));
    await tx.delete(patientVerifications).where(eq(patientVerifications.customerId, customerId));
    await tx.delete(videoConsultations).where(eq(videoConsultations.customerId, customerId));
    await tx.delete(urgentClinicalItems).where(eq(urgentClinicalItems.customerId, customerId));
    await tx.delete(weightLogs).where(eq(weightLogs.customerId, customerId));
    await tx.delete(gpDetails).where(eq(gpDetails.customerId, customerId));
    await tx.delete(subscriptions).where(eq(subscriptions.customerId, customerId));
    await tx.delete(coachAppointments).where(eq(coachAppointments.customerId, customerId));
    await tx.delete(coachAssignments).where(eq(coachAssignments.customerId, customerId));
    await tx.delete(notifications).where(eq(notifications.customerId, customerId));
    // The prescription record's personal part: where it went, why it was refused, what each step of the order noted.
    await tx
      .update(orders)
      .set({ shippingAddress: {}, billingAddress: {}, trackingNumber: null, rejectionReason: null })
      .where(eq(orders.customerId, customerId));
    await tx
      .update(orderEvents)
      .set({ reason: null, data: null })
      .where(and(inArray(orderEvents.orderId, customerOrders), eq(orderEvents.machine, 'order')));
    await tx.update(customers).set({ firstName: 'Deleted', lastName: 'account', birthday: null, firstAppOpenAt: null }).where(eq(customers.id, customerId));
  }

  /** One deleted account's clinical record, if its period is over; false when another process holds it, or it is kept. */
  async function clinicalRecordOf(customerId: number, now: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [held] = await tx
        .select({ completedAt: accountDeletionRequests.completedAt })
        .from(accountDeletionRequests)
        .where(and(eq(accountDeletionRequests.customerId, customerId), eq(accountDeletionRequests.state, 'completed'), sql`${accountDeletionRequests.clinicalRecordDeletedAt} is null`))
        .for('update', { skipLocked: true });
      if (!held) return false;
      // Without any clinical record the years count from the deletion (nothing is kept but the anonymous account).
      const anchor = (await lastTreatment(tx, customerId)) ?? held.completedAt!;
      if (!retentionOver(anchor, periods.clinicalYears, now)) return false;
      await deleteClinicalRecord(tx, customerId);
      await tx.update(accountDeletionRequests).set({ clinicalRecordDeletedAt: now }).where(eq(accountDeletionRequests.customerId, customerId));
      return true;
    });
  }

  /** One order's payment references, if its own period (from its last movement of money) is over. */
  async function paymentReferencesOf(orderId: number, now: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [held] = await tx.select({ createdAt: orders.createdAt }).from(orders).where(eq(orders.id, orderId)).for('update', { skipLocked: true });
      if (!held) return false;
      const [moved] = rowsOf<{ at: Date | string | null }>(
        await tx.execute(sql`select ${latest([
          sql`(select max(${payments.updatedAt}) from ${payments} where ${payments.orderId} = ${orderId})`,
          sql`(select max(${orderRefunds.createdAt}) from ${orderRefunds} where ${orderRefunds.orderId} = ${orderId})`,
        ])} as at`),
      );
      const anchor = moved?.at && new Date(moved.at) > held.createdAt ? new Date(moved.at) : held.createdAt;
      if (!retentionOver(anchor, periods.financialYears, now)) return false;
      await tx
        .update(payments)
        .set({ gatewayPaymentId: null, cardFingerprint: null, clientAddressKey: null, challengeUrl: null, declineReason: null })
        .where(eq(payments.orderId, orderId));
      await tx.update(orderEvents).set({ data: null }).where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.machine, 'payment')));
      return true;
    });
  }

  return {
    /** One round over every deleted account: what has reached the end of its period goes, the rest is left be. */
    async sweep(now: Date): Promise<RetentionRound> {
      const round: RetentionRound = { clinicalRecordsDeleted: 0, ordersAnonymised: 0 };

      for (let after = 0; ; ) {
        const batch = await db
          .select({ customerId: accountDeletionRequests.customerId })
          .from(accountDeletionRequests)
          .where(and(eq(accountDeletionRequests.state, 'completed'), sql`${accountDeletionRequests.clinicalRecordDeletedAt} is null`, gt(accountDeletionRequests.customerId, after)))
          .orderBy(asc(accountDeletionRequests.customerId))
          .limit(batchSize);
        for (const { customerId } of batch) if (await clinicalRecordOf(customerId, now)) round.clinicalRecordsDeleted++;
        if (batch.length < batchSize) break;
        after = batch.at(-1)!.customerId;
      }

      // Orders paid within the period cannot be due; two days' margin covers the UK date and a leap day.
      const paidBefore = new Date(Date.UTC(now.getUTCFullYear() - periods.financialYears, now.getUTCMonth(), now.getUTCDate()) + 2 * DAY_MS);
      for (let after = 0; ; ) {
        const batch = await db
          .select({ id: orders.id })
          .from(orders)
          .innerJoin(accountDeletionRequests, and(eq(accountDeletionRequests.customerId, orders.customerId), eq(accountDeletionRequests.state, 'completed')))
          .where(
            and(
              gt(orders.id, after),
              lte(orders.createdAt, paidBefore),
              or(
                sql`exists (select 1 from ${payments} where ${payments.orderId} = ${outer(orders.id)} and ${paymentReferences})`,
                sql`exists (select 1 from ${orderEvents} where ${orderEvents.orderId} = ${outer(orders.id)} and ${orderEvents.machine} = 'payment' and ${orderEvents.data} is not null)`,
              ),
            ),
          )
          .orderBy(asc(orders.id))
          .limit(batchSize);
        for (const { id } of batch) if (await paymentReferencesOf(id, now)) round.ordersAnonymised++;
        if (batch.length < batchSize) break;
        after = batch.at(-1)!.id;
      }
      return round;
    },
  };
}
export type RecordRetention = ReturnType<typeof createRecordRetention>;
