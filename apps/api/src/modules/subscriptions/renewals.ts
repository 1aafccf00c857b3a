import { and, eq, inArray, or, sql } from 'drizzle-orm';
import {
  addDays,
  CHECK_IN_LEAD_DAYS,
  nextChargeAttempt,
  renewalChargeDate,
  renewalNoticeDate,
  ukCalendarDate,
  type IsoDate,
  type SubscriptionEvent,
  type SubscriptionState,
} from '@elmwood/domain';
import { PaymentGatewayError, type Authorisation, type PaymentGateway } from '../../adapters/payment-gateway/port';
import type { Db } from '../../db/client';
import { outer } from '../../db/outer';
import { orders } from '../../db/schema/orders';
import { payments } from '../../db/schema/payments';
import { subscriptionRenewals, subscriptions } from '../../db/schema/subscriptions';
import type { Actor, EventDetails } from '../../lifecycle/index';
import type { Notifier } from '../../contracts/notifier';
import type { Queryable } from '../../db/client';
import { lockOrder } from '../orders/index';
import { orderRenewal } from './check-in';
import type { OrderPaymentEvents, PlanEvents } from './workflow-ports';
import { renewalCharge } from './renewal-charge';
import { noticePriceChanges } from './price-notices';
import { chargeAttempts, findPlan, lockPlan, planCard, plansInStates, RENEWAL_PAID_BY_CREDIT, renewalLines, renewalOfOrder, type PlanRow } from './repo';

const JOB: Actor = { type: 'job' };
const GATEWAY: Actor = { type: 'gateway' };
/** The first order of a plan must have been approved before the plan renews. */
const RENEWING_ORIGIN_STATES = ['approved', 'dispatched', 'delivered'];
/** States a renewal round moves on by itself. */
const BEFORE_THE_ORDER: SubscriptionState[] = ['renewal_due', 'check_in_overdue'];
const RUNNING: SubscriptionState[] = ['active', 'renewal_due', 'check_in_overdue', 'renewal_ordered', 'payment_failed'];
/** A try reserved this long ago and never answered is asked again (its process died, or the gateway did not reply). */
const UNANSWERED_TRY_SECONDS = 60;
const NO_CARD_REASON = 'There is no saved card for this plan';

export interface RenewalDeps {
  db: Db;
  gateway: PaymentGateway;
  notifier: Notifier;
  log: { error(details: object, message: string): void };
  /** Every plan event, with its table's effects (a check-in issued, the renewal ordered, dates moved, the patient told). */
  planEvents: PlanEvents;
  /** A renewal's charge answered, with the payment table's effects. */
  orderPayments: OrderPaymentEvents;
  now?: () => Date;
  /** How long a reserved try may wait for its answer before a round asks again (tests shorten it). */
  unansweredTrySeconds?: number;
}

export interface RoundReport {
  /** Patients told of a catalogue price change before it reaches their plan. */
  priceNotices: number;
  due: number;
  ordered: number;
  overdue: number;
  resumed: number;
  charged: number;
  declined: number;
  suspended: number;
}

export type ChargeOutcome = 'charged' | 'declined' | 'suspended' | 'not_due' | 'nothing_to_charge' | 'paid_by_credit';

/**
 * Renewals: a plan's coming delivery becomes due seven days ahead (check-in issued), is ordered once its check-in
 * is in, reviewed by a prescriber in the clinic, and charged on the saved card (merchant-initiated) from its
 * charge date; a declined charge is tried again on days 1, 3 and 7, then the plan is suspended. Every step moves
 * state through the lifecycle tables under a row lock, and every charge try carries an idempotency key of its own
 * kept in the database before the gateway is asked, so retries, restarts and several processes charge once.
 */
