import { and, eq, sql } from 'drizzle-orm';
import {
  GP_CONCERN_HOLD_MESSAGE,
  doseChanged,
  GP_CONSENT_REASON_NEEDED_MESSAGE,
  gpConsentReasonNeeded,
  prescriberLabel,
  type ApproveBody,
  rejectionMessage,
  TRACKING_FORMAT_MESSAGES,
  validTrackingNumber,
  type Carrier,
  type DecisionReply,
  type OrderEvent,
  type OrderPaymentState,
  type OrderState,
  type RefundReply,
  type RegistrationBody,
  type RejectionReasonCode,
} from '@elmwood/domain';
import { PaymentGatewayError, type PaymentGateway } from '../adapters/payment-gateway/port';
import type { Db } from '../db/client';
import { orderRefunds, staff } from '../db/schema/clinic';
import { orderEvents, orders } from '../db/schema/orders';
import { AppError } from '../lib/errors';
import { audit, placedOrderByNumber, refundedSoFar, type StaffRow } from '../modules/clinic/index';
import { applyOrderEvent, applyOrderPaymentEvent, type Actor, type EventDetails } from '../lifecycle/index';
import { gpConsentsOf } from '../modules/gp/index';
import { approvalVerification } from '../modules/verification/index';
import { gpConcernHolds } from '../modules/urgent-care/index';
import { findCheckoutPayment, type OrderRow } from '../modules/orders/index';
import { decideDose } from './approve-dose';
import { carryOutOrderEffects, type OrderEffectDeps } from './order-effects';
import type { Jobs } from '../lib/queue';
import { PaymentProviderUnreachable, type PaymentActions } from './payment-actions';
import { FIRST_TRY_DELAY_SECONDS, orderRefundsQueue, type PaymentAction } from './payment-queue';

