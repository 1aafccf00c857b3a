import { z } from 'zod';
import { CHECK_IN_RULES } from '../clinical/check-in';
import { daysBetween } from '../clinical/dates';
import type { Sourced, TriggeredRule } from '../clinical/sourced';
import { parseIsoDate, type IsoDate } from '../delivery/calendar-date';
import { SEVERE_SIDE_EFFECT_RULE, SIDE_EFFECT_SEVERITY_CODES, type SideEffectSeverity } from './side-effects';

/**
 * The one rule set for side effects a patient tells us about, from the side-effect diary or the 'Report a side effect'
 * form: sourced data, read in order. A red flag or a severe side effect raises the patient's urgent clinical item and
 * tells them at once what to do (999, A&E or NHS 111, as the rule says); a moderate one that lasts two weeks asks for
 * a prescriber's review; a mild common one gets the clinic's advice for it.
 */

export const SIDE_EFFECT_SYMPTOMS = {
  nausea: 'Feeling sick (nausea)',
  vomiting: 'Being sick (vomiting)',
  diarrhoea: 'Diarrhoea',
  constipation: 'Constipation',
  'abdominal-pain': 'Stomach (abdominal) pain',
  headache: 'Headache',
  'injection-site': 'A reaction where I injected',
  'low-mood': 'Low mood',
  other: 'Something else',
} as const;
export type SideEffectSymptom = keyof typeof SIDE_EFFECT_SYMPTOMS;
export const SIDE_EFFECT_SYMPTOM_CODES = Object.keys(SIDE_EFFECT_SYMPTOMS) as [SideEffectSymptom, ...SideEffectSymptom[]];

/** The warning signs asked about with every entry: each one is a rule below. */
export const SIDE_EFFECT_RED_FLAGS = {
  'allergic-reaction': 'Swelling of your face, lips, tongue or throat, trouble breathing, or a rash all over',
  'self-harm': 'Thoughts of harming yourself or ending your life',
  'severe-abdominal-pain': 'Severe stomach pain that does not go away, sometimes spreading to your back',
  'no-fluids': 'Being sick so often that you cannot keep fluids down',
  'yellow-skin': 'Yellowing of your skin or the whites of your eyes',
} as const;
export type SideEffectRedFlag = keyof typeof SIDE_EFFECT_RED_FLAGS;
export const SIDE_EFFECT_RED_FLAG_CODES = Object.keys(SIDE_EFFECT_RED_FLAGS) as [SideEffectRedFlag, ...SideEffectRedFlag[]];

/** Who the patient contacts, most urgent first: the instruction names it, the page offers the call. */
export const CARE_CONTACTS = {
  '999': { label: 'Call 999', href: 'tel:999' },
  '111': { label: 'Call NHS 111', href: 'tel:111' },
} as const;
export type CareContact = keyof typeof CARE_CONTACTS;

export interface SideEffectTriageRule extends Sourced {
  id: string;
  /** urgent: a clinician contacts the patient (the urgent clinical queue); review: a prescriber reviews the diary. */
  level: 'urgent' | 'review';
  /** What holds: a red flag ticked, a symptom (at any severity), or a severity (of any symptom). */
  when: { redFlag: SideEffectRedFlag } | { symptom: SideEffectSymptom } | { severity: SideEffectSeverity } | { persistentDays: number };
  /** The prescriber's line. */
  summary: string;
  /** What the patient does now, in the clinic's words. */
  instruction: string;
  /** The number the instruction tells them to call first, if any. */
  contact: CareContact | null;
  /** A clinician's contact is due the same day (URGENT_CONTACT_POLICY.sameDayHours). */
  sameDay: boolean;
}

/** Two weeks of a moderate side effect asks for a prescriber's review. */
export const PERSISTENT_MODERATE_DAYS = 14;
/** Entries at most this far apart count as one unbroken stretch of the side effect (a weekly diary). */
export const PERSISTENT_GAP_DAYS = 7;

const ALLERGY_SOURCE = 'Wegovy SmPC 4.3 and 4.8 (hypersensitivity, anaphylactic reactions); Mounjaro SmPC 4.3 and 4.8 (hypersensitivity reactions, anaphylaxis, angioedema)';

