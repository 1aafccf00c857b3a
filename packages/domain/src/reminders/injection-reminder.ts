import { z } from 'zod';
import type { Sourced } from '../clinical/sourced';
import { REMINDER_CHANNELS, REMINDER_MESSAGES, REMINDER_WEEKDAYS, reminderHoursSchema, reminderMinutesSchema, type ReminderSettings, type Weekday } from './reminders';

/**
 * The injection-day reminder (issue 35): 'Time for your weekly dose' on the patient's chosen day and time, through the
 * same reminders and channels as the weight reminder; and, the day after, a gentle nudge when no dose was logged.
 */
export const INJECTION_REMINDER_MESSAGES = {
  day: 'Please choose the day you take your weekly dose.',
} as const;

export const injectionReminderSchema = z.object({
  isEnabled: z.boolean(),
  selectedChannel: z.enum(REMINDER_CHANNELS, { error: REMINDER_MESSAGES.noChannel }),
  day: z.enum(REMINDER_WEEKDAYS, { error: INJECTION_REMINDER_MESSAGES.day }),
  hours: reminderHoursSchema,
  minutes: reminderMinutesSchema,
});
export type InjectionReminder = z.infer<typeof injectionReminderSchema>;

/** Before the patient saves one: off, by email, Monday at 9am (they choose the day they inject). */
export const DEFAULT_INJECTION_REMINDER: InjectionReminder = { isEnabled: false, selectedChannel: 'email', day: 'monday', hours: 9, minutes: 0 };

/** As the reminders' own settings: weekly, on the one day. */
export function injectionReminderSettings(reminder: InjectionReminder): ReminderSettings {
  return { isEnabled: reminder.isEnabled, selectedChannel: reminder.selectedChannel, type: 'weekly', selectedDays: [reminder.day], hours: reminder.hours, minutes: reminder.minutes, selectedFrequency: 30 };
}

export function injectionReminderFrom(settings: ReminderSettings): InjectionReminder {
  return { isEnabled: settings.isEnabled, selectedChannel: settings.selectedChannel, day: (settings.selectedDays[0] ?? 'monday') as Weekday, hours: settings.hours, minutes: settings.minutes };
}

/**
 * The nudge the day after the reminder, unless a dose (taken or missed) was logged from two days before it on (a dose
 * taken a little early counts). Its words follow the licences' missed-dose advice, kept to the shorter window of the two.
 */
export const INJECTION_NUDGE: Sourced & { afterHours: number; loggedFromDaysBefore: number; lateDoseDays: number } = {
  afterHours: 24,
  loggedFromDaysBefore: 2,
  lateDoseDays: 4,
  source: 'Mounjaro SmPC 4.2 (a missed dose is taken within 4 days, else skipped); Wegovy SmPC 4.2 (within 5 days); clinic policy (one nudge, the day after)',
  rationale: 'A dose taken late but within the window keeps the treatment on track; after it, the dose is skipped, never doubled. One gentle nudge is enough.',
};

export const injectionRemindersReplySchema = z.object({ reminder: injectionReminderSchema, isSaved: z.boolean(), nextReminderAt: z.string().nullable() });
export type InjectionRemindersReply = z.infer<typeof injectionRemindersReplySchema>;
