import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  approvedDoseOf,
  doseChanged,
  isSubscriptionFrequency,
  nextSubscriptionDelivery,
  planMonthsOf,
  TASK_CODES,
  trackingUrl,
  type ApprovalVerification,
  type Carrier,
  type OrderEffect,
  type OrderEvent,
  type OrderItem,
  type OrderPaymentEvent,
  type OrderPaymentState,
  type OrderState,
} from '@elmwood/domain';
import type { Db } from '../db/client';
import { tasks } from '../db/schema/tasks';
import type { Jobs } from '../lib/queue';
import type { CheckoutCarts } from '../modules/cart/index';
import { audit, refundedSoFar } from '../modules/clinic/index';
import type { GpLetters } from '../modules/gp-letters/index';
import { applyOrderEvent, applyOrderPaymentEvent, orderHistory, type Actor, type EventDetails } from '../lifecycle/index';
import type { Notifier } from '../modules/notifications/index';
import { addOrderMessage } from '../modules/order-messages/index';
import { insertSubscriptions, lockOrder, type OrderRow } from '../modules/orders/index';
import type { Referrals } from '../modules/referrals/index';
import { dateFirstRenewalFromDispatch, type OrderPaymentEvents, type RenewalService } from '../modules/subscriptions/index';
import { createTasksForOrder, offerFirstCoachCall, offerReminderSetUp } from '../modules/tasks/index';
import { offerVideoConsultation } from '../modules/verification/index';
import { addOrderedConsultationPoints } from '../modules/weight/index';
import { queuePaymentAction } from './payment-queue';

/** What the order's handlers use from the rest of the shop. */
export interface OrderEffectDeps {
  notifier: Notifier;
  jobs: Pick<Jobs, 'sendWithin'>;
  referrals: Pick<Referrals, 'creditReferrer' | 'takeBackCredit'>;
  renewals: Pick<RenewalService, 'holdPlan' | 'isRenewal'>;
  carts: Pick<CheckoutCarts, 'markCompleted'>;
  gpLetters: Pick<GpLetters, 'write'>;
}

/** What placing an order knows that its history does not keep: its lines, the card kept for renewals, when. */
export interface Placement {
  items: readonly OrderItem[];
  paymentTokenId: number | null;
  placedAt: Date;
}

/** One applied event, as its effects see it, in the transaction that applied it. */
export interface OrderEffectInput {
  tx: Db;
  /** The order as read under its lock before the event moved it. */
  order: OrderRow;
  event: OrderEvent | OrderPaymentEvent;
  actor: Actor;
  details: EventDetails;
  /** Only when the order is being placed (payment_authorised). */
  placement?: Placement;
}

type OrderEffectHandler = (input: OrderEffectInput, deps: OrderEffectDeps) => Promise<void>;

function placementOf(input: OrderEffectInput): Placement {
  if (!input.placement) throw new Error(`${input.event} carries no placement: only placing an order starts plans and tasks`);
  return input.placement;
}

const dataOf = (details: EventDetails) => (details.data ?? {}) as Record<string, unknown>;

/** Who approved the order, as its approval recorded them (workflows/decide-order.ts); null for a pharmacist's release. */
function approvingPrescriber(approval: { data?: Record<string, unknown> | null } | undefined): { name: string; registration: string | null } | null {
  const prescriber = approval?.data?.prescriber as { name?: unknown; registration?: unknown } | undefined;
  if (!prescriber || typeof prescriber.name !== 'string') return null;
  return { name: prescriber.name, registration: typeof prescriber.registration === 'string' ? prescriber.registration : null };
}

/**
 * The approval's message, naming the prescriber, sent once whichever of its two moments comes (the key is the
 * order's); when the prescriber approved another dose than the one asked, it says which and why (as recorded).
 */
async function notifyApproved({ tx, order }: OrderEffectInput, { notifier }: OrderEffectDeps) {
  const approval = (await orderHistory(tx, order.id)).filter((row) => row.machine === 'order' && row.event === 'approved').at(-1);
  const prescriber = approvingPrescriber(approval);
  const decided = approvedDoseOf(approval?.data ?? null);
  const dose = decided && doseChanged(decided) ? { productName: decided.productName, askedDosage: decided.asked.dosage, approvedDosage: decided.approved.dosage, rationale: decided.rationale ?? '' } : undefined;
  await notifier.notify(tx, {
    template: 'order-approved',
    customerId: order.customerId,
    dedupeKey: `order-approved:${order.number}`,
    data: { orderNumber: order.number, ...(prescriber ? { prescriber } : {}), ...(dose ? { dose } : {}) },
  });
}

/**
 * Every effect the order and payment tables name (packages/domain orders/lifecycle.ts), and what it does. The
 * `satisfies` makes an effect added to the tables without a handler a compile error.
 */
