import { describe, expect, it } from 'vitest';
import { CHECK_IN_LEAD_DAYS, isCheckInDue } from './check-in';
import {
  checkNextDeliveryChange,
  EARLY_RESUPPLY_TOLERANCE_DAYS,
  earliestResupply,
  formatLongDate,
  MAX_DELIVERY_POSTPONEMENT_DAYS,
  nextDeliveryDateProblem,
  nextDeliveryLimits,
  nextDeliveryOptions,
  type PlanSupply,
} from './next-delivery';
import { progressSections } from './progress';
import { datedOrderTimeline, orderTimeline } from './timeline';

// Monday 23 November 2026, 10:00 in London (GMT): dispatched today, delivered by Wednesday 25th.
const mondayMorning = new Date('2026-11-23T10:00:00Z');
/** A monthly plan whose first supply went out on 30 October: the supply allows a delivery from 22 November. */
const SUPPLIED: PlanSupply = { frequency: 30, lastDispatchedOn: '2026-10-30', awaitingDispatch: false, orderInReview: null };
const change = (date: string, overrides: Partial<Parameters<typeof checkNextDeliveryChange>[0]> = {}) =>
  checkNextDeliveryChange({ date, scheduled: '2026-12-01', subscriptionState: 'active', supply: SUPPLIED, now: mondayMorning, ...overrides });
const supplied = (overrides: Partial<PlanSupply>): PlanSupply => ({ ...SUPPLIED, ...overrides });

