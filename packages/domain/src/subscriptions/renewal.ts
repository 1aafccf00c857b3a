import { z } from 'zod';
import { CHECK_IN_LEAD_DAYS } from '../account/check-in';
import { formatLongDate } from '../account/next-delivery';
import { addDays, type IsoDate } from '../delivery/calendar-date';
import { ukCalendarDate } from '../delivery/uk-clock';
import { counsellingViewSchema } from '../clinical/contraception';
import { SUBSCRIPTION_STATES, type SubscriptionState } from './lifecycle';

/** A renewal is charged this many days before its delivery date, so the pharmacy can dispatch it in time (SPEC §9: two working days). */
export const RENEWAL_CHARGE_LEAD_DAYS = 3;
/** 'Your renewal is coming': sent this many days before the charge. */
export const RENEWAL_NOTICE_DAYS = 3;
/** Pause, skip, dose changes and cancellation apply to the coming delivery only up to 48 hours before its charge. */
export const PLAN_CHANGE_CUTOFF_DAYS = 2;
/** After a declined renewal charge, the card is tried again this many days after the first decline; then the plan is suspended. */
export const RENEWAL_RETRY_DAYS = [1, 3, 7] as const;
/** 'Pause' holds the plan for one or two delivery periods. */
export const PAUSE_PERIODS = [1, 2] as const;

export const CANCELLATION_REASONS = [
  'I have reached my goal',
  'Side effects',
  'It is too expensive',
  'I am not seeing results',
  'I am moving to another provider',
  'Something else',
] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];

export const PLAN_MESSAGES = {
  notChangeable: 'This plan cannot be changed now. Please contact our support team if you need help.',
  notPaused: 'This plan is not paused.',
  supplyStopped: 'Your plan is on hold after your check-in, so we will not send your next delivery. Please follow the advice we sent you; a clinician will be in touch about your treatment.',
  pausePeriods: 'Please choose to pause for 1 or 2 deliveries.',
  reason: 'Please choose a reason.',
  dose: 'Please choose one of the doses offered.',
  counselling: 'Please confirm you have read about Mounjaro, contraception and pregnancy before asking for a higher dose.',
  commitment: (months: number) =>
    `Your plan runs for ${months} months, so you can renew or cancel it in the week before it renews. To cancel sooner, please contact our support team.`,
  afterCutOff: (next: IsoDate) => `The change applies from your delivery on ${formatLongDate(next)}: your coming delivery is already being prepared.`,
} as const;

/** 'Renew or cancel after {months} months' for plans of several months, else 'Cancel anytime' (SPEC §9). */
export function planTermLabel(planMonths: number): string {
  return planMonths > 1 ? `Renew or cancel after ${planMonths} months` : 'Cancel anytime';
}

/** The plan page's term: none for a plan that is cancelled or set to end, which has nothing left to renew or cancel. */
export function planTermFor(plan: { planMonths: number; state: string; cancelScheduled: boolean }): string | null {
  return plan.state === 'cancelled' || plan.cancelScheduled ? null : planTermLabel(plan.planMonths);
}

/** The UK date on which a delivery's renewal is charged (once a prescriber has approved it). */
export function renewalChargeDate(delivery: IsoDate): IsoDate {
  return addDays(delivery, -RENEWAL_CHARGE_LEAD_DAYS);
}

/** The last UK date on which a change still applies to the delivery on `delivery` (48 hours before its charge). */
export function planChangeCutOff(delivery: IsoDate): IsoDate {
  return addDays(renewalChargeDate(delivery), -PLAN_CHANGE_CUTOFF_DAYS - 1);
}

/** The day the 'renewal coming' message goes out. */
export function renewalNoticeDate(delivery: IsoDate): IsoDate {
  return addDays(renewalChargeDate(delivery), -RENEWAL_NOTICE_DAYS);
}

