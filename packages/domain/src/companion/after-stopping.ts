import { z } from 'zod';
import type { Sourced } from '../clinical/sourced';
import { addMonthsClamped } from '../reminders/reminders';
import type { IsoDate } from '../delivery/calendar-date';
import type { ReminderSettings } from '../reminders/reminders';

/**
 * Support after stopping (issue 35): a patient whose weight-loss plan ends is offered a year of support (monthly weight
 * reminders, the coach, guidance on keeping weight off, an easy way back to a consultation if weight returns). They may
 * decline; nothing is sent unless they accept.
 */
export const AFTER_STOPPING_SUPPORT: Sourced & { months: number; guidance: readonly string[]; regainPercent: number } = {
  months: 12,
  regainPercent: 5,
  guidance: [
    'Keep the habits that worked for you: regular meals, plenty of vegetables and protein, and fewer sugary drinks and snacks.',
    'Stay active most days: walking counts. Activity helps most with keeping weight off.',
    'Weigh yourself once a month, so a change is noticed early and is easier to deal with.',
    'Some weight often comes back after stopping these medicines. If yours does, you are not failing: talk to us or your GP about what would help.',
  ],
  source:
    'NICE NG246 (overweight and obesity management, 2025): support to maintain weight loss after a weight-management programme or medicine ends; STEP 1 trial extension (Wilding et al., Diabetes Obes Metab 2022): most of the weight lost on semaglutide returned within a year of stopping; clinic policy (12 months)',
  rationale: 'Weight tends to return after these medicines stop; a year of light-touch support, and an easy way back to a clinician, helps patients keep what they gained.',
};

/** The monthly weight reminder the support turns on (by email, at 9am), unless the patient already has one running. */
export const AFTER_STOPPING_REMINDER: ReminderSettings = { isEnabled: true, selectedChannel: 'email', type: 'periodic', selectedDays: [], hours: 9, minutes: 0, selectedFrequency: 30 };

/** The last day of the support, a year from the day the plan ended. */
export const afterStoppingEndsOn = (stoppedOn: IsoDate, months = AFTER_STOPPING_SUPPORT.months): IsoDate => addMonthsClamped(stoppedOn, months);

/** Whether the weight has come back: the latest weight at least `regainPercent` above the lowest since stopping began. */
export function weightReturning(weightAtStop: number | null, latest: number | null, percent = AFTER_STOPPING_SUPPORT.regainPercent): boolean {
  if (weightAtStop === null || latest === null || weightAtStop <= 0) return false;
  return Math.round(((latest - weightAtStop) / weightAtStop) * 10_000) >= percent * 100;
}

export const AFTER_STOPPING_ANSWERS = ['accepted', 'declined'] as const;
export type AfterStoppingAnswer = (typeof AFTER_STOPPING_ANSWERS)[number];

export const afterStoppingAnswerSchema = z.object({ answer: z.enum(AFTER_STOPPING_ANSWERS, { error: 'Please choose whether you would like the support.' }) });

export const afterStoppingSchema = z.object({
  offer: z
    .object({
      productName: z.string(),
      stoppedOn: z.string(),
      endsOn: z.string(),
      answer: z.enum(AFTER_STOPPING_ANSWERS).nullable(),
      /** The weight has gone up by 5% or more since the plan ended: the way back to a consultation is offered first. */
      weightReturning: z.boolean(),
      guidance: z.array(z.string()),
      source: z.string(),
    })
    .nullable(),
});
export type AfterStopping = z.infer<typeof afterStoppingSchema>;
