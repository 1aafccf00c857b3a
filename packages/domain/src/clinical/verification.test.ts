import { describe, expect, it } from 'vitest';
import {
  addMonths,
  bmiDifference,
  DEFAULT_VERIFICATION_POLICY,
  isVerificationFresh,
  isVerificationValid,
  needsFreshVerification,
  recordVerificationBodySchema,
  recordVideoVerificationBodySchema,
  VERIFICATION_METHOD_RULES,
  VERIFICATION_METHODS,
  verificationLastValidDay,
  verificationStanding,
  verifiedBmi,
} from './verification';

// UK noon in winter (GMT) and summer (BST): the rules read UK calendar dates.
const at = (iso: string) => new Date(iso);

describe('verification methods', () => {
  it('are the four the GPhC accepts, each sourced, and never a photo or a phone call', () => {
    expect(VERIFICATION_METHODS).toEqual(['video', 'in_person', 'clinical_record', 'gp_confirmation']);
    for (const rule of VERIFICATION_METHOD_RULES) {
      expect(rule.source).toMatch(/GPhC.*February 2025/);
      expect(rule.rationale.length).toBeGreaterThan(10);
    }
    expect(VERIFICATION_METHOD_RULES.map((rule) => rule.method)).not.toContain('photo');
  });
});

describe('addMonths', () => {
  it('keeps the day, or the month’s last day when it has none', () => {
    expect(addMonths('2026-01-15', 6)).toBe('2026-07-15');
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2027-08-31', 6)).toBe('2028-02-29');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
  });
});

describe('validity (default 6 months)', () => {
  const verified = at('2026-01-15T12:00:00Z');
  it('stands until the day before the same date six months on, in UK dates', () => {
    expect(verificationLastValidDay(verified)).toBe('2026-07-14');
    // 14 July 23:59 UK time (BST: 22:59 UTC) still valid; 15 July 00:00 UK time (14 July 23:00 UTC) not.
    expect(isVerificationValid(verified, at('2026-07-14T22:59:00Z'))).toBe(true);
    expect(isVerificationValid(verified, at('2026-07-14T23:00:00Z'))).toBe(false);
  });
  it('a verification made late in the UK evening counts on its UK date', () => {
    // 15 Jan 23:30 UK (GMT) is 15 Jan; 15 July 00:30 BST is 14 July 23:30 UTC: already 15 July in the UK.
    expect(verificationLastValidDay(at('2026-01-15T23:30:00Z'))).toBe('2026-07-14');
  });
  it('follows the policy', () => {
    expect(isVerificationValid(verified, at('2026-04-14T12:00:00Z'), { ...DEFAULT_VERIFICATION_POLICY, validForMonths: 3 })).toBe(true);
    expect(isVerificationValid(verified, at('2026-04-15T12:00:00Z'), { ...DEFAULT_VERIFICATION_POLICY, validForMonths: 3 })).toBe(false);
  });
  it('a verification dated in the future is not valid', () => {
    expect(isVerificationValid(at('2026-02-01T12:00:00Z'), at('2026-01-31T12:00:00Z'))).toBe(false);
  });
});

describe('freshness for a dose increase (default 28 days)', () => {
  const now = at('2026-03-29T12:00:00Z');
  it('counts a verification made 28 UK days before, not 29', () => {
    expect(isVerificationFresh(at('2026-03-01T09:00:00Z'), now)).toBe(true);
    expect(isVerificationFresh(at('2026-02-28T23:59:00Z'), now)).toBe(false);
  });
  it('applies from the policy’s step, for increases only', () => {
    expect(needsFreshVerification(null)).toBe(false);
    expect(needsFreshVerification({ dosage: '0.5 mg', fromStep: 1, toStep: 2 })).toBe(false);
    expect(needsFreshVerification({ dosage: '1 mg', fromStep: 2, toStep: 3 })).toBe(true);
    expect(needsFreshVerification({ dosage: '1 mg', fromStep: 3, toStep: 3 })).toBe(false);
    expect(needsFreshVerification({ dosage: '0.5 mg', fromStep: 3, toStep: 2 })).toBe(false);
    // A first order (nothing supplied before): the 6-month rule alone.
    expect(needsFreshVerification({ dosage: '1.7 mg', fromStep: null, toStep: 4 })).toBe(false);
    expect(needsFreshVerification({ dosage: '0.5 mg', fromStep: 1, toStep: 2 }, { ...DEFAULT_VERIFICATION_POLICY, freshVerificationFromDoseStep: 2 })).toBe(true);
  });
});

