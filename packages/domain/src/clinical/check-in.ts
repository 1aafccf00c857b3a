import { parseIsoDate, type IsoDate } from '../delivery/calendar-date';
import { answerToKgCm, parseMeasurementAnswer } from '../measurements/answer';
import type { Sourced, TriggeredRule } from './sourced';

/** Question ids of the weight-loss check-in that the rules below read. */
export const CHECK_IN_QUESTIONS = {
  measurements: 'ci_bmi',
  sideEffects: 'ci_side_effects',
  pregnancy: 'ci_pregnancy',
} as const;

/** What the patient's treatment history says about this supply. */
export interface CheckInContext {
  /** The UK calendar date of the check-in. */
  today: IsoDate;
  /** Weight (kg) when treatment began: NICE's 'initial weight'. Null when unknown. */
  initialWeightKg: number | null;
  /** The day the patient reached their maintenance (highest tolerated) dose; null while still titrating. */
  maintenanceDoseSince: IsoDate | null;
}

export interface CheckInOutcome {
  /** Whether the next supply may go ahead (still subject to the prescriber's approval). */
  supply: 'continue' | 'stop';
  /** What the patient is told now: why the supply stopped and where to get care, or where to get support. */
  patientMessage: string | null;
  /** A clinician must contact the patient today. */
  urgentReview: boolean;
  /** Less than 5% of the initial weight lost after 6 months on the maintenance dose: decide whether to continue. */
  niceStoppingRule: boolean;
  /** Every rule that held, with its source, for the prescriber and the order's record. */
  triggeredRules: TriggeredRule[];
}

interface CheckInRule extends Sourced {
  id: string;
  effect: 'stop' | 'urgent-review' | 'nice-stopping-rule';
  question: string;
  summary: string;
  /** For the patient, when the rule stops the supply or needs them to act. */
  patientMessage: string | null;
}

export const NICE_STOPPING_RULE_MONTHS = 6;
export const NICE_STOPPING_RULE_PERCENT = 5;

export const CHECK_IN_RULES = {
  possiblePancreatitis: {
    id: 'check-in-possible-pancreatitis',
    effect: 'stop',
    question: CHECK_IN_QUESTIONS.sideEffects,
    summary: 'Severe or persistent abdominal pain: supply stopped, patient told to seek care',
    source: 'Wegovy SmPC 4.4; Mounjaro SmPC 4.4 (acute pancreatitis)',
    rationale:
      'Persistent, severe abdominal pain is the typical symptom of acute pancreatitis. If pancreatitis is suspected the medicine is to be stopped, and not restarted if it is confirmed.',
    patientMessage:
      'Severe stomach pain that does not go away can be a sign of pancreatitis, a serious side effect of this medicine. Do not take another dose. Please contact your GP or NHS 111 today; if the pain is severe, or you are being sick, call 999 or go to A&E. We have paused your next delivery and a clinician will be in touch.',
  },
  pregnant: {
    id: 'check-in-pregnant',
    effect: 'stop',
    question: CHECK_IN_QUESTIONS.pregnancy,
    summary: 'Pregnant: supply stopped',
    source: 'Wegovy SmPC 4.6; Mounjaro SmPC 4.6',
    rationale: 'Semaglutide and tirzepatide are not to be used in pregnancy; treatment is stopped as soon as a pregnancy is known.',
    patientMessage:
      'Weight-loss injections must not be used in pregnancy. Please do not take another dose, and let your GP or midwife know you have been taking it. We have paused your next delivery and a clinician will be in touch.',
  },
  planningPregnancy: {
    id: 'check-in-planning-pregnancy',
    effect: 'stop',
    question: CHECK_IN_QUESTIONS.pregnancy,
    summary: 'Planning a pregnancy: supply stopped',
    source: 'Wegovy SmPC 4.6 (stop at least 2 months before a planned pregnancy); Mounjaro SmPC 4.6',
    rationale: 'Semaglutide is to be stopped at least 2 months before a planned pregnancy because it leaves the body slowly; tirzepatide is not recommended in pregnancy.',
    patientMessage:
      'Weight-loss injections should be stopped at least 2 months before you try for a baby, so we will not send your next delivery. Please do not take another dose; a clinician will be in touch to talk about your options.',
  },
  lowMood: {
    id: 'check-in-low-mood',
    effect: 'urgent-review',
    question: CHECK_IN_QUESTIONS.sideEffects,
    summary: 'Low mood or thoughts of self-harm: urgent review today',
    source: 'MHRA Drug Safety Update, GLP-1 receptor agonists (suicidal thoughts reported); clinic safeguarding policy',
    rationale:
      'Reports of suicidal thoughts with GLP-1 medicines were reviewed by the MHRA and EMA without a causal link being confirmed, so the supply is not stopped automatically; a prescriber phones the patient within 4 calling hours (URGENT_CONTACT_POLICY).',
    patientMessage:
      'Thank you for telling us. One of our prescribers will phone you as soon as they can. If you feel you might act on thoughts of harming yourself, call 999 or go to A&E now; you can also call Samaritans free on 116 123 at any time.',
  },
  niceStoppingRule: {
    id: 'check-in-nice-stopping-rule',
    effect: 'nice-stopping-rule',
    question: CHECK_IN_QUESTIONS.measurements,
    summary: `Less than ${NICE_STOPPING_RULE_PERCENT}% of the initial weight lost after ${NICE_STOPPING_RULE_MONTHS} months on the maintenance dose`,
    source: 'NICE TA875 1.2 (semaglutide); NICE TA1026 1.2 (tirzepatide)',
    rationale: 'NICE asks the prescriber to consider stopping, or decide whether to continue, when less than 5% of the initial weight has been lost after 6 months on the highest tolerated dose.',
    patientMessage: null,
  },
} as const satisfies Record<string, CheckInRule>;