export const SIDE_EFFECT_TRIAGE_RULES: readonly SideEffectTriageRule[] = [
  {
    id: 'side-effect-allergic-reaction',
    level: 'urgent',
    when: { redFlag: 'allergic-reaction' },
    summary: 'Signs of a serious allergic reaction reported in the side-effect diary: told to call 999',
    instruction:
      'These can be signs of a serious allergic reaction. Call 999 now or go to A&E, and do not take another dose. A prescriber will phone you once you are safe.',
    contact: '999',
    sameDay: true,
    source: ALLERGY_SOURCE,
    rationale: 'Anaphylaxis and angioedema are reported with semaglutide and tirzepatide; they need emergency care at once, and the medicine is not taken again until a clinician has assessed the patient.',
  },
  {
    id: 'side-effect-self-harm',
    level: 'urgent',
    when: { redFlag: 'self-harm' },
    summary: 'Thoughts of self-harm reported in the side-effect diary: urgent review today',
    instruction:
      'Thank you for telling us. If you feel you might act on these thoughts, call 999 or go to A&E now. You can call Samaritans free on 116 123 at any time. One of our prescribers will phone you today.',
    contact: '999',
    sameDay: true,
    source: CHECK_IN_RULES.lowMood.source,
    rationale: CHECK_IN_RULES.lowMood.rationale,
  },
  {
    id: 'side-effect-possible-pancreatitis',
    level: 'urgent',
    when: { redFlag: 'severe-abdominal-pain' },
    summary: 'Severe or persistent abdominal pain reported in the side-effect diary (possible pancreatitis)',
    instruction:
      'Severe stomach pain that does not go away can be a sign of pancreatitis, a serious side effect of this medicine. Do not take another dose. Call NHS 111 or your GP today; if the pain is severe, or you are being sick, call 999 or go to A&E.',
    contact: '111',
    sameDay: true,
    source: CHECK_IN_RULES.possiblePancreatitis.source,
    rationale: CHECK_IN_RULES.possiblePancreatitis.rationale,
  },
  {
    id: 'side-effect-cannot-keep-fluids-down',
    level: 'urgent',
    when: { redFlag: 'no-fluids' },
    summary: 'Vomiting that stops fluids reported in the side-effect diary (risk of dehydration)',
    instruction:
      'Being sick so much that you cannot keep fluids down can dehydrate you, and that can harm your kidneys. Keep sipping water. Call NHS 111 or your GP today; if you feel very dizzy or confused, or pass little or no urine, call 999 or go to A&E.',
    contact: '111',
    sameDay: true,
    source: CHECK_IN_RULES.severeVomitingOrDehydration.source,
    rationale: CHECK_IN_RULES.severeVomitingOrDehydration.rationale,
  },
  {
    id: 'side-effect-yellow-skin-or-eyes',
    level: 'urgent',
    when: { redFlag: 'yellow-skin' },
    summary: 'Yellowing of the skin or eyes reported in the side-effect diary (possible gallbladder disease)',
    instruction:
      'Yellowing of your skin or the whites of your eyes can be a sign of a gallbladder or liver problem. Do not take another dose. Call NHS 111 or your GP today; if you also have severe pain or a high temperature, call 999 or go to A&E.',
    contact: '111',
    sameDay: true,
    source: CHECK_IN_RULES.possibleGallbladderDisease.source,
    rationale: CHECK_IN_RULES.possibleGallbladderDisease.rationale,
  },
  {
    id: 'side-effect-low-mood',
    level: 'urgent',
    when: { symptom: 'low-mood' },
    summary: 'Low mood reported in the side-effect diary: urgent review today',
    instruction:
      'Thank you for telling us. One of our prescribers will phone you today. If you feel you might harm yourself, call 999 or go to A&E now; you can also call Samaritans free on 116 123 at any time.',
    contact: null,
    sameDay: true,
    source: CHECK_IN_RULES.lowMood.source,
    rationale: CHECK_IN_RULES.lowMood.rationale,
  },
  {
    id: SEVERE_SIDE_EFFECT_RULE.ruleId,
    level: 'urgent',
    when: { severity: 'severe' },
    summary: SEVERE_SIDE_EFFECT_RULE.summary,
    instruction: 'A side effect that stops you doing everyday things needs a prescriber. Do not take another dose until we have spoken. If you feel very unwell, call NHS 111; in an emergency, call 999.',
    contact: '111',
    sameDay: true,
    source: SEVERE_SIDE_EFFECT_RULE.source,
    rationale: SEVERE_SIDE_EFFECT_RULE.rationale,
  },
  {
    id: 'side-effect-moderate-two-weeks',
    level: 'review',
    when: { persistentDays: PERSISTENT_MODERATE_DAYS },
    summary: `A side effect logged as moderate (or worse) for ${PERSISTENT_MODERATE_DAYS} days: review the dose or the support`,
    instruction: 'This has gone on for two weeks, so we have asked a prescriber to look at your diary. They will be in touch about whether a change to your dose or extra support would help.',
    contact: null,
    sameDay: false,
    source:
      'Wegovy and Mounjaro patient information leaflets, section 4 (gut side effects usually ease over time; tell your prescriber if they do not); Wegovy SmPC 4.2 (a dose escalation may be delayed or the dose lowered if not tolerated); clinic policy (two weeks)',
    rationale:
      'Most gut side effects settle within days or weeks of starting or raising a dose. One that still gets in the way after two weeks may mean the dose should stay where it is, or come down, before the next supply.',
  },
];

