import { parseIsoDate, type IsoDate } from '../delivery/calendar-date';
import { answerToKgCm, parseMeasurementAnswer } from '../measurements/answer';
import { counsellingText, TIRZEPATIDE_CONTRACEPTION_COUNSELLING } from './contraception';
import type { Sourced, TriggeredRule } from './sourced';

/** Question ids of the weight-loss check-in that the rules below (and the renewal's re-titration) read. */
export const CHECK_IN_QUESTIONS = {
  measurements: 'ci_bmi',
  sideEffects: 'ci_side_effects',
  pregnancy: 'ci_pregnancy',
  breastfeeding: 'ci_breastfeeding',
  newMedicines: 'ci_new_medicines',
  /** The contraception used, asked of those who could become pregnant (answered 'no' to the pregnancy question). */
  contraception: 'ci_contraception',
  /** How many doses were missed since the last delivery: a whole number. */
  missedDosesCount: 'ci_missed_doses_count',
} as const;

/** The answer values of the check-in's multiple-choice questions that the rules below read. */
export const CHECK_IN_ANSWERS = {
  severeStomachPain: 'severe_stomach_pain',
  rightUpperPain: 'right_upper_pain',
  yellowSkinOrEyes: 'yellow_skin_eyes',
  severeVomitingOrDiarrhoea: 'severe_vomiting_diarrhoea',
  dehydration: 'dehydration',
  lowMood: 'low_mood',
  insulin: 'insulin',
  sulfonylurea: 'sulfonylurea',
  oralContraceptive: 'oral_contraceptive',
} as const;

/** The contraception question's answer the rules act on: no contraception at all (exclusive of the methods). */
export const NO_CONTRACEPTION_ANSWER = 'none';

