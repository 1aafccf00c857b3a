import { z } from 'zod';
import { triggeredRuleSchema, type Sourced, type TriggeredRule } from '../clinical/sourced';
import { ukWallClock } from '../delivery/uk-clock';
import { SAME_DAY_SIDE_EFFECT_RULE_IDS } from '../support/side-effect-triage';
import { companionRecordSchema, EMPTY_COMPANION_RECORD } from '../companion/clinic-record';
import { clinicText } from './staff';

/**
 * The urgent clinical queue: every signal that needs a clinician to contact the patient (a check-in that stopped the
 * supply, low mood, any check-in red flag) as one item per patient, above the review queue. An item is owned by a
 * prescriber, acted on, and closed with a note.
 */

/** How soon a clinician contacts the patient, by what the rules that held ask, counted in the hours prescribers call. */
export interface UrgentContactPolicy extends Sourced {
  /** A rule that needs a clinician today (low mood, thoughts of self-harm; severe vomiting or dehydration; a side effect reported as severe): calling hours until contact. */
  sameDayHours: number;
  /** Any other: a supply stopped by the check-in (the patient has been told what to do now), a review for hypoglycaemia. */
  supplyStoppedHours: number;
  /** When prescribers phone patients, every day, UK time: from `from` o'clock until `to` o'clock. */
  callingHours: { from: number; to: number };
}

export const URGENT_CONTACT_POLICY: UrgentContactPolicy = {
  sameDayHours: 4,
  supplyStoppedHours: 12,
  callingHours: { from: 8, to: 20 },
  source: 'Clinic policy; GPhC guidance for registered pharmacies providing pharmacy services at a distance, including on the internet (2025): follow-up of safety concerns',
  rationale:
    'A patient whose answers need a clinician is called by a prescriber between 8am and 8pm, every day: within 4 calling hours when the rule asks for contact today (low mood; severe vomiting or dehydration; a side effect the patient reports as severe), and within 12 (a calling day) otherwise: the supply was stopped and the patient already has the advice to act on, or a new diabetes medicine needs its hypoglycaemia review before the next supply. Nobody is promised a call at 3am.',
};

/**
 * A patient about to cancel their plan because of side effects asked to speak to a clinician first: a call, with the
 * urgent queue's 24-hour contact time. The plan is left as it is.
 */
export const SIDE_EFFECTS_CALL_RULE: TriggeredRule = {
  ruleId: 'cancel-side-effects-call',
  kind: 'flag',
  level: 'urgent',
  summary: 'Wants to stop because of side effects: asked to speak to a clinician before cancelling',
  questionIds: [],
  productCode: null,
  source: 'Wegovy SmPC 4.8 and Mounjaro SmPC 4.8 (side effects, mostly gastrointestinal, often eased by staying on or stepping down a dose); MHRA Yellow Card scheme; GPhC guidance for pharmacies providing services at a distance (2025): follow-up of patients',
  rationale:
    'Side effects are a reason to talk before stopping: a prescriber can lower the dose, advise on managing them, check for pancreatitis or gallbladder symptoms, and report them through the Yellow Card scheme.',
};

/** Check-in and side-effect rules whose contact is due the same day. */
export const SAME_DAY_RULE_IDS: readonly string[] = ['check-in-low-mood', 'check-in-severe-vomiting-or-dehydration', ...SAME_DAY_SIDE_EFFECT_RULE_IDS];

/** The rules of a check-in that need a clinician: every one the check-in marks urgent (a stop or an urgent review). */
export function urgentRules(rules: readonly TriggeredRule[]): TriggeredRule[] {
  return rules.filter((rule) => rule.level === 'urgent');
}

const MINUTE = 60_000;

/** `openedAt` plus `hours` of calling time: time outside calling hours does not count. */
export function addCallingHours(openedAt: Date, hours: number, calling: UrgentContactPolicy['callingHours'] = URGENT_CONTACT_POLICY.callingHours): Date {
  let at = openedAt.getTime();
  let left = hours * 60;
  while (left > 0) {
    const { minutes: minute } = ukWallClock(new Date(at));
    if (minute >= calling.from * 60 && minute < calling.to * 60) {
      const step = Math.min(left, calling.to * 60 - minute);
      at += step * MINUTE;
      left -= step;
    } else {
      // At most an hour at a time, so a change of the clocks overnight is read again on the way.
      const untilOpen = minute < calling.from * 60 ? calling.from * 60 - minute : 24 * 60 - minute + calling.from * 60;
      at += Math.min(untilOpen, 60) * MINUTE;
    }
  }
  return new Date(at);
}