export function createRenewalService({ db, gateway, notifier, log, planEvents, orderPayments, now: clock = () => new Date(), unansweredTrySeconds = UNANSWERED_TRY_SECONDS }: RenewalDeps) {
  /** One plan, under its lock: due seven days ahead, ordered once its check-in is in, overdue from its charge date. */
  async function advancePlan(planId: string, today: IsoDate, report: RoundReport): Promise<void> {
    await db.transaction(async (tx) => {
      const plan = await lockPlan(tx, planId);
      if (!plan) return;
      let state = plan.state as SubscriptionState;
      const raise = (event: SubscriptionEvent, details: EventDetails = {}) => planEvents.apply(tx, { planId: plan.id, event, actor: JOB, details, today });
      if (state === 'paused' && plan.nextDeliveryDate <= addDays(today, CHECK_IN_LEAD_DAYS)) {
        if ((await raise('resumed', { reason: 'The pause ended' })).applied) {
          report.resumed += 1;
          state = 'active';
        }
      }
      if (state === 'active' && plan.nextDeliveryDate <= addDays(today, CHECK_IN_LEAD_DAYS) && (await originApproved(tx, plan))) {
        if ((await raise('renewal_due')).applied) {
          report.due += 1;
          state = 'renewal_due';
        }
      }
      if (BEFORE_THE_ORDER.includes(state)) {
        if (await orderRenewal(tx, planEvents, plan.id, JOB, today)) {
          report.ordered += 1;
          return;
        }
        if (state === 'renewal_due' && today >= renewalChargeDate(plan.nextDeliveryDate)) {
          if ((await raise('check_in_overdue')).applied) report.overdue += 1;
        }
      }
      if (RUNNING.includes(state) && today >= renewalNoticeDate(plan.nextDeliveryDate) && today < renewalChargeDate(plan.nextDeliveryDate)) {
        await notifier.notify(tx, {
          template: 'renewal-coming',
          customerId: plan.customerId,
          dedupeKey: `renewal-coming:${plan.id}:${plan.nextDeliveryDate}`,
          data: { subscriptionId: plan.id, chargeDate: renewalChargeDate(plan.nextDeliveryDate), amount: await comingCharge(tx, plan) },
        });
      }
    });
  }

  /** What the coming delivery's charge will be: the renewal order's total once ordered (after any referral credit), else the plan's price now. */
  async function comingCharge(tx: Queryable, plan: PlanRow): Promise<number> {
    const [ordered] = await tx
      .select({ total: orders.total })
      .from(subscriptionRenewals)
      .innerJoin(orders, eq(orders.id, subscriptionRenewals.orderId))
      .where(and(eq(subscriptionRenewals.subscriptionId, plan.id), eq(subscriptionRenewals.deliveryDate, plan.nextDeliveryDate)));
    return ordered ? ordered.total : (await renewalCharge(tx, plan, await renewalLines(tx, plan))).amount;
  }

  async function originApproved(tx: Queryable, plan: PlanRow): Promise<boolean> {
    const [origin] = await tx.select({ state: orders.state }).from(orders).where(eq(orders.id, plan.orderId));
    return origin !== undefined && RENEWING_ORIGIN_STATES.includes(origin.state);
  }

  /**
   * Reserves this renewal's next try, if one is due: the answer-less try of a process that died (asked again with
   * the same key), else a new one from the charge date and then on each retry day. Null when nothing is due.
   */
  async function reserveTry(orderId: number, now: Date) {
    return db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      if (order.state !== 'approved' || (order.paymentState !== 'awaiting_charge' && order.paymentState !== 'charge_declined')) return null;
      const renewal = await renewalOfOrder(tx, orderId);
      if (!renewal) return null;
      // A plan cancelled or stopped since the approval is not charged.
      const plan = await findPlan(tx, renewal.subscriptionId);
      if (!plan || (plan.state !== 'renewal_ordered' && plan.state !== 'payment_failed')) return null;
      const tries = await chargeAttempts(tx, orderId);
      const unanswered = tries.find((row) => row.state === 'pending');
      if (unanswered) return { order, renewal, payment: unanswered };
      const declines = tries.filter((row) => row.state === 'declined').length;
      const today = ukCalendarDate(now);
      const dueOn = declines === 0 ? renewal.chargeDate : nextChargeAttempt(renewal.firstDeclinedOn ?? renewal.chargeDate, declines);
      if (dueOn === null || today < dueOn) return null;
      const [payment] = await tx
        .insert(payments)
        .values({ orderId, gateway: gateway.name, method: 'saved-card', amount: order.total, state: 'pending', attempt: declines + 1 })
        .onConflictDoNothing()
        .returning();
      return payment ? { order, renewal, payment } : null;
    });
  }

  /** Writes a try's answer once (the first process to write it wins) and moves the order and the plan. */
  async function settle(reserved: NonNullable<Awaited<ReturnType<typeof reserveTry>>>, answer: Authorisation, now: Date): Promise<ChargeOutcome> {
    const { order, renewal, payment } = reserved;
    return db.transaction(async (tx) => {
      const plan = (await lockPlan(tx, renewal.subscriptionId))!;
      const written = await tx
        .update(payments)
        .set({
          state: answer.status === 'authorised' ? 'captured' : 'declined',
          gatewayPaymentId: answer.paymentId,
          declineReason: answer.status === 'declined' ? answer.reason : null,
          updatedAt: new Date(),
        })
        .where(and(eq(payments.id, payment.id), eq(payments.state, 'pending')))
        .returning({ id: payments.id });
      if (written.length === 0) return 'nothing_to_charge';
      const details = { data: { gatewayPaymentId: answer.paymentId, attempt: payment.attempt, amount: payment.amount } };
      const today = ukCalendarDate(now);
      const raise = (event: SubscriptionEvent, actor: Actor, planDetails: EventDetails) => planEvents.apply(tx, { planId: plan.id, event, actor, details: planDetails, today });
      if (answer.status === 'authorised') {
        await orderPayments.apply(tx, order.id, 'charged', GATEWAY, details);
        await raise('renewal_charged', GATEWAY, { data: { ...details.data, deliveryDate: renewal.deliveryDate } });
        return 'charged';
      }
      const reason = answer.status === 'declined' ? answer.reason : 'The payment needed the patient';
      await orderPayments.apply(tx, order.id, 'charge_declined', GATEWAY, { reason, data: details.data });
      const nextAttempt = nextChargeAttempt(renewal.firstDeclinedOn ?? today, payment.attempt!);
      await raise('charge_failed', GATEWAY, { reason, data: { ...details.data, nextAttempt, orderNumber: order.number } });
      if (nextAttempt) return 'declined';
      await raise('suspended', JOB, { reason: 'The card was declined on every try' });
      return 'suspended';
    });
  }

  /**
   * An approved renewal the patient's referral credit paid in full (its payment not_required): on its charge date
   * the plan moves on as if the card had been charged, without asking the gateway for anything. Once, under the
   * plan's lock: the plan must still be waiting on this delivery.
   */
  async function settleWithoutCharge(orderId: number, now: Date): Promise<ChargeOutcome> {
    return db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      if (order.state !== 'approved' || order.paymentState !== 'not_required') return 'nothing_to_charge';
      const renewal = await renewalOfOrder(tx, orderId);
      if (!renewal || ukCalendarDate(now) < renewal.chargeDate) return 'not_due';
      const plan = await lockPlan(tx, renewal.subscriptionId);
      if (!plan || plan.state !== 'renewal_ordered' || plan.nextDeliveryDate !== renewal.deliveryDate) return 'nothing_to_charge';
      const details = { reason: RENEWAL_PAID_BY_CREDIT, data: { amount: 0, credit: order.credit, deliveryDate: renewal.deliveryDate } };
      const moved = await planEvents.apply(tx, { planId: plan.id, event: 'renewal_charged', actor: JOB, details, today: ukCalendarDate(now) });
      return moved.applied ? 'paid_by_credit' : 'nothing_to_charge';
    });
  }

  /**
   * Charges an approved renewal whose charge (or retry) is due at `now`, once. The try is reserved first; the
   * gateway is asked with that try's key (a repeat gets the first answer); the answer is written once. A gateway
   * that cannot be reached leaves the try reserved, and the next round asks again with the same key.
   */
  async function chargeRenewal(orderId: number, now: Date): Promise<ChargeOutcome> {
    const [money] = await db.select({ paymentState: orders.paymentState }).from(orders).where(eq(orders.id, orderId));
    if (money?.paymentState === 'not_required') return settleWithoutCharge(orderId, now);
    const reserved = await reserveTry(orderId, now);
    if (!reserved) return 'not_due';
    const plan = (await findPlan(db, reserved.renewal.subscriptionId))!;
    const card = await planCard(db, plan);
    let answer: Authorisation;
    if (!card || !card.initialPaymentId) {
      answer = { status: 'declined', paymentId: null, reason: NO_CARD_REASON };
    } else {
      try {
        answer = await gateway.chargeSavedCard({
          amount: reserved.payment.amount,
          reference: reserved.order.number,
          sourceId: card.gatewaySourceId,
          previousPaymentId: card.initialPaymentId,
          idempotencyKey: `renewal:${reserved.order.number}:try:${reserved.payment.attempt}`,
        });
      } catch (error) {
        if (!(error instanceof PaymentGatewayError) || error.reason === 'unavailable') throw error;
        answer = { status: 'declined', paymentId: null, reason: error.reason === 'invalid_token' ? 'The saved card can no longer be used' : error.message };
      }
    }
    return settle(reserved, answer, now);
  }

  /**
   * Approved renewals with money still to take, and tries left unanswered: the round's charges; and approved
   * renewals the credit paid whose plan still waits on that delivery.
   */
  async function ordersToCharge(): Promise<number[]> {
    const rows = await db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(subscriptionRenewals, eq(subscriptionRenewals.orderId, orders.id))
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionRenewals.subscriptionId))
      .where(
        and(
          eq(orders.state, 'approved'),
          or(
            and(
              inArray(orders.paymentState, ['awaiting_charge', 'charge_declined']),
              sql`not exists (select 1 from payments p where p.order_id = ${outer(orders.id)} and p.state = 'pending' and p.updated_at > now() - make_interval(secs => ${unansweredTrySeconds}))`,
            ),
            and(eq(orders.paymentState, 'not_required'), eq(subscriptions.state, 'renewal_ordered'), eq(subscriptions.nextDeliveryDate, subscriptionRenewals.deliveryDate)),
          ),
        ),
      )
      .limit(500);
    return rows.map((row) => row.id);
  }

  return {
    chargeRenewal,

    /**
     * One round at `now`: plans due, ordered or overdue, notices of coming renewals, and charges. Idempotent and
     * safe in several processes at once; one plan's or order's failure does not stop the others.
     */
    async runRound(now: Date): Promise<RoundReport> {
      const today = ukCalendarDate(now);
      const report: RoundReport = { priceNotices: 0, due: 0, ordered: 0, overdue: 0, resumed: 0, charged: 0, declined: 0, suspended: 0 };
      // First, so a renewal noticed this round already says the price the patient was told of.
      try {
        report.priceNotices = await noticePriceChanges({ db, notifier, linesOf: async (tx, plan) => (await renewalLines(tx, plan)).items }, today);
      } catch (error) {
        log.error({ err: error }, 'renewal round: could not tell patients of a price change; the next round tries again');
      }
      const plans = await plansInStates(db, ['paused', 'active', ...BEFORE_THE_ORDER, 'renewal_ordered', 'payment_failed'], addDays(today, CHECK_IN_LEAD_DAYS));
      for (const plan of plans) {
        try {
          await advancePlan(plan.id, today, report);
        } catch (error) {
          log.error({ err: error, subscriptionId: plan.id }, 'renewal round: could not move a plan');
        }
      }
      for (const orderId of await ordersToCharge()) {
        try {
          const outcome = await chargeRenewal(orderId, now);
          if (outcome === 'charged' || outcome === 'declined' || outcome === 'suspended') report[outcome] += 1;
        } catch (error) {
          log.error({ err: error, orderId }, 'renewal round: the charge did not get an answer; the next round asks again');
        }
      }
      return report;
    },

    /**
     * A renewal order ended without a supply (hold_renewal_plan): rejected by a prescriber, the plan stops until the
     * patient and the clinic sort it out; cancelled by support, it waits on hold for the patient to restart it,
     * rather than for an order that will never come.
     */
    async holdPlan(tx: Db, orderId: number, ending: 'rejected' | 'cancelled', actor: Actor, reason: string): Promise<void> {
      const renewal = await renewalOfOrder(tx, orderId);
      if (!renewal) return;
      const event = ending === 'rejected' ? 'renewal_rejected' : 'renewal_cancelled';
      await planEvents.apply(tx, { planId: renewal.subscriptionId, event, actor, details: { reason }, today: ukCalendarDate(clock()) });
    },

    /** Whether an order is a renewal (the clinic marks it 'Renewal'). */
    async isRenewal(orderId: number, tx: Pick<Db, 'select'> = db): Promise<boolean> {
      const [row] = await tx.select({ id: subscriptionRenewals.id }).from(subscriptionRenewals).where(eq(subscriptionRenewals.orderId, orderId));
      return row !== undefined;
    },
  };
}
export type RenewalService = ReturnType<typeof createRenewalService>;
