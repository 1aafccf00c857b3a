import { describe, expect, it } from 'vitest';
import {
  addMonthsClamped,
  DEFAULT_REMINDER_SETTINGS,
  nextReminderAt,
  REMINDER_MESSAGES,
  reminderSettingsError,
  ukInstant,
  type ReminderSettings,
} from './reminders';

const weekly = (overrides: Partial<ReminderSettings> = {}): ReminderSettings => ({ ...DEFAULT_REMINDER_SETTINGS, hours: 8, minutes: 0, ...overrides });
const monthly = (overrides: Partial<ReminderSettings> = {}): ReminderSettings => ({ ...weekly(), type: 'periodic', ...overrides });
const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Every send from `from` until `until`, as the queue would chain them (each after the one before). */
function sends(settings: ReminderSettings, anchor: string, from: string, until: string): string[] {
  const out: string[] = [];
  let after = new Date(from);
  for (;;) {
    const next = nextReminderAt(settings, anchor, after);
    if (!next || next.getTime() > new Date(until).getTime()) return out;
    out.push(next.toISOString());
    after = next;
  }
}

describe('the UK wall clock', () => {
  it('reads 08:00 as 08:00 GMT in winter and 07:00 UTC in summer', () => {
    expect(ukInstant('2027-03-27', 8 * 60).toISOString()).toBe('2027-03-27T08:00:00.000Z');
    expect(ukInstant('2027-03-28', 8 * 60).toISOString()).toBe('2027-03-28T07:00:00.000Z');
    expect(ukInstant('2027-10-31', 8 * 60).toISOString()).toBe('2027-10-31T08:00:00.000Z');
  });

  it('sends a time the spring change skips an hour later, and a time the autumn change repeats only the first time', () => {
    expect(ukInstant('2027-03-28', 60 + 30).toISOString()).toBe('2027-03-28T01:30:00.000Z'); // 02:30 BST
    expect(ukInstant('2027-10-31', 60 + 30).toISOString()).toBe('2027-10-31T00:30:00.000Z'); // 01:30 BST, not 01:30 GMT
  });
});

