import { describe, expect, it } from 'vitest';
import { LIFECYCLE_ACTORS, type LifecycleActor } from '../lifecycle/actors';
import { decideOrderEvent, ORDER_LIFECYCLE, ORDER_PAYMENT_LIFECYCLE, ORDER_STATES, type OrderEvent, type OrderState } from './lifecycle';

describe('order lifecycle', () => {
  // Every way an order may move, as the clinic runs it: [from, event, who may, to].
  const allowed: [OrderState, OrderEvent, LifecycleActor[], OrderState][] = [
    ['payment_pending', 'payment_authorised', ['gateway'], 'awaiting_patient'],
    ['payment_pending', 'payment_failed', ['gateway', 'patient', 'job'], 'payment_failed'],
    ['awaiting_patient', 'critical_tasks_done', ['patient', 'job'], 'in_review'],
    ['in_review', 'information_requested', ['prescriber'], 'awaiting_patient'],
    ['in_review', 'approved', ['prescriber'], 'approved'],
    ['in_review', 'released', ['pharmacist'], 'approved'],
    ['awaiting_patient', 'rejected', ['prescriber'], 'rejected'],
    ['in_review', 'rejected', ['prescriber'], 'rejected'],
    ['awaiting_patient', 'cancelled', ['patient', 'support', 'admin'], 'cancelled'],
    ['in_review', 'cancelled', ['patient', 'support', 'admin'], 'cancelled'],
    ['approved', 'dispatched', ['pharmacist'], 'dispatched'],
    ['dispatched', 'delivered', ['pharmacist', 'support', 'admin', 'job'], 'delivered'],
    ['approved', 'refunded', ['support', 'admin'], 'refunded'],
    ['dispatched', 'refunded', ['support', 'admin'], 'refunded'],
    ['delivered', 'refunded', ['support', 'admin'], 'refunded'],
    ['approved', 'unpaid', ['job'], 'cancelled'],
  ];

  it.each(allowed)('%s --%s by %s--> %s', (from, event, actors, to) => {
    for (const actor of actors) expect(ORDER_LIFECYCLE.decide(from, event, actor)).toMatchObject({ ok: true, from, to });
  });

  it('allows nothing else: every other state, event and actor is refused', () => {
    const listed = new Set(allowed.flatMap(([from, event, actors]) => actors.map((actor) => `${from}|${event}|${actor}`)));
    const events = Object.keys(ORDER_LIFECYCLE.transitions) as OrderEvent[];
    const permitted = ORDER_STATES.flatMap((from) =>
      events.flatMap((event) => LIFECYCLE_ACTORS.filter((actor) => ORDER_LIFECYCLE.decide(from, event, actor).ok).map((actor) => `${from}|${event}|${actor}`)),
    );
    expect(new Set(permitted)).toEqual(listed);
  });

  it('never lets a patient decide clinically, nor a pharmacist or support approve', () => {
    for (const actor of ['patient', 'pharmacist', 'support', 'admin', 'job', 'gateway'] as const) {
      expect(ORDER_LIFECYCLE.decide('in_review', 'approved', actor)).toEqual({ ok: false, reason: 'not_permitted' });
      expect(ORDER_LIFECYCLE.decide('in_review', 'rejected', actor)).toEqual({ ok: false, reason: 'not_permitted' });
    }
    expect(ORDER_LIFECYCLE.decide('approved', 'dispatched', 'prescriber')).toEqual({ ok: false, reason: 'not_permitted' });
  });

  it('finds nothing to do on a second click', () => {
    expect(ORDER_LIFECYCLE.decide('approved', 'approved', 'prescriber')).toEqual({ ok: false, reason: 'not_from_this_state' });
    expect(ORDER_LIFECYCLE.decide('dispatched', 'dispatched', 'pharmacist')).toEqual({ ok: false, reason: 'not_from_this_state' });
  });

  it('keeps ended orders ended', () => {
    for (const ended of ['payment_failed', 'rejected', 'cancelled', 'refunded'] as const) expect(ORDER_LIFECYCLE.eventsFrom(ended)).toEqual([]);
  });

  it('names the effects that follow: capture on approval, void on rejection and cancellation', () => {
    expect(ORDER_LIFECYCLE.decide('in_review', 'approved', 'prescriber')).toMatchObject({
      effects: ['capture_payment', 'notify_approved', 'credit_referrer', 'offer_reminder_set_up', 'offer_first_coach_call', 'write_gp_letter'],
    });
    // A pharmacist's release prescribes nothing: no letter to the GP.
    expect(ORDER_LIFECYCLE.decide('in_review', 'released', 'pharmacist')).toMatchObject({
      effects: ['capture_payment', 'notify_approved', 'credit_referrer', 'offer_reminder_set_up', 'offer_first_coach_call'],
    });
    expect(ORDER_LIFECYCLE.decide('in_review', 'rejected', 'prescriber')).toMatchObject({ effects: ['void_payment', 'notify_rejected', 'hold_renewal_plan'] });
    expect(ORDER_LIFECYCLE.decide('awaiting_patient', 'cancelled', 'patient')).toMatchObject({ effects: ['void_payment', 'notify_cancelled', 'hold_renewal_plan'] });
    expect(ORDER_LIFECYCLE.decide('payment_pending', 'payment_authorised', 'gateway')).toMatchObject({
      effects: ['start_subscriptions', 'add_weight_points', 'create_tasks', 'complete_cart', 'notify_order_placed'],
    });
  });

  it('tells the patient of the approval once the money is taken, and of each refund by the money’s event', () => {
    expect(ORDER_PAYMENT_LIFECYCLE.decide('authorised', 'captured', 'gateway')).toMatchObject({ effects: ['notify_approved'] });
    expect(ORDER_PAYMENT_LIFECYCLE.decide('awaiting_charge', 'charged', 'gateway')).toMatchObject({ effects: ['notify_approved'] });
    expect(ORDER_PAYMENT_LIFECYCLE.decide('captured', 'partially_refunded', 'support')).toMatchObject({ effects: ['notify_refunded', 'take_back_referral_credit'] });
    expect(ORDER_PAYMENT_LIFECYCLE.decide('partially_refunded', 'refunded', 'admin')).toMatchObject({ effects: ['notify_refunded', 'take_back_referral_credit'] });
    expect(ORDER_LIFECYCLE.decide('dispatched', 'refunded', 'admin')).toMatchObject({ effects: [] });
  });

  it('approves only authorised money, dispatches only taken money, refunds only what was taken', () => {
    expect(decideOrderEvent({ state: 'in_review', paymentState: 'authorised' }, 'approved', 'prescriber')).toMatchObject({ ok: true, to: 'approved' });
    expect(decideOrderEvent({ state: 'in_review', paymentState: 'not_required' }, 'approved', 'prescriber')).toMatchObject({ ok: true });
    expect(decideOrderEvent({ state: 'in_review', paymentState: 'voided' }, 'approved', 'prescriber')).toEqual({ ok: false, reason: 'payment_not_ready' });
    expect(decideOrderEvent({ state: 'approved', paymentState: 'authorised' }, 'dispatched', 'pharmacist')).toEqual({ ok: false, reason: 'payment_not_ready' });
    expect(decideOrderEvent({ state: 'approved', paymentState: 'capture_failed' }, 'dispatched', 'pharmacist')).toEqual({ ok: false, reason: 'payment_not_ready' });
    expect(decideOrderEvent({ state: 'approved', paymentState: 'captured' }, 'dispatched', 'pharmacist')).toMatchObject({ ok: true, to: 'dispatched' });
    expect(decideOrderEvent({ state: 'dispatched', paymentState: 'authorised' }, 'refunded', 'admin')).toEqual({ ok: false, reason: 'payment_not_ready' });
    expect(decideOrderEvent({ state: 'dispatched', paymentState: 'partially_refunded' }, 'refunded', 'admin')).toMatchObject({ ok: true });
    // A renewal is approved before its money is taken (merchant-initiated on the saved card), and dispatched only once it is.
    expect(decideOrderEvent({ state: 'in_review', paymentState: 'awaiting_charge' }, 'approved', 'prescriber')).toMatchObject({ ok: true, to: 'approved' });
    expect(decideOrderEvent({ state: 'approved', paymentState: 'awaiting_charge' }, 'dispatched', 'pharmacist')).toEqual({ ok: false, reason: 'payment_not_ready' });
    expect(decideOrderEvent({ state: 'approved', paymentState: 'charge_declined' }, 'dispatched', 'pharmacist')).toEqual({ ok: false, reason: 'payment_not_ready' });
    // Only a renewal whose card declined is given up as unpaid.
    expect(decideOrderEvent({ state: 'approved', paymentState: 'charge_declined' }, 'unpaid', 'job')).toMatchObject({ ok: true, to: 'cancelled' });
    expect(decideOrderEvent({ state: 'approved', paymentState: 'awaiting_charge' }, 'unpaid', 'job')).toEqual({ ok: false, reason: 'payment_not_ready' });
    expect(decideOrderEvent({ state: 'approved', paymentState: 'captured' }, 'unpaid', 'job')).toEqual({ ok: false, reason: 'payment_not_ready' });
    // The state is checked before the money: an approved order is not approved again whatever its payment.
    expect(decideOrderEvent({ state: 'approved', paymentState: 'authorised' }, 'approved', 'prescriber')).toEqual({ ok: false, reason: 'not_from_this_state' });
  });
});

