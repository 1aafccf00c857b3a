import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  prescriberLabel,
  readsClinicalRecord,
  rejectionMessage,
  rulesBesideAnswers,
  trackingUrl,
  TASK_CODES,
  UNPLACED_ORDER_STATES,
  validTrackingNumber,
  TRACKING_FORMAT_MESSAGES,
  type Carrier,
  type DecisionReply,
  type ClinicOrder,
  type DispatchQueue,
  type OrderPaymentState,
  type OrderReview,
  type OrderState,
  type PackingSlip,
  type RefundReply,
  type RegistrationBody,
  type RejectionReasonCode,
  type ReviewQueue,
  type StaffRole,
  type ClinicSupportThread,
  type SupportInbox,
} from '@elmwood/domain';
import type { Notifier } from '../notifications/contract';
import { PaymentGatewayError, type PaymentGateway } from '../../adapters/payment-gateway/port';
import type { Db } from '../../db/client';
import { outer } from '../../db/outer';
import { orderConsultations, orderRefunds } from '../../db/schema/clinic';
import { customers, gpDetails, uploads } from '../../db/schema/customers';
import { orderEvents, orderItems, orders, subscriptionRenewals, taskDefinitions, tasks } from '../../db/schema/orders';
import { AppError, notFound } from '../../lib/errors';
import { applyOrderEvent, applyOrderPaymentEvent, needsPrescriber, orderHistory, type Actor, type OrderEventRow } from '../lifecycle/index';
import { findCheckoutPayment, findOrderItems, updatePayment, type OrderRow } from '../orders/repo';
import { weightHistory } from '../weight/index';
import { offerFirstCoachCall, offerReminderSetUp } from '../tasks/index';
import type { Referrals } from '../referrals/index';
import type { SupportService } from '../support/index';
import { audit } from './audit';
import { supportOrderView } from './support-view';
import type { StaffRow } from './staff-auth';

export const CLINICIAN_QUESTION_TASK = TASK_CODES.clinicianQuestion;
const ORDER_NOT_FOUND = 'We could not find that order.';
const GATEWAY: Actor = { type: 'gateway' };
const DECISION_EVENTS = ['approved', 'released', 'rejected', 'information_requested', 'dispatched', 'delivered', 'cancelled', 'refunded'];
/** Photos the prescriber checks: identity (I) and weight (W). */
const REVIEW_PHOTO_CATEGORIES = ['I', 'W'];

export interface ClinicServiceDeps {
  db: Db;
  gateway: PaymentGateway;
  /** Each decision's email is asked for in the transaction that records the decision. */
  notifier: Notifier;
  /** Patients' conversations with the clinic: shown on the order review, read and answered by support. */
  support: SupportService;
  /** Carries out the approval's credit_referrer effect; left out, approvals credit nobody. */
  referrals?: Pick<Referrals, 'creditReferrer'>;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** Renewals are charged on the saved card once approved; a rejected or cancelled one puts its plan on hold. */
  renewals?: {
    approved(orderId: number, now: Date): Promise<void>;
    rejected(tx: Db, orderId: number, reason: string): Promise<void>;
    /** Support cancelled a renewal order: its plan goes on hold. */
    cancelled(tx: Db, orderId: number, actor: Actor, reason: string): Promise<void>;
  };
}

const actorOf = (member: StaffRow): Actor => ({ type: member.role as Actor['type'], id: member.id });

/** Who decided, as the order's history keeps it. */
function decidedBy(member: StaffRow) {
  return {
    staffId: member.uid,
    name: member.name,
    role: member.role,
    registration: member.registrationBody && member.registrationNumber ? `${member.registrationBody} ${member.registrationNumber}` : null,
    label: prescriberLabel(member.name, member.registrationBody as RegistrationBody | null, member.registrationNumber),
  };
}

function eventView(row: OrderEventRow) {
  return {
    machine: row.machine as 'order' | 'payment',
    event: row.event,
    from: row.fromState,
    to: row.toState,
    actor: row.actorType,
    reason: row.reason,
    data: row.data ?? null,
    at: row.createdAt.toISOString(),
  };
}