describe('weekly reminders', () => {
  it('goes at 08:00 UK time on the Sunday of the spring change (28 March 2027) and the Sunday after, never twice, never skipped', () => {
    const sundays = weekly({ selectedDays: ['sunday'] });
    expect(sends(sundays, '2027-03-01', '2027-03-20T12:00:00Z', '2027-04-05T00:00:00Z')).toEqual([
      '2027-03-21T08:00:00.000Z',
      '2027-03-28T07:00:00.000Z',
      '2027-04-04T07:00:00.000Z',
    ]);
  });

  it('goes at 08:00 UK time across the autumn change (31 October 2027)', () => {
    const sundays = weekly({ selectedDays: ['sunday'] });
    expect(sends(sundays, '2027-10-01', '2027-10-23T12:00:00Z', '2027-11-08T00:00:00Z')).toEqual([
      '2027-10-24T07:00:00.000Z',
      '2027-10-31T08:00:00.000Z',
      '2027-11-07T08:00:00.000Z',
    ]);
  });

  it('every day at 01:30 across both changes: one a day, late by the hour that does not exist, once in the hour that happens twice', () => {
    const daily = weekly({ selectedDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'], hours: 1, minutes: 30 });
    expect(sends(daily, '2027-01-01', '2027-03-27T00:00:00Z', '2027-03-30T00:00:00Z')).toEqual([
      '2027-03-27T01:30:00.000Z',
      '2027-03-28T01:30:00.000Z',
      '2027-03-29T00:30:00.000Z',
    ]);
    expect(sends(daily, '2027-01-01', '2027-10-30T00:00:00Z', '2027-11-02T00:00:00Z')).toEqual([
      '2027-10-30T00:30:00.000Z',
      '2027-10-31T00:30:00.000Z',
      '2027-11-01T01:30:00.000Z',
    ]);
  });

  it('skips today once its time has passed, and takes the chosen days in order (Monday, Thursday, Friday at 09:30 by default)', () => {
    const settings = DEFAULT_REMINDER_SETTINGS;
    // Monday 1 February 2027, 09:30 exactly: that one is gone; next Thursday.
    expect(iso(nextReminderAt(settings, '2027-01-01', new Date('2027-02-01T09:30:00Z')))).toBe('2027-02-04T09:30:00.000Z');
    expect(iso(nextReminderAt(settings, '2027-01-01', new Date('2027-02-01T09:29:00Z')))).toBe('2027-02-01T09:30:00.000Z');
    expect(iso(nextReminderAt(settings, '2027-01-01', new Date('2027-02-05T10:00:00Z')))).toBe('2027-02-08T09:30:00.000Z');
  });

  it('sends nothing when off or with no day', () => {
    expect(nextReminderAt({ ...DEFAULT_REMINDER_SETTINGS, isEnabled: false }, '2027-01-01', new Date('2027-02-01T00:00:00Z'))).toBeNull();
    expect(nextReminderAt(weekly({ selectedDays: [] }), '2027-01-01', new Date('2027-02-01T00:00:00Z'))).toBeNull();
  });
});

describe('monthly reminders', () => {
  it('keeps the day of the month, and a 31st falls on the last day of shorter months (28 February, 29 in a leap year)', () => {
    expect(addMonthsClamped('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonthsClamped('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonthsClamped('2027-01-31', 3)).toBe('2027-04-30');
    expect(addMonthsClamped('2027-11-30', 3)).toBe('2028-02-29');
    expect(sends(monthly({ selectedFrequency: 30 }), '2027-01-31', '2027-01-31T00:00:00Z', '2027-06-01T00:00:00Z')).toEqual([
      '2027-01-31T08:00:00.000Z',
      '2027-02-28T08:00:00.000Z',
      '2027-03-31T07:00:00.000Z', // after the spring change: 08:00 BST
      '2027-04-30T07:00:00.000Z',
      '2027-05-31T07:00:00.000Z',
    ]);
  });

  it('every 2 and every 3 months from the anchor, at 08:00 UK time across the autumn change', () => {
    expect(sends(monthly({ selectedFrequency: 60 }), '2027-08-31', '2027-08-31T09:00:00Z', '2028-03-01T00:00:00Z')).toEqual([
      '2027-10-31T08:00:00.000Z', // the day of the autumn change, already GMT
      '2027-12-31T08:00:00.000Z',
      '2028-02-29T08:00:00.000Z',
    ]);
    expect(sends(monthly({ selectedFrequency: 90 }), '2027-03-31', '2027-03-01T00:00:00Z', '2028-01-01T00:00:00Z')).toEqual([
      '2027-03-31T07:00:00.000Z',
      '2027-06-30T07:00:00.000Z',
      '2027-09-30T07:00:00.000Z',
      '2027-12-31T08:00:00.000Z',
    ]);
  });
});

describe('settings rules (SPEC §5)', () => {
  it('needs at least one day for a weekly reminder, a channel, a frequency, and a time in steps of 5 minutes', () => {
    expect(reminderSettingsError(DEFAULT_REMINDER_SETTINGS)).toBeNull();
    expect(reminderSettingsError({ ...DEFAULT_REMINDER_SETTINGS, selectedDays: [] })).toBe(REMINDER_MESSAGES.noDay);
    expect(REMINDER_MESSAGES.noDay).toBe('Please select at least one day per week');
    expect(reminderSettingsError({ ...DEFAULT_REMINDER_SETTINGS, type: 'periodic', selectedDays: [] })).toBeNull();
    expect(reminderSettingsError({ ...DEFAULT_REMINDER_SETTINGS, selectedChannel: 'pigeon' })).toBe(REMINDER_MESSAGES.noChannel);
    expect(reminderSettingsError({ ...DEFAULT_REMINDER_SETTINGS, selectedFrequency: 45 })).toBe(REMINDER_MESSAGES.noFrequency);
    expect(reminderSettingsError({ ...DEFAULT_REMINDER_SETTINGS, minutes: 7 })).toBe(REMINDER_MESSAGES.time);
    expect(reminderSettingsError({ ...DEFAULT_REMINDER_SETTINGS, hours: 24 })).toBe(REMINDER_MESSAGES.time);
    expect(reminderSettingsError({ ...DEFAULT_REMINDER_SETTINGS, hours: 23, minutes: 55 })).toBeNull();
  });
});