describe('order payment lifecycle', () => {
  it.each([
    ['pending', 'authorised', 'gateway', 'authorised'],
    ['pending', 'declined', 'gateway', 'declined'],
    ['pending', 'superseded', 'patient', 'declined'],
    ['pending', 'superseded', 'job', 'declined'],
    ['pending', 'not_required', 'gateway', 'not_required'],
    ['authorised', 'captured', 'gateway', 'captured'],
    ['authorised', 'capture_failed', 'gateway', 'capture_failed'],
    ['capture_failed', 'captured', 'gateway', 'captured'],
    ['authorised', 'voided', 'gateway', 'voided'],
    ['capture_failed', 'voided', 'gateway', 'voided'],
    ['captured', 'partially_refunded', 'admin', 'partially_refunded'],
    ['partially_refunded', 'partially_refunded', 'support', 'partially_refunded'],
    ['partially_refunded', 'refunded', 'admin', 'refunded'],
    ['captured', 'refunded', 'support', 'refunded'],
    ['awaiting_charge', 'charged', 'gateway', 'captured'],
    ['awaiting_charge', 'charge_declined', 'gateway', 'charge_declined'],
    ['charge_declined', 'charge_declined', 'gateway', 'charge_declined'],
    ['charge_declined', 'charged', 'gateway', 'captured'],
  ] as const)('%s --%s by %s--> %s', (from, event, actor, to) => {
    expect(ORDER_PAYMENT_LIFECYCLE.decide(from, event, actor)).toMatchObject({ ok: true, to });
  });

  it('takes money once: a captured payment is not captured, voided or authorised again', () => {
    for (const event of ['captured', 'voided', 'authorised', 'capture_failed'] as const) {
      expect(ORDER_PAYMENT_LIFECYCLE.decide('captured', event, 'gateway')).toEqual({ ok: false, reason: 'not_from_this_state' });
    }
    expect(ORDER_PAYMENT_LIFECYCLE.decide('voided', 'captured', 'gateway')).toEqual({ ok: false, reason: 'not_from_this_state' });
    expect(ORDER_PAYMENT_LIFECYCLE.decide('refunded', 'refunded', 'admin')).toEqual({ ok: false, reason: 'not_from_this_state' });
  });

  it('lets only support and admin refund, and only the gateway say money moved', () => {
    for (const actor of ['patient', 'prescriber', 'pharmacist', 'job'] as const) {
      expect(ORDER_PAYMENT_LIFECYCLE.decide('captured', 'refunded', actor)).toEqual({ ok: false, reason: 'not_permitted' });
    }
    for (const actor of ['patient', 'prescriber', 'admin'] as const) {
      expect(ORDER_PAYMENT_LIFECYCLE.decide('authorised', 'captured', actor)).toEqual({ ok: false, reason: 'not_permitted' });
    }
  });

  it('charges a renewal once: taken money is not charged again, and nothing but the gateway says it was', () => {
    for (const from of ['captured', 'authorised', 'pending', 'refunded'] as const) {
      expect(ORDER_PAYMENT_LIFECYCLE.decide(from, 'charged', 'gateway')).toEqual({ ok: false, reason: 'not_from_this_state' });
      expect(ORDER_PAYMENT_LIFECYCLE.decide(from, 'charge_declined', 'gateway')).toEqual({ ok: false, reason: 'not_from_this_state' });
    }
    for (const actor of ['patient', 'prescriber', 'job', 'admin'] as const) {
      expect(ORDER_PAYMENT_LIFECYCLE.decide('awaiting_charge', 'charged', actor)).toEqual({ ok: false, reason: 'not_permitted' });
    }
  });

  it('releases a replaced attempt', () => {
    expect(ORDER_PAYMENT_LIFECYCLE.decide('pending', 'superseded', 'patient')).toMatchObject({ effects: ['void_payment'] });
  });
});

