import { z } from 'zod';
import type { IsoDate } from '../delivery/calendar-date';
import { ukCalendarDate } from '../delivery/uk-clock';

/**
 * How long the records a deleted account leaves behind are kept, in whole years. Configuration sets them
 * (RETENTION_CLINICAL_YEARS, RETENTION_FINANCIAL_YEARS); the rules below say what each covers, why, and from when.
 */
export interface RetentionPeriods {
  /** Consultations, the clinical record and the prescriptions in it, counted from the last treatment. */
  clinicalYears: number;
  /** Orders and payments, counted from each payment. */
  financialYears: number;
}

/**
 * The defaults are the floors: configuration may keep records longer, never shorter.
 * - Clinical: NHS England's Records Management Code of Practice 2023 keeps adult health records 8 years after the
 *   conclusion of treatment; the prescriptions in the record need only 2 (Human Medicines Regulations 2012).
 * - Financial: HMRC asks for 6 years from the end of the company's financial year; counted from the payment itself
 *   that can be up to a year more, so 7.
 */
export const DEFAULT_RETENTION_PERIODS: RetentionPeriods = { clinicalYears: 8, financialYears: 7 };
export const MINIMUM_RETENTION_PERIODS: RetentionPeriods = DEFAULT_RETENTION_PERIODS;
/** A guard against a mistyped value (the Code reviews any record kept past 30 years). */
export const MAXIMUM_RETENTION_YEARS = 30;

export interface RecordSource {
  /** The rule as it is cited: the instrument and the part of it. */
  name: string;
  url: string;
}

export const RECORD_SOURCES = {
  humanMedicinesRegulations: {
    name: 'The Human Medicines Regulations 2012, regulation 253 and Schedule 23 (records of prescription-only medicines supplied)',
    url: 'https://www.legislation.gov.uk/uksi/2012/1916/regulation/253',
  },
  gphcDistanceGuidance: {
    name: 'GPhC, Guidance for registered pharmacies providing pharmacy services at a distance, including on the internet',
    url: 'https://www.pharmacyregulation.org/pharmacies/registration-and-renewal/providing-services-online',
  },
  gphcStandards: {
    name: 'GPhC, Standards for registered pharmacies',
    url: 'https://www.pharmacyregulation.org/standards/standards-registered-pharmacies',
  },
  recordsManagementCode: {
    name: 'NHS England, Records Management Code of Practice 2023, retention schedule: adult health records, 8 years after the conclusion of treatment',
    url: 'https://transform.england.nhs.uk/information-governance/guidance/records-management-code/',
  },
  hmrcCompanyRecords: {
    name: 'HMRC, company and accounting records: 6 years from the end of the last financial year they relate to',
    url: 'https://www.gov.uk/running-a-limited-company/company-and-accounting-records',
  },
  companiesAct: {
    name: 'Companies Act 2006, sections 386 to 388 (accounting records)',
    url: 'https://www.legislation.gov.uk/ukpga/2006/46/section/388',
  },
  storageLimitation: {
    name: 'UK GDPR, Article 5(1)(e) (kept no longer than necessary) and Article 17(3)(b) (erasure does not reach records the law requires)',
    url: 'https://www.legislation.gov.uk/eur/2016/679/article/5',
  },
} as const satisfies Record<string, RecordSource>;

export const RETAINED_RECORD_KINDS = ['prescriptions', 'clinical', 'orders'] as const;
export type RetainedRecordKind = (typeof RETAINED_RECORD_KINDS)[number];

/** What a kept kind of record counts its years from. */
export type RetentionAnchor = 'last-treatment' | 'payment';

export interface RetentionRule {
  kind: RetainedRecordKind;
  title: string;
  /** What the kind holds, in the patient's words. */
  includes: string;
  why: string;
  sources: readonly RecordSource[];
  period: keyof RetentionPeriods;
  anchor: RetentionAnchor;
  /** What the retention job does once the period has ended. */
  afterwards: 'deleted' | 'anonymised';
  /** The same in the patient's words, read after 'Then'. */
  afterwardsText: string;
}