/** What the patient's treatment history says about this supply. */
export interface CheckInContext {
  /** The UK calendar date of the check-in. */
  today: IsoDate;
  /** Weight (kg) when treatment began: NICE's 'initial weight'. Null when unknown. */
  initialWeightKg: number | null;
  /** The day the patient reached their maintenance (highest tolerated) dose; null while still titrating. */
  maintenanceDoseSince: IsoDate | null;
  /** Whether the medicine the patient was last supplied is tirzepatide (Mounjaro). */
  onTirzepatide: boolean;
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
  /**
   * stop: the supply is held and a clinician contacts the patient; urgent-review: a clinician contacts the patient,
   * the supply goes on to the prescriber; counselling: the patient is told again; review: the patient is told, and the
   * prescriber sees the flag on the renewal before deciding; nice-stopping-rule: the prescriber decides.
   */
  effect: 'stop' | 'urgent-review' | 'counselling' | 'review' | 'nice-stopping-rule';
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
  possibleGallbladderDisease: {
    id: 'check-in-possible-gallbladder-disease',
    effect: 'stop',
    question: CHECK_IN_QUESTIONS.sideEffects,
    summary: 'Right upper abdominal pain or yellow skin or eyes (possible gallbladder disease): supply held, urgent review',
    source: 'Mounjaro SmPC 4.4 (acute gallbladder disease); Wegovy SmPC 4.4 and 4.8 (cholelithiasis, cholecystitis)',
    rationale:
      'Gallstones and inflammation of the gallbladder are reported with semaglutide and tirzepatide, more with rapid weight loss. Pain in the right upper abdomen or jaundice needs a clinical assessment before another dose.',
    patientMessage:
      'Pain in the upper right side of your tummy, or yellowing of your skin or the whites of your eyes, can be a sign of a gallbladder problem. Do not take another dose. Please contact your GP or NHS 111 today; if the pain is severe or you have a high temperature, call 999 or go to A&E. We have paused your next delivery and a clinician will be in touch.',
  },
  breastfeeding: {
    id: 'check-in-breastfeeding',
    effect: 'stop',
    question: CHECK_IN_QUESTIONS.breastfeeding,
    summary: 'Breastfeeding: supply stopped',
    source: 'Wegovy SmPC 4.6 (should not be used during breast-feeding); Mounjaro SmPC 4.6 (a risk to the infant cannot be excluded)',
    rationale: 'Semaglutide passes into breast milk and is not to be used while breastfeeding; for tirzepatide a risk to the infant cannot be excluded, so the clinic does not supply it while the patient breastfeeds.',
    patientMessage:
      'Weight-loss injections should not be used while you are breastfeeding. Please do not take another dose. We have paused your next delivery and a clinician will be in touch to talk about your options.',
  },
  severeVomitingOrDehydration: {
    id: 'check-in-severe-vomiting-or-dehydration',
    effect: 'urgent-review',
    question: CHECK_IN_QUESTIONS.sideEffects,
    summary: 'Severe vomiting or diarrhoea, or signs of dehydration: urgent review today',
    source: 'Wegovy SmPC 4.4; Mounjaro SmPC 4.4 (dehydration from gastrointestinal side effects, acute kidney injury)',
    rationale:
      'Vomiting and diarrhoea can cause dehydration, which has led to worsening kidney function and acute kidney injury; patients are to be told of the risk and take steps to avoid fluid loss, and a clinician reviews the dose.',
    patientMessage:
      'Being sick or having diarrhoea so much that you cannot keep fluids down can dehydrate you, and that can harm your kidneys. Keep sipping water. If you cannot keep any fluids down, feel very dizzy, or pass little or no urine, contact NHS 111 or your GP today. One of our prescribers will phone you as soon as they can about your treatment.',
  },
  hypoglycaemiaRisk: {
    id: 'check-in-hypoglycaemia-risk',
    effect: 'urgent-review',
    question: CHECK_IN_QUESTIONS.newMedicines,
    summary: 'Newly started insulin or a sulfonylurea: review for hypoglycaemia',
    source: 'Wegovy SmPC 4.4 and 4.5; Mounjaro SmPC 4.4 and 4.5 (hypoglycaemia with insulin or a sulfonylurea)',
    rationale:
      'Taken with insulin or a sulfonylurea, semaglutide and tirzepatide raise the risk of hypoglycaemia; the dose of insulin or the sulfonylurea may need lowering, so a clinician reviews before the next supply.',
    patientMessage:
      'Thank you for telling us about your new diabetes medicine. Together with a weight-loss injection, insulin or a sulfonylurea (such as gliclazide) can make your blood sugar go too low. One of our prescribers will phone you to review your treatment. Until then, know the signs of low blood sugar (shaking, sweating, feeling confused) and follow the advice of the team who prescribed your diabetes medicine.',
  },
  tirzepatideOralContraceptive: {
    id: 'check-in-tirzepatide-oral-contraceptive',
    effect: 'counselling',
    question: CHECK_IN_QUESTIONS.newMedicines,
    summary: 'Started an oral contraceptive while on tirzepatide: contraception counselling given again',
    source: TIRZEPATIDE_CONTRACEPTION_COUNSELLING.source,
    rationale: TIRZEPATIDE_CONTRACEPTION_COUNSELLING.rationale,
    patientMessage: counsellingText(TIRZEPATIDE_CONTRACEPTION_COUNSELLING),
  },
  noContraception: {
    id: 'check-in-no-contraception',
    effect: 'review',
    question: CHECK_IN_QUESTIONS.contraception,
    summary: 'Could become pregnant and uses no contraception: told to use effective contraception, prescriber to review before the supply',
    source:
      'MHRA Drug Safety Update, June 2025 (GLP-1 and dual GIP/GLP-1 receptor agonists: effective contraception while taking them, not in pregnancy); Wegovy SmPC 4.6 (contraception recommended; stop at least 2 months before a planned pregnancy); Mounjaro SmPC 4.6 (not recommended in women of childbearing potential not using contraception)',
    rationale:
      'Semaglutide and tirzepatide are not to be used in pregnancy, and MHRA asks that anyone who could become pregnant uses effective contraception while taking them. A patient who could become pregnant and uses none is told so now, and the prescriber reviews the renewal (a pregnancy test, a method, or stopping) before it is supplied.',
    patientMessage:
      'Weight-loss injections must not be used in pregnancy, so please use effective contraception while you take them, and for 2 months after your last dose of Wegovy. Your GP, a pharmacist or a sexual health clinic can help you choose; with Mounjaro, an implant, injection or coil is best, because it can make the pill work less well. If there is any chance you are pregnant, take a pregnancy test before your next dose and tell us if it is positive. Our prescriber will look at this before your next delivery.',
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

/** How many doses the patient says they missed since their last delivery, or null when not answered. */
export function missedDosesCount(answers: Record<string, unknown>): number | null {
  const count = answers[CHECK_IN_QUESTIONS.missedDosesCount];
  return typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : null;
}

/**
 * The check-in before each weight-loss supply, judged: severe or persistent abdominal pain (possible pancreatitis),
 * possible gallbladder disease, a pregnancy (or one being planned) and breastfeeding hold the supply and tell the
 * patient what to do; severe vomiting or dehydration, a newly started insulin or sulfonylurea, and low mood need a
 * clinician; the pill started on tirzepatide brings the contraception counselling again; no contraception, for one who
 * could become pregnant, is told to the patient and flagged for the prescriber; NICE's stopping rule is flagged for
 * the prescriber. Patient messages follow the rules' order in CHECK_IN_RULES. Pure: the caller supplies
 * the patient's history and decides what to do with the outcome.
 */
export function assessCheckIn(answers: Record<string, unknown>, context: CheckInContext): CheckInOutcome {
  const { sideEffects, newMedicines } = CHECK_IN_QUESTIONS;
  const had = (value: string) => ticked(answers, sideEffects, value);
  const started = (value: string) => ticked(answers, newMedicines, value);
  const held: CheckInRule[] = [];
  // In CHECK_IN_RULES' order (the holds first), so checkInPatientMessages tells the same messages later.
  if (had(CHECK_IN_ANSWERS.severeStomachPain)) held.push(CHECK_IN_RULES.possiblePancreatitis);
  const pregnancy = answers[CHECK_IN_QUESTIONS.pregnancy];
  if (pregnancy === 'pregnant') held.push(CHECK_IN_RULES.pregnant);
  if (pregnancy === 'planning') held.push(CHECK_IN_RULES.planningPregnancy);
  if (had(CHECK_IN_ANSWERS.rightUpperPain) || had(CHECK_IN_ANSWERS.yellowSkinOrEyes)) held.push(CHECK_IN_RULES.possibleGallbladderDisease);
  if (answers[CHECK_IN_QUESTIONS.breastfeeding] === 'yes') held.push(CHECK_IN_RULES.breastfeeding);
  if (had(CHECK_IN_ANSWERS.severeVomitingOrDiarrhoea) || had(CHECK_IN_ANSWERS.dehydration)) held.push(CHECK_IN_RULES.severeVomitingOrDehydration);
  if (started(CHECK_IN_ANSWERS.insulin) || started(CHECK_IN_ANSWERS.sulfonylurea)) held.push(CHECK_IN_RULES.hypoglycaemiaRisk);
  if (context.onTirzepatide && started(CHECK_IN_ANSWERS.oralContraceptive)) held.push(CHECK_IN_RULES.tirzepatideOralContraceptive);
  // Asked only of those who could become pregnant; 'none' is exclusive, so no other method was ticked with it.
  if (ticked(answers, CHECK_IN_QUESTIONS.contraception, NO_CONTRACEPTION_ANSWER)) held.push(CHECK_IN_RULES.noContraception);
  if (had(CHECK_IN_ANSWERS.lowMood)) held.push(CHECK_IN_RULES.lowMood);
  if (meetsNiceStoppingRule(context, weightToday(answers))) held.push(CHECK_IN_RULES.niceStoppingRule);

  const stops = held.filter((rule) => rule.effect === 'stop');
  const urgent = held.filter((rule) => rule.effect === 'urgent-review');
  const messages = held.map((rule) => rule.patientMessage).filter((message) => message !== null);
  return {
    supply: stops.length > 0 ? 'stop' : 'continue',
    patientMessage: messages.length > 0 ? messages.join('\n\n') : null,
    urgentReview: urgent.length > 0,
    niceStoppingRule: held.some((rule) => rule.effect === 'nice-stopping-rule'),
    triggeredRules: held.map(triggeredCheckInRule),
  };
}

function triggeredCheckInRule(rule: CheckInRule): TriggeredRule {
  return {
    ruleId: rule.id,
    kind: 'flag',
    level: rule.effect === 'stop' || rule.effect === 'urgent-review' ? 'urgent' : rule.effect === 'counselling' ? 'counselling' : 'review',
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
