import { describe, expect, it } from 'vitest';
import { DEFAULT_RETENTION_PERIODS, deletionKeptText, keptRecordsView, keptRecordsViewSchema, retentionEndsOn, retentionOver, retentionPeriodText, RETENTION_RULES } from './retention';

const rule = (kind: string) => RETENTION_RULES.find((entry) => entry.kind === kind)!;

describe('the end of a retention period', () => {
  // Last treatment on 14 March 2026 (UK), clinical record kept 8 years.
  const lastTreatment = new Date('2026-03-14T10:00:00Z');

  it('is the anniversary of the anchor, in UK dates: kept the day before, gone on the day and after', () => {
    expect(retentionEndsOn(lastTreatment, 8)).toBe('2034-03-14');
    expect(retentionOver(lastTreatment, 8, new Date('2034-03-13T23:59:00Z'))).toBe(false);
    expect(retentionOver(lastTreatment, 8, new Date('2034-03-14T00:00:00Z'))).toBe(true);
    expect(retentionOver(lastTreatment, 8, new Date('2034-03-15T12:00:00Z'))).toBe(true);
  });

  it('counts UK days: a payment late in a summer evening UTC belongs to the next UK day', () => {
    const payment = new Date('2026-06-30T23:30:00Z'); // 1 July 2026, 00:30 in London
    expect(retentionEndsOn(payment, 7)).toBe('2033-07-01');
    expect(retentionOver(payment, 7, new Date('2033-06-30T22:59:00Z'))).toBe(false); // 30 June, 23:59 BST
    expect(retentionOver(payment, 7, new Date('2033-06-30T23:00:00Z'))).toBe(true); // 1 July, 00:00 BST
    expect(retentionOver(payment, 7, new Date('2033-07-02T09:00:00Z'))).toBe(true);
  });

  it('runs an anchor on 29 February to 1 March, a day more rather than a day less', () => {
    const leapDay = new Date('2028-02-29T12:00:00Z');
    expect(retentionEndsOn(leapDay, 7)).toBe('2035-03-01');
    expect(retentionOver(leapDay, 7, new Date('2035-02-28T12:00:00Z'))).toBe(false);
    expect(retentionOver(leapDay, 7, new Date('2035-03-01T12:00:00Z'))).toBe(true);
    expect(retentionEndsOn(leapDay, 8)).toBe('2036-02-29');
  });
});

describe('what the patient is told is kept', () => {
  it('gives each period from configuration, in words', () => {
    expect(retentionPeriodText(rule('clinical'), DEFAULT_RETENTION_PERIODS)).toBe('8 years after your last treatment with us');
    expect(retentionPeriodText(rule('prescriptions'), { clinicalYears: 10, financialYears: 7 })).toBe('10 years after your last treatment with us');
    expect(retentionPeriodText(rule('orders'), DEFAULT_RETENTION_PERIODS)).toBe('7 years after each payment');
    expect(retentionPeriodText(rule('orders'), { clinicalYears: 8, financialYears: 1 })).toBe('1 year after each payment');
  });

  it('names each kind, why it is kept with its sources, for how long and what happens then', () => {
    const view = keptRecordsViewSchema.parse(keptRecordsView({ clinicalYears: 9, financialYears: 7 }));
    expect(view.records.map((record) => [record.title, record.years, record.period])).toEqual([
      ['Prescriptions and the medicines we supplied', 9, '9 years after your last treatment with us'],
      ['Consultations and your clinical record', 9, '9 years after your last treatment with us'],
      ['Orders and payments', 7, '7 years after each payment'],
    ]);
    const [prescriptions, clinical, orders] = view.records;
    expect(prescriptions!.why).toBe(
      'The law requires a pharmacy to keep a record of every prescription-only medicine it supplies, for at least 2 years. It is part of your clinical record, so we keep it as long as that record.',
    );
    expect(prescriptions!.sources[0]).toEqual({
      name: 'The Human Medicines Regulations 2012, regulation 253 and Schedule 23 (records of prescription-only medicines supplied)',
      url: 'https://www.legislation.gov.uk/uksi/2012/1916/regulation/253',
    });
    expect(clinical!.sources.map((source) => source.name)).toContain(
      'NHS England, Records Management Code of Practice 2023, retention schedule: adult health records, 8 years after the conclusion of treatment',
    );
    expect(orders!.sources.map((source) => source.name)).toContain('HMRC, company and accounting records: 6 years from the end of the last financial year they relate to');
    expect(clinical!.afterwards).toBe('We delete them, photos and letters included.');
    expect(view.limit.source.name).toContain('UK GDPR, Article 5(1)(e)');
  });

  it('says the same in the clinic and the confirmation email, with the configured periods', () => {
    const text = deletionKeptText({ clinicalYears: 10, financialYears: 7 });
    expect(text).toContain('Prescriptions and the medicines we supplied: kept 10 years after your last treatment with us.');
    expect(text).toContain('Consultations and your clinical record: kept 10 years after your last treatment with us.');
    expect(text).toContain('Orders and payments: kept 7 years after each payment.');
    expect(text).toContain('the letters to your GP. After that, we delete them, photos and letters included.');
  });
});
