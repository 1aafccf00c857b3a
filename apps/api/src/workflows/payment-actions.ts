import { eq } from 'drizzle-orm';
import type { OrderPaymentEvent, OrderPaymentState, OrderState } from '@elmwood/domain';
import { PaymentGatewayError, type PaymentGateway } from '../adapters/payment-gateway/port';
import type { Db } from '../db/client';
import { orders } from '../db/schema/orders';
import type { Jobs } from '../lib/queue';
import { applyOrderPaymentEvent, type Actor, type EventDetails } from '../lifecycle/index';
import { findCheckoutPayment, lockOrder, updatePayment, type OrderRow } from '../modules/orders/index';
import type { RenewalService } from '../modules/subscriptions/index';
import { carryOutOrderEffects, type OrderEffectDeps } from './order-effects';
import { orderPaymentsQueue, type PaymentAction } from './payment-queue';

const GATEWAY: Actor = { type: 'gateway' };

/** The provider did not answer (a timeout, its 5xx, no connection): the same request is made again later. */
export class PaymentProviderUnreachable extends Error {
  constructor(action: PaymentAction | 'refund', cause: unknown) {
    super(`The payment provider did not answer the ${action}`, { cause });
    this.name = 'PaymentProviderUnreachable';
  }
}

/** A refusal is the provider's answer and final; anything else may succeed when asked again. */
function isRefusal(error: unknown): error is PaymentGatewayError {
  return error instanceof PaymentGatewayError && error.reason !== 'unavailable';
}

export type PaymentActionOutcome = 'done' | 'refused' | 'nothing_to_do';

export interface PaymentActionDeps {
  db: Db;
  gateway: PaymentGateway;
  renewals: Pick<RenewalService, 'chargeRenewal'>;
  effects: OrderEffectDeps;
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
  now: () => Date;
}

/**
 * The money calls made after a decision commits: capture an approved order's authorisation, void a rejected or
 * cancelled one's, charge an approved renewal's saved card. Each first reads where the order's money stands, so a
 * repeat (the job after the request's own try, a retry, a second process) does nothing; each call carries the key
 * the provider de-duplicates on, so one the shop never heard back from is not made twice.
 */
export function createPaymentActions({ db, gateway, renewals, effects, log, now }: PaymentActionDeps) {
  async function orderById(orderId: number): Promise<OrderRow | null> {
    const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
    return row ?? null;
  }

  /** Records the provider's answer once, under the order's lock, with the event's effects. */
  async function record(orderId: number, event: OrderPaymentEvent, details: EventDetails, paymentId: number | null, paymentRowState: string | null): Promise<void> {
    await db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      const held = { state: order.state as OrderState, paymentState: order.paymentState as OrderPaymentState };
      const moved = await applyOrderPaymentEvent(tx, orderId, event, GATEWAY, details, held);
      if (!moved.applied) return;
      if (paymentId !== null && paymentRowState !== null) await updatePayment(tx, paymentId, { state: paymentRowState });
      await carryOutOrderEffects(moved.effects, { tx, order, event, actor: GATEWAY, details }, effects);
    });
  }

  async function capture(orderId: number): Promise<PaymentActionOutcome> {
    const order = await orderById(orderId);
    if (order?.state !== 'approved' || order.paymentState !== 'authorised') return 'nothing_to_do';
    const payment = await findCheckoutPayment(db, orderId);
    if (!payment?.gatewayPaymentId) return 'nothing_to_do';
    // The approval may have lowered the dose and with it the total: only the price of what is supplied is taken, the
    // rest of the authorisation is released by the capture (a partial capture).
    const amount = Math.min(order.total, payment.amount);
    try {
      await gateway.capture(payment.gatewayPaymentId, amount, `order:${order.number}:capture`);
    } catch (error) {
      if (!isRefusal(error)) throw new PaymentProviderUnreachable('capture', error);
      // The hold lapsed or the bank refused: the table asks the patient to pay again.
      await record(orderId, 'capture_failed', { reason: error.message }, null, null);
      return 'refused';
    }
    await record(orderId, 'captured', { data: { gatewayPaymentId: payment.gatewayPaymentId, amount, authorised: payment.amount } }, payment.id, 'captured');
    return 'done';
  }

  async function voidHeld(orderId: number): Promise<PaymentActionOutcome> {
    const order = await orderById(orderId);
    const ended = order?.state === 'rejected' || order?.state === 'cancelled';
    if (!order || !ended || (order.paymentState !== 'authorised' && order.paymentState !== 'capture_failed')) return 'nothing_to_do';
    const payment = await findCheckoutPayment(db, orderId);
    if (!payment?.gatewayPaymentId) return 'nothing_to_do';
    try {
      await gateway.void(payment.gatewayPaymentId, `order:${order.number}:void`);
    } catch (error) {
      if (!isRefusal(error)) throw new PaymentProviderUnreachable('void', error);
      // Nothing is held any more (the authorisation lapsed): there is nothing to release.
      log.error({ err: error, orderNumber: order.number }, 'the payment provider refused to void an authorisation');
      return 'refused';
    }
    await record(orderId, 'voided', { data: { gatewayPaymentId: payment.gatewayPaymentId } }, payment.id, 'voided');
    return 'done';
  }

  /** An approved renewal: charged now if its charge date has come, else by the renewal round on the day. */
  async function charge(orderId: number, at: Date): Promise<PaymentActionOutcome> {
    try {
      const outcome = await renewals.chargeRenewal(orderId, at);
      if (outcome === 'not_due' || outcome === 'nothing_to_charge') return 'nothing_to_do';
      return outcome === 'charged' || outcome === 'paid_by_credit' ? 'done' : 'refused';
    } catch (error) {
      throw new PaymentProviderUnreachable('charge', error);
    }
  }

  const run = (orderId: number, action: PaymentAction, at: Date = now()): Promise<PaymentActionOutcome> => {
    if (action === 'capture') return capture(orderId);
    if (action === 'void') return voidHeld(orderId);
    return charge(orderId, at);
  };

  return {
    run,

    /**
     * The decision's own request tries the action at once, so the clinician sees the money taken or released; when
     * the provider does not answer, the job queued with the decision tries again, and the reply says it is pending.
     */
    async tryNow(orderId: number, action: PaymentAction): Promise<void> {
      try {
        await run(orderId, action);
      } catch (error) {
        if (!(error instanceof PaymentProviderUnreachable)) throw error;
        log.warn({ err: error.cause, orderId, action }, 'the payment provider did not answer; the queued job will try again');
      }
    },
  };
}
export type PaymentActions = ReturnType<typeof createPaymentActions>;

/** In processes that run jobs: each queued action, retried with backoff while the provider does not answer. */
export async function workPaymentActions(jobs: Jobs, actions: PaymentActions): Promise<void> {
  await jobs.work(orderPaymentsQueue, async ({ orderId, action }, { now }) => {
    await actions.run(orderId, action, now);
  });
}
