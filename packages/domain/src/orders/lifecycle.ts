import { defineLifecycle, type Decision } from '../lifecycle/machine';
import type { LifecycleActor } from '../lifecycle/actors';

/**
 * Where an order stands (SPEC §1: a clinician reviews every order before the card is charged).
 * payment_pending → awaiting_patient (critical tasks open) → in_review → approved → dispatched → delivered;
 * or payment_failed, rejected, cancelled, refunded.
 */
export const ORDER_STATES = [
  'payment_pending',
  'payment_failed',
  'awaiting_patient',
  'in_review',
  'approved',
  'rejected',
  'dispatched',
  'delivered',
  'cancelled',
  'refunded',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** Where the order's money stands at the gateway. */
export const ORDER_PAYMENT_STATES = [
  'pending',
  'authorised',
  'declined',
  'not_required',
  'captured',
  'capture_failed',
  'voided',
  'partially_refunded',
  'refunded',
  // A renewal: nothing is held at checkout; the saved card is charged (merchant-initiated) once a prescriber approves.
  'awaiting_charge',
  'charge_declined',
] as const;
export type OrderPaymentState = (typeof ORDER_PAYMENT_STATES)[number];

/**
 * What follows a transition. The API has one handler per effect (apps/api/src/workflows/order-effects.ts), run in
 * the transaction that made the move; one that calls the payment provider queues a durable job there instead.
 */
export type OrderEffect =
  | 'start_subscriptions'
  | 'create_tasks'
  | 'complete_cart'
  | 'notify_order_placed'
  /** The weights the consultation recorded join the patient's weight log (their progress starts there). */
  | 'add_weight_points'
  | 'create_information_task'
  | 'notify_information_requested'
  /** Takes the money: captures the authorisation, or charges a renewal's saved card. */
  | 'capture_payment'
  | 'void_payment'
  /** The approval's message: at once when nothing is to be taken, else when the money is (captured, charged). */
  | 'notify_approved'
  | 'notify_rejected'
  | 'notify_cancelled'
  | 'notify_dispatched'
  | 'notify_refunded'
  | 'notify_payment_needed'
  | 'credit_referrer'
  /** A refund of a friend's order takes the referrer's credit back in proportion (never below zero), audited. */
  | 'take_back_referral_credit'
  /** A first weight-loss approval offers the reminder set-up and the first coach call (SPEC §2 tasks). */
  | 'offer_reminder_set_up'
  | 'offer_first_coach_call'
  /** A renewal order that ends without a supply puts its plan on hold, and the patient is told why. */
  | 'hold_renewal_plan'
  /**
   * A prescriber's approval that starts a medicine or changes its dose: a letter to the patient's GP, when they agreed
   * that their GP is told (GPhC guidance for pharmacies providing services at a distance, 2025).
   */
  | 'write_gp_letter'
  /** A plan's first supply dispatched: its first renewal is dated before that supply's last dose (firstRenewalDelivery). */
  | 'date_first_renewal';

const APPROVAL_EFFECTS: readonly OrderEffect[] = ['capture_payment', 'notify_approved', 'credit_referrer', 'offer_reminder_set_up', 'offer_first_coach_call'];

export const ORDER_LIFECYCLE = defineLifecycle<OrderState, OrderEvent, LifecycleActor, OrderEffect>(ORDER_STATES, {
  payment_authorised: {
    from: ['payment_pending'],
    to: 'awaiting_patient',
    by: ['gateway'],
    effects: ['start_subscriptions', 'add_weight_points', 'create_tasks', 'complete_cart', 'notify_order_placed'],
  },
  payment_failed: { from: ['payment_pending'], to: 'payment_failed', by: ['gateway', 'patient', 'job'], effects: [] },
  critical_tasks_done: { from: ['awaiting_patient'], to: 'in_review', by: ['patient', 'job'], effects: [] },
  information_requested: {
    from: ['in_review'],
    to: 'awaiting_patient',
    by: ['prescriber'],
    effects: ['create_information_task', 'notify_information_requested'],
  },
  approved: { from: ['in_review'], to: 'approved', by: ['prescriber'], effects: [...APPROVAL_EFFECTS, 'write_gp_letter'] },
  // Nothing to prescribe (a food supplement or cosmetic only, see needsNoPrescriber): a pharmacist checks and releases it.
  released: { from: ['in_review'], to: 'approved', by: ['pharmacist'], effects: APPROVAL_EFFECTS },
  rejected: { from: ['awaiting_patient', 'in_review'], to: 'rejected', by: ['prescriber'], effects: ['void_payment', 'notify_rejected', 'hold_renewal_plan'] },
  cancelled: { from: ['awaiting_patient', 'in_review'], to: 'cancelled', by: ['patient', 'support', 'admin'], effects: ['void_payment', 'notify_cancelled', 'hold_renewal_plan'] },
  dispatched: { from: ['approved'], to: 'dispatched', by: ['pharmacist'], effects: ['notify_dispatched', 'date_first_renewal'] },
  delivered: { from: ['dispatched'], to: 'delivered', by: ['pharmacist', 'support', 'admin', 'job'], effects: [] },
  // The patient is told of each refund by the money's own event (partially_refunded, refunded).
  refunded: { from: ['approved', 'dispatched', 'delivered'], to: 'refunded', by: ['support', 'admin'], effects: [] },
  // An approved renewal whose card declined every retry: nothing is dispatched and the plan is suspended.
  unpaid: { from: ['approved'], to: 'cancelled', by: ['job'], effects: [] },
});
export type OrderEvent =
  | 'payment_authorised'
  | 'payment_failed'
  | 'critical_tasks_done'
  | 'information_requested'
  | 'approved'
  | 'released'
  | 'rejected'
  | 'cancelled'
  | 'dispatched'
  | 'delivered'
  | 'refunded'
  | 'unpaid';

export const ORDER_PAYMENT_LIFECYCLE = defineLifecycle<OrderPaymentState, OrderPaymentEvent, LifecycleActor, OrderEffect>(ORDER_PAYMENT_STATES, {
  authorised: { from: ['pending'], to: 'authorised', by: ['gateway'], effects: [] },
  declined: { from: ['pending'], to: 'declined', by: ['gateway', 'job'], effects: [] },
  // A pending attempt the patient replaced or abandoned: whatever the gateway later authorises is released.
  superseded: { from: ['pending'], to: 'declined', by: ['patient', 'job'], effects: ['void_payment'] },
  // Nothing to take (a basket made free by its discounts): no card is asked for.
  not_required: { from: ['pending'], to: 'not_required', by: ['gateway'], effects: [] },
  captured: { from: ['authorised', 'capture_failed'], to: 'captured', by: ['gateway'], effects: ['notify_approved'] },
  // The authorisation lapsed or the bank refused the capture: the patient is asked to pay again.
  capture_failed: { from: ['authorised'], to: 'capture_failed', by: ['gateway'], effects: ['notify_payment_needed'] },
  voided: { from: ['authorised', 'capture_failed'], to: 'voided', by: ['gateway'], effects: [] },
  partially_refunded: { from: ['captured', 'partially_refunded'], to: 'partially_refunded', by: ['support', 'admin'], effects: ['notify_refunded', 'take_back_referral_credit'] },
  refunded: { from: ['captured', 'partially_refunded'], to: 'refunded', by: ['support', 'admin'], effects: ['notify_refunded', 'take_back_referral_credit'] },
  // A renewal's merchant-initiated charge on the saved card: taken at once (no separate capture), or declined and retried.
  charged: { from: ['awaiting_charge', 'charge_declined'], to: 'captured', by: ['gateway'], effects: ['notify_approved'] },
  charge_declined: { from: ['awaiting_charge', 'charge_declined'], to: 'charge_declined', by: ['gateway'], effects: [] },
});
export type OrderPaymentEvent =
  | 'authorised'
  | 'declined'
  | 'superseded'
  | 'not_required'
  | 'captured'
  | 'capture_failed'
  | 'voided'
  | 'partially_refunded'
  | 'refunded'
  | 'charged'
  | 'charge_declined';

/**
 * Order events that also need the money in a given state: a prescriber approves only what is authorised (or
 * needs no payment), a pharmacist dispatches only what has been paid, and only taken money is refunded.
 */
const PAYMENT_NEEDED: Partial<Record<OrderEvent, readonly OrderPaymentState[]>> = {
  approved: ['authorised', 'not_required', 'awaiting_charge'],
  released: ['authorised', 'not_required'],
  dispatched: ['captured', 'not_required'],
  refunded: ['captured', 'partially_refunded'],
  unpaid: ['charge_declined'],
};

export type OrderDecision = Decision<OrderState, OrderEffect> | { ok: false; reason: 'payment_not_ready' | 'prescriber_needed' };

/**
 * What `event` does to an order, given where its money stands too. `needsPrescriber` (false only for an order of
 * products bought without a consultation) decides whether a pharmacist may release it without a prescriber.
 */
export function decideOrderEvent(
  order: { state: OrderState; paymentState: OrderPaymentState; needsPrescriber?: boolean },
  event: OrderEvent,
  actor: LifecycleActor,
): OrderDecision {
  const decision = ORDER_LIFECYCLE.decide(order.state, event, actor);
  if (!decision.ok) return decision;
  if (event === 'released' && order.needsPrescriber !== false) return { ok: false, reason: 'prescriber_needed' };
  const needed = PAYMENT_NEEDED[event];
  if (needed && !needed.includes(order.paymentState)) return { ok: false, reason: 'payment_not_ready' };
  return decision;
}

/** States in which the order has been placed (its payment went through or needed none) and is still going. */
export const LIVE_ORDER_STATES: readonly OrderState[] = ['awaiting_patient', 'in_review', 'approved', 'dispatched', 'delivered'];
/** States that never became an order the patient placed. */
export const UNPLACED_ORDER_STATES: readonly OrderState[] = ['payment_pending', 'payment_failed'];
