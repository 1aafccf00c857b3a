import { describe, expect, it } from 'vitest';
import { deletionDaysLeft, deletionDeadlineLabel, deletionDeadline, keepsIdentity, ORDER_STATES_BLOCKING_DELETION } from './deletion';

describe('the one-month deadline of a deletion request (UK GDPR Art. 12(3))', () => {
  it('runs to the same day of the next month', () => {
    expect(deletionDeadline('2026-03-14')).toBe('2026-04-14');
    expect(deletionDeadline('2026-12-20')).toBe('2027-01-20');
  });

  it("ends on the next month's last day when it has no such day", () => {
    expect(deletionDeadline('2026-01-31')).toBe('2026-02-28');
    expect(deletionDeadline('2028-01-30')).toBe('2028-02-29');
    expect(deletionDeadline('2026-03-31')).toBe('2026-04-30');
  });

  it('counts the days left in UK dates: late evening UTC in summer is already the next UK day', () => {
    expect(deletionDaysLeft(new Date('2026-03-14T10:00:00Z'), new Date('2026-03-14T12:00:00Z'))).toBe(31);
    expect(deletionDaysLeft(new Date('2026-06-30T23:30:00Z'), new Date('2026-07-01T09:00:00Z'))).toBe(31);
    expect(deletionDaysLeft(new Date('2026-03-14T10:00:00Z'), new Date('2026-04-14T10:00:00Z'))).toBe(0);
    expect(deletionDaysLeft(new Date('2026-03-14T10:00:00Z'), new Date('2026-04-16T10:00:00Z'))).toBe(-2);
  });
});

describe('the deadline as the console shows it', () => {
  it('counts down, then up once overdue', () => {
    expect(deletionDeadlineLabel(12)).toBe('12 days left');
    expect(deletionDeadlineLabel(1)).toBe('1 day left');
    expect(deletionDeadlineLabel(0)).toBe('Due today');
    expect(deletionDeadlineLabel(-1)).toBe('1 day overdue');
    expect(deletionDeadlineLabel(-3)).toBe('3 days overdue');
  });
});

describe('what a deletion keeps', () => {
  it('keeps the name and date of birth only when a clinical record needs them', () => {
    expect(keepsIdentity(0)).toBe(false);
    expect(keepsIdentity(2)).toBe(true);
  });

  it('waits for any order the clinic has not finished with', () => {
    expect(ORDER_STATES_BLOCKING_DELETION).toEqual(['payment_pending', 'awaiting_patient', 'in_review', 'approved']);
  });
});