/** What stays after 'Delete my account', as the account page, the clinic and the confirmation email say it. */
export const RETENTION_RULES: readonly RetentionRule[] = [
  {
    kind: 'prescriptions',
    title: 'Prescriptions and the medicines we supplied',
    includes: 'Each medicine, its strength and quantity, the prescriber who approved it, and when and where we sent it.',
    why: 'The law requires a pharmacy to keep a record of every prescription-only medicine it supplies, for at least 2 years. It is part of your clinical record, so we keep it as long as that record.',
    sources: [RECORD_SOURCES.humanMedicinesRegulations, RECORD_SOURCES.gphcStandards],
    period: 'clinicalYears',
    anchor: 'last-treatment',
    afterwards: 'deleted',
    afterwardsText: 'We delete your name, address and the prescriber’s decisions; only what was sold and its price stay, in an order that no longer names you.',
  },
  {
    kind: 'clinical',
    title: 'Consultations and your clinical record',
    includes: 'Your consultation and check-in answers, the photos and identity checks you sent, your video consultations, your messages with our prescribers and support team, and the letters to your GP.',
    why: 'Our prescribers must be able to show what they based each decision on, and health records are kept for a set time after treatment ends.',
    sources: [RECORD_SOURCES.recordsManagementCode, RECORD_SOURCES.gphcDistanceGuidance],
    period: 'clinicalYears',
    anchor: 'last-treatment',
    afterwards: 'deleted',
    afterwardsText: 'We delete them, photos and letters included.',
  },
  {
    kind: 'orders',
    title: 'Orders and payments',
    includes: 'Order numbers, dates, what you paid and any refunds.',
    why: 'Tax and company law require us to keep our accounting records.',
    sources: [RECORD_SOURCES.hmrcCompanyRecords, RECORD_SOURCES.companiesAct],
    period: 'financialYears',
    anchor: 'payment',
    afterwards: 'anonymised',
    afterwardsText: 'We delete the payment references. The amounts stay in our accounts, anonymous once your prescription records have gone too.',
  },
];

/** Why any of it is kept at all, and no longer than that. */
export const RETENTION_LIMIT_TEXT = 'Data protection law lets us keep these records despite your request, because the law requires them, and only for as long as it requires.';
export const RETENTION_LIMIT_SOURCE: RecordSource = RECORD_SOURCES.storageLimitation;

const ANCHOR_TEXT: Record<RetentionAnchor, string> = { 'last-treatment': 'after your last treatment with us', payment: 'after each payment' };

/** '8 years after your last treatment with us', '7 years after each payment'. */
export function retentionPeriodText(rule: Pick<RetentionRule, 'period' | 'anchor'>, periods: RetentionPeriods): string {
  const years = periods[rule.period];
  return `${years} ${years === 1 ? 'year' : 'years'} ${ANCHOR_TEXT[rule.anchor]}`;
}

/**
 * The UK date from which a record kept `years` after `anchor` may go: the anniversary of the anchor's UK date.
 * An anchor on 29 February runs to 1 March (a day more, never a day less).
 */
export function retentionEndsOn(anchor: Date, years: number): IsoDate {
  const [year, month, day] = ukCalendarDate(anchor).split('-').map(Number) as [number, number, number];
  const end = new Date(Date.UTC(year + years, month - 1, day));
  return end.toISOString().slice(0, 10);
}

/** Whether the period has ended by `now` (a UK date): the day before the anniversary it is still kept, on the day it goes. */
export function retentionOver(anchor: Date, years: number, now: Date): boolean {
  return ukCalendarDate(now) >= retentionEndsOn(anchor, years);
}

const recordSourceSchema = z.object({ name: z.string(), url: z.string() });

/** GET /shop-api/me/deletion-request/kept-records: the rules with the shop's configured periods. */
export const keptRecordsViewSchema = z.object({
  records: z.array(
    z.object({
      kind: z.enum(RETAINED_RECORD_KINDS),
      title: z.string(),
      includes: z.string(),
      why: z.string(),
      sources: z.array(recordSourceSchema),
      years: z.number().int(),
      period: z.string().describe("e.g. '8 years after your last treatment with us'"),
      afterwards: z.string(),
    }),
  ),
  limit: z.object({ text: z.string(), source: recordSourceSchema }),
});
export type KeptRecordsView = z.infer<typeof keptRecordsViewSchema>;

export function keptRecordsView(periods: RetentionPeriods): KeptRecordsView {
  return {
    records: RETENTION_RULES.map((rule) => ({
      kind: rule.kind,
      title: rule.title,
      includes: rule.includes,
      why: rule.why,
      sources: rule.sources.map((source) => ({ ...source })),
      years: periods[rule.period],
      period: retentionPeriodText(rule, periods),
      afterwards: rule.afterwardsText,
    })),
    limit: { text: RETENTION_LIMIT_TEXT, source: { ...RETENTION_LIMIT_SOURCE } },
  };
}

/** The same in plain text, one paragraph per kind: the clinic's request page and the confirmation email. */
export function deletionKeptText(periods: RetentionPeriods): string {
  const kinds = RETENTION_RULES.map((rule) => `${rule.title}: kept ${retentionPeriodText(rule, periods)}. ${rule.includes} After that, ${rule.afterwardsText.charAt(0).toLowerCase()}${rule.afterwardsText.slice(1)}`);
  return [`We keep these records, as the law requires, and only our clinical team can see them.`, ...kinds].join('\n\n');
}