export const ORDER_EFFECT_HANDLERS = {
  /** One plan per delivery frequency among the subscription lines, renewing on the card kept at checkout. */
  async start_subscriptions(input) {
    const { items, paymentTokenId, placedAt } = placementOf(input);
    const byFrequency = new Map<number, number>();
    for (const item of items.filter((line) => isSubscriptionFrequency(line.frequency))) byFrequency.set(item.frequency, (byFrequency.get(item.frequency) ?? 0) + item.total);
    await insertSubscriptions(
      input.tx,
      [...byFrequency].map(([frequency, price]) => ({
        customerId: input.order.customerId,
        orderId: input.order.id,
        frequency,
        planMonths: planMonthsOf(frequency as 30 | 90),
        state: 'active',
        price,
        nextDeliveryDate: nextSubscriptionDelivery(placedAt, frequency as 30 | 90),
        paymentTokenId,
      })),
    );
  },

  async add_weight_points({ tx, order }) {
    await addOrderedConsultationPoints(tx, order.id, order.customerId);
  },

  /** The order's follow-up tasks; with no critical one open (no photo or identity check) it goes straight to a clinician. */
  async create_tasks(input) {
    const { tx, order } = input;
    const { items, placedAt } = placementOf(input);
    const { criticalOpen } = await createTasksForOrder(tx, { orderId: order.id, customerId: order.customerId, productCodes: items.map((item) => item.productCode) });
    // A weight-loss medicine is approved only on verified weight, height and identity: without one that stands, the
    // patient is asked to book a video consultation (not critical: the prescriber may verify another way meanwhile).
    await offerVideoConsultation(tx, order, placedAt);
    if (!criticalOpen) await applyOrderEvent(tx, order.id, 'critical_tasks_done', { type: 'patient', id: order.customerId });
  },

  async complete_cart({ tx, order }, { carts }) {
    if (order.cartId !== null) await carts.markCompleted(tx, order.cartId);
  },

  async notify_order_placed({ tx, order }, { notifier }) {
    await notifier.notify(tx, { template: 'order-placed', customerId: order.customerId, dedupeKey: `order-placed:${order.number}`, data: { orderNumber: order.number } });
  },

  /**
   * One question task per order: a later question opens it again with the new text. The question is also the
   * prescriber's message in the order's conversation with the patient (keyed by its event, so once).
   */
  async create_information_task({ tx, order, details, actor }) {
    const { question, photoRequested, prescriber } = dataOf(details) as { question: string; photoRequested: boolean; prescriber: { label: string } };
    const taskDetails = { question, photoRequested, askedBy: prescriber.label };
    await tx
      .insert(tasks)
      .values({ customerId: order.customerId, orderId: order.id, code: TASK_CODES.clinicianQuestion, details: taskDetails })
      .onConflictDoUpdate({ target: [tasks.orderId, tasks.code], set: { state: 'open', details: taskDetails, completedAt: null, completedWith: null, createdAt: sql`now()` } });
    if (typeof actor.id !== 'number') throw new Error('A question is asked by a member of staff');
    const asked = (await orderHistory(tx, order.id)).filter((row) => row.machine === 'order' && row.event === 'information_requested').at(-1);
    await addOrderMessage(tx, {
      orderId: order.id,
      customerId: order.customerId,
      staffId: actor.id,
      kind: 'question',
      body: question,
      photoRequested,
      questionEventId: asked?.id ?? null,
      key: asked ? `question:${asked.id}` : `question:${randomUUID()}`,
    });
  },

  /** Each question is its own message. */
  async notify_information_requested({ tx, order }, { notifier }) {
    await notifier.notify(tx, { template: 'information-requested', customerId: order.customerId, dedupeKey: `information-requested:${order.number}:${randomUUID()}`, data: { orderNumber: order.number } });
  },

  /** The authorisation is captured, or a renewal's saved card charged (on its charge date), by a durable job. */
  async capture_payment({ tx, order }, { jobs, renewals }) {
    if (order.paymentState === 'authorised') return queuePaymentAction(jobs, tx, order.id, 'capture');
    if (await renewals.isRenewal(order.id, tx)) await queuePaymentAction(jobs, tx, order.id, 'charge');
  },

  /** Money still held is released by a durable job; a renewal holds none (it is charged only once approved). */
  async void_payment({ tx, order }, { jobs }) {
    if (order.paymentState === 'authorised' || order.paymentState === 'capture_failed') await queuePaymentAction(jobs, tx, order.id, 'void');
  },

  /** On the approval only when nothing is to be taken; otherwise when the money is (the captured and charged events). */
  async notify_approved(input, deps) {
    const onTheMoney = input.event === 'captured' || input.event === 'charged';
    if (onTheMoney || input.order.paymentState === 'not_required') await notifyApproved(input, deps);
  },

  async notify_rejected({ tx, order, details }, { notifier }) {
    await notifier.notify(tx, { template: 'order-rejected', customerId: order.customerId, dedupeKey: `order-rejected:${order.number}`, data: { orderNumber: order.number, reason: details.reason ?? '' } });
  },

  async notify_cancelled({ tx, order }, { notifier }) {
    await notifier.notify(tx, { template: 'order-cancelled', customerId: order.customerId, dedupeKey: `order-cancelled:${order.number}`, data: { orderNumber: order.number } });
  },

  async notify_dispatched({ tx, order, details }, { notifier }) {
    const { carrier, trackingNumber } = dataOf(details) as { carrier: Carrier; trackingNumber: string };
    await notifier.notify(tx, {
      template: 'order-dispatched',
      customerId: order.customerId,
      dedupeKey: `order-dispatched:${order.number}`,
      data: { orderNumber: order.number, carrier, trackingUrl: trackingUrl(carrier, trackingNumber) },
    });
  },

  /** One message per refund (its id), partial or full. */
  async notify_refunded({ tx, order, details }, { notifier }) {
    const { refundId, amount } = dataOf(details) as { refundId: number; amount: number };
    await notifier.notify(tx, { template: 'order-refunded', customerId: order.customerId, dedupeKey: `order-refunded:${order.number}:${refundId}`, data: { orderNumber: order.number, amount } });
  },

  /** The capture was refused (the hold lapsed): the patient is asked to pay again, once per refusal. */
  async notify_payment_needed({ tx, order }, { notifier }) {
    await notifier.notify(tx, { template: 'payment-needed', customerId: order.customerId, dedupeKey: `payment-needed:${order.number}:${randomUUID()}`, data: { orderNumber: order.number, amount: order.total } });
  },

  async credit_referrer({ tx, order }, { referrals }) {
    await referrals.creditReferrer(tx, order);
  },

  /**
   * A refund of a friend's order (partial or full): the referrer's credit for it is taken back in proportion to all
   * refunded so far, never below a zero balance, and the staff member's refund is audited with what it took back.
   */
  async take_back_referral_credit({ tx, order, actor }, { referrals }) {
    const taken = await referrals.takeBackCredit(tx, order, await refundedSoFar(tx, order.id));
    if (!taken) return;
    if (typeof actor.id !== 'number') throw new Error('A refund is made by a staff member');
    await audit(tx, {
      staffId: actor.id,
      action: 'take-back-referral-credit',
      resource: 'referral-credit',
      patientId: taken.referrerId,
      orderId: order.id,
      orderNumber: order.number,
      resourceId: order.number,
      details: { amount: taken.amount },
    });
  },

  async offer_reminder_set_up({ tx, order }) {
    await offerReminderSetUp(tx, order);
  },

  async offer_first_coach_call({ tx, order }) {
    await offerFirstCoachCall(tx, order);
  },

  async date_first_renewal({ tx, order }) {
    await dateFirstRenewalFromDispatch(tx, order.id);
  },

  async hold_renewal_plan({ tx, order, event, actor, details }, { renewals }) {
    await renewals.holdPlan(tx, order.id, event === 'rejected' ? 'rejected' : 'cancelled', actor, details.reason ?? '');
  },

  /** Drawn and sent by the letter's own job (queued here), so the approval never waits on a PDF or a mail server. */
  async write_gp_letter({ tx, order, details }, { gpLetters }) {
    const { prescriber, verification } = dataOf(details) as { prescriber?: { name: string; registration: string | null }; verification?: ApprovalVerification };
    if (!prescriber) throw new Error('An approval records its prescriber');
    await gpLetters.write(tx, order, { name: prescriber.name, registration: prescriber.registration }, verification ?? null);
  },
} satisfies Record<OrderEffect, OrderEffectHandler>;

/** Carries out an applied event's effects, in its table's order, in the transaction that applied it. */
export async function carryOutOrderEffects(effects: readonly OrderEffect[], input: OrderEffectInput, deps: OrderEffectDeps): Promise<void> {
  for (const effect of effects) await ORDER_EFFECT_HANDLERS[effect](input, deps);
}

/**
 * A payment event raised outside the clinic's decisions (a renewal's charge answered), with its effects: the order
 * is locked and read first, as the handlers expect. `deps` is read when an event comes, so it can be built after.
 */
export function orderPaymentEventsWorkflow(deps: () => OrderEffectDeps): OrderPaymentEvents {
  return {
    async apply(tx, orderId, event, actor, details) {
      const order = await lockOrder(tx, orderId);
      const moved = await applyOrderPaymentEvent(tx, orderId, event, actor, details, { state: order.state as OrderState, paymentState: order.paymentState as OrderPaymentState });
      if (moved.applied) await carryOutOrderEffects(moved.effects, { tx, order, event, actor, details }, deps());
      return { applied: moved.applied };
    },
  };
}
