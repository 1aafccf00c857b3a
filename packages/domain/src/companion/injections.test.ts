import { describe, expect, it } from 'vitest';
import { RE_TITRATION_RULES } from '../clinical/re-titration';
import {
  INJECTION_SITE_CODES,
  injectionLogBodySchema,
  missedDosesSince,
  nextInjectionSite,
  penCountdown,
  penCountdownText,
  SITE_ROTATION_RULE,
  type LoggedInjection,
} from './injections';

const WEGOVY = RE_TITRATION_RULES.find((rule) => rule.product === 'WEGOVY')!;
const taken = (takenAt: string, site: LoggedInjection['site']): LoggedInjection => ({ status: 'taken', takenAt, site, dosage: '0.25 mg' });
const missed = (takenAt: string): LoggedInjection => ({ status: 'missed', takenAt, site: null, dosage: '0.25 mg' });

describe('the next injection site (SITE_ROTATION_RULE)', () => {
  it('rests on the licences', () => {
    expect(SITE_ROTATION_RULE.source).toMatch(/Mounjaro SmPC 4\.2.*rotated with each dose/);
    expect(SITE_ROTATION_RULE.source).toMatch(/Wegovy SmPC 4\.2/);
  });

  it('starts at the first site, then moves to a site not used yet', () => {
    expect(nextInjectionSite([])).toBe('abdomen-left');
    expect(nextInjectionSite([taken('2026-12-01T09:00:00Z', 'abdomen-left')])).toBe('abdomen-right');
    expect(nextInjectionSite([taken('2026-12-01T09:00:00Z', 'thigh-right')])).toBe('abdomen-left');
  });

  it('once every site is used, goes back to the one used longest ago, never the last ones', () => {
    const weeks = INJECTION_SITE_CODES.map((site, week) => taken(new Date(Date.UTC(2026, 11, 1 + 7 * week, 9)).toISOString(), site));
    expect(nextInjectionSite(weeks)).toBe('abdomen-left');
    // Reusing the first site makes the second the oldest.
    expect(nextInjectionSite([...weeks, taken('2027-01-12T09:00:00Z', 'abdomen-left')])).toBe('abdomen-right');
  });

  it('reads the log by time, whatever order it comes in, and ignores missed weeks', () => {
    const log = [taken('2026-12-08T09:00:00Z', 'abdomen-right'), missed('2026-12-15T09:00:00Z'), taken('2026-12-01T09:00:00Z', 'abdomen-left')];
    expect(nextInjectionSite(log)).toBe('thigh-left');
  });
});

describe('the pen countdown', () => {
  const supply = { productCode: 'WEGOVY', dosage: '0.25 mg', suppliedOn: '2026-12-01', pens: 1 };

  it('counts a four-dose pen down by each dose taken (SmPC 6.5: one pen holds four weekly doses)', () => {
    expect(WEGOVY.dosesPerPen).toBe(4);
    expect(penCountdown([supply], [], WEGOVY)).toMatchObject({ dosesLeft: 4, dosesLeftInPen: 4, penDosage: '0.25 mg', nextDoseOn: '2026-12-01', lastDoseCoveredOn: '2026-12-22' });
    const three = [taken('2026-12-01T09:00:00Z', 'abdomen-left'), taken('2026-12-08T09:00:00Z', 'abdomen-right'), taken('2026-12-15T09:00:00Z', 'thigh-left')];
    expect(penCountdown([supply], three, WEGOVY)).toMatchObject({ dosesLeft: 1, dosesLeftInPen: 1, dosesTaken: 3, nextDoseOn: '2026-12-22', lastDoseCoveredOn: '2026-12-22' });
  });

  it('leaves a missed week’s dose in the pen', () => {
    const log = [taken('2026-12-01T09:00:00Z', 'abdomen-left'), missed('2026-12-08T09:00:00Z')];
    expect(penCountdown([supply], log, WEGOVY)).toMatchObject({ dosesLeft: 3, dosesLeftInPen: 3 });
  });

  it('opens the pens in the order they came, with their own dose, and stops at none left', () => {
    const next = { productCode: 'WEGOVY', dosage: '0.5 mg', suppliedOn: '2026-12-20', pens: 1 };
    const five = Array.from({ length: 5 }, (_, week) => taken(new Date(Date.UTC(2026, 11, 1 + 7 * week, 9)).toISOString(), 'thigh-left'));
    expect(penCountdown([next, supply], five, WEGOVY)).toMatchObject({ dosesLeft: 3, dosesLeftInPen: 3, penDosage: '0.5 mg' });
    const ten = Array.from({ length: 10 }, (_, week) => taken(new Date(Date.UTC(2026, 11, 1 + 7 * week, 9)).toISOString(), 'thigh-left'));
    expect(penCountdown([next, supply], ten, WEGOVY)).toMatchObject({ dosesLeft: 0, dosesLeftInPen: 0, penDosage: null, lastDoseCoveredOn: null });
  });

  it('counts a quarterly supply as three pens', () => {
    expect(penCountdown([{ ...supply, pens: 3 }], [taken('2026-12-01T09:00:00Z', 'abdomen-left')], WEGOVY)).toMatchObject({ dosesLeft: 11, dosesLeftInPen: 3 });
  });

  it('ignores supplies of another medicine', () => {
    expect(penCountdown([{ ...supply, productCode: 'MOUNJARO' }], [], WEGOVY)).toMatchObject({ dosesLeft: 0, nextDoseOn: null });
  });

  it('says it as the issue words it', () => {
    expect(penCountdownText({ dosesLeft: 1, dosesLeftInPen: 1 }, '2026-12-12')).toBe('Your pen has 1 dose left; your next delivery comes on 12 Dec.');
    expect(penCountdownText({ dosesLeft: 7, dosesLeftInPen: 3 }, '2027-05-02')).toBe('Your pen has 3 doses left, and 4 more in your other pen; your next delivery comes on 2 May.');
    expect(penCountdownText({ dosesLeft: 0, dosesLeftInPen: 0 }, null)).toBe('You have used every dose we have sent.');
  });
});

describe('missed doses for the check-in and the prescriber', () => {
  it('counts the weeks logged as missed since the supply in use came', () => {
    const log = [missed('2026-11-20T09:00:00Z'), taken('2026-12-01T09:00:00Z', 'abdomen-left'), missed('2026-12-08T09:00:00Z'), missed('2026-12-15T09:00:00Z')];
    expect(missedDosesSince(log, '2026-12-01')).toBe(2);
    expect(missedDosesSince(log, null)).toBe(3);
  });
});

describe('the log’s body', () => {
  const planId = '5b0d3b56-7d0e-4d0b-9f4e-2f7e4f9b1c11';
  it('needs a site for a dose taken, none for a week missed', () => {
    expect(injectionLogBodySchema.safeParse({ planId, status: 'taken' }).error?.issues[0]).toMatchObject({ path: ['site'], message: 'Please choose where you injected.' });
    expect(injectionLogBodySchema.safeParse({ planId, status: 'missed' }).success).toBe(true);
    expect(injectionLogBodySchema.safeParse({ planId, status: 'taken', site: 'elbow' }).success).toBe(false);
  });
});
