import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, ne, notInArray } from 'drizzle-orm';
import {
  DELETION_BLOCKED_MESSAGE,
  DELETION_REMOVED_TEXT,
  deletionKeptText,
  deletedEmail,
  deletionDaysLeft,
  deletionDeadline,
  keepsIdentity,
  ORDER_STATES_BLOCKING_DELETION,
  ukCalendarDate,
  type ClinicDeletionRequest,
  type DeletionQueue,
  type RetentionPeriods,
  type StaffRole,
} from '@elmwood/domain';
import type { Db } from '../../db/client';
import { carts } from '../../db/schema/cart';
import { accountDeletionRequests, addresses, customers, passwordResetTokens, refreshTokens, socialIdentities } from '../../db/schema/customers';
import { notifications, reminderSettings } from '../../db/schema/notifications';
import { orders } from '../../db/schema/orders';
import { paymentTokens } from '../../db/schema/payments';
import { subscriptions } from '../../db/schema/subscriptions';
import { consultations } from '../../db/schema/quiz';
import { customerPreferences, weightLogs, weightMilestones } from '../../db/schema/weight';
import { afterStoppingSupport, injectionLogs, sideEffectDiaryEntries } from '../../db/schema/companion';
import type { Executor } from '../../lib/queue';
import { AppError, notFound } from '../../lib/errors';
import type { Notifier } from '../../contracts/notifier';
import type { PlanService } from '../subscriptions/index';
import { audit } from './audit';
import type { StaffRow } from './staff-auth';

export const DELETION_NOT_FOUND = 'We could not find that deletion request.';
const PLAN_REASON = 'The patient asked us to delete their account';
/** Queued messages that only made sense for a live account: the weight-logging reminder. */
const WITHDRAWN_TEMPLATES = ['weight-reminder'];

export interface DeletionServiceDeps {
  db: Db;
  notifier: Notifier;
  plans: Pick<PlanService, 'cancelByStaffIn'>;
  /** Queues the deletion of one kept card at the gateway, in the deletion's transaction. */
  forgetStoredCard: (tx: Executor, sourceId: string) => Promise<void>;
  /** Ends what the patient had booked ahead (coaching, video consultations), each telling them, in the deletion's transaction. */
  endBookingsOf: (tx: Db, customerId: number, at: Date) => Promise<void>;
  /** How long the kept records stay (configuration), as the patient is told. */
  retention: RetentionPeriods;
  now: () => Date;
}

/**
 * The clinic's side of 'Delete my account' (issue 16): the open requests with their one-month deadline, and the
 * confirmation that deletes what the account page promised and keeps the clinical record the law requires.
 */
