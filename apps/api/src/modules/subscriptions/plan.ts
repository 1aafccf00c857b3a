import { and, asc, eq } from 'drizzle-orm';
import {
  addDays,
  deliveryAfterChange,
  counsellingAcknowledgement,
  counsellingView,
  doseIncreaseCounselling,
  formatLongDate,
  nextChargeAttempt,
  PAUSE_PERIODS,
  patientMayCancel,
  planChangeApplies,
  planChangeCutOff,
  PLAN_MESSAGES,
  planTermFor,
  renewalChargeDate,
  resumedDelivery,
  ukCalendarDate,
  urgentContactLine,
  type CancellationReason,
  type IsoDate,
  type PlanManagement,
  type SubscriptionEvent,
  type SubscriptionState,
} from '@elmwood/domain';
import type { Db } from '../../db/client';
import { orderItems } from '../../db/schema/orders';
import { subscriptions, type ScheduledPlanChange } from '../../db/schema/subscriptions';
import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../../lifecycle/index';
import { renewalCharge } from './renewal-charge';
import { comingPriceChanges } from './price-notices';
import { chargeAttempts, ownPlan, planPatientCouldBecomePregnant, renewalLines, renewalsOfPlan, supplyStoppedByCheckIn, updatePlan, type PlanRow } from './repo';
import type { PlanEvents } from './workflow-ports';
import { doseChoicesFor, planReTitration, renewalDose } from './dose-history';

export const PLAN_NOT_FOUND_MESSAGE = 'We could not find that plan.';
const BEFORE_THE_ORDER: SubscriptionState[] = ['active', 'renewal_due', 'check_in_overdue'];
const ORDERED: SubscriptionState[] = ['renewal_ordered', 'payment_failed'];

export interface PlanActionReply {
  plan: PlanManagement;
  /** What the patient is told: when the change takes effect. */
  message: string;
}

export interface PlanServiceDeps {
  db: Db;
  /**
   * Asks a clinician to call the patient (the urgent clinical queue's item, handed in where the modules are composed):
   * answers when the call is due.
   */
  askClinician?: (tx: Db, input: { customerId: number; now: Date }) => Promise<{ dueAt: Date }>;
  /** Every plan event, with its table's effects (dates moved, a waiting renewal cancelled, the patient told). */
  planEvents: PlanEvents;
  now: () => Date;
}

const notChangeable = () => new AppError(409, 'PLAN_NOT_CHANGEABLE', PLAN_MESSAGES.notChangeable);