function answerText(options: { value: string; text: string }[], answer: unknown): string | null {
  if (options.length === 0) return typeof answer === 'string' || typeof answer === 'number' ? String(answer) : null;
  const values = Array.isArray(answer) ? answer : [answer];
  const texts = values.map((value) => options.find((option) => option.value === value)?.text ?? (typeof value === 'string' ? value : null));
  return texts.every((text) => text !== null) ? texts.join(', ') : null;
}

export function createClinicService({ db, gateway, notifier, support, referrals, log, now = () => new Date(), renewals }: ClinicServiceDeps) {
  async function orderByNumber(number: string, tx: Pick<Db, 'select'> = db, lock = false): Promise<OrderRow> {
    const query = tx.select().from(orders).where(eq(orders.number, number));
    const [row] = lock ? await query.for('update') : await query;
    if (!row || UNPLACED_ORDER_STATES.includes(row.state as OrderState)) throw notFound(ORDER_NOT_FOUND);
    return row;
  }

  async function patientOf(order: OrderRow) {
    const [row] = await db.select().from(customers).where(eq(customers.id, order.customerId));
    return row!;
  }

  function decisionReply(order: OrderRow, changed: boolean): DecisionReply {
    return { orderNumber: order.number, state: order.state, paymentState: order.paymentState, changed };
  }

  /** The reason an event could not be applied, as the prescriber or pharmacist reads it. */
  function refused(order: OrderRow, reason: string): AppError {
    if (reason === 'prescriber_needed') return new AppError(409, 'PRESCRIBER_NEEDED', `Order ${order.number} holds a medicine, so a prescriber must approve it.`);
    if (reason === 'payment_not_ready') return new AppError(409, 'PAYMENT_NOT_READY', `The payment of order ${order.number} is ${order.paymentState.replace(/_/g, ' ')}, so this cannot be done now.`);
    return new AppError(409, 'ORDER_STATE_CONFLICT', `Order ${order.number} is ${order.state.replace(/_/g, ' ')}, so this cannot be done now.`);
  }

  /** Takes the authorised money of an approved order, once, whoever asks (the gateway's key makes repeats one capture). */
  async function capture(order: OrderRow): Promise<void> {
    const payment = await findCheckoutPayment(db, order.id);
    if (!payment?.gatewayPaymentId) return;
    try {
      await gateway.capture(payment.gatewayPaymentId, payment.amount, `order:${order.number}:capture`);
    } catch (error) {
      if (!(error instanceof PaymentGatewayError)) {
        log.error({ err: error, orderNumber: order.number }, 'payment capture failed; approving again retries it');
        throw new AppError(503, 'PAYMENT_UNAVAILABLE', 'The order is approved, but the payment provider could not be reached to take the payment. Please press Approve again in a moment.');
      }
      await db.transaction(async (tx) => {
        const applied = await applyOrderPaymentEvent(tx, order.id, 'capture_failed', GATEWAY, { reason: error.message });
        if (applied.applied) {
          await notifier.notify(tx, { template: 'payment-needed', customerId: order.customerId, dedupeKey: `payment-needed:${order.number}:${randomUUID()}`, data: { orderNumber: order.number, amount: order.total } });
        }
      });
      return;
    }
    await db.transaction(async (tx) => {
      const applied = await applyOrderPaymentEvent(tx, order.id, 'captured', GATEWAY, { data: { gatewayPaymentId: payment.gatewayPaymentId, amount: payment.amount } });
      if (applied.applied) await updatePayment(tx, payment.id, { state: 'captured' });
    });
  }

  /** Releases the money held for a rejected or cancelled order, once: the gateway's key makes a repeat one void. */
  async function voidAuthorisation(order: OrderRow, outcome: { done: 'rejected' | 'cancelled'; button: string }): Promise<void> {
    const payment = await findCheckoutPayment(db, order.id);
    if (!payment?.gatewayPaymentId) return;
    try {
      await gateway.void(payment.gatewayPaymentId, `order:${order.number}:void`);
    } catch (error) {
      log.error({ err: error, orderNumber: order.number }, `voiding a ${outcome.done} order failed; asking again retries it`);
      throw new AppError(503, 'PAYMENT_UNAVAILABLE', `The order is ${outcome.done}, but the payment provider could not be reached to release the money held. Please press ${outcome.button} again in a moment.`);
    }
    await db.transaction(async (tx) => {
      const applied = await applyOrderPaymentEvent(tx, order.id, 'voided', GATEWAY, { data: { gatewayPaymentId: payment.gatewayPaymentId } });
      if (applied.applied) await updatePayment(tx, payment.id, { state: 'voided' });
    });
  }

  async function refundedSoFar(orderId: number, tx: Pick<Db, 'select'> = db): Promise<number> {
    const [row] = await tx.select({ sum: sql<number>`coalesce(sum(${orderRefunds.amount}), 0)::int` }).from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
    return row?.sum ?? 0;
  }

  return {
    /** Conversations waiting for a reply: patients' names and subjects, so the read is audited. */
    async supportInbox(member: StaffRow): Promise<SupportInbox> {
      await audit(db, { staffId: member.id, action: 'read-support-inbox', resource: 'queue', resourceId: 'support' });
      return support.inbox();
    },

    /** One conversation, audited before it is sent. */
    async supportThread(member: StaffRow, id: string): Promise<ClinicSupportThread> {
      const { thread, customerId, patient } = await support.clinicThread(id);
      await audit(db, { staffId: member.id, action: 'read-support-thread', patientId: customerId, resource: 'support-thread', resourceId: id });
      return { ...thread, patient };
    },

    /** A reply the patient reads in their account; one per Idempotency-Key, recorded with who wrote it. */
    async supportReply(member: StaffRow, id: string, body: string, key: string): Promise<ClinicSupportThread> {
      const { customerId, messageId } = await support.clinicReply(member.id, id, body, key);
      if (messageId !== null) await audit(db, { staffId: member.id, action: 'support-reply', patientId: customerId, resource: 'support-thread', resourceId: id, details: { messageId } });
      return this.supportThread(member, id);
    },

    /** Patients' names and treatments, so the read is audited too (one row per queue read). */
    async reviewQueue(member: StaffRow, tab: 'ready' | 'waiting'): Promise<ReviewQueue> {
      await audit(db, { staffId: member.id, action: 'read-review-queue', resource: 'queue', resourceId: tab });
      const state: OrderState = tab === 'ready' ? 'in_review' : 'awaiting_patient';
      const since = sql<Date>`coalesce((select max(e.created_at) from order_events e where e.order_id = ${outer(orders.id)} and e.machine = 'order' and e.to_state = ${outer(orders.state)}), ${outer(orders.createdAt)})`;
      const urgent = sql<boolean>`exists (select 1 from order_consultations oc where oc.order_id = ${outer(orders.id)} and oc.outcome -> 'triggeredRules' @> '[{"level":"urgent"}]'::jsonb)`;
      const rows = await db
        .select({
          number: orders.number,
          state: orders.state,
          total: orders.total,
          createdAt: orders.createdAt,
          since,
          firstName: customers.firstName,
          lastName: customers.lastName,
          products: sql<string[]>`(select coalesce(json_agg(i.product_name order by i.id), '[]'::json) from order_items i where i.order_id = ${outer(orders.id)})`,
          isRenewal: sql<boolean>`exists (select 1 from subscription_renewals r where r.order_id = ${outer(orders.id)})`,
          urgent,
        })
        .from(orders)
        .innerJoin(customers, eq(customers.id, orders.customerId))
        .where(eq(orders.state, state))
        .orderBy(desc(urgent), asc(since), asc(orders.id))
        .limit(500);
      const at = now().getTime();
      return {
        tab,
        orders: rows.map((row) => {
          const waitingSince = new Date(row.since);
          return {
            orderNumber: row.number,
            state: row.state as OrderState,
            patient: { name: `${row.firstName} ${row.lastName}`.trim() },
            products: row.products,
            total: row.total,
            placedAt: row.createdAt.toISOString(),
            waitingSince: waitingSince.toISOString(),
            waitingMinutes: Math.max(0, Math.floor((at - waitingSince.getTime()) / 60_000)),
            isRenewal: row.isRenewal,
            urgent: row.urgent,
          };
        }),
      };
    },

    /** Everything a prescriber decides on; the reads are audited before anything is sent. */
    /** The order as the member's role may see it: the whole review, or support's view without the clinical record (never read for it). */
    async review(member: StaffRow, number: string): Promise<ClinicOrder> {
      const order = await orderByNumber(number);
      const patient = await patientOf(order);
      const clinical = readsClinicalRecord(member.role as StaffRole);
      const none = Promise.resolve([] as never[]);
      const [items, snapshots, weights, photos, gpRows, taskRows, history, previous, refunded, renewalRows] = await Promise.all([
        findOrderItems(db, order.id),
        clinical ? db.select().from(orderConsultations).where(eq(orderConsultations.orderId, order.id)).orderBy(asc(orderConsultations.id)) : none,
        clinical ? weightHistory(db, order.customerId) : none,
        clinical
          ? db
              .select()
              .from(uploads)
              .where(and(eq(uploads.customerId, order.customerId), inArray(uploads.category, REVIEW_PHOTO_CATEGORIES)))
              .orderBy(desc(uploads.createdAt))
          : none,
        clinical ? db.select().from(gpDetails).where(eq(gpDetails.customerId, order.customerId)) : none,
        db
          .select({ code: tasks.code, name: taskDefinitions.name, state: tasks.state, isCritical: taskDefinitions.isCritical, details: tasks.details, completedAt: tasks.completedAt })
          .from(tasks)
          .innerJoin(taskDefinitions, eq(taskDefinitions.code, tasks.code))
          .where(eq(tasks.orderId, order.id))
          .orderBy(asc(tasks.createdAt)),
        orderHistory(db, order.id),
        db
          .select()
          .from(orders)
          .where(and(eq(orders.customerId, order.customerId), ne(orders.id, order.id), sql`${orders.state} not in ('payment_pending', 'payment_failed')`))
          .orderBy(desc(orders.createdAt))
          .limit(50),
        refundedSoFar(order.id),
        db.select().from(subscriptionRenewals).where(eq(subscriptionRenewals.orderId, order.id)),
      ]);
      const supportThreads = await support.threadsOf(order.customerId);
      const previousEvents = previous.length
        ? await db
            .select()
            .from(orderEvents)
            .where(and(inArray(orderEvents.orderId, previous.map((row) => row.id)), eq(orderEvents.machine, 'order'), inArray(orderEvents.event, DECISION_EVENTS)))
            .orderBy(asc(orderEvents.id))
        : [];
      const previousItems = previous.length
        ? await db
            .select({ orderId: orderItems.orderId, productName: orderItems.productName })
            .from(orderItems)
            .where(inArray(orderItems.orderId, previous.map((row) => row.id)))
            .orderBy(asc(orderItems.id))
        : [];
      const gp = gpRows[0] ?? null;

      const base = { staffId: member.id, patientId: order.customerId, orderId: order.id, orderNumber: order.number };
      await db.transaction(async (tx) => {
        await audit(tx, { ...base, action: 'read-order', resource: 'order', resourceId: order.number });
        if (clinical) await audit(tx, { ...base, action: 'read-answers', resource: 'consultation', resourceId: snapshots.map((row) => row.id).join(',') || null });
        if (weights.length > 0) await audit(tx, { ...base, action: 'read-weights', resource: 'weight-logs' });
        if (gp) await audit(tx, { ...base, action: 'read-gp-details', resource: 'gp-details' });
        if (supportThreads.length > 0) await audit(tx, { ...base, action: 'read-support-messages', resource: 'support-thread', resourceId: supportThreads.map((thread) => thread.id).join(',') });
      });

      const tracking = order.trackingCarrier && order.trackingNumber ? { carrier: order.trackingCarrier as Carrier, number: order.trackingNumber, url: trackingUrl(order.trackingCarrier as Carrier, order.trackingNumber) } : null;
      const review: OrderReview = {
        view: 'clinical',
        orderNumber: order.number,
        state: order.state as OrderState,
        paymentState: order.paymentState as OrderPaymentState,
        placedAt: order.createdAt.toISOString(),
        patient: { id: patient.uid, name: `${patient.firstName} ${patient.lastName}`.trim(), email: patient.email, phoneNumber: patient.phoneNumber, birthday: patient.birthday },
        items,
        needsPrescriber: await needsPrescriber(db, order.id),
        totals: { subtotal: order.subtotal, discount: order.discount, shipping: order.shipping, credit: order.credit, total: order.total },
        shippingAddress: order.shippingAddress,
        billingAddress: order.billingAddress,
        consultations: snapshots.map((snapshot) => {
          // Snapshots from before rules carried sources have none: the page shows the answers alone.
          const triggeredRules = snapshot.outcome.triggeredRules ?? [];
          const { byQuestion } = rulesBesideAnswers(snapshot.questions.map((question) => question.id), triggeredRules);
          return {
            questionnaireSlug: snapshot.questionnaireSlug,
            questionnaireTitle: snapshot.questionnaireTitle,
            answers: snapshot.questions.map((question) => ({
              questionId: question.id,
              question: question.question,
              type: question.type,
              answer: snapshot.answers[question.id] ?? null,
              answerText: answerText(question.options, snapshot.answers[question.id]),
              rules: byQuestion.get(question.id) ?? [],
            })),
            outcome: {
              complete: snapshot.outcome.complete,
              rejection: snapshot.outcome.rejection ? { reason: snapshot.outcome.rejection.reason } : null,
              facts: snapshot.outcome.facts,
              eligibleProducts: snapshot.outcome.eligibleProducts,
              triggeredRules,
            },
            copiedAt: snapshot.createdAt.toISOString(),
          };
        }),
        measurements: weights,
        photos: photos.map((photo) => ({ id: photo.id, category: photo.category, title: photo.title, uploadedAt: photo.createdAt.toISOString() })),
        gp: gp ? { consentGiven: gp.consentGiven, practiceName: gp.practiceName, addressLine1: gp.addressLine1, addressLine2: gp.addressLine2, cityOrTown: gp.cityOrTown, postCode: gp.postCode } : null,
        tasks: taskRows.map((row) => ({ ...row, details: row.details ?? null, completedAt: row.completedAt?.toISOString() ?? null })),
        history: history.map(eventView),
        previousOrders: previous.map((row) => ({
          orderNumber: row.number,
          state: row.state as OrderState,
          placedAt: row.createdAt.toISOString(),
          products: previousItems.filter((item) => item.orderId === row.id).map((item) => item.productName),
          decisions: previousEvents.filter((event) => event.orderId === row.id).map(eventView),
        })),
        tracking,
        refunded,
        renewal: renewalRows[0] ? { deliveryDate: renewalRows[0].deliveryDate, doseIncrease: renewalRows[0].doseIncrease } : null,
        supportThreads,
      };
      return clinical ? review : supportOrderView(review);
    },

    /**
     * Approve (a prescriber), or release (a pharmacist, for an order with nothing to prescribe): the decision is
     * recorded once (a second click finds nothing to do), then the money is taken.
     */
    async approve(member: StaffRow, number: string, event: 'approved' | 'released' = 'approved'): Promise<DecisionReply> {
      const result = await db.transaction(async (tx) => {
        const order = await orderByNumber(number, tx, true);
        const decider = event === 'approved' ? { prescriber: decidedBy(member) } : { pharmacist: decidedBy(member) };
        const applied = await applyOrderEvent(tx, order.id, event, actorOf(member), { data: decider });
        if (applied.applied) {
          await audit(tx, { staffId: member.id, action: event === 'approved' ? 'approve' : 'release', patientId: order.customerId, orderId: order.id, orderNumber: order.number, resource: 'order', resourceId: order.number });
          await offerReminderSetUp(tx, order);
          await offerFirstCoachCall(tx, order);
          if (referrals && applied.effects.includes('credit_referrer')) await referrals.creditReferrer(tx, order);
        }
        return { order, applied };
      });
      if (!result.applied.applied) {
        const current = await orderByNumber(number);
        if (current.state !== 'approved') throw refused(current, result.applied.reason);
        // Approved before (a second click, or an approval whose capture did not finish): finish the capture.
        if (current.paymentState === 'authorised') await capture(current);
        if ((current.paymentState === 'awaiting_charge' || current.paymentState === 'not_required') && renewals) await renewals.approved(current.id, now());
        return decisionReply(await orderByNumber(number), false);
      }
      const order = await orderByNumber(number);
      if (order.paymentState === 'authorised') await capture(order);
      // A renewal: the saved card is charged now, or on its charge date by the renewal round (one the referral
      // credit paid in full moves its plan on then, with no charge).
      if ((order.paymentState === 'awaiting_charge' || order.paymentState === 'not_required') && renewals) await renewals.approved(order.id, now());
      const after = await orderByNumber(number);
      if (after.paymentState === 'captured' || after.paymentState === 'not_required') {
        // Once the money is taken (a repeat of the approval finds the key used and adds nothing).
        await notifier.notify(db, { template: 'order-approved', customerId: after.customerId, dedupeKey: `order-approved:${after.number}`, data: { orderNumber: after.number } });
      }
      return decisionReply(after, true);
    },

    async reject(member: StaffRow, number: string, reasonCode: RejectionReasonCode, note: string): Promise<DecisionReply> {
      const reason = rejectionMessage(reasonCode, note);
      const result = await db.transaction(async (tx) => {
        const order = await orderByNumber(number, tx, true);
        const applied = await applyOrderEvent(tx, order.id, 'rejected', actorOf(member), { reason, data: { reasonCode, note, prescriber: decidedBy(member) } });
        if (applied.applied) {
          await audit(tx, { staffId: member.id, action: 'reject', patientId: order.customerId, orderId: order.id, orderNumber: order.number, resource: 'order', resourceId: order.number, details: { reasonCode } });
          await notifier.notify(tx, { template: 'order-rejected', customerId: order.customerId, dedupeKey: `order-rejected:${order.number}`, data: { orderNumber: order.number, reason } });
          if (renewals) await renewals.rejected(tx as Db, order.id, reason);
        }
        return { order, applied };
      });
      const current = await orderByNumber(number);
      if (!result.applied.applied && current.state !== 'rejected') throw refused(current, result.applied.reason);
      // Voided now, or on a repeat when an earlier void did not reach the gateway.
      if (current.paymentState === 'authorised' || current.paymentState === 'capture_failed') await voidAuthorisation(current, { done: 'rejected', button: 'Reject' });
      return decisionReply(await orderByNumber(number), result.applied.applied);
    },

    /**
     * Support or admin cancel an order not yet decided (the patient asked by phone, or their account is to be
     * deleted): the event is recorded once, the patient is told, then the money held is released, once.
     */
    async cancel(member: StaffRow, number: string, reason: string): Promise<DecisionReply> {
      const result = await db.transaction(async (tx) => {
        const order = await orderByNumber(number, tx, true);
        const applied = await applyOrderEvent(tx, order.id, 'cancelled', actorOf(member), { reason, data: { by: decidedBy(member) } });
        if (applied.applied) {
          await audit(tx, { staffId: member.id, action: 'cancel-order', patientId: order.customerId, orderId: order.id, orderNumber: order.number, resource: 'order', resourceId: order.number, details: { reason } });
          if (applied.effects.includes('notify_cancelled')) {
            await notifier.notify(tx, { template: 'order-cancelled', customerId: order.customerId, dedupeKey: `order-cancelled:${order.number}`, data: { orderNumber: order.number } });
          }
          // A cancelled renewal would leave its plan waiting for an order that never comes.
          if (renewals) await renewals.cancelled(tx as Db, order.id, actorOf(member), reason);
        }
        return { order, applied };
      });
      const current = await orderByNumber(number);
      if (!result.applied.applied && current.state !== 'cancelled') throw refused(current, result.applied.reason);
      // Voided now, or on a repeat when an earlier void did not reach the gateway.
      if (current.paymentState === 'authorised' || current.paymentState === 'capture_failed') await voidAuthorisation(current, { done: 'cancelled', button: 'Cancel order' });
      return decisionReply(await orderByNumber(number), result.applied.applied);
    },

    async requestInformation(member: StaffRow, number: string, question: string, photoRequested: boolean): Promise<DecisionReply> {
      const result = await db.transaction(async (tx) => {
        const order = await orderByNumber(number, tx, true);
        const applied = await applyOrderEvent(tx, order.id, 'information_requested', actorOf(member), { reason: question, data: { question, photoRequested, prescriber: decidedBy(member) } });
        if (!applied.applied) return { order, applied };
        const details = { question, photoRequested, askedBy: decidedBy(member).label };
        // One question task per order: a later question opens it again with the new text.
        await tx
          .insert(tasks)
          .values({ customerId: order.customerId, orderId: order.id, code: CLINICIAN_QUESTION_TASK, details })
          .onConflictDoUpdate({ target: [tasks.orderId, tasks.code], set: { state: 'open', details, completedAt: null, completedWith: null, createdAt: sql`now()` } });
        await audit(tx, { staffId: member.id, action: 'request-information', patientId: order.customerId, orderId: order.id, orderNumber: order.number, resource: 'order', resourceId: order.number, details: { photoRequested } });
        // Each question is its own message; the event applied once in this transaction, so is the request.
        await notifier.notify(tx, { template: 'information-requested', customerId: order.customerId, dedupeKey: `information-requested:${order.number}:${randomUUID()}`, data: { orderNumber: order.number } });
        return { order, applied };
      });
      if (!result.applied.applied) throw refused(await orderByNumber(number), result.applied.reason);
      return decisionReply(await orderByNumber(number), true);
    },

    async dispatchQueue(member: StaffRow): Promise<DispatchQueue> {
      await audit(db, { staffId: member.id, action: 'read-dispatch-queue', resource: 'queue', resourceId: 'dispatch' });
      const approvedAt = sql<Date>`coalesce((select max(e.created_at) from order_events e where e.order_id = ${outer(orders.id)} and e.machine = 'order' and e.to_state = 'approved'), ${outer(orders.createdAt)})`;
      const rows = await db
        .select({
          number: orders.number,
          approvedAt,
          shippingAddress: orders.shippingAddress,
          products: sql<string[]>`(select coalesce(json_agg(i.product_name order by i.id), '[]'::json) from order_items i where i.order_id = ${outer(orders.id)})`,
        })
        .from(orders)
        .where(and(eq(orders.state, 'approved'), inArray(orders.paymentState, ['captured', 'not_required'])))
        .orderBy(asc(approvedAt), asc(orders.id))
        .limit(500);
      return {
        orders: rows.map((row) => ({
          orderNumber: row.number,
          patient: { name: `${String(row.shippingAddress.firstName ?? '')} ${String(row.shippingAddress.lastName ?? '')}`.trim() },
          products: row.products,
          approvedAt: new Date(row.approvedAt).toISOString(),
          postcode: String(row.shippingAddress.postcode ?? ''),
        })),
      };
    },

    async packingSlip(member: StaffRow, number: string): Promise<PackingSlip> {
      const order = await orderByNumber(number);
      const [items, history] = await Promise.all([db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id)), orderHistory(db, order.id)]);
      await audit(db, { staffId: member.id, action: 'read-packing-slip', patientId: order.customerId, orderId: order.id, orderNumber: order.number, resource: 'order', resourceId: order.number });
      // A prescriber's approval, or a pharmacist's release of an order with nothing to prescribe.
      const approval = history.filter((row) => row.machine === 'order' && (row.event === 'approved' || row.event === 'released')).at(-1);
      const address = order.shippingAddress as Record<string, string | null | undefined>;
      return {
        orderNumber: order.number,
        placedAt: order.createdAt.toISOString(),
        approvedAt: approval?.createdAt.toISOString() ?? null,
        approvedBy: (((approval?.data?.prescriber ?? approval?.data?.pharmacist) as { label?: string } | undefined)?.label as string | undefined) ?? null,
        recipient: {
          name: `${address.firstName ?? ''} ${address.lastName ?? ''}`.trim(),
          lines: [address.company, address.street, address.city].filter((line): line is string => typeof line === 'string' && line.trim() !== ''),
          postcode: address.postcode ?? '',
          phoneNumber: address.phoneNumber ?? null,
        },
        items: items.map((item) => ({ productName: item.productName, variantName: item.variantName, dosage: item.dosage, quantity: item.quantity, isPrescriptionOnly: item.isPrescriptionOnly })),
      };
    },

    async dispatch(member: StaffRow, number: string, carrier: Carrier, typed: string): Promise<DecisionReply> {
      const trackingNumber = validTrackingNumber(carrier, typed);
      if (!trackingNumber) throw new AppError(422, 'INVALID_TRACKING_NUMBER', TRACKING_FORMAT_MESSAGES[carrier]);
      const result = await db.transaction(async (tx) => {
        const order = await orderByNumber(number, tx, true);
        const applied = await applyOrderEvent(tx, order.id, 'dispatched', actorOf(member), { data: { carrier, trackingNumber, pharmacist: decidedBy(member) } });
        if (applied.applied) {
          await tx.update(orders).set({ trackingCarrier: carrier, trackingNumber }).where(eq(orders.id, order.id));
          await audit(tx, { staffId: member.id, action: 'dispatch', patientId: order.customerId, orderId: order.id, orderNumber: order.number, resource: 'order', resourceId: order.number, details: { carrier, trackingNumber } });
          await notifier.notify(tx, {
            template: 'order-dispatched',
            customerId: order.customerId,
            dedupeKey: `order-dispatched:${order.number}`,
            data: { orderNumber: order.number, carrier, trackingUrl: trackingUrl(carrier, trackingNumber) },
          });
        }
        return { order, applied };
      });
      const current = await orderByNumber(number);
      if (!result.applied.applied) {
        if (current.state === 'dispatched' && current.trackingNumber === trackingNumber) return decisionReply(current, false);
        throw refused(current, result.applied.reason);
      }
      return decisionReply(current, true);
    },

    /**
     * A full or partial refund. The request is reserved under the order's lock (amount within what is left, one row
     * per Idempotency-Key), then sent to the gateway with a key of its own, then recorded in the history; a repeat
     * of the same key finishes whatever the first did not.
     */
    async refund(member: StaffRow, number: string, amount: number, reason: string, key: string): Promise<RefundReply> {
      const reserved = await db.transaction(async (tx) => {
        const order = await orderByNumber(number, tx, true);
        const [earlier] = await tx.select().from(orderRefunds).where(and(eq(orderRefunds.orderId, order.id), eq(orderRefunds.idempotencyKey, key)));
        if (earlier) {
          if (earlier.amount !== amount) throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for another refund.');
          return { order, refund: earlier };
        }
        if (order.paymentState !== 'captured' && order.paymentState !== 'partially_refunded') {
          throw new AppError(409, 'NOTHING_TO_REFUND', `The payment of order ${order.number} is ${order.paymentState.replace(/_/g, ' ')}: only taken money can be refunded.`);
        }
        const remaining = order.total - (await refundedSoFar(order.id, tx));
        if (amount > remaining) throw new AppError(422, 'REFUND_TOO_LARGE', `At most ${remaining} pence can still be refunded on this order.`);
        const [refund] = await tx.insert(orderRefunds).values({ orderId: order.id, amount, reason, staffId: member.id, idempotencyKey: key }).returning();
        return { order, refund: refund! };
      });
      const { order, refund } = reserved;
      const recorded = await db.select({ id: orderEvents.id }).from(orderEvents).where(and(eq(orderEvents.orderId, order.id), sql`${orderEvents.data}->>'refundId' = ${String(refund.id)}`));
      if (recorded.length === 0) {
        const payment = await findCheckoutPayment(db, order.id);
        try {
          await gateway.refund(payment!.gatewayPaymentId!, amount, `order:${order.number}:refund:${refund.id}`);
        } catch (error) {
          // Nothing was refunded: the reservation goes, so the amount stays available.
          await db.delete(orderRefunds).where(eq(orderRefunds.id, refund.id));
          if (error instanceof PaymentGatewayError) throw new AppError(422, 'REFUND_REFUSED', `The payment provider refused the refund: ${error.message}`);
          log.error({ err: error, orderNumber: order.number }, 'refund failed');
          throw new AppError(503, 'PAYMENT_UNAVAILABLE', 'The payment provider could not be reached. Nothing was refunded; please try again in a moment.');
        }
        await db.transaction(async (tx) => {
          const locked = await orderByNumber(number, tx, true);
          const full = (await refundedSoFar(locked.id, tx)) >= locked.total;
          const details = { reason, data: { refundId: refund.id, amount, by: decidedBy(member) } };
          const actor = actorOf(member);
          if (full && ['approved', 'dispatched', 'delivered'].includes(locked.state)) await applyOrderEvent(tx, locked.id, 'refunded', actor, details);
          await applyOrderPaymentEvent(tx, locked.id, full ? 'refunded' : 'partially_refunded', actor, details);
          await audit(tx, { staffId: member.id, action: 'refund', patientId: locked.customerId, orderId: locked.id, orderNumber: locked.number, resource: 'payment', resourceId: String(refund.id), details: { amount, reason } });
          await notifier.notify(tx, { template: 'order-refunded', customerId: locked.customerId, dedupeKey: `order-refunded:${locked.number}:${refund.id}`, data: { orderNumber: locked.number, amount } });
        });
      }
      const after = await orderByNumber(number);
      const refunded = await refundedSoFar(after.id);
      return { orderNumber: after.number, state: after.state, paymentState: after.paymentState, refunded, remaining: after.total - refunded };
    },
  };
}
export type ClinicService = ReturnType<typeof createClinicService>;
