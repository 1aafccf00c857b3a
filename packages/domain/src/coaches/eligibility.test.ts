import { describe, expect, it } from 'vitest';
import { COACHING_AFTER_CARE_DAYS, COACHING_MESSAGES, coachingEligibility, coachingEndsOn, mayBookCoachCall, MAX_UPCOMING_COACH_CALLS } from './eligibility';

describe('who may have coaching', () => {
  it('is for a patient with an approved weight-loss treatment, and not before', () => {
    expect(coachingEligibility({ lastApproval: null, awaitingApproval: false }, '2026-11-23')).toEqual({ eligible: false, message: COACHING_MESSAGES.noPlan });
    expect(coachingEligibility({ lastApproval: null, awaitingApproval: true }, '2026-11-23')).toEqual({ eligible: false, message: COACHING_MESSAGES.awaitingApproval });
    expect(coachingEligibility({ lastApproval: { on: '2026-11-23', frequency: 30 }, awaitingApproval: false }, '2026-11-23')).toEqual({ eligible: true, until: '2027-06-23' });
  });

  it('lasts the supply and six months of after-care, to the day', () => {
    expect(COACHING_AFTER_CARE_DAYS).toBe(182);
    const monthly = { on: '2026-01-01', frequency: 30 } as const;
    // 1 January + 30 days of supply + 182 days of after-care: 1 August 2026.
    expect(coachingEndsOn(monthly)).toBe('2026-08-01');
    expect(coachingEligibility({ lastApproval: monthly, awaitingApproval: false }, '2026-08-01').eligible).toBe(true);
    expect(coachingEligibility({ lastApproval: monthly, awaitingApproval: false }, '2026-08-02')).toEqual({ eligible: false, message: COACHING_MESSAGES.afterCareEnded('2026-08-01') });
    expect(COACHING_MESSAGES.afterCareEnded('2026-08-01')).toContain('1 August 2026');
    // A quarterly supply lasts 90 days; a one-off is a month's pack.
    expect(coachingEndsOn({ on: '2026-01-01', frequency: 90 })).toBe('2026-09-30');
    expect(coachingEndsOn({ on: '2026-01-01', frequency: 1 })).toBe('2026-08-01');
  });

  it('tells a returning patient whose new order is in review to wait for it, not that coaching ended', () => {
    expect(coachingEligibility({ lastApproval: { on: '2025-01-01', frequency: 30 }, awaitingApproval: true }, '2026-11-23')).toEqual({ eligible: false, message: COACHING_MESSAGES.awaitingApproval });
  });

  it('allows one call booked ahead by default', () => {
    expect(MAX_UPCOMING_COACH_CALLS).toBe(1);
    expect(mayBookCoachCall(0)).toBe(true);
    expect(mayBookCoachCall(1)).toBe(false);
    expect(mayBookCoachCall(1, 2)).toBe(true);
    expect(mayBookCoachCall(2, 2)).toBe(false);
  });
});