describe('moving the next delivery', () => {
  it('allows from the end of the standard delivery window to 28 days after the scheduled date', () => {
    expect(MAX_DELIVERY_POSTPONEMENT_DAYS).toBe(28);
    expect(nextDeliveryLimits('2026-12-01', mondayMorning, SUPPLIED)).toEqual({ earliest: '2026-11-25', latest: '2026-12-29' });
    expect(change('2026-11-25')).toEqual({ ok: true, date: '2026-11-25' });
    expect(change('2026-12-29')).toEqual({ ok: true, date: '2026-12-29' });
  });

  it('refuses a day too soon or too late, with the date that would do', () => {
    expect(change('2026-11-24')).toEqual({ ok: false, message: 'The earliest we can deliver is 25 November 2026.' });
    expect(change('2026-12-30')).toEqual({ ok: false, message: 'You can move this delivery to 29 December 2026 at the latest.' });
  });

  it('counts from the next working day once the 15:45 cut-off has passed', () => {
    const afterCutOff = new Date('2026-11-23T15:45:00Z');
    expect(nextDeliveryLimits('2026-12-01', afterCutOff, SUPPLIED).earliest).toBe('2026-11-26');
    expect(change('2026-11-25', { now: afterCutOff })).toEqual({ ok: false, message: 'The earliest we can deliver is 26 November 2026.' });
    expect(change('2026-11-25', { now: new Date('2026-11-23T15:44:00Z') }).ok).toBe(true);
  });

  it('delivers on working days only', () => {
    const message = 'We deliver on working days only. Please choose a weekday that is not a bank holiday.';
    expect(change('2026-11-28')).toEqual({ ok: false, message });
    expect(change('2026-12-25')).toEqual({ ok: false, message });
    expect(change('2026-12-28')).toEqual({ ok: false, message });
  });

  it('changes only an active plan, and only to a real date', () => {
    expect(change('2026-12-02', { subscriptionState: 'paused' })).toEqual({ ok: false, message: 'Only an active plan can have its delivery date changed.' });
    expect(change('2026-02-30')).toEqual({ ok: false, message: 'Please enter correct date' });
  });

  it('never has a latest date before the earliest, for a delivery already overdue', () => {
    expect(nextDeliveryLimits('2026-10-01', mondayMorning, SUPPLIED)).toEqual({ earliest: '2026-11-25', latest: '2026-11-25' });
  });

  it('waits for the supply the patient has: last dispatch plus the frequency, less a week at most', () => {
    expect(EARLY_RESUPPLY_TOLERANCE_DAYS).toBe(7);
    // Dispatched 2 November: 2 + 30 − 7 = 25 November, the same day as the delivery window's end.
    expect(nextDeliveryLimits('2026-12-01', mondayMorning, supplied({ lastDispatchedOn: '2026-11-02' })).earliest).toBe('2026-11-25');
    // A day later, the supply decides: 26 November, not the 25th.
    const later = supplied({ lastDispatchedOn: '2026-11-03' });
    expect(nextDeliveryLimits('2026-12-01', mondayMorning, later).earliest).toBe('2026-11-26');
    expect(change('2026-11-25', { supply: later })).toEqual({ ok: false, message: 'The earliest we can deliver is 26 November 2026.' });
    expect(change('2026-11-26', { supply: later })).toEqual({ ok: true, date: '2026-11-26' });
    // Dispatched 10 November: nothing before 3 December, one day less is refused.
    const recent = supplied({ lastDispatchedOn: '2026-11-10' });
    expect(change('2026-12-02', { supply: recent })).toEqual({ ok: false, message: 'The earliest we can deliver is 3 December 2026.' });
    expect(change('2026-12-03', { supply: recent })).toEqual({ ok: true, date: '2026-12-03' });
  });

  it('moves an earliest day that falls on a weekend or bank holiday to the next working day', () => {
    // 5 November + 23 days is Saturday 28 November: Monday 30th.
    expect(nextDeliveryLimits('2026-12-01', mondayMorning, supplied({ lastDispatchedOn: '2026-11-05' })).earliest).toBe('2026-11-30');
    // 2 December + 23 days is Christmas Day: the 25th, 26th (Saturday) and 28th (Boxing Day substitute) are not working days.
    expect(nextDeliveryLimits('2026-12-20', mondayMorning, supplied({ lastDispatchedOn: '2026-12-02' })).earliest).toBe('2026-12-29');
  });

  it('counts a supply approved and not yet dispatched from today, and a quarterly plan by its 90 days', () => {
    const approved = supplied({ lastDispatchedOn: null, awaitingDispatch: true });
    expect(earliestResupply(approved, '2026-11-23')).toBe('2026-12-16');
    expect(change('2026-12-15', { supply: approved, scheduled: '2026-12-20' })).toEqual({ ok: false, message: 'The earliest we can deliver is 16 December 2026.' });
    expect(change('2026-12-16', { supply: approved, scheduled: '2026-12-20' }).ok).toBe(true);
    expect(earliestResupply(supplied({ frequency: 90, lastDispatchedOn: '2026-09-01' }), '2026-11-23')).toBe('2026-11-23');
    expect(earliestResupply(supplied({ lastDispatchedOn: null }), '2026-11-23')).toBeNull();
  });

  it('moves nothing while an order of the plan is with the prescriber, whatever the state of the plan', () => {
    const inReview = supplied({ lastDispatchedOn: null, orderInReview: 'EW123' });
    const message = 'Your order EW123 is with our prescriber, so your delivery date cannot change until they have decided. We will email you as soon as they have.';
    expect(change('2026-12-02', { supply: inReview })).toEqual({ ok: false, message });
    expect(change('2026-12-02', { supply: inReview, subscriptionState: 'renewal_ordered' })).toEqual({ ok: false, message });
    expect(nextDeliveryOptions({ state: 'active', scheduled: '2026-12-01' }, inReview, mondayMorning)).toEqual({ limits: null, refusal: message });
  });

  it('says what is wrong with a date picked within the limits, as the date picker checks it', () => {
    const limits = { earliest: '2026-11-26', latest: '2026-12-29' };
    expect(nextDeliveryDateProblem('2026-11-25', limits)).toBe('The earliest we can deliver is 26 November 2026.');
    expect(nextDeliveryDateProblem('2026-11-26', limits)).toBeNull();
    expect(nextDeliveryDateProblem('2026-11-28', limits)).toBe('We deliver on working days only. Please choose a weekday that is not a bank holiday.');
    expect(nextDeliveryDateProblem('', limits)).toBe('Please enter correct date');
  });

  it('writes dates in full', () => {
    expect(formatLongDate('2026-01-05')).toBe('5 January 2026');
  });
});

describe('weight-loss check-in', () => {
  it('is due from seven days before the renewal', () => {
    expect(CHECK_IN_LEAD_DAYS).toBe(7);
    expect(isCheckInDue('2026-11-30', '2026-11-23')).toBe(true);
    expect(isCheckInDue('2026-12-01', '2026-11-23')).toBe(false);
    expect(isCheckInDue('2026-11-20', '2026-11-23')).toBe(true);
  });
});