export interface OrderDecisionDeps {
  db: Db;
  gateway: Pick<PaymentGateway, 'refund'>;
  effects: OrderEffectDeps;
  payments: Pick<PaymentActions, 'tryNow'>;
  jobs: Pick<Jobs, 'sendWithin' | 'cancel'>;
  log: { error(details: object, message: string): void };
  /** The clock the verification's validity is read by. */
  now?: () => Date;
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

function decisionReply(order: OrderRow, changed: boolean): DecisionReply {
  return { orderNumber: order.number, state: order.state, paymentState: order.paymentState, changed };
}

/** The reason an event could not be applied, as the prescriber or pharmacist reads it. */
function refused(order: OrderRow, reason: string): AppError {
  if (reason === 'prescriber_needed') return new AppError(409, 'PRESCRIBER_NEEDED', `Order ${order.number} holds a medicine, so a prescriber must approve it.`);
  if (reason === 'payment_not_ready') return new AppError(409, 'PAYMENT_NOT_READY', `The payment of order ${order.number} is ${order.paymentState.replace(/_/g, ' ')}, so this cannot be done now.`);
  return new AppError(409, 'ORDER_STATE_CONFLICT', `Order ${order.number} is ${order.state.replace(/_/g, ' ')}, so this cannot be done now.`);
}

/**
 * A prescription without the patient's consent to inform their GP needs the prescriber's recorded reason (GPhC
 * guidance, 2025); the approval keeps the consent it relied on, and the reason when one was needed.
 */
async function gpConsentOnApproval(tx: Db, order: OrderRow, input: ApproveBody): Promise<Record<string, unknown>> {
  const consents = await gpConsentsOf(tx, order.customerId);
  if (!gpConsentReasonNeeded(consents)) return { gpConsent: { informGp: true } };
  if (!input.noGpConsentReason) throw new AppError(422, 'GP_CONSENT_REASON_NEEDED', GP_CONSENT_REASON_NEEDED_MESSAGE);
  return { gpConsent: { informGp: false, reasonWithoutConsent: input.noGpConsentReason } };
}

/** The money call a decided order still waits for, if any (the same the decision's effects queued). */
function moneyStillToMove(order: OrderRow, isRenewal: boolean): PaymentAction | null {
  const state = order.state as OrderState;
  const money = order.paymentState as OrderPaymentState;
  if (state === 'approved' && money === 'authorised') return 'capture';
  if (state === 'approved' && isRenewal && (money === 'awaiting_charge' || money === 'not_required')) return 'charge';
  if ((state === 'rejected' || state === 'cancelled') && (money === 'authorised' || money === 'capture_failed')) return 'void';
  return null;
}

/**
 * A clinician's decisions on an order (approve, release, reject, cancel, ask for information, dispatch, refund):
 * each applies its event under the order's lock with an audit row and the event's effects in one transaction, so a
 * second click or a second process finds nothing to do; the money the decision moves is queued in that same
 * transaction, tried at once, and retried by its job when the provider does not answer.
 */
export function createOrderDecisions({ db, gateway, effects, payments, jobs, log, now = () => new Date() }: OrderDecisionDeps) {
  const orderByNumber = (number: string, tx: Pick<Db, 'select'> = db, lock = false) => placedOrderByNumber(tx, number, lock);

  /**
   * Applies `event` and its effects with the audit row; answers the order as locked and whether it moved. `prepare`,
   * given the order under its lock while it is still in review, may refuse the decision (the GP consent's reason
   * missing) or add to the event's data and the audit row before it is applied (the approval's dose decision), in
   * the same transaction.
   */
  async function decide(
    member: StaffRow,
    number: string,
    event: OrderEvent,
    given: EventDetails,
    auditAs: { action: string; details?: Record<string, unknown> },
    prepare?: (tx: Db, order: OrderRow) => Promise<{ data: Record<string, unknown>; audit?: Record<string, unknown> }>,
  ) {
    return db.transaction(async (tx) => {
      const order = await orderByNumber(number, tx, true);
      const actor = actorOf(member);
      const prepared = prepare && order.state === 'in_review' ? await prepare(tx, order) : { data: {} };
      const details = { ...given, data: { ...given.data, ...prepared.data } };
      const auditDetails = auditAs.details || prepared.audit ? { ...auditAs.details, ...prepared.audit } : null;
      const applied = await applyOrderEvent(tx, order.id, event, actor, details);
      // What `prepare` changed stands only with the event: refused, the transaction is rolled back.
      if (!applied.applied && prepare && order.state === 'in_review') throw refused(order, applied.reason);
      if (applied.applied) {
        await audit(tx, { staffId: member.id, action: auditAs.action, patientId: order.customerId, orderId: order.id, orderNumber: order.number, resource: 'order', resourceId: order.number, details: auditDetails });
        await carryOutOrderEffects(applied.effects, { tx, order, event, actor, details }, effects);
      }
      return applied;
    });
  }

  /** After the decision: the money it moves, tried now (again on a repeat, when an earlier try did not get through). */
  async function moveMoney(number: string): Promise<OrderRow> {
    const order = await orderByNumber(number);
    const action = moneyStillToMove(order, await effects.renewals.isRenewal(order.id));
    if (action) await payments.tryNow(order.id, action);
    return orderByNumber(number);
  }

  /** A decision already taken (a second click) answers as it stands; another state refuses. */
  async function settled(number: string, applied: Awaited<ReturnType<typeof decide>>, done: OrderState): Promise<DecisionReply> {
    if (!applied.applied) {
      const current = await orderByNumber(number);
      if (current.state !== done) throw refused(current, applied.reason);
    }
    return decisionReply(await moveMoney(number), applied.applied);
  }

  /** Asks the provider for a reserved refund, unless its history already has it, then records it once. */
  async function sendRefund(refund: typeof orderRefunds.$inferSelect, member: StaffRow): Promise<void> {
    if (await refundRecorded(db, refund)) return;
    const [order] = await db.select().from(orders).where(eq(orders.id, refund.orderId));
    const payment = await findCheckoutPayment(db, refund.orderId);
    try {
      await gateway.refund(payment!.gatewayPaymentId!, refund.amount, `order:${order!.number}:refund:${refund.id}`);
    } catch (error) {
      if (error instanceof PaymentGatewayError && error.reason !== 'unavailable') throw error;
      throw new PaymentProviderUnreachable('refund', error);
    }
    await db.transaction(async (tx) => {
      const locked = await orderByNumber(order!.number, tx, true);
      // A second sender (the job, a repeated request) that got here first recorded it.
      if (await refundRecorded(tx, refund)) return;
      const full = (await refundedSoFar(tx, locked.id)) >= locked.total;
      const details = { reason: refund.reason, data: { refundId: refund.id, amount: refund.amount, by: decidedBy(member) } };
      const actor = actorOf(member);
      if (full && ['approved', 'dispatched', 'delivered'].includes(locked.state)) {
        const moved = await applyOrderEvent(tx, locked.id, 'refunded', actor, details);
        if (moved.applied) await carryOutOrderEffects(moved.effects, { tx, order: locked, event: 'refunded', actor, details }, effects);
      }
      const event = full ? 'refunded' : 'partially_refunded';
      const money = await applyOrderPaymentEvent(tx, locked.id, event, actor, details);
      await audit(tx, { staffId: member.id, action: 'refund', patientId: locked.customerId, orderId: locked.id, orderNumber: locked.number, resource: 'payment', resourceId: String(refund.id), details: { amount: refund.amount, reason: refund.reason } });
      if (money.applied) await carryOutOrderEffects(money.effects, { tx, order: locked, event, actor, details }, effects);
    });
  }

  return {
    /**
     * Approve (a prescriber), or release (a pharmacist, for an order with nothing to prescribe): recorded once, then
     * the money is taken (a renewal's saved card on its charge date).
     */
    async approve(member: StaffRow, number: string, event: 'approved' | 'released' = 'approved', body: ApproveBody = {}): Promise<DecisionReply> {
      const decider = event === 'approved' ? { prescriber: decidedBy(member) } : { pharmacist: decidedBy(member) };
      // The prescriber's to decide: without the patient's consent to tell their GP, a reason; the dose, changed on the
      // order before the approval queues the money.
      const prepare = async (tx: Db, order: OrderRow) => {
        if (event !== 'approved') return { data: {} };
        const gp = await gpConsentOnApproval(tx, order, body);
        const dose = await decideDose(tx, order, body);
        const doseAudit = dose && doseChanged(dose) ? { dose: { asked: dose.asked.variantCode, approved: dose.approved.variantCode, rationale: dose.rationale } } : {};
        // After the dose is decided: an increase past the clinic's threshold needs a fresh verification (issue 33).
        const verified = await approvalVerification(tx, order, now());
        const verificationAudit = verified.verification ? { verification: { id: verified.verification.id, method: verified.verification.method } } : {};
        const rationale = body.rationale ? { rationale: body.rationale } : {};
        return { data: { ...gp, ...(dose ? { dose } : {}), ...verified, ...rationale }, audit: { ...gp, ...doseAudit, ...verificationAudit } };
      };
      const applied = await decide(member, number, event, { data: decider }, { action: event === 'approved' ? 'approve' : 'release' }, prepare);
      return settled(number, applied, 'approved');
    },

    async reject(member: StaffRow, number: string, reasonCode: RejectionReasonCode, note: string): Promise<DecisionReply> {
      const reason = rejectionMessage(reasonCode, note);
      const applied = await decide(member, number, 'rejected', { reason, data: { reasonCode, note, prescriber: decidedBy(member) } }, { action: 'reject', details: { reasonCode } });
      return settled(number, applied, 'rejected');
    },

    /**
     * Support or admin cancel an order not yet decided (the patient asked by phone, or their account is to be
     * deleted): recorded once, the patient told, then the money held released, once.
     */
    async cancel(member: StaffRow, number: string, reason: string): Promise<DecisionReply> {
      const applied = await decide(member, number, 'cancelled', { reason, data: { by: decidedBy(member) } }, { action: 'cancel-order', details: { reason } });
      return settled(number, applied, 'cancelled');
    },

    async requestInformation(member: StaffRow, number: string, question: string, photoRequested: boolean): Promise<DecisionReply> {
      const applied = await decide(
        member,
        number,
        'information_requested',
        { reason: question, data: { question, photoRequested, prescriber: decidedBy(member) } },
        { action: 'request-information', details: { photoRequested } },
      );
      if (!applied.applied) throw refused(await orderByNumber(number), applied.reason);
      return decisionReply(await orderByNumber(number), true);
    },

    async dispatch(member: StaffRow, number: string, carrier: Carrier, typed: string): Promise<DecisionReply> {
      const trackingNumber = validTrackingNumber(carrier, typed);
      if (!trackingNumber) throw new AppError(422, 'INVALID_TRACKING_NUMBER', TRACKING_FORMAT_MESSAGES[carrier]);
      const applied = await db.transaction(async (tx) => {
        const order = await orderByNumber(number, tx, true);
        // A GP's concern holds the patient's next supply until a prescriber has reviewed it.
        if (order.state === 'approved' && (await gpConcernHolds(tx, order.customerId))) throw new AppError(409, 'HELD_BY_GP_CONCERN', GP_CONCERN_HOLD_MESSAGE);
        const actor = actorOf(member);
        const details = { data: { carrier, trackingNumber, pharmacist: decidedBy(member) } };
        const moved = await applyOrderEvent(tx, order.id, 'dispatched', actor, details);
        if (moved.applied) {
          await tx.update(orders).set({ trackingCarrier: carrier, trackingNumber }).where(eq(orders.id, order.id));
          await audit(tx, { staffId: member.id, action: 'dispatch', patientId: order.customerId, orderId: order.id, orderNumber: order.number, resource: 'order', resourceId: order.number, details: { carrier, trackingNumber } });
          await carryOutOrderEffects(moved.effects, { tx, order, event: 'dispatched', actor, details }, effects);
        }
        return moved;
      });
      const current = await orderByNumber(number);
      if (!applied.applied) {
        if (current.state === 'dispatched' && current.trackingNumber === trackingNumber) return decisionReply(current, false);
        throw refused(current, applied.reason);
      }
      return decisionReply(current, true);
    },

    /**
     * A full or partial refund. The request is reserved under the order's lock (amount within what is left, one row
     * per Idempotency-Key) with a job that sends it, in one transaction; then sent to the gateway at once with a key
     * of its own and recorded in the history. A provider that cannot be reached leaves the job to send it (202,
     * waitingForProvider); a refusal gives the amount back. A repeat of the same key finishes whatever the first did not.
     */
    async refund(member: StaffRow, number: string, amount: number, reason: string, key: string): Promise<RefundReply> {
      const { order, refund } = await db.transaction(async (tx) => {
        const order = await orderByNumber(number, tx, true);
        const [earlier] = await tx.select().from(orderRefunds).where(and(eq(orderRefunds.orderId, order.id), eq(orderRefunds.idempotencyKey, key)));
        if (earlier) {
          if (earlier.amount !== amount) throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for another refund.');
          return { order, refund: earlier };
        }
        if (order.paymentState !== 'captured' && order.paymentState !== 'partially_refunded') {
          throw new AppError(409, 'NOTHING_TO_REFUND', `The payment of order ${order.number} is ${order.paymentState.replace(/_/g, ' ')}: only taken money can be refunded.`);
        }
        const remaining = order.total - (await refundedSoFar(tx, order.id));
        if (amount > remaining) throw new AppError(422, 'REFUND_TOO_LARGE', `At most ${remaining} pence can still be refunded on this order.`);
        const [refund] = await tx.insert(orderRefunds).values({ orderId: order.id, amount, reason, staffId: member.id, idempotencyKey: key }).returning();
        await jobs.sendWithin(tx, orderRefundsQueue, { refundId: refund!.id }, { singletonKey: refundJobKey(refund!.id), delaySeconds: FIRST_TRY_DELAY_SECONDS });
        return { order, refund: refund! };
      });
      let waitingForProvider = false;
      try {
        await sendRefund(refund, member);
      } catch (error) {
        if (error instanceof PaymentProviderUnreachable) {
          log.error({ err: error.cause, orderNumber: order.number }, 'refund: the provider did not answer; the refund job will send it');
          waitingForProvider = true;
        } else if (error instanceof PaymentGatewayError) {
          // Nothing was refunded: the reservation and its job go, so the amount stays available.
          await db.delete(orderRefunds).where(eq(orderRefunds.id, refund.id));
          await jobs.cancel(orderRefundsQueue, refundJobKey(refund.id));
          throw new AppError(422, 'REFUND_REFUSED', `The payment provider refused the refund: ${error.message}`);
        } else {
          throw error;
        }
      }
      const after = await orderByNumber(number);
      const refunded = await refundedSoFar(db, after.id);
      return { orderNumber: after.number, state: after.state, paymentState: after.paymentState, refunded, remaining: after.total - refunded, ...(waitingForProvider ? { waitingForProvider } : {}) };
    },

    /**
     * The refund job: sends a reserved refund the request could not, once (the provider de-duplicates on the refund's
     * key, and the history records it once). An unreachable provider is retried with backoff; a refusal fails the job,
     * which then waits, with its reason, in the console's failed work for an admin (the amount stays reserved, so
     * nobody refunds it twice meanwhile).
     */
    async sendReservedRefund(refundId: number): Promise<void> {
      const [refund] = await db.select().from(orderRefunds).where(eq(orderRefunds.id, refundId));
      if (!refund) return;
      const [member] = await db.select().from(staff).where(eq(staff.id, refund.staffId));
      await sendRefund(refund, member!);
    },
  };
}
export type OrderDecisions = ReturnType<typeof createOrderDecisions>;

const refundJobKey = (refundId: number) => `refund:${refundId}`;

async function refundRecorded(db: Pick<Db, 'select'>, refund: { id: number; orderId: number }): Promise<boolean> {
  const rows = await db.select({ id: orderEvents.id }).from(orderEvents).where(and(eq(orderEvents.orderId, refund.orderId), sql`${orderEvents.data}->>'refundId' = ${String(refund.id)}`));
  return rows.length > 0;
}

/** In processes that run jobs: each reserved refund the request could not send, retried while the provider does not answer. */
export async function workRefunds(jobs: Pick<Jobs, 'work'>, decisions: Pick<OrderDecisions, 'sendReservedRefund'>): Promise<void> {
  await jobs.work(orderRefundsQueue, async ({ refundId }) => {
    await decisions.sendReservedRefund(refundId);
  });
}