export function createDeletionService({ db, notifier, plans, forgetStoredCard, endBookingsOf, retention, now }: DeletionServiceDeps) {
  const keptText = deletionKeptText(retention);
  const patientName = (row: { firstName: string; lastName: string }) => `${row.firstName} ${row.lastName}`.trim();

  async function find(tx: Db, id: string, lock = false) {
    const query = tx
      .select({ request: accountDeletionRequests, customer: customers })
      .from(accountDeletionRequests)
      .innerJoin(customers, eq(customers.id, accountDeletionRequests.customerId))
      .where(eq(accountDeletionRequests.publicId, id));
    const [row] = lock ? await query.for('update', { of: accountDeletionRequests }) : await query;
    if (!row) throw notFound(DELETION_NOT_FOUND);
    return row;
  }

  const ordersInProgress = (tx: Db, customerId: number) =>
    tx
      .select({ number: orders.number, state: orders.state })
      .from(orders)
      .where(and(eq(orders.customerId, customerId), inArray(orders.state, [...ORDER_STATES_BLOCKING_DELETION])))
      .orderBy(asc(orders.id));

  const openPlans = (tx: Db, customerId: number) =>
    tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.customerId, customerId), ne(subscriptions.state, 'cancelled')))
      .orderBy(asc(subscriptions.createdAt));

  return {
    /** Open requests, oldest first (the read names patients, so it is audited). */
    async queue(member: StaffRow): Promise<DeletionQueue> {
      await audit(db, { staffId: member.id, action: 'read-deletion-requests', resource: 'queue', resourceId: 'deletion-requests' });
      const rows = await db
        .select({ id: accountDeletionRequests.publicId, firstName: customers.firstName, lastName: customers.lastName, requestedAt: accountDeletionRequests.requestedAt })
        .from(accountDeletionRequests)
        .innerJoin(customers, eq(customers.id, accountDeletionRequests.customerId))
        .where(eq(accountDeletionRequests.state, 'requested'))
        .orderBy(asc(accountDeletionRequests.requestedAt), asc(accountDeletionRequests.customerId));
      return {
        requests: rows.map((row) => ({
          id: row.id,
          patient: { name: patientName(row) },
          requestedAt: row.requestedAt.toISOString(),
          deadline: deletionDeadline(ukCalendarDate(row.requestedAt)),
          daysLeft: deletionDaysLeft(row.requestedAt, now()),
        })),
      };
    },

    /** One request: what goes, what stays, and the orders that must be finished first (audited before it is sent). */
    async view(member: StaffRow, id: string): Promise<ClinicDeletionRequest> {
      const { request, customer } = await find(db, id);
      await audit(db, { staffId: member.id, action: 'read-deletion-request', patientId: customer.id, resource: 'deletion-request', resourceId: id });
      return {
        id,
        state: request.state,
        patient: { name: patientName(customer), email: customer.email },
        requestedAt: request.requestedAt.toISOString(),
        completedAt: request.completedAt?.toISOString() ?? null,
        deadline: deletionDeadline(ukCalendarDate(request.requestedAt)),
        daysLeft: deletionDaysLeft(request.requestedAt, now()),
        removedText: DELETION_REMOVED_TEXT,
        keptText,
        openPlans: request.state === 'requested' ? (await openPlans(db, customer.id)).length : 0,
        ordersInProgress: request.state === 'requested' ? await ordersInProgress(db, customer.id) : [],
      };
    },

    /**
     * Deletes the account, in one transaction: the request row is locked first, so a second click or a second member
     * waits and then finds it completed (one deletion, one email, one audit row). Refused while an order is open.
     */
    async confirm(member: StaffRow, id: string): Promise<ClinicDeletionRequest> {
      await db.transaction(async (tx) => {
        const { request, customer } = await find(tx, id, true);
        if (request.state === 'completed') return;
        const open = await ordersInProgress(tx, customer.id);
        if (open.length > 0) throw new AppError(409, 'ORDERS_IN_PROGRESS', DELETION_BLOCKED_MESSAGE, { orders: open.map((order) => order.number) });

        // Withdrawn before the plans are cancelled, so the patient still hears of the cancellation.
        await tx
          .update(notifications)
          .set({ status: 'cancelled' })
          .where(and(eq(notifications.customerId, customer.id), inArray(notifications.status, ['queued', 'failed']), inArray(notifications.template, WITHDRAWN_TEMPLATES)));
        const actor = { type: member.role as StaffRole, id: member.id };
        const plansToCancel = await openPlans(tx, customer.id).for('update');
        for (const plan of plansToCancel) await plans.cancelByStaffIn(tx, actor, plan, PLAN_REASON);
        const plansCancelled = plansToCancel.map((plan) => plan.id);
        await endBookingsOf(tx, customer.id, now());
        // Sent to the address before it is removed (the outbox keeps the recipient as it was when asked).
        await notifier.notify(tx, {
          template: 'account-deleted',
          customerId: customer.id,
          dedupeKey: `account-deleted:${customer.uid}`,
          data: { firstName: customer.firstName, removed: DELETION_REMOVED_TEXT, kept: keptText },
        });

        // The sign-in: password, Google/Apple links, every session and reset link. A new uid ends the access
        // tokens' subject, the referral link and the unsubscribe links at once.
        await tx.delete(socialIdentities).where(eq(socialIdentities.customerId, customer.id));
        await tx.delete(refreshTokens).where(eq(refreshTokens.customerId, customer.id));
        await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.customerId, customer.id));
        // Payment tokens: the plans that used them are cancelled above, and orders keep their own payment rows.
        await tx.update(subscriptions).set({ paymentTokenId: null }).where(eq(subscriptions.customerId, customer.id));
        const cards = await tx.delete(paymentTokens).where(eq(paymentTokens.customerId, customer.id)).returning({ sourceId: paymentTokens.gatewaySourceId });
        // The gateway's copies go once this commits (a job per card, retried): never while the deletion could still roll back.
        for (const card of cards) await forgetStoredCard(tx as unknown as Executor, card.sourceId);
        await tx.update(customers).set({ defaultShippingAddressId: null }).where(eq(customers.id, customer.id));
        await tx.delete(addresses).where(eq(addresses.customerId, customer.id));
        // Weights the patient logged go; the consultation's and check-ins' answers are what the prescriber reviewed.
        await tx.delete(weightLogs).where(and(eq(weightLogs.customerId, customer.id), eq(weightLogs.source, 'patient')));
        // So do the doses and side effects they logged, and their milestones; an urgent item keeps what it was raised with.
        await tx.delete(injectionLogs).where(eq(injectionLogs.customerId, customer.id));
        await tx.delete(sideEffectDiaryEntries).where(eq(sideEffectDiaryEntries.customerId, customer.id));
        await tx.delete(weightMilestones).where(eq(weightMilestones.customerId, customer.id));
        await tx.delete(afterStoppingSupport).where(eq(afterStoppingSupport.customerId, customer.id));
        await tx.delete(reminderSettings).where(eq(reminderSettings.customerId, customer.id));
        await tx.delete(customerPreferences).where(eq(customerPreferences.customerId, customer.id));

        const identityKept = keepsIdentity((await tx.$count(orders, eq(orders.customerId, customer.id))) + (await tx.$count(consultations, eq(consultations.customerId, customer.id))));
        // Baskets are not a record of supply (each order keeps its own snapshot); they hang off the uid replaced below.
        await tx.delete(carts).where(eq(carts.customerUid, customer.uid));
        const placeholderId = randomUUID();
        await tx
          .update(customers)
          .set({
            uid: placeholderId,
            email: deletedEmail(placeholderId),
            passwordHash: null,
            phoneNumber: null,
            subscribedToNewsletter: false,
            invitedBy: null,
            ...(identityKept ? {} : { firstName: 'Deleted', lastName: 'account', birthday: null }),
            updatedAt: now(),
          })
          .where(eq(customers.id, customer.id));
        // Messages already handled keep no address; those still to go (the confirmation among them) keep theirs until sent.
        await tx
          .update(notifications)
          .set({ recipient: 'deleted' })
          .where(and(eq(notifications.customerId, customer.id), notInArray(notifications.status, ['queued', 'sending', 'failed'])));
        await tx.update(accountDeletionRequests).set({ state: 'completed', completedAt: now() }).where(eq(accountDeletionRequests.customerId, customer.id));
        await audit(tx, {
          staffId: member.id,
          action: 'confirm-account-deletion',
          patientId: customer.id,
          resource: 'deletion-request',
          resourceId: id,
          details: { plansCancelled, identityKept },
        });
      });
      return this.view(member, id);
    },
  };
}
export type DeletionService = ReturnType<typeof createDeletionService>;