/** When the patient must have been contacted, for the rules that opened (or joined) an item at `openedAt`. */
export function urgentItemDue(rules: readonly TriggeredRule[], openedAt: Date, policy: UrgentContactPolicy = URGENT_CONTACT_POLICY): Date {
  const hours = rules.some((rule) => SAME_DAY_RULE_IDS.includes(rule.ruleId)) ? policy.sameDayHours : policy.supplyStoppedHours;
  return addCallingHours(openedAt, hours, policy.callingHours);
}

/** What a clinician did about an item, in the words the console and the audit log use. */
export const URGENT_ACTIONS = {
  called_patient: 'Called the patient',
  advised: 'Advised the patient',
  restarted_plan: 'Restarted the plan',
  ended_plan: 'Ended the plan',
} as const;
export type UrgentAction = keyof typeof URGENT_ACTIONS;
export const URGENT_ACTION_CODES = Object.keys(URGENT_ACTIONS) as [UrgentAction, ...UrgentAction[]];

const note = clinicText(2000).transform((value) => value.trim());

/** POST /shop-api/clinic/urgent/{id}/actions: what was done, a note, and for a restart the plan and its dose. */
export const urgentActionBodySchema = z.object({
  action: z.enum(URGENT_ACTION_CODES, { error: 'Please choose what you did.' }),
  note: note.refine((value) => value.length > 0, 'Please write a note of what was said or done.'),
  planId: z.uuid({ error: 'Please choose the plan.' }).optional(),
  variantCode: z.string().min(1).max(100).optional(),
});
export type UrgentActionBody = z.infer<typeof urgentActionBodySchema>;

/** POST /shop-api/clinic/urgent/{id}/close. */
export const urgentCloseBodySchema = z.object({ note: note.refine((value) => value.length > 0, 'Please write why the item can be closed.') });

const urgentSummarySchema = z.object({
  id: z.string(),
  patient: z.object({ name: z.string() }),
  /** The rules that held, in a line each. */
  reasons: z.array(z.string()),
  openedAt: z.string(),
  dueAt: z.string(),
  overdue: z.boolean(),
  owner: z.object({ name: z.string() }).nullable(),
});

/** GET /shop-api/clinic/urgent: open items, the most pressing (earliest due) first. */
export const urgentQueueSchema = z.object({ items: z.array(urgentSummarySchema) });
export type UrgentQueue = z.infer<typeof urgentQueueSchema>;

/** GET /shop-api/clinic/urgent/{id}: the item with the rules and their sources, the answers in words, and the patient's plans. */
export const urgentItemSchema = urgentSummarySchema.extend({
  patient: z.object({ name: z.string(), email: z.string(), phoneNumber: z.string().nullable() }),
  rules: z.array(triggeredRuleSchema),
  answers: z.array(z.object({ question: z.string(), answer: z.string() })),
  plans: z.array(
    z.object({
      id: z.string(),
      product: z.string(),
      state: z.string(),
      /** On hold because the check-in stopped the supply. */
      stoppedByCheckIn: z.boolean(),
      currentDose: z.string().nullable(),
      /** The doses it may restart at: the one last supplied or lower. */
      restartDoses: z.array(z.object({ variantCode: z.string(), dosage: z.string() })),
    }),
  ),
  actions: z.array(z.object({ action: z.string(), by: z.string(), note: z.string(), at: z.string() })),
  /** The patient's injection log and side-effect diary, newest first (the read is logged). */
  companion: companionRecordSchema.default(EMPTY_COMPANION_RECORD),
  closed: z.object({ by: z.string(), note: z.string(), at: z.string() }).nullable(),
});
export type UrgentItem = z.infer<typeof urgentItemSchema>;

const contactDay = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'Europe/London' });
const contactTime = new Intl.DateTimeFormat('en-GB', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'Europe/London' });

/** '3:05pm on Sunday 29 November' (UK time). */
export function contactByText(at: Date): string {
  return `${contactTime.format(at).replace(/\s/g, '')} on ${contactDay.format(at)}`;
}

/** The patient's email: who will contact them and by when, truthfully (the item's due time). */
export function urgentContactLine(dueAt: Date): string {
  return `One of our prescribers will phone you on the number in your account by ${contactByText(dueAt)}. If we cannot reach you, we will email you and try again.`;
}
