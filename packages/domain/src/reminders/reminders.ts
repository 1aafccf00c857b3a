import { z } from 'zod';
import { addDays, dayOfWeek, parseIsoDate, type IsoDate } from '../delivery/calendar-date';
import { ukWallClock } from '../delivery/uk-clock';

/*
 * Weight-logging reminders (SPEC §3 Reminder settings, §5 rules, §9 defaults): weekly on chosen days at a time, or
 * every 1, 2 or 3 months at that time, always on the UK wall clock.
 */

/** 'push': a notification from the installed app (Web Push) on the devices where the patient turned it on. */
export const REMINDER_CHANNELS = ['whatsapp', 'email', 'sms', 'push'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];
export const REMINDER_CHANNEL_LABELS: Record<ReminderChannel, string> = { whatsapp: 'WhatsApp', email: 'Email', sms: 'SMS', push: 'App notification' };

export const REMINDER_WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof REMINDER_WEEKDAYS)[number];
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

export const REMINDER_TYPES = ['weekly', 'periodic'] as const;
export type ReminderType = (typeof REMINDER_TYPES)[number];

/** Days between periodic reminders, as SPEC stores them; each stands for whole calendar months. */
export const REMINDER_FREQUENCIES = [30, 60, 90] as const;
export type ReminderFrequency = (typeof REMINDER_FREQUENCIES)[number];
export const REMINDER_FREQUENCY_LABELS: Record<ReminderFrequency, string> = { 30: 'Every month', 60: 'Every 2 months', 90: 'Every 3 months' };
/** The setup flow's names for the frequencies. */
export const REMINDER_FREQUENCY_CODES: Record<ReminderFrequency, 'every_month' | 'every_2_months' | 'every_3_months'> = {
  30: 'every_month',
  60: 'every_2_months',
  90: 'every_3_months',
};
const MONTHS: Record<ReminderFrequency, number> = { 30: 1, 60: 2, 90: 3 };

export const REMINDER_HOURS = Array.from({ length: 24 }, (_, hour) => hour);
export const REMINDER_MINUTES = Array.from({ length: 12 }, (_, step) => step * 5);

export const REMINDER_MESSAGES = {
  noDay: 'Please select at least one day per week',
  noChannel: 'Please choose how we should remind you',
  noFrequency: 'Please choose how often we should remind you',
  time: 'Please choose a time: hours 0 to 23, minutes in steps of 5',
} as const;

export interface ReminderSettings {
  isEnabled: boolean;
  selectedChannel: ReminderChannel;
  type: ReminderType;
  selectedDays: Weekday[];
  hours: number;
  minutes: number;
  selectedFrequency: ReminderFrequency;
}

/** SPEC §9: what the editor shows before the patient has saved anything. */
export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  isEnabled: true,
  selectedChannel: 'whatsapp',
  type: 'weekly',
  selectedDays: ['monday', 'thursday', 'friday'],
  hours: 9,
  minutes: 30,
  selectedFrequency: 30,
};

/** A reminder's time of day: a whole hour, and minutes in steps of five. */
export const reminderHoursSchema = z.number({ error: REMINDER_MESSAGES.time }).int(REMINDER_MESSAGES.time).min(0, REMINDER_MESSAGES.time).max(23, REMINDER_MESSAGES.time);
export const reminderMinutesSchema = z
  .number({ error: REMINDER_MESSAGES.time })
  .int(REMINDER_MESSAGES.time)
  .min(0, REMINDER_MESSAGES.time)
  .max(55, REMINDER_MESSAGES.time)
  .refine((minutes) => minutes % 5 === 0, REMINDER_MESSAGES.time);

/**
 * Beside the days pre-chosen before a reminder is saved: they are SPEC's defaults, not something the patient chose,
 * so they read as a suggestion. 'Monday, Thursday and Friday are suggestions: …'.
 */
export const SUGGESTED_DAYS_HINT = `${DEFAULT_REMINDER_SETTINGS.selectedDays
  .map((day, index, days) => (index === 0 ? '' : index === days.length - 1 ? ' and ' : ', ') + WEEKDAY_LABELS[day])
  .join('')} are suggestions: choose the days that suit you.`;

