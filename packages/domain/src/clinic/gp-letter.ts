import { z } from 'zod';
import type { Sourced } from '../clinical/sourced';
import { formatLongDate } from '../account/next-delivery';
import type { IsoDate } from '../delivery/calendar-date';
import { clinicText } from './staff';

/**
 * The letter to the patient's GP (GPhC guidance for pharmacies providing services at a distance, 2025): written on
 * the approval of a first prescription of a medicine and of each change of its dose.
 */
export type GpLetterReason = 'first_prescription' | 'dose_change';

/** Why this approval needs a letter, given the dose last approved for the same medicine (null: never prescribed). */
export function gpLetterReason(previousDose: string | null, dose: string): GpLetterReason | null {
  if (previousDose === null) return 'first_prescription';
  return previousDose.trim() === dose.trim() ? null : 'dose_change';
}

/** How the letter reaches the practice: by email when the practice's address is known, else printed and posted. */
export type GpLetterDelivery = 'email' | 'post';
export const gpLetterDelivery = (practiceEmail: string | null): GpLetterDelivery => (practiceEmail ? 'email' : 'post');

/** A BMI as the letter states it: measured by the clinic (verified) or as the patient declared it. */
export interface LetterBmi {
  value: number;
  weightKg: number | null;
  heightCm: number | null;
  basis: 'verified' | 'declared';
}

/** What the letter says, fixed when the prescriber approves: it never changes afterwards. */
export interface GpLetterFacts {
  reason: GpLetterReason;
  patient: { name: string; dateOfBirth: string | null; address: string[] };
  practice: { name: string; address: string[] } | null;
  /** Who approved; their profession from 'Who prescribes' (letters written before it was kept have none). */
  prescriber: { name: string; registration: string | null; profession?: string };
  medicine: string;
  dose: string;
  startDate: string;
  bmi: LetterBmi | null;
  monitoring: (Sourced & { advice: string })[];
  contact: { service: string; address: string[]; email: string; phone: string };
}

const GLP1_MONITORING: (Sourced & { advice: string })[] = [
  {
    advice: 'Continue only if at least 5% of the starting weight has been lost after 6 months on the maintenance dose; we review weight at every supply.',
    source: 'NICE TA875 1.3; NICE TA1026 1.3',
    rationale: 'NICE recommends stopping when less than 5% of initial weight has been lost after 6 months.',
  },
  {
    advice: 'If the patient takes insulin or a sulfonylurea, the risk of hypoglycaemia rises: their dose may need reducing and glucose monitoring increasing.',
    source: 'Wegovy SmPC 4.4; Mounjaro SmPC 4.4',
    rationale: 'Both SmPCs warn of hypoglycaemia with insulin or a sulfonylurea.',
  },
  {
    advice: 'Persistent severe abdominal pain may be acute pancreatitis: the medicine is stopped and the patient told to seek care at once.',
    source: 'Wegovy SmPC 4.4; Mounjaro SmPC 4.4',
    rationale: 'Acute pancreatitis has been reported with GLP-1 receptor agonists.',
  },
];

/** Monitoring advice by medicine (product code), each with its source; other medicines get the general line. */
export const GP_LETTER_MONITORING: Record<string, (Sourced & { advice: string })[]> = {
  WEGOVY: GLP1_MONITORING,
  MOUNJARO: [
    ...GLP1_MONITORING,
    {
      advice: 'Tirzepatide may reduce the effect of oral contraceptives: a barrier method is advised for 4 weeks after starting and after each dose increase.',
      source: 'Mounjaro SmPC 4.5',
      rationale: 'Delayed gastric emptying may reduce the absorption of oral contraceptives.',
    },
  ],
};
export const GENERAL_MONITORING: (Sourced & { advice: string })[] = [
  {
    advice: 'We review the patient before each further supply; please tell us of anything in their record that makes this medicine unsuitable.',
    source: 'GPhC guidance for registered pharmacies providing pharmacy services at a distance (2025)',
    rationale: 'The prescriber shares information with the GP so that care stays safe and the record complete.',
  },
];
export const monitoringFor = (productCode: string) => GP_LETTER_MONITORING[productCode] ?? GENERAL_MONITORING;

/** The GP's answer through the letter's link. */
export const GP_ANSWERS = ['no_concerns', 'concerns'] as const;
export type GpAnswer = (typeof GP_ANSWERS)[number];

export const GP_CONCERN_MAX_LENGTH = 4000;
export const gpAnswerBodySchema = z.discriminatedUnion('answer', [
  z.object({ answer: z.literal('no_concerns') }),
  z.object({ answer: z.literal('concerns'), concern: clinicText(GP_CONCERN_MAX_LENGTH).trim().min(1, 'Please describe your concerns.') }),
]);
export type GpAnswerBody = z.infer<typeof gpAnswerBodySchema>;

/** How long the GP's link works: long enough for a practice's post and workflow. */
export const GP_LINK_DAYS = 42;