/** The rules whose contact is due the same day, for the urgent queue's timing. */
export const SAME_DAY_SIDE_EFFECT_RULE_IDS: readonly string[] = SIDE_EFFECT_TRIAGE_RULES.filter((rule) => rule.sameDay).map((rule) => rule.id);

/** What the clinic advises for a common side effect that is mild or moderate, with where it comes from. */
export interface SelfCareAdvice extends Sourced {
  symptom: SideEffectSymptom;
  advice: readonly string[];
}

const SELF_CARE_SOURCE =
  'Wegovy and Mounjaro patient information leaflets, sections 2 and 4 (very common side effects; dehydration: drink plenty of fluids); NHS medicines A to Z, semaglutide and tirzepatide: how to cope with side effects';

export const SELF_CARE_ADVICE: readonly SelfCareAdvice[] = [
  {
    symptom: 'nausea',
    advice: [
      'Eat smaller meals, slowly, and stop when you feel full.',
      'Avoid rich, fatty or spicy food, and sip cold drinks through the day.',
      'Feeling sick is most common in the first weeks and after a dose increase, and usually eases.',
    ],
    source: SELF_CARE_SOURCE,
    rationale: 'Semaglutide and tirzepatide slow the emptying of the stomach; smaller, plainer meals are easier on it.',
  },
  {
    symptom: 'vomiting',
    advice: ['Take small, frequent sips of water to avoid dehydration.', 'Eat plain food in small amounts once you feel able.', 'If you cannot keep fluids down, contact NHS 111 or your GP today.'],
    source: SELF_CARE_SOURCE,
    rationale: 'Fluid lost through vomiting can lead to dehydration and kidney problems (SmPC 4.4).',
  },
  {
    symptom: 'diarrhoea',
    advice: ['Drink plenty of water or other fluids, in small sips if you feel sick.', 'Watch for signs of dehydration: passing less urine than usual, dark strong-smelling urine, dizziness.'],
    source: SELF_CARE_SOURCE,
    rationale: 'Fluid lost through diarrhoea can lead to dehydration and kidney problems (SmPC 4.4).',
  },
  {
    symptom: 'constipation',
    advice: ['Eat more high-fibre food, such as fruit, vegetables and wholegrains.', 'Drink plenty of water, and try to move about more.', 'A pharmacist can suggest a laxative if it lasts more than a few days.'],
    source: SELF_CARE_SOURCE,
    rationale: 'Slower digestion on these medicines makes constipation common; fibre, fluids and activity help.',
  },
  {
    symptom: 'abdominal-pain',
    advice: ['Mild tummy ache and bloating often ease with smaller meals.', 'Severe pain that does not go away is different: do not take another dose and call NHS 111.'],
    source: `${SELF_CARE_SOURCE}; Wegovy SmPC 4.4 and Mounjaro SmPC 4.4 (acute pancreatitis)`,
    rationale: 'Mild abdominal discomfort is common; persistent severe pain can be pancreatitis and needs care the same day.',
  },
  {
    symptom: 'headache',
    advice: ['Rest and drink plenty of fluids.', 'Paracetamol may help; ask a pharmacist if you are unsure.'],
    source: SELF_CARE_SOURCE,
    rationale: 'Headache is a common side effect, often with dehydration in the first weeks.',
  },
  {
    symptom: 'injection-site',
    advice: ['Redness, itching or a small lump where you injected usually settles within a few days.', 'Use a different site each week: the body map suggests the next one.'],
    source: 'Wegovy SmPC 4.8 and Mounjaro SmPC 4.8 (injection-site reactions); Mounjaro SmPC 4.2 (rotate the injection site with each dose)',
    rationale: 'Injection-site reactions are common and mild; rotating the site lets the skin recover.',
  },
];