/**
 * When a change asked for at `now` applies: to the coming delivery while it is not yet ordered and the cut-off
 * has not passed, otherwise to the one after (the coming one goes ahead).
 */
export function planChangeApplies(plan: { state: SubscriptionState; nextDelivery: IsoDate }, now: Date): 'coming' | 'following' {
  if (plan.state === 'renewal_ordered' || plan.state === 'payment_failed') return 'following';
  return ukCalendarDate(now) <= planChangeCutOff(plan.nextDelivery) ? 'coming' : 'following';
}

/** The day of the next try after `declines` declined charges, counted from the first decline; null: suspend the plan. */
export function nextChargeAttempt(firstDeclinedOn: IsoDate, declines: number): IsoDate | null {
  const offset = RENEWAL_RETRY_DAYS[declines - 1];
  return offset === undefined ? null : addDays(firstDeclinedOn, offset);
}

export type PlanChange = { kind: 'pause'; periods: 1 | 2 } | { kind: 'skip' } | { kind: 'cancel'; reason: string };

/** The next delivery once `change` moves a plan delivering every `frequency` days from `next`. */
export function deliveryAfterChange(next: IsoDate, frequency: number, change: { kind: 'pause'; periods: number } | { kind: 'skip' }): IsoDate {
  return addDays(next, frequency * (change.kind === 'pause' ? change.periods : 1));
}

/**
 * The delivery a resumed plan goes back to: the one it had before the pause, or, when that is too close for a
 * check-in and a review, the first date that leaves a full check-in week.
 */
export function resumedDelivery(beforePause: IsoDate, now: Date): IsoDate {
  const earliest = addDays(ukCalendarDate(now), CHECK_IN_LEAD_DAYS + 1);
  return beforePause < earliest ? earliest : beforePause;
}

/**
 * Whether a patient may cancel now: a plan of several months only in the week before it renews (its check-in
 * window); support and admin may cancel any plan at any time.
 */
export function patientMayCancel(plan: { planMonths: number; nextDelivery: IsoDate; state: SubscriptionState }, now: Date): boolean {
  if (plan.planMonths <= 1) return true;
  if (plan.state === 'suspended' || plan.state === 'paused') return true;
  return plan.nextDelivery <= addDays(ukCalendarDate(now), CHECK_IN_LEAD_DAYS);
}

export interface DoseVariant {
  code: string;
  dosage: string;
  /** Catalogue order: a higher position is a higher dose of the same medicine. */
  position: number;
}

export interface DoseOption {
  variantCode: string;
  dosage: string;
  relation: 'lower' | 'same' | 'higher';
  /** A higher dose is a prescriber's decision, taken in the renewal review. */
  needsPrescriber: boolean;
}

/**
 * 'Change dose': the next lower, the same and the next higher dose of the medicine the plan is on, from the dose last
 * supplied; never two steps up, and the higher one only once `increaseAllowed` (doseIncreaseCheck: 4 weeks on the
 * current dose by the delivery it would be for).
 */
export function doseOptions(variants: readonly DoseVariant[], current: string, { increaseAllowed = true }: { increaseAllowed?: boolean } = {}): DoseOption[] {
  const ordered = [...variants].sort((a, b) => a.position - b.position);
  const at = ordered.findIndex((variant) => variant.code === current);
  if (at < 0) return [];
  const pick = (index: number, relation: DoseOption['relation']): DoseOption[] => {
    const variant = ordered[index];
    return variant ? [{ variantCode: variant.code, dosage: variant.dosage, relation, needsPrescriber: relation === 'higher' }] : [];
  };
  return [...pick(at - 1, 'lower'), ...pick(at, 'same'), ...(increaseAllowed ? pick(at + 1, 'higher') : [])];
}