describe('an order of products bought without a consultation', () => {
  const waiting = { state: 'in_review', paymentState: 'authorised' } as const;
  it('is released by a pharmacist, with no prescriber, and the money is then taken as on approval', () => {
    expect(decideOrderEvent({ ...waiting, needsPrescriber: false }, 'released', 'pharmacist')).toMatchObject({
      ok: true,
      to: 'approved',
      effects: ['capture_payment', 'notify_approved', 'credit_referrer', 'offer_reminder_set_up', 'offer_first_coach_call'],
    });
  });
  it('never lets a pharmacist release an order that holds a medicine, or one whose contents were not checked', () => {
    expect(decideOrderEvent({ ...waiting, needsPrescriber: true }, 'released', 'pharmacist')).toEqual({ ok: false, reason: 'prescriber_needed' });
    expect(decideOrderEvent(waiting, 'released', 'pharmacist')).toEqual({ ok: false, reason: 'prescriber_needed' });
    expect(decideOrderEvent({ ...waiting, needsPrescriber: false }, 'released', 'prescriber')).toEqual({ ok: false, reason: 'not_permitted' });
  });
  it('is released only once its payment is authorised (or none is needed)', () => {
    expect(decideOrderEvent({ state: 'in_review', paymentState: 'voided', needsPrescriber: false }, 'released', 'pharmacist')).toEqual({ ok: false, reason: 'payment_not_ready' });
    expect(decideOrderEvent({ state: 'in_review', paymentState: 'not_required', needsPrescriber: false }, 'released', 'pharmacist')).toMatchObject({ ok: true });
  });
});