export const adviceFor = (symptom: SideEffectSymptom): SelfCareAdvice | null => SELF_CARE_ADVICE.find((entry) => entry.symptom === symptom) ?? null;

/** A diary entry as the persistence rule reads it. */
export interface DiaryEntryForTriage {
  symptom: SideEffectSymptom;
  severity: SideEffectSeverity;
  occurredOn: IsoDate;
}

const SEVERITY_ORDER: Record<SideEffectSeverity, number> = { mild: 0, moderate: 1, severe: 2 };

/**
 * The first day of the unbroken stretch of `symptom` at moderate or worse that ends with the latest entry of it:
 * entries no more than PERSISTENT_GAP_DAYS apart, none of them mild. Null when its latest entry is mild (or none).
 */
export function moderateStretchStart(entries: readonly DiaryEntryForTriage[], symptom: SideEffectSymptom): IsoDate | null {
  const own = entries.filter((entry) => entry.symptom === symptom).sort((a, b) => (a.occurredOn < b.occurredOn ? -1 : a.occurredOn > b.occurredOn ? 1 : SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]));
  let index = own.length - 1;
  if (index < 0 || SEVERITY_ORDER[own[index]!.severity] < SEVERITY_ORDER.moderate) return null;
  while (index > 0) {
    const earlier = own[index - 1]!;
    if (SEVERITY_ORDER[earlier.severity] < SEVERITY_ORDER.moderate || (daysBetween(earlier.occurredOn, own[index]!.occurredOn) ?? Infinity) > PERSISTENT_GAP_DAYS) break;
    index -= 1;
  }
  return own[index]!.occurredOn;
}

export interface SideEffectTriage {
  /** urgent: an urgent clinical item, review: a prescriber's review, self-care: the advice below. */
  outcome: 'urgent' | 'review' | 'self-care';
  /** The rules that held, as the clinic keeps them (with their sources). */
  rules: TriggeredRule[];
  /** What the patient does now, most urgent first. */
  instructions: { ruleId: string; text: string; contact: CareContact | null }[];
  advice: SelfCareAdvice | null;
}

function asTriggered(rule: SideEffectTriageRule): TriggeredRule {
  return { ruleId: rule.id, kind: 'flag', level: rule.level, summary: rule.summary, questionIds: [], productCode: null, source: rule.source, rationale: rule.rationale };
}

/**
 * An entry triaged against the rules, with the patient's earlier entries for the persistence rule. A rule of level
 * 'urgent' makes the outcome urgent; the persistence rule alone, a review (asked once per stretch: `reviewAskedInStretch`).
 */