/** POST /shop-api/subscriptions/{id}/pause. */
export const pausePlanSchema = z.object({ periods: z.union([z.literal(1), z.literal(2)], { error: PLAN_MESSAGES.pausePeriods }) });
/** POST /shop-api/subscriptions/{id}/cancel. */
export const cancelPlanSchema = z.object({
  reason: z.enum(CANCELLATION_REASONS, { error: PLAN_MESSAGES.reason }),
  details: z.string().trim().max(500).optional(),
});
/** POST /shop-api/subscriptions/{id}/dose. */
export const changeDoseSchema = z.object({
  variantCode: z.string().min(1, PLAN_MESSAGES.dose).max(100),
  /** The patient ticked the counselling a higher dose of this medicine needs (plan.dose.counselling). */
  counsellingAcknowledged: z.boolean().optional(),
});

const planDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** GET /shop-api/subscriptions/{id}/plan: what the plan page needs to manage the plan. */
export const planManagementSchema = z.object({
  id: z.string(),
  /** The lifecycle state (more detailed than the patient-facing active/paused/cancelled). */
  state: z.enum(SUBSCRIPTION_STATES),
  /** 'Cancel anytime' or 'Renew or cancel after N months'; null once the plan is cancelled or set to end. */
  term: z.string().nullable(),
  nextDelivery: planDateSchema.nullable(),
  nextCharge: z.object({ date: planDateSchema, amount: z.number().int(), discount: z.number().int(), credit: z.number().int() }).nullable(),
  /** Changes made on or before this date apply to the coming delivery; later ones to the following delivery. */
  changeCutOff: planDateSchema.nullable(),
  followingDelivery: planDateSchema.nullable(),
  /** A change asked for after the cut-off, waiting for the coming delivery to go out. */
  scheduledChange: z
    .object({ kind: z.enum(['pause', 'skip', 'cancel']), periods: z.number().int().optional(), appliesAfter: planDateSchema })
    .nullable(),
  pausedUntil: planDateSchema.nullable(),
  retry: z.object({ nextAttempt: planDateSchema.nullable() }).nullable(),
  /** On hold because the check-in's answers stopped the supply: only a clinician, not the patient, starts it again. */
  supplyStopped: z.boolean(),
  actions: z.object({ pause: z.boolean(), resume: z.boolean(), skip: z.boolean(), changeDose: z.boolean(), cancel: z.boolean(), cancelNeedsSupport: z.boolean() }),
  dose: z.object({
    current: z.string(),
    requested: z.string().nullable(),
    /** Shown and acknowledged before a higher dose is asked for (tirzepatide and the pill, MHRA 2025); null when none. */
    counselling: counsellingViewSchema.nullable().optional(),
    options: z.array(z.object({ variantCode: z.string(), dosage: z.string(), relation: z.enum(['lower', 'same', 'higher']), needsPrescriber: z.boolean() })),
  }),
  /**
   * When a pause or a skip would leave a gap long enough to restart at a lower dose (reTitration): the last day the
   * next dose can be taken at the current dose, and which of the changes would pass it (pause periods, skip). Null
   * when nothing supplied yet or no change would.
   */
  restartWarning: z.object({ restartAfter: planDateSchema, pausePeriods: z.array(z.number().int()), skip: z.boolean() }).nullable().default(null),
  /**
   * Catalogue price changes the patient has been told of (by email, and here) that apply to the coming delivery or a
   * later one: the dose, the price per delivery before and after, the delivery it applies from and that delivery's charge date.
   */
  priceChanges: z
    .array(z.object({ product: z.string(), oldPrice: z.number().int(), newPrice: z.number().int(), appliesFrom: planDateSchema, chargeDate: planDateSchema, notifiedOn: planDateSchema }))
    .default([]),
  renewals: z.array(
    z.object({
      orderNumber: z.string(),
      deliveryDate: planDateSchema,
      state: z.string(),
      paymentState: z.string(),
      amount: z.number().int(),
      createdAt: z.string(),
    }),
  ),
});
export type PlanManagement = z.infer<typeof planManagementSchema>;