describe('order timeline', () => {
  const ids = (state: Parameters<typeof orderTimeline>[0]) => orderTimeline(state).map((step) => [step.id, step.status]);

  it('walks placed → your tasks → review → approved → dispatched → delivered', () => {
    expect(ids('awaiting_patient')).toEqual([
      ['placed', 'completed'],
      ['awaiting_patient', 'active'],
      ['in_review', 'upcoming'],
      ['approved', 'upcoming'],
      ['dispatched', 'upcoming'],
      ['delivered', 'upcoming'],
    ]);
    expect(orderTimeline('in_review').map((step) => step.status)).toEqual(['completed', 'completed', 'active', 'upcoming', 'upcoming', 'upcoming']);
    expect(orderTimeline('dispatched').map((step) => step.status)).toEqual(['completed', 'completed', 'completed', 'completed', 'active', 'upcoming']);
    expect(orderTimeline('delivered').every((step) => step.status === 'completed')).toBe(true);
    expect(orderTimeline('payment_pending').every((step) => step.status === 'upcoming')).toBe(true);
  });

  it('ends a rejected order after the review, with the reason', () => {
    expect(orderTimeline('rejected', 'BMI below the threshold')).toEqual([
      { id: 'placed', title: 'Order placed', status: 'completed', reason: null },
      { id: 'awaiting_patient', title: 'Waiting for your tasks', status: 'completed', reason: null },
      { id: 'rejected', title: 'Not approved', status: 'completed', reason: 'BMI below the threshold' },
    ]);
  });

  it('ends a refunded order after its approval, and a cancelled one after it was placed', () => {
    expect(orderTimeline('refunded', 'Damaged in transit').map((step) => step.id)).toEqual(['placed', 'awaiting_patient', 'in_review', 'refunded']);
    expect(orderTimeline('refunded', 'Damaged in transit').at(-1)?.reason).toBe('Damaged in transit');
    expect(orderTimeline('cancelled').map((step) => step.id)).toEqual(['placed', 'cancelled']);
  });
});

describe('progress sections', () => {
  const statuses = (input: Parameters<typeof progressSections>[0]) => progressSections(input).map((section) => section.status);

  it('starts at the consultation without an order', () => {
    expect(statuses({ order: null, openCriticalTasks: 0 })).toEqual(['active', 'upcoming', 'upcoming', 'upcoming', 'upcoming']);
  });

  it('asks for verification while critical tasks are open, then waits for the clinician', () => {
    expect(statuses({ order: { state: 'awaiting_patient' }, openCriticalTasks: 2 })).toEqual(['completed', 'completed', 'active', 'upcoming', 'upcoming']);
    expect(statuses({ order: { state: 'in_review' }, openCriticalTasks: 0 })).toEqual([
      'completed',
      'completed',
      'completed',
      'active',
      'upcoming',
    ]);
  });

  it('is all done once the treatment is on its way', () => {
    expect(statuses({ order: { state: 'approved' }, openCriticalTasks: 0 })).toEqual([
      'completed',
      'completed',
      'completed',
      'completed',
      'active',
    ]);
    expect(statuses({ order: { state: 'delivered' }, openCriticalTasks: 0 }).every((status) => status === 'completed')).toBe(true);
  });
});

describe('dated order timeline (the order page)', () => {
  const placed = { event: 'payment_authorised', toState: 'awaiting_patient', reason: null, at: '2026-11-20T09:00:00.000Z' };
  const review = { event: 'critical_tasks_done', toState: 'in_review', reason: null, at: '2026-11-20T10:00:00.000Z' };

  it('dates each step reached from the history and leaves the ones to come undated', () => {
    const steps = datedOrderTimeline('in_review', [placed, review]);
    expect(steps.map((step) => [step.id, step.status, step.at])).toEqual([
      ['placed', 'completed', placed.at],
      ['awaiting_patient', 'completed', placed.at],
      ['in_review', 'active', review.at],
      ['approved', 'upcoming', null],
      ['dispatched', 'upcoming', null],
      ['delivered', 'upcoming', null],
    ]);
  });

  it('ends a rejected order with the reason its history recorded', () => {
    const rejected = { event: 'rejected', toState: 'rejected', reason: 'Your BMI is below the threshold.', at: '2026-11-21T08:00:00.000Z' };
    const steps = datedOrderTimeline('rejected', [placed, review, rejected]);
    expect(steps.at(-1)).toEqual({ id: 'rejected', title: 'Not approved', status: 'completed', reason: 'Your BMI is below the threshold.', at: rejected.at });
  });

  it('dates a step by the last time it was reached', () => {
    const asked = { event: 'information_requested', toState: 'awaiting_patient', reason: null, at: '2026-11-20T11:00:00.000Z' };
    const steps = datedOrderTimeline('awaiting_patient', [placed, review, asked]);
    expect(steps[1]).toMatchObject({ id: 'awaiting_patient', status: 'active', at: asked.at });
  });
});
