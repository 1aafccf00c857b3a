import { z } from 'zod';
import type { Sourced } from './sourced';

/** Products whose medicine is tirzepatide: the ones whose start and dose increases carry the contraception counselling. */
export const TIRZEPATIDE_PRODUCT_CODES: readonly string[] = ['MOUNJARO'];

export const isTirzepatide = (productCode: string | null | undefined): boolean => productCode !== null && productCode !== undefined && TIRZEPATIDE_PRODUCT_CODES.includes(productCode);

/** How many weeks after starting, and after each dose increase, the pill may not work as well. */
export const TIRZEPATIDE_CONTRACEPTION_WEEKS = 4;

export interface Counselling extends Sourced {
  /** Kept with every acknowledgement, so a change of wording never rewrites what a patient agreed to. */
  version: string;
  title: string;
  /** What the patient reads, paragraph by paragraph. */
  paragraphs: readonly string[];
  /** The box the patient ticks. */
  acknowledgement: string;
}

/**
 * Tirzepatide, contraception and pregnancy, shown to everyone who could become pregnant and acknowledged when they
 * start Mounjaro (the consultation) and at every dose increase (the plan page), and again when a check-in says the
 * patient has started the pill.
 */
export const TIRZEPATIDE_CONTRACEPTION_COUNSELLING: Counselling = {
  version: 'mhra-2025-06-v2',
  title: 'Mounjaro, contraception and pregnancy',
  paragraphs: [
    `Mounjaro can make the contraceptive pill (or any contraceptive you take by mouth) work less well for ${TIRZEPATIDE_CONTRACEPTION_WEEKS} weeks after you start, and for ${TIRZEPATIDE_CONTRACEPTION_WEEKS} weeks after each increase in your dose.`,
    `If you take the pill, use a barrier method such as condoms as well during those weeks, or talk to your GP or a pharmacist about switching to a contraceptive that is not taken by mouth, such as an implant, injection or coil.`,
    'Mounjaro must not be used in pregnancy. If you could become pregnant, use effective contraception while you take it, and tell us straight away if you become pregnant.',
  ],
  acknowledgement: 'I have read this and understand how Mounjaro affects contraception and pregnancy.',
  source: 'MHRA Drug Safety Update, June 2025 (GLP-1 and dual GIP/GLP-1 receptor agonists: contraception and pregnancy); Mounjaro SmPC 4.5 and 4.6',
  rationale:
    'Tirzepatide is not to be used in pregnancy, so anyone who could become pregnant is to use effective contraception; it slows gastric emptying and may reduce the absorption of oral contraceptives, most after starting and after each dose increase, so MHRA advises a barrier method for 4 weeks after starting and after each increase, or a switch to a non-oral method.',
};

/** The counselling as one text, for a message or an email. */
export const counsellingText = (counselling: Counselling): string => counselling.paragraphs.join('\n\n');

/** Counselling as the patient reads it (the plan page's dose change). */
export const counsellingViewSchema = z.object({
  version: z.string(),
  title: z.string(),
  paragraphs: z.array(z.string()),
  acknowledgement: z.string(),
});

export type CounsellingView = z.infer<typeof counsellingViewSchema>;

/** The counselling as the patient reads it: its words and version, without the prescriber's source. */
export const counsellingView = ({ version, title, paragraphs, acknowledgement }: Counselling): CounsellingView => ({ version, title, paragraphs: [...paragraphs], acknowledgement });

/** What is kept when the patient acknowledges counselling: which wording, exactly as shown, and when. */
export interface CounsellingAcknowledgement {
  version: string;
  wording: string;
  at: string;
}

export const counsellingAcknowledgement = (counselling: Pick<Counselling, 'version' | 'title' | 'paragraphs' | 'acknowledgement'>, at: Date): CounsellingAcknowledgement => ({
  version: counselling.version,
  wording: [counselling.title, ...counselling.paragraphs, counselling.acknowledgement].join('\n\n'),
  at: at.toISOString(),
});

/** The weight-loss consultation's questions that tell whether the patient could become pregnant. */
export const PREGNANCY_POTENTIAL_QUESTIONS = { sex: 'wl_sex', couldBecomePregnant: 'wl_could_become_pregnant' } as const;

/**
 * Whether the patient could become pregnant, from their weight-loss consultation's answers: not when they answered
 * male, or that they could not. Unknown (no consultation, or one from before the question) counts as could: the
 * counselling is then shown rather than missed.
 */
export function couldBecomePregnant(answers: Record<string, unknown> | null | undefined): boolean {
  if (!answers) return true;
  return answers[PREGNANCY_POTENTIAL_QUESTIONS.sex] !== 'male' && answers[PREGNANCY_POTENTIAL_QUESTIONS.couldBecomePregnant] !== 'no';
}

/**
 * The counselling a dose increase of this product needs acknowledged first, or null: tirzepatide for a patient who
 * could become pregnant (MHRA 2025).
 */
export const doseIncreaseCounselling = (productCode: string | null | undefined, mayBecomePregnant = true): Counselling | null =>
  isTirzepatide(productCode) && mayBecomePregnant ? TIRZEPATIDE_CONTRACEPTION_COUNSELLING : null;
