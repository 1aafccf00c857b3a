import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { addDays, checkInTriggeredRules, deliveryAfterChange, ukInstant, urgentRules, type IsoDate, type SubscriptionEffect, type SubscriptionEvent } from '@elmwood/domain';
import type { Db } from '../db/client';
import { subscriptionRenewals } from '../db/schema/subscriptions';
import { issueDueCheckIns } from '../jobs/check-ins';
import { applyOrderEvent, applySubscriptionEvent, type Actor, type EventDetails } from '../lifecycle/index';
import type { Notifier } from '../modules/notifications/index';
import { openUrgentItem, openUrgentItemDue } from '../modules/urgent-care/index';
import { createRenewalOrder, lockPlan, renewalsOfPlan, updatePlan, type PlanEvents, type PlanRow } from '../modules/subscriptions/index';
import { offerVideoConsultation } from '../modules/verification/index';

const JOB: Actor = { type: 'job' };
/** Renewal orders of a period not yet decided: a cancelled plan takes them out of the prescriber's queue. */
const WAITING_FOR_THE_PRESCRIBER = ['in_review', 'awaiting_patient'];
/** An approved renewal whose money never came: the plan suspended for it leaves it unpaid. */
const WAITING_FOR_THE_MONEY = ['awaiting_charge', 'charge_declined'];

/** One applied plan event, as its effects see it, in the transaction that applied it. */
export interface PlanEffectInput {
  tx: Db;
  /** The plan as read under its lock before the event moved it. */
  plan: PlanRow;
  event: SubscriptionEvent;
  actor: Actor;
  details: EventDetails;
  today: IsoDate;
}

export interface PlanEffectDeps {
  notifier: Notifier;
  /** The same workflow, for effects that raise a further event (a change asked for after the cut-off). */
  events: PlanEvents;
}

type PlanEffectHandler = (input: PlanEffectInput, deps: PlanEffectDeps) => Promise<void>;

const dataOf = (details: EventDetails) => (details.data ?? {}) as Record<string, unknown>;

/** The order of the period the plan is on (its coming delivery), if one was made. */
async function currentRenewal(tx: Db, plan: PlanRow) {
  return (await renewalsOfPlan(tx, plan.id)).find(({ renewal }) => renewal.deliveryDate === plan.nextDeliveryDate) ?? null;
}

const PLAN_CHANGES = ['paused', 'resumed', 'skipped', 'cancelled', 'dose_changed'] as const;
const isPlanChange = (event: SubscriptionEvent): event is (typeof PLAN_CHANGES)[number] => (PLAN_CHANGES as readonly string[]).includes(event);

const HELD_BECAUSE: Partial<Record<SubscriptionEvent, 'payment' | 'clinician' | 'cancelled'>> = {
  suspended: 'payment',
  renewal_rejected: 'clinician',
  renewal_cancelled: 'cancelled',
  gp_concern_raised: 'clinician',
};

/**
 * Every effect the subscription table names (packages/domain subscriptions/lifecycle.ts), and what it does. The
 * `satisfies` makes an effect added to the table without a handler a compile error.
 */