/** The patient's plan page: its dates, its next charge, its renewals, and pause, skip, dose and cancel. */
export function createPlanService({ db, planEvents, now, askClinician }: PlanServiceDeps) {
  async function own(tx: Db, customerId: number, id: string, lock = false): Promise<PlanRow> {
    const plan = await ownPlan(tx, customerId, id, lock);
    if (!plan) throw notFound(PLAN_NOT_FOUND_MESSAGE);
    return plan;
  }

  /**
   * The plan page's doses: from the dose last supplied (not a renewal rejected, cancelled or unpaid), for the delivery
   * a change now applies to; the renewal's lines carry the dose asked for, if any.
   */
  async function doseChoices(tx: Db, plan: PlanRow) {
    const dose = await renewalDose(tx, plan);
    const supplied = await tx.select().from(orderItems).where(and(eq(orderItems.orderId, dose.sourceOrderId), eq(orderItems.frequency, plan.frequency))).orderBy(asc(orderItems.id));
    const appliesTo = ORDERED.includes(plan.state as SubscriptionState) ? addDays(plan.nextDeliveryDate, plan.frequency) : plan.nextDeliveryDate;
    const choices = await doseChoicesFor(tx, dose, supplied, appliesTo);
    if (!choices.current) return { current: '', requested: null, options: [], counselling: null };
    const requested = plan.requestedVariantCode ? choices.options.find((option) => option.variantCode === plan.requestedVariantCode && option.relation !== 'same') : undefined;
    const higher = choices.options.some((option) => option.relation === 'higher');
    const counselling = higher ? doseIncreaseCounselling(choices.current.productCode, await planPatientCouldBecomePregnant(tx, plan)) : null;
    return { current: choices.current.dosage, requested: requested?.dosage ?? null, options: choices.options, counselling: counselling ? counsellingView(counselling) : null };
  }

  /**
   * Whether pausing or skipping the coming delivery would move it past the day the next dose can still be taken at the
   * current dose (planReTitration from the supplies): the patient is warned before they choose.
   */
  async function gapWarning(tx: Db, plan: PlanRow): Promise<PlanManagement['restartWarning']> {
    if (!BEFORE_THE_ORDER.includes(plan.state as SubscriptionState)) return null;
    const gap = await planReTitration(tx, plan, plan.nextDeliveryDate, null);
    if (!gap) return null;
    const pausePeriods = PAUSE_PERIODS.filter((periods) => deliveryAfterChange(plan.nextDeliveryDate, plan.frequency, { kind: 'pause', periods }) > gap.restartNeededAfter);
    const skip = deliveryAfterChange(plan.nextDeliveryDate, plan.frequency, { kind: 'skip' }) > gap.restartNeededAfter;
    return pausePeriods.length > 0 || skip ? { restartAfter: gap.restartNeededAfter, pausePeriods: [...pausePeriods], skip } : null;
  }

  async function view(tx: Db, plan: PlanRow): Promise<PlanManagement> {
    const state = plan.state as SubscriptionState;
    const at = now();
    const today = ukCalendarDate(at);
    const [lines, renewals, dose, supplyStopped, restartWarning, priceChanges] = await Promise.all([
      renewalLines(tx, plan),
      renewalsOfPlan(tx, plan.id),
      doseChoices(tx, plan),
      supplyStoppedByCheckIn(tx, plan),
      gapWarning(tx, plan),
      comingPriceChanges(tx, plan),
    ]);
    const charge = await renewalCharge(tx, plan, lines);
    const current = renewals.find((row) => row.renewal.deliveryDate === plan.nextDeliveryDate) ?? null;
    let nextAttempt: IsoDate | null = null;
    if (state === 'payment_failed' && current) {
      const declines = (await chargeAttempts(tx, current.order.id)).filter((row) => row.state === 'declined').length;
      nextAttempt = nextChargeAttempt(current.renewal.firstDeclinedOn ?? today, declines);
    }
    const live = state !== 'cancelled' && state !== 'suspended';
    const chargeDate = nextAttempt ?? (current ? current.renewal.chargeDate : renewalChargeDate(plan.nextDeliveryDate));
    const changeable = BEFORE_THE_ORDER.includes(state) || ORDERED.includes(state);
    const scheduled = plan.scheduledChange;
    return {
      id: plan.id,
      state,
      term: planTermFor({ planMonths: plan.planMonths, state, cancelScheduled: scheduled?.kind === 'cancel' }),
      nextDelivery: state === 'cancelled' ? null : plan.nextDeliveryDate,
      nextCharge: live
        ? {
            date: chargeDate < today ? today : chargeDate,
            amount: current ? current.order.total : charge.amount,
            discount: plan.discount + charge.gift,
            credit: current ? current.order.credit : 0,
          }
        : null,
      changeCutOff: BEFORE_THE_ORDER.includes(state) ? planChangeCutOff(plan.nextDeliveryDate) : null,
      followingDelivery: live ? addDays(plan.nextDeliveryDate, plan.frequency) : null,
      scheduledChange: scheduled ? { kind: scheduled.kind, ...(scheduled.kind === 'pause' ? { periods: scheduled.periods } : {}), appliesAfter: scheduled.appliesAfter } : null,
      pausedUntil: state === 'paused' ? plan.nextDeliveryDate : null,
      retry: state === 'payment_failed' ? { nextAttempt } : null,
      supplyStopped,
      actions: {
        pause: changeable && !scheduled,
        resume: state === 'paused' || (state === 'suspended' && !supplyStopped),
        skip: changeable && !scheduled,
        changeDose: state !== 'cancelled' && state !== 'suspended' && dose.options.length > 1,
        cancel: state !== 'cancelled' && scheduled?.kind !== 'cancel' && patientMayCancel({ planMonths: plan.planMonths, nextDelivery: plan.nextDeliveryDate, state }, at),
        cancelNeedsSupport: state !== 'cancelled' && !patientMayCancel({ planMonths: plan.planMonths, nextDelivery: plan.nextDeliveryDate, state }, at),
      },
      dose,
      restartWarning,
      priceChanges: state === 'cancelled' ? [] : priceChanges,
      renewals: renewals.map(({ renewal, order }) => ({
        orderNumber: order.number,
        deliveryDate: renewal.deliveryDate,
        state: order.state,
        paymentState: order.paymentState,
        amount: order.total,
        createdAt: order.createdAt.toISOString(),
      })),
    };
  }

  /** Applies a patient's event now, or refuses it with the plan-page message. */
  async function apply(tx: Db, plan: PlanRow, event: SubscriptionEvent, actor: Actor, details: { reason?: string; data?: Record<string, unknown> } = {}) {
    const applied = await planEvents.apply(tx, { planId: plan.id, event, actor, details, today: ukCalendarDate(now()) });
    if (!applied.applied) throw notChangeable();
    return applied;
  }

  /** A change asked for after the cut-off waits for the coming delivery; only one waits at a time. */
  async function schedule(tx: Db, plan: PlanRow, change: ScheduledPlanChange) {
    if (plan.scheduledChange) throw notChangeable();
    await updatePlan(tx, plan.id, { scheduledChange: change });
  }

  /** Support's cancellation, mid-commitment included, inside a caller's transaction (an account deletion cancels plans with the rest); the caller has locked the plan. */
  async function cancelByStaffIn(tx: Db, actor: Actor, plan: PlanRow, reason: string): Promise<void> {
    await apply(tx, plan, 'cancelled', actor, { reason, data: { byStaff: true } });
    await updatePlan(tx, plan.id, { scheduledChange: null });
  }

  async function act(customerId: number, id: string, work: (tx: Db, plan: PlanRow, actor: Actor) => Promise<string>): Promise<PlanActionReply> {
    return db.transaction(async (tx) => {
      const plan = await own(tx, customerId, id, true);
      const message = await work(tx, plan, { type: 'patient', id: customerId });
      return { plan: await view(tx, (await ownPlan(tx, customerId, id))!), message };
    });
  }

  const movedMessage = (date: IsoDate) => `Your next delivery is now on ${formatLongDate(date)}.`;

  return {
    async plan(customerId: number, id: string): Promise<PlanManagement> {
      return view(db, await own(db, customerId, id));
    },

    pause(customerId: number, id: string, periods: 1 | 2) {
      return act(customerId, id, async (tx, plan, actor) => {
        const state = plan.state as SubscriptionState;
        if (BEFORE_THE_ORDER.includes(state) && planChangeApplies({ state, nextDelivery: plan.nextDeliveryDate }, now()) === 'coming') {
          const moved = deliveryAfterChange(plan.nextDeliveryDate, plan.frequency, { kind: 'pause', periods });
          await apply(tx, plan, 'paused', actor, { data: { periods, from: plan.nextDeliveryDate, to: moved } });
          return `Your plan is paused. ${movedMessage(moved)}`;
        }
        if (!BEFORE_THE_ORDER.includes(state) && !ORDERED.includes(state)) throw notChangeable();
        await schedule(tx, plan, { kind: 'pause', periods, appliesAfter: plan.nextDeliveryDate });
        return PLAN_MESSAGES.afterCutOff(addDays(plan.nextDeliveryDate, plan.frequency));
      });
    },

    resume(customerId: number, id: string) {
      return act(customerId, id, async (tx, plan, actor) => {
        if (plan.state !== 'paused' && plan.state !== 'suspended') throw new AppError(409, 'PLAN_NOT_PAUSED', PLAN_MESSAGES.notPaused);
        // Restarting a treatment the check-in stopped (possible pancreatitis, pregnancy) is a clinician's decision.
        if (await supplyStoppedByCheckIn(tx, plan)) throw new AppError(409, 'PLAN_STOPPED_AFTER_CHECK_IN', PLAN_MESSAGES.supplyStopped);
        const moved = resumedDelivery(plan.pausedFromDelivery ?? plan.nextDeliveryDate, now());
        await apply(tx, plan, 'resumed', actor, { data: { from: plan.nextDeliveryDate, to: moved } });
        return `Your plan is running again. ${movedMessage(moved)}`;
      });
    },

    skip(customerId: number, id: string) {
      return act(customerId, id, async (tx, plan, actor) => {
        const state = plan.state as SubscriptionState;
        if (BEFORE_THE_ORDER.includes(state) && planChangeApplies({ state, nextDelivery: plan.nextDeliveryDate }, now()) === 'coming') {
          const moved = deliveryAfterChange(plan.nextDeliveryDate, plan.frequency, { kind: 'skip' });
          await apply(tx, plan, 'skipped', actor, { data: { from: plan.nextDeliveryDate, to: moved } });
          return `We will skip this delivery. ${movedMessage(moved)}`;
        }
        if (!BEFORE_THE_ORDER.includes(state) && !ORDERED.includes(state)) throw notChangeable();
        await schedule(tx, plan, { kind: 'skip', appliesAfter: plan.nextDeliveryDate });
        return PLAN_MESSAGES.afterCutOff(addDays(plan.nextDeliveryDate, plan.frequency));
      });
    },

    cancel(customerId: number, id: string, reason: CancellationReason, details?: string) {
      return act(customerId, id, async (tx, plan, actor) => {
        const state = plan.state as SubscriptionState;
        if (state === 'cancelled' || plan.scheduledChange?.kind === 'cancel') throw notChangeable();
        if (!patientMayCancel({ planMonths: plan.planMonths, nextDelivery: plan.nextDeliveryDate, state }, now())) {
          throw new AppError(422, 'PLAN_COMMITMENT', PLAN_MESSAGES.commitment(plan.planMonths));
        }
        const goesAhead = !['paused', 'suspended'].includes(state) && planChangeApplies({ state, nextDelivery: plan.nextDeliveryDate }, now()) === 'following';
        if (goesAhead) {
          await updatePlan(tx, plan.id, { scheduledChange: { kind: 'cancel', reason, appliesAfter: plan.nextDeliveryDate } });
          return `Your plan will end after your delivery on ${formatLongDate(plan.nextDeliveryDate)}, which is already being prepared.`;
        }
        await apply(tx, plan, 'cancelled', actor, { reason, data: details ? { details } : {} });
        return 'Your plan is cancelled. There will be no more deliveries or payments.';
      });
    },

    /**
     * Support or admin ends a plan at once, a multi-month one mid-commitment included (the patient cannot); `record`
     * writes the staff audit row in the same transaction.
     */
    cancelByStaffIn,

    async cancelByStaff(actor: Actor, id: string, reason: string, record: (tx: Db, plan: PlanRow) => Promise<void>): Promise<{ id: string; state: string }> {
      return db.transaction(async (tx) => {
        const [plan] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
        if (!plan) throw notFound(PLAN_NOT_FOUND_MESSAGE);
        await cancelByStaffIn(tx, actor, plan, reason);
        await record(tx, plan);
        return { id: plan.id, state: 'cancelled' };
      });
    },

    /**
     * 'Speak to a clinician first': a patient cancelling because of side effects asks for a call instead; the plan is
     * left as it is, and a prescriber calls them (the urgent clinical queue).
     */
    clinicianCall(customerId: number, id: string) {
      return act(customerId, id, async (tx) => {
        if (!askClinician) throw new AppError(503, 'CLINICIAN_CALL_UNAVAILABLE', 'We could not ask a clinician to call you just now. Please contact our support team.');
        const { dueAt } = await askClinician(tx, { customerId, now: now() });
        return `${urgentContactLine(dueAt)} Your plan has not been cancelled.`;
      });
    },

    changeDose(customerId: number, id: string, variantCode: string, counsellingAcknowledged = false) {
      return act(customerId, id, async (tx, plan, actor) => {
        const { options, counselling } = await doseChoices(tx, plan);
        const chosen = options.find((option) => option.variantCode === variantCode);
        if (!chosen) throw new AppError(422, 'DOSE_NOT_OFFERED', PLAN_MESSAGES.dose);
        // A higher dose of tirzepatide: the contraception counselling is read and acknowledged first (MHRA 2025), and
        // what was acknowledged, in its words and when, is kept with the plan's event.
        const counselled = chosen.relation === 'higher' && counselling;
        if (counselled && !counsellingAcknowledged) throw new AppError(422, 'COUNSELLING_NOT_ACKNOWLEDGED', PLAN_MESSAGES.counselling);
        await apply(tx, plan, 'dose_changed', actor, {
          data: { variantCode, dosage: chosen.dosage, relation: chosen.relation, ...(counselled ? { counsellingAcknowledged: counsellingAcknowledgement(counselling, now()) } : {}) },
        });
        await updatePlan(tx, plan.id, { requestedVariantCode: chosen.relation === 'same' ? null : variantCode });
        const when = ORDERED.includes(plan.state as SubscriptionState) ? addDays(plan.nextDeliveryDate, plan.frequency) : plan.nextDeliveryDate;
        return chosen.needsPrescriber
          ? `We have asked for ${chosen.dosage} from your delivery on ${formatLongDate(when)}. A prescriber will check your answers before increasing your dose.`
          : `Your dose will be ${chosen.dosage} from your delivery on ${formatLongDate(when)}.`;
      });
    },
  };
}
export type PlanService = ReturnType<typeof createPlanService>;