function ticked(answers: Record<string, unknown>, question: string, value: string): boolean {
  const answer = answers[question];
  return Array.isArray(answer) && answer.includes(value);
}

/** `date` plus whole calendar months (31 January + 1 month is the last day of February). */
function addMonths(date: IsoDate, months: number): IsoDate | null {
  const parsed = parseIsoDate(date);
  if (!parsed) return null;
  const total = parsed.month - 1 + months;
  const year = parsed.year + Math.floor(total / 12);
  const month = (total % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(parsed.day, lastDay)).padStart(2, '0')}`;
}

/** Today's weight in kg from the check-in's height-and-weight answer, or null. */
function weightToday(answers: Record<string, unknown>): number | null {
  const measurement = parseMeasurementAnswer(answers[CHECK_IN_QUESTIONS.measurements]);
  return measurement ? answerToKgCm(measurement).kg : null;
}

/** Whether NICE's stopping rule applies: 6 months on the maintenance dose and under 5% of the initial weight lost. */
export function meetsNiceStoppingRule(context: CheckInContext, currentWeightKg: number | null): boolean {
  if (context.maintenanceDoseSince === null || context.initialWeightKg === null || currentWeightKg === null || context.initialWeightKg <= 0) return false;
  const reviewFrom = addMonths(context.maintenanceDoseSince, NICE_STOPPING_RULE_MONTHS);
  if (reviewFrom === null || context.today < reviewFrom) return false;
  const lostPercent = ((context.initialWeightKg - currentWeightKg) / context.initialWeightKg) * 100;
  // Compared in hundredths of a percent, so 5% exactly (often a rounded weight) is not flagged by a float error.
  return Math.round(lostPercent * 100) < NICE_STOPPING_RULE_PERCENT * 100;
}

/**
 * The check-in before each weight-loss supply, judged: severe or persistent abdominal pain (possible pancreatitis)
 * and a pregnancy, or one being planned, stop the supply and tell the patient what to do; low mood or thoughts of
 * self-harm need an urgent review; NICE's stopping rule is flagged for the prescriber. Pure: the caller supplies
 * the patient's history and decides what to do with the outcome.
 */
export function assessCheckIn(answers: Record<string, unknown>, context: CheckInContext): CheckInOutcome {
  const held: CheckInRule[] = [];
  if (ticked(answers, CHECK_IN_QUESTIONS.sideEffects, 'severe_stomach_pain')) held.push(CHECK_IN_RULES.possiblePancreatitis);
  const pregnancy = answers[CHECK_IN_QUESTIONS.pregnancy];
  if (pregnancy === 'pregnant') held.push(CHECK_IN_RULES.pregnant);
  if (pregnancy === 'planning') held.push(CHECK_IN_RULES.planningPregnancy);
  if (ticked(answers, CHECK_IN_QUESTIONS.sideEffects, 'low_mood')) held.push(CHECK_IN_RULES.lowMood);
  if (meetsNiceStoppingRule(context, weightToday(answers))) held.push(CHECK_IN_RULES.niceStoppingRule);

  const stops = held.filter((rule) => rule.effect === 'stop');
  const urgent = held.find((rule) => rule.effect === 'urgent-review');
  const messages = [...stops, ...(urgent ? [urgent] : [])].map((rule) => rule.patientMessage).filter((message) => message !== null);
  return {
    supply: stops.length > 0 ? 'stop' : 'continue',
    patientMessage: messages.length > 0 ? messages.join('\n\n') : null,
    urgentReview: urgent !== undefined,
    niceStoppingRule: held.some((rule) => rule.effect === 'nice-stopping-rule'),
    triggeredRules: held.map(triggeredCheckInRule),
  };
}

function triggeredCheckInRule(rule: CheckInRule): TriggeredRule {
  return {
    ruleId: rule.id,
    kind: 'flag',
    level: rule.effect === 'stop' || rule.effect === 'urgent-review' ? 'urgent' : 'review',
    summary: rule.summary,
    questionIds: [rule.question],
    productCode: null,
    source: rule.source,
    rationale: rule.rationale,
  };
}

/** The check-in rules that held (by rule id, as a plan event keeps them), as assessCheckIn reported them. */
export function checkInTriggeredRules(ruleIds: readonly string[]): TriggeredRule[] {
  const rules: readonly CheckInRule[] = Object.values(CHECK_IN_RULES);
  return rules.filter((rule) => ruleIds.includes(rule.id)).map(triggeredCheckInRule);
}

/** The day the NICE stopping rule is first checked for a patient on maintenance since `since`. */
export function niceStoppingReviewDate(since: IsoDate): IsoDate | null {
  return addMonths(since, NICE_STOPPING_RULE_MONTHS);
}


/** What the patient is told for the check-in rules that held (by rule id), in the order assessCheckIn tells it. */
export function checkInPatientMessages(ruleIds: readonly string[]): string[] {
  const rules: readonly CheckInRule[] = Object.values(CHECK_IN_RULES);
  return rules.filter((rule) => ruleIds.includes(rule.id) && rule.patientMessage !== null).map((rule) => rule.patientMessage!);
}