export const PLAN_EFFECT_HANDLERS = {
  /** The patient's check-in task for the delivery now due, unless one is open or was asked this period. */
  async issue_check_in({ tx, plan, today }) {
    await issueDueCheckIns(tx, today, plan.id);
  },

  /** The renewal order for the prescriber, with this period's check-in answers on it. */
  async create_renewal_order({ tx, plan, today }) {
    const order = await createRenewalOrder(tx, (await lockPlan(tx, plan.id))!, today);
    // A renewal past the verification's interval (or a dose increase past the threshold) asks for a video consultation;
    // the rules read UK dates, so the end of today stands for now.
    await offerVideoConsultation(tx, order, ukInstant(today, 24 * 60 - 1));
  },

  /**
   * The next delivery is one period after the one just charged (`data.deliveryDate`); a change asked for after the cut-off is carried out
   * now that this delivery is on its way (its own event, with that event's effects).
   */
  async advance_dates({ tx, plan, details, today }, { events }) {
    const charged = (dataOf(details) as { deliveryDate?: IsoDate }).deliveryDate;
    // A charge of a period the plan has already moved past (dates moved by hand meanwhile) moves nothing.
    if (charged !== plan.nextDeliveryDate) return;
    const next = addDays(charged, plan.frequency);
    const change = plan.scheduledChange;
    await updatePlan(tx, plan.id, { nextDeliveryDate: next, scheduledChange: null });
    if (!change || change.appliesAfter !== charged) return;
    if (change.kind === 'cancel') {
      await events.apply(tx, { planId: plan.id, event: 'cancelled', actor: JOB, details: { reason: change.reason, data: { askedAfterCutOff: true } }, today });
      return;
    }
    const moved = deliveryAfterChange(next, plan.frequency, change);
    const data = { from: next, to: moved, ...(change.kind === 'pause' ? { periods: change.periods } : {}) };
    await events.apply(tx, { planId: plan.id, event: change.kind === 'pause' ? 'paused' : 'skipped', actor: JOB, details: { reason: 'Asked for after the cut-off', data }, today });
  },

  /** The dates the event gives (`data.to`); a pause remembers the delivery it paused, a resume forgets it. */
  async move_dates({ tx, plan, event, details }) {
    const { from, to } = dataOf(details) as { from?: IsoDate; to?: IsoDate };
    await updatePlan(tx, plan.id, {
      ...(to ? { nextDeliveryDate: to } : {}),
      ...(event === 'paused' ? { pausedFromDelivery: from ?? plan.nextDeliveryDate } : {}),
      ...(event === 'resumed' ? { pausedFromDelivery: null } : {}),
    });
  },

  /** The retry days count from the first decline of this period's charge. */
  async schedule_charge_retry({ tx, plan, today }) {
    const current = await currentRenewal(tx, plan);
    if (!current) return;
    await tx
      .update(subscriptionRenewals)
      .set({ firstDeclinedOn: today })
      .where(and(eq(subscriptionRenewals.id, current.renewal.id), isNull(subscriptionRenewals.firstDeclinedOn)));
  },

  /** When a retry remains: the patient is told the day of the next try, once per try. */
  async notify_payment_failed({ tx, plan, details }, { notifier }) {
    const { nextAttempt, attempt, orderNumber } = dataOf(details) as { nextAttempt: IsoDate | null; attempt: number; orderNumber: string };
    if (!nextAttempt) return;
    await notifier.notify(tx, {
      template: 'payment-failed',
      customerId: plan.customerId,
      dedupeKey: `payment-failed:${orderNumber}:${attempt}`,
      data: { subscriptionId: plan.id, orderNumber, nextAttemptDate: nextAttempt },
    });
  },

  /** On hold, once per period and cause, with why: the card, a prescriber's decision, or support's cancellation. */
  async notify_suspended({ tx, plan, event }, { notifier }) {
    const reason = HELD_BECAUSE[event];
    if (!reason) throw new Error(`${event} does not put a plan on hold`);
    await notifier.notify(tx, { template: 'plan-suspended', customerId: plan.customerId, dedupeKey: `plan-suspended:${plan.id}:${event}:${plan.nextDeliveryDate}`, data: { subscriptionId: plan.id, reason } });
  },

  /** Each change is its own message, with the delivery it moved to. */
  async notify_plan_changed({ tx, plan, event, details }, { notifier }) {
    if (!isPlanChange(event)) throw new Error(`${event} is not a change the patient is told of`);
    const { to } = dataOf(details) as { to?: IsoDate };
    await notifier.notify(tx, {
      template: 'plan-changed',
      customerId: plan.customerId,
      dedupeKey: `plan-changed:${plan.id}:${randomUUID()}`,
      data: { subscriptionId: plan.id, change: event, ...(to ? { nextDeliveryDate: to } : {}) },
    });
  },

  /**
   * A clinician must contact the patient: every urgent rule of this check-in (the stop, and low mood with it) joins the
   * patient's one open urgent item, at the instant the check-in was answered (`data.at`).
   */
  async open_urgent_clinical_item({ tx, plan, details }) {
    const { consultationId, ruleIds, at } = dataOf(details) as { consultationId: string; ruleIds: string[]; at: string };
    await openUrgentItem(tx, { customerId: plan.customerId, consultationId, rules: urgentRules(checkInTriggeredRules(ruleIds)), now: new Date(at) });
  },

  /**
   * What to do now the check-in stopped the supply, and by when a prescriber will phone (the urgent item's due time);
   * one message per check-in, whichever of its plans it stopped.
   */
  async notify_supply_stopped({ tx, plan, details }, { notifier }) {
    const { consultationId, ruleIds } = dataOf(details) as { consultationId: string; ruleIds: string[] };
    const contactBy = await openUrgentItemDue(tx, plan.customerId);
    await notifier.notify(tx, {
      template: 'check-in-outcome',
      customerId: plan.customerId,
      dedupeKey: `check-in-outcome:${consultationId}`,
      data: { ruleIds, supplyStopped: true, ...(contactBy ? { contactBy: contactBy.toISOString() } : {}) },
    });
  },

  /**
   * A cancelled plan's renewal still waiting for the prescriber is cancelled with it; a plan suspended because the
   * card failed on every try leaves that period's approved renewal unpaid.
   */
  async cancel_renewal_order({ tx, plan, event, actor, details }) {
    if (event === 'suspended') {
      const current = await currentRenewal(tx, plan);
      if (current && current.order.state === 'approved' && WAITING_FOR_THE_MONEY.includes(current.order.paymentState)) {
        await applyOrderEvent(tx, current.order.id, 'unpaid', JOB, { reason: details.reason ?? 'The card was declined on every try' });
      }
      return;
    }
    const waiting = (await renewalsOfPlan(tx, plan.id)).filter(({ order }) => WAITING_FOR_THE_PRESCRIBER.includes(order.state));
    for (const { order } of waiting) await applyOrderEvent(tx, order.id, 'cancelled', actor, { reason: 'The plan was cancelled' });
  },
} satisfies Record<SubscriptionEffect, PlanEffectHandler>;

/** Carries out an applied plan event's effects, in its table's order, in the transaction that applied it. */
export async function carryOutPlanEffects(effects: readonly SubscriptionEffect[], input: PlanEffectInput, deps: PlanEffectDeps): Promise<void> {
  for (const effect of effects) await PLAN_EFFECT_HANDLERS[effect](input, deps);
}

/** The plan workflow the subscriptions module is given: every plan event goes through the table and its handlers. */
export function planEventsWorkflow({ notifier }: { notifier: Notifier }): PlanEvents {
  const events: PlanEvents = {
    async apply(tx, { planId, event, actor, details = {}, today }) {
      const plan = await lockPlan(tx, planId);
      if (!plan) return { applied: false };
      const moved = await applySubscriptionEvent(tx, planId, event, actor, details);
      if (moved.applied) await carryOutPlanEffects(moved.effects, { tx, plan, event, actor, details, today }, { notifier, events });
      return { applied: moved.applied };
    },
  };
  return events;
}