export function triageSideEffect(
  entry: { symptom: SideEffectSymptom; severity: SideEffectSeverity; redFlags: readonly SideEffectRedFlag[]; occurredOn?: IsoDate },
  history: { earlier: readonly DiaryEntryForTriage[]; reviewAskedInStretch?: boolean } = { earlier: [] },
  rules: readonly SideEffectTriageRule[] = SIDE_EFFECT_TRIAGE_RULES,
): SideEffectTriage {
  const held = rules.filter((rule) => {
    const when = rule.when;
    if ('redFlag' in when) return entry.redFlags.includes(when.redFlag);
    if ('symptom' in when) return entry.symptom === when.symptom;
    if ('severity' in when) return entry.severity === when.severity;
    if (!entry.occurredOn || SEVERITY_ORDER[entry.severity] < SEVERITY_ORDER.moderate || history.reviewAskedInStretch) return false;
    const start = moderateStretchStart([...history.earlier, { symptom: entry.symptom, severity: entry.severity, occurredOn: entry.occurredOn }], entry.symptom);
    return start !== null && (daysBetween(start, entry.occurredOn) ?? 0) >= when.persistentDays;
  });
  const urgent = held.some((rule) => rule.level === 'urgent');
  // With an urgent rule, the review is part of the clinician's call: one instruction set, most urgent first.
  const kept = urgent ? held.filter((rule) => rule.level === 'urgent') : held;
  return {
    outcome: urgent ? 'urgent' : kept.length > 0 ? 'review' : 'self-care',
    rules: kept.map(asTriggered),
    instructions: kept.map((rule) => ({ ruleId: rule.id, text: rule.instruction, contact: rule.contact })),
    advice: urgent ? null : adviceFor(entry.symptom),
  };
}

export const DIARY_MESSAGES = {
  symptom: 'Please choose the side effect.',
  severity: 'Please choose how bad it is.',
  date: 'Please enter the date it happened.',
  future: 'The date cannot be in the future.',
  tooOld: 'Please log side effects from the last 90 days.',
  noteTooLong: 'Please keep your note to 1000 characters or fewer.',
} as const;

/** How far back an entry may be dated: the diary is for what is happening now, not a history. */
export const DIARY_MAX_DAYS_BACK = 90;

/** POST /shop-api/side-effect-diary. */
export const diaryEntryBodySchema = z.object({
  symptom: z.enum(SIDE_EFFECT_SYMPTOM_CODES, { error: DIARY_MESSAGES.symptom }),
  severity: z.enum(SIDE_EFFECT_SEVERITY_CODES, { error: DIARY_MESSAGES.severity }),
  occurredOn: z.string({ error: DIARY_MESSAGES.date }).refine((value) => parseIsoDate(value) !== null, DIARY_MESSAGES.date),
  redFlags: z.array(z.enum(SIDE_EFFECT_RED_FLAG_CODES)).max(SIDE_EFFECT_RED_FLAG_CODES.length).default([]),
  note: z
    .string()
    .trim()
    .max(1000, DIARY_MESSAGES.noteTooLong)
    .refine((value) => !value.includes('\u0000'), 'must not contain NUL characters')
    .optional(),
});
export type DiaryEntryBody = z.infer<typeof diaryEntryBodySchema>;

export const diaryEntrySchema = z.object({
  id: z.uuid(),
  symptom: z.enum(SIDE_EFFECT_SYMPTOM_CODES),
  severity: z.enum(SIDE_EFFECT_SEVERITY_CODES),
  occurredOn: z.string(),
  redFlags: z.array(z.enum(SIDE_EFFECT_RED_FLAG_CODES)),
  note: z.string().nullable(),
  outcome: z.enum(['urgent', 'review', 'self-care']),
  loggedAt: z.string(),
});
export type DiaryEntry = z.infer<typeof diaryEntrySchema>;

const sourcedAdvice = z.object({ symptom: z.enum(SIDE_EFFECT_SYMPTOM_CODES), advice: z.array(z.string()), source: z.string(), rationale: z.string() });

/** The reply to a new entry: the entry, what to do now, and when a clinician will have called (urgent). */
export const diaryEntryReplySchema = z.object({
  entry: diaryEntrySchema,
  outcome: z.enum(['urgent', 'review', 'self-care']),
  instructions: z.array(z.object({ ruleId: z.string(), text: z.string(), contact: z.enum(['999', '111']).nullable() })),
  advice: sourcedAdvice.nullable(),
  contactBy: z.string().nullable(),
});
export type DiaryEntryReply = z.infer<typeof diaryEntryReplySchema>;

export const diarySchema = z.object({ entries: z.array(diaryEntrySchema) });
export type Diary = z.infer<typeof diarySchema>;

/** An entry in the words the clinic reads: 'Feeling sick (nausea), moderate, 3 Dec 2026'. */
export function diaryEntryLine(entry: Pick<DiaryEntry, 'symptom' | 'severity'>): string {
  return `${SIDE_EFFECT_SYMPTOMS[entry.symptom]}, ${entry.severity}`;
}