/** Letters in the console: the ones to print and post, and each order's letters for clinicians. */
export const gpLetterSummarySchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  patient: z.string(),
  practice: z.string().nullable(),
  reason: z.enum(['first_prescription', 'dose_change']),
  medicine: z.string(),
  dose: z.string(),
  delivery: z.enum(['email', 'post']),
  state: z.enum(['writing', 'emailed', 'to_post', 'posted']),
  answer: z.enum(GP_ANSWERS).nullable(),
  createdAt: z.string(),
});
export type GpLetterSummary = z.infer<typeof gpLetterSummarySchema>;
export const GP_LETTER_REASONS: Record<GpLetterReason, string> = { first_prescription: 'First prescription', dose_change: 'Dose change' };

const REASON_LINE: Record<GpLetterReason, string> = {
  first_prescription: 'We have started your patient on a new medicine',
  dose_change: 'We have changed the dose of your patient’s medicine',
};

function bmiLine(bmi: GpLetterFacts['bmi']): string {
  if (!bmi) return 'BMI: not recorded';
  const measured = [bmi.weightKg === null ? null : `${bmi.weightKg} kg`, bmi.heightCm === null ? null : `${bmi.heightCm} cm`].filter(Boolean).join(', ');
  const basis = bmi.basis === 'verified' ? 'verified by the prescriber' : 'as declared by the patient, not yet verified';
  return `BMI: ${bmi.value.toFixed(1)}${measured ? ` (${measured})` : ''}, ${basis}`;
}

/** A titled part of the letter: its lines (bulleted for the monitoring advice), and the GP's answer link in 'Your view'. */
export const gpLetterSectionSchema = z.object({
  heading: z.string(),
  lines: z.array(z.string()),
  bulleted: z.boolean(),
  link: z.string().nullable(),
  after: z.array(z.string()),
});

/**
 * The letter's words in reading order, the same for the PDF the practice gets and the console's print view (a
 * letter to post): drawn from its facts, which never change.
 */
export const gpLetterContentSchema = z.object({
  letterhead: z.object({ brandName: z.string(), lines: z.array(z.string()) }),
  recipient: z.array(z.string()).nullable(),
  date: z.string(),
  regarding: z.string(),
  patientAddress: z.string().nullable(),
  salutation: z.string(),
  opening: z.string(),
  sections: z.array(gpLetterSectionSchema),
  closing: z.object({ valediction: z.string(), name: z.string(), lines: z.array(z.string()) }),
});
export type GpLetterContent = z.infer<typeof gpLetterContentSchema>;

export interface GpLetterContentInput {
  brandName: string;
  facts: GpLetterFacts;
  /** The GP's signed link to answer 'No concerns' or 'I have concerns'. */
  answerUrl: string;
  /** The link's last day. */
  answerBy: IsoDate;
  writtenOn: IsoDate;
}

export function gpLetterContent({ brandName, facts, answerUrl, answerBy, writtenOn }: GpLetterContentInput): GpLetterContent {
  const { contact, prescriber } = facts;
  return {
    letterhead: { brandName, lines: [[contact.service, ...contact.address.filter((line) => line !== contact.service)].join(', '), `${contact.email} · ${contact.phone}`] },
    recipient: facts.practice ? ['The GP', facts.practice.name, ...facts.practice.address] : null,
    date: formatLongDate(writtenOn),
    regarding: `Re: ${facts.patient.name}${facts.patient.dateOfBirth ? `, born ${formatLongDate(facts.patient.dateOfBirth as IsoDate)}` : ''}`,
    patientAddress: facts.patient.address.length ? facts.patient.address.join(', ') : null,
    salutation: 'Dear Doctor,',
    opening: `${REASON_LINE[facts.reason]}, with their consent. The details are below for your records.`,
    sections: [
      {
        heading: 'Prescription',
        lines: [`Medicine: ${facts.medicine}`, `Dose: ${facts.dose}`, `Start date: ${formatLongDate(facts.startDate as IsoDate)}`, bmiLine(facts.bmi)],
        bulleted: false,
        link: null,
        after: [],
      },
      { heading: 'Monitoring', lines: facts.monitoring.map((item) => `${item.advice} (${item.source})`), bulleted: true, link: null, after: [] },
      {
        heading: 'Your view',
        lines: [
          `If you know of anything that makes this treatment unsuitable, please tell us by ${formatLongDate(answerBy)} at the address below. Answering 'I have concerns' holds the patient's next supply until a prescriber has reviewed it.`,
        ],
        bulleted: false,
        link: answerUrl,
        after: [`Or contact the prescriber: ${contact.email}, ${contact.phone}.`],
      },
    ],
    closing: {
      valediction: 'Yours sincerely,',
      name: prescriber.name,
      lines: [`${prescriber.profession ?? 'Prescriber'}, ${prescriber.registration ?? 'registration on request'}`, contact.service],
    },
  };
}

/** GET /shop-api/clinic/gp-letters/{id}: a letter as the console shows it to print (the read is audited). */
export const gpLetterViewSchema = z.object({ letter: gpLetterSummarySchema, content: gpLetterContentSchema });
export type GpLetterView = z.infer<typeof gpLetterViewSchema>;

/** The urgent item's rule a GP's concern raises (workflows/gp-concern.ts). */
export const GP_CONCERN_RULE_ID = 'gp-concern';
/** Why an approved order does not go out while its patient's GP concern waits for a prescriber's review. */
export const GP_CONCERN_HOLD_MESSAGE = "Held: the patient's GP has raised a concern. A prescriber must review it (the urgent item) and close it before this order is dispatched.";