describe('verificationStanding', () => {
  const now = at('2026-06-01T12:00:00Z');
  it('missing, expired, not fresh, or valid with the newest verification', () => {
    expect(verificationStanding([], now, null)).toMatchObject({ standing: 'missing', verification: null, message: expect.stringMatching(/^Weight and height must be verified/) });
    const old = { id: 'a', verifiedAt: at('2025-11-30T12:00:00Z') };
    expect(verificationStanding([old], now, null)).toMatchObject({ standing: 'expired', message: expect.stringContaining('29 May 2026') });
    const recent = { id: 'b', verifiedAt: at('2026-04-20T12:00:00Z') };
    expect(verificationStanding([old, recent], now, null)).toMatchObject({ standing: 'valid', verification: recent, message: null });
    const increase = { dosage: '1 mg', fromStep: 2, toStep: 3 };
    expect(verificationStanding([old, recent], now, increase)).toMatchObject({ standing: 'not_fresh', message: expect.stringContaining('1 mg') });
    const fresh = { id: 'c', verifiedAt: at('2026-05-30T12:00:00Z') };
    expect(verificationStanding([recent, fresh], now, increase)).toMatchObject({ standing: 'valid', verification: fresh });
  });
});

describe('BMI and the tolerance (default 1 BMI point)', () => {
  it('recomputes BMI with the shop’s rule', () => {
    expect(verifiedBmi(100, 170)).toBe(34.6);
  });
  it('flags a difference beyond the tolerance, not one exactly at it', () => {
    expect(bmiDifference(34.6, 35.6)).toEqual({ difference: 1, outsideTolerance: false });
    expect(bmiDifference(34.6, 35.7)).toEqual({ difference: 1.1, outsideTolerance: true });
    expect(bmiDifference(34.6, 33.5)).toEqual({ difference: -1.1, outsideTolerance: true });
    expect(bmiDifference(null, 33.5)).toBeNull();
    expect(bmiDifference(30, 31.4, { ...DEFAULT_VERIFICATION_POLICY, bmiTolerance: 1.5 })?.outsideTolerance).toBe(false);
  });
});

describe('recording a verification', () => {
  it('needs evidence for every method but video, and measurements within the shop’s limits', () => {
    const body = { method: 'gp_confirmation', weightKg: 101.2, heightCm: 170, identityChecked: true };
    expect(recordVerificationBodySchema.safeParse(body).success).toBe(false);
    expect(recordVerificationBodySchema.parse({ ...body, evidence: '  Dr Shah by email  ' })).toMatchObject({ evidence: 'Dr Shah by email' });
    expect(recordVerificationBodySchema.safeParse({ ...body, method: 'video', evidence: 'x' }).success).toBe(false);
    expect(recordVideoVerificationBodySchema.parse({ weightKg: '98.4', heightCm: '171', identityChecked: true })).toMatchObject({ weightKg: 98.4, heightCm: 171, evidence: '' });
    expect(recordVideoVerificationBodySchema.safeParse({ weightKg: 445, heightCm: 170, identityChecked: true }).success).toBe(false);
    expect(recordVideoVerificationBodySchema.safeParse({ weightKg: 90, heightCm: 89, identityChecked: true }).success).toBe(false);
    expect(recordVideoVerificationBodySchema.safeParse({ weightKg: 90, heightCm: 231, identityChecked: true }).success).toBe(false);
  });
});
