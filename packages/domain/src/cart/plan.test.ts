import { describe, expect, it } from 'vitest';
import { deliveryText, isQuickShip, planMonthsOf, subscriptionPlan } from './plan';

const line = (frequency: 30 | 90 | 1, quickShip = false) => ({ frequency, product: { quickShip } });

describe('planMonthsOf', () => {
  it.each([
    [90, 3],
    [30, 1],
    [1, 0],
  ] as const)('frequency %i runs %i months', (frequency, months) => expect(planMonthsOf(frequency)).toBe(months));
});

describe('quick ship and the delivery text', () => {
  it('is one day only when every line ships from stock', () => {
    expect(isQuickShip([line(30, true), line(1, true)])).toBe(true);
    expect(isQuickShip([line(30, true), line(30, false)])).toBe(false);
    expect(isQuickShip([])).toBe(false);
  });
  it('words it as SPEC §9 does', () => {
    expect(deliveryText(true)).toBe('Free one day delivery');
    expect(deliveryText(false)).toBe('Free two days delivery');
  });
});

describe('subscriptionPlan', () => {
  // Wednesday 18 November 2026, 10:00 GMT: dispatched today; standard arrives 19-20 Nov., express 19 Nov.
  const wednesdayMorning = new Date('2026-11-18T10:00:00Z');
  // Wednesday after the cut-off: dispatched Thursday; standard arrives 20-23 Nov. (over the weekend).
  const wednesdayEvening = new Date('2026-11-18T16:00:00Z');

  it('has no plan and no delivery date without a subscription line', () => {
    expect(subscriptionPlan([], wednesdayMorning)).toEqual({ months: 0, nextDelivery: null });
    expect(subscriptionPlan([line(1), line(1, true)], wednesdayMorning)).toEqual({ months: 0, nextDelivery: null });
  });

  it('runs as long as its longest line, first delivered on the first day of the estimate', () => {
    expect(subscriptionPlan([line(30)], wednesdayMorning)).toEqual({ months: 1, nextDelivery: '2026-11-20' });
    expect(subscriptionPlan([line(30), line(90), line(1)], wednesdayEvening)).toEqual({ months: 3, nextDelivery: '2026-11-23' });
  });

  it('is due a day sooner when every line is quick ship (the express window)', () => {
    expect(subscriptionPlan([line(30, true)], wednesdayMorning).nextDelivery).toBe('2026-11-19');
    expect(subscriptionPlan([line(90, true), line(1, true)], wednesdayEvening).nextDelivery).toBe('2026-11-20');
    // One line that needs a prescriber first keeps the whole order on the standard window.
    expect(subscriptionPlan([line(90, true), line(1, false)], wednesdayEvening).nextDelivery).toBe('2026-11-23');
  });
});
