import { defineLifecycle, type Decision } from '../lifecycle/machine';
import type { LifecycleActor } from '../lifecycle/actors';

/**
 * A plan's life between deliveries (SPEC §3 Subscription). Before each supply a weight-loss patient answers a
 * check-in; the renewal is then an order of its own, reviewed and charged like the first.
 * active → renewal_due (check-in issued) → renewal_ordered (check-in answered; the renewal order goes to a
 * prescriber) → active (approved and charged on the saved card; dates move on); or paused, payment_failed
 * (retries on days 1, 3 and 7) → suspended, check_in_overdue (no supply without it), cancelled.
 */
export const SUBSCRIPTION_STATES = [
  'active',
  'renewal_due',
  'check_in_overdue',
  'renewal_ordered',
  'payment_failed',
  'paused',
  'suspended',
  'cancelled',
] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

export type SubscriptionEffect =
  | 'issue_check_in'
  | 'create_renewal_order'
  | 'advance_dates'
  | 'move_dates'
  | 'schedule_charge_retry'
  | 'notify_payment_failed'
  | 'notify_suspended'
  | 'notify_plan_changed'
  | 'notify_supply_stopped'
  | 'open_urgent_clinical_item'
  | 'cancel_renewal_order';

export type SubscriptionEvent =
  | 'renewal_due'
  | 'renewal_ordered'
  | 'check_in_overdue'
  | 'renewal_charged'
  | 'charge_failed'
  | 'suspended'
  | 'paused'
  | 'resumed'
  | 'skipped'
  | 'dose_changed'
  | 'renewal_rejected'
  | 'renewal_cancelled'
  | 'supply_stopped'
  | 'gp_concern_raised'
  | 'cancelled';

const STAFF_WHO_HELP_PATIENTS = ['support', 'admin'] as const;
/** States in which nothing of this period has been ordered yet: the patient may still pause, skip or cancel it. */
const BEFORE_THE_ORDER = ['active', 'renewal_due', 'check_in_overdue'] as const;

export const SUBSCRIPTION_LIFECYCLE = defineLifecycle<SubscriptionState, SubscriptionEvent, LifecycleActor, SubscriptionEffect>(SUBSCRIPTION_STATES, {
  renewal_due: { from: ['active'], to: 'renewal_due', by: ['job'], effects: ['issue_check_in'] },
  // Guarded by decideSubscriptionEvent: a plan that needs a check-in is ordered only once it is answered.
  renewal_ordered: { from: ['renewal_due', 'check_in_overdue'], to: 'renewal_ordered', by: ['patient', 'job'], effects: ['create_renewal_order'] },
  // No supply without a current check-in: the plan waits for the patient.
  check_in_overdue: { from: ['renewal_due'], to: 'check_in_overdue', by: ['job'], effects: [] },
  renewal_charged: { from: ['renewal_ordered', 'payment_failed'], to: 'active', by: ['gateway', 'job'], effects: ['advance_dates'] },
  charge_failed: { from: ['renewal_ordered', 'payment_failed'], to: 'payment_failed', by: ['gateway', 'job'], effects: ['schedule_charge_retry', 'notify_payment_failed'] },
  suspended: { from: ['payment_failed'], to: 'suspended', by: ['job'], effects: ['cancel_renewal_order', 'notify_suspended'] },
  paused: { from: BEFORE_THE_ORDER, to: 'paused', by: ['patient', ...STAFF_WHO_HELP_PATIENTS, 'job'], effects: ['move_dates', 'notify_plan_changed'] },
  // A prescriber restarts a plan on hold after speaking to the patient (the urgent clinical queue).
  resumed: { from: ['paused', 'suspended'], to: 'active', by: ['patient', ...STAFF_WHO_HELP_PATIENTS, 'prescriber', 'job'], effects: ['move_dates', 'notify_plan_changed'] },
  skipped: { from: BEFORE_THE_ORDER, to: 'active', by: ['patient', ...STAFF_WHO_HELP_PATIENTS, 'job'], effects: ['move_dates', 'notify_plan_changed'] },
  // The dose of the next renewal: the state stays; a higher dose waits for the prescriber in the renewal review.
  dose_changed: { from: [...BEFORE_THE_ORDER, 'paused'], to: null, by: ['patient', ...STAFF_WHO_HELP_PATIENTS], effects: ['notify_plan_changed'] },
  renewal_rejected: { from: ['renewal_ordered', 'payment_failed'], to: 'suspended', by: ['prescriber'], effects: ['notify_suspended'] },
  // Support cancelled this period's renewal order (the patient asked by phone): nothing of it is sent or charged, and
  // the plan waits on hold for the patient to restart it, rather than wait for an order that will never come.
  renewal_cancelled: { from: ['renewal_ordered', 'payment_failed'], to: 'suspended', by: [...STAFF_WHO_HELP_PATIENTS], effects: ['notify_suspended'] },
  // The check-in's answers stop the supply (assessCheckIn: possible pancreatitis, pregnancy): nothing is ordered, and
  // the plan waits, suspended, for a clinician and the patient, as after a prescriber's rejection.
  // A clinician must then contact the patient: the urgent clinical queue's item for this check-in.
  supply_stopped: { from: BEFORE_THE_ORDER, to: 'suspended', by: ['job'], effects: ['open_urgent_clinical_item', 'notify_supply_stopped'] },
  // The patient's GP answered the clinic's letter with a concern: nothing more is supplied until a prescriber has
  // reviewed it (the urgent item the answer opens) and restarts the plan.
  gp_concern_raised: { from: [...BEFORE_THE_ORDER, 'paused'], to: 'suspended', by: ['job'], effects: ['notify_suspended'] },
  cancelled: {
    from: ['active', 'renewal_due', 'check_in_overdue', 'renewal_ordered', 'payment_failed', 'paused', 'suspended'],
    to: 'cancelled',
    // A job carries out a cancellation asked for after the cut-off, once that period's renewal is done.
    by: ['patient', ...STAFF_WHO_HELP_PATIENTS, 'prescriber', 'job'],
    effects: ['cancel_renewal_order', 'notify_plan_changed'],
  },
});

/** What the table alone cannot see: whether this period's check-in is in (weight-loss plans need one). */
export type RenewalCheckIn = 'not_needed' | 'answered' | 'missing';

export type SubscriptionDecision = Decision<SubscriptionState, SubscriptionEffect> | { ok: false; reason: 'check_in_missing' };

/** What `event` does to a plan, given its check-in: no renewal order (so no supply) without a current check-in. */
export function decideSubscriptionEvent(plan: { state: SubscriptionState; checkIn: RenewalCheckIn }, event: SubscriptionEvent, actor: LifecycleActor): SubscriptionDecision {
  const decision = SUBSCRIPTION_LIFECYCLE.decide(plan.state, event, actor);
  if (!decision.ok) return decision;
  if (event === 'renewal_ordered' && plan.checkIn === 'missing') return { ok: false, reason: 'check_in_missing' };
  return decision;
}

/** Plans that will deliver again without anyone's action (shown as 'active' to the patient). */
export const RUNNING_SUBSCRIPTION_STATES: readonly SubscriptionState[] = ['active', 'renewal_due', 'check_in_overdue', 'renewal_ordered', 'payment_failed'];

/** The plan's state as SPEC §3 shows it to the patient: active, paused (also while suspended) or cancelled. */
export function patientPlanState(state: SubscriptionState): 'active' | 'paused' | 'cancelled' {
  if (state === 'cancelled') return 'cancelled';
  if (state === 'paused' || state === 'suspended') return 'paused';
  return 'active';
}