/** SPEC §9: the setup flow's time before the patient picks one. */
export const SETUP_DEFAULT_TIME = { hours: 8, minutes: 0 } as const;

export const reminderSettingsSchema = z
  .object({
    isEnabled: z.boolean(),
    selectedChannel: z.enum(REMINDER_CHANNELS, { error: REMINDER_MESSAGES.noChannel }),
    type: z.enum(REMINDER_TYPES),
    selectedDays: z.array(z.enum(REMINDER_WEEKDAYS)).max(7),
    hours: reminderHoursSchema,
    minutes: reminderMinutesSchema,
    selectedFrequency: z.union(REMINDER_FREQUENCIES.map((value) => z.literal(value)), { error: REMINDER_MESSAGES.noFrequency }),
  })
  .superRefine((settings, context) => {
    if (settings.type === 'weekly' && settings.selectedDays.length === 0) {
      context.addIssue({ code: 'custom', path: ['selectedDays'], message: REMINDER_MESSAGES.noDay });
    }
  });

/** The first error a person would fix, or null when the settings can be saved (the editor's Save and the API agree). */
export function reminderSettingsError(settings: unknown): string | null {
  const parsed = reminderSettingsSchema.safeParse(settings);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? REMINDER_MESSAGES.noChannel);
}

const WEEKDAY_OF_INDEX: Weekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/**
 * The instant the UK wall clock reads `minutes` past midnight on `date`. On the spring change the hour 01:00–01:59
 * does not exist: such a time is read an hour on (01:30 → 02:30 BST), so the reminder is late rather than skipped.
 * On the autumn change 01:00–01:59 happens twice: the first (BST) is taken, so it is never sent twice.
 */
export function ukInstant(date: IsoDate, minutes: number): Date {
  const parsed = parseIsoDate(date);
  if (!parsed) throw new RangeError(`Not a calendar date: ${date}`);
  const naive = Date.UTC(parsed.year, parsed.month - 1, parsed.day, 0, minutes);
  for (const offsetMinutes of [60, 0]) {
    const candidate = new Date(naive - offsetMinutes * 60_000);
    const wall = ukWallClock(candidate);
    if (wall.date === date && wall.minutes === minutes) return candidate;
  }
  return new Date(naive);
}

/** The same day of the month `months` later, or that month's last day when it is shorter (31 Jan + 1 → 28/29 Feb). */
export function addMonthsClamped(date: IsoDate, months: number): IsoDate {
  const parsed = parseIsoDate(date);
  if (!parsed) throw new RangeError(`Not a calendar date: ${date}`);
  const index = parsed.year * 12 + (parsed.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(parsed.day, lastDay);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * When the reminder goes next, strictly after `after`: null when it is off. A periodic reminder counts whole months
 * from `anchor` (the UK date it was set), always from the anchor's own day, so 31 Jan → 28 Feb → 31 Mar.
 */
export function nextReminderAt(settings: ReminderSettings, anchor: IsoDate, after: Date): Date | null {
  if (!settings.isEnabled) return null;
  const timeOfDay = settings.hours * 60 + settings.minutes;
  const today = ukWallClock(after).date;
  if (settings.type === 'weekly') {
    if (settings.selectedDays.length === 0) return null;
    // Today and the next seven days hold every weekday once, with today's time possibly already gone.
    for (let offset = 0; offset <= 7; offset += 1) {
      const date = addDays(today, offset);
      if (!settings.selectedDays.includes(WEEKDAY_OF_INDEX[dayOfWeek(date)]!)) continue;
      const at = ukInstant(date, timeOfDay);
      if (at.getTime() > after.getTime()) return at;
    }
    return null;
  }
  const step = MONTHS[settings.selectedFrequency];
  for (let months = 0; ; months += step) {
    const date = addMonthsClamped(anchor, months);
    if (date < today) continue;
    const at = ukInstant(date, timeOfDay);
    if (at.getTime() > after.getTime()) return at;
  }
}
