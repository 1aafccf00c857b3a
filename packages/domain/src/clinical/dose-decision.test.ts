import { describe, expect, it } from 'vitest';
import { approvableDoses, approveBodySchema } from './dose-decision';

const MOUNJARO = [
  { code: 'MOUNJARO-5MG', dosage: '5 mg', position: 1 },
  { code: 'MOUNJARO-2-5MG', dosage: '2.5 mg', position: 0 },
  { code: 'MOUNJARO-7-5MG', dosage: '7.5 mg', position: 2 },
  { code: 'MOUNJARO-10MG', dosage: '10 mg', position: 3 },
];
const codes = (doses: ReturnType<typeof approvableDoses>) => doses.map((dose) => `${dose.variantCode}:${dose.relation}`);

describe('approvableDoses', () => {
  it('a step up asked: the dose asked, the dose last supplied, and every lower step, highest first', () => {
    expect(codes(approvableDoses(MOUNJARO, 'MOUNJARO-7-5MG', 'MOUNJARO-5MG'))).toEqual(['MOUNJARO-7-5MG:asked', 'MOUNJARO-5MG:lastSupplied', 'MOUNJARO-2-5MG:lower']);
  });

  it('the same dose asked: that dose and the lower ones, never higher', () => {
    expect(codes(approvableDoses(MOUNJARO, 'MOUNJARO-5MG', 'MOUNJARO-5MG'))).toEqual(['MOUNJARO-5MG:asked', 'MOUNJARO-2-5MG:lower']);
  });

  it('a first order (nothing supplied): the dose asked and lower; the starting dose alone has nothing lower', () => {
    expect(codes(approvableDoses(MOUNJARO, 'MOUNJARO-10MG', null))).toEqual(['MOUNJARO-10MG:asked', 'MOUNJARO-7-5MG:lower', 'MOUNJARO-5MG:lower', 'MOUNJARO-2-5MG:lower']);
    expect(codes(approvableDoses(MOUNJARO, 'MOUNJARO-2-5MG', null))).toEqual(['MOUNJARO-2-5MG:asked']);
  });

  it('never a skipped step: a dose asked two steps above the last supplied can be approved only one step up', () => {
    expect(codes(approvableDoses(MOUNJARO, 'MOUNJARO-10MG', 'MOUNJARO-5MG'))).toEqual(['MOUNJARO-7-5MG:lower', 'MOUNJARO-5MG:lastSupplied', 'MOUNJARO-2-5MG:lower']);
  });

  it('a dose not on the ladder offers nothing', () => {
    expect(approvableDoses(MOUNJARO, 'WEGOVY-1MG', null)).toEqual([]);
  });
});

describe('approveBodySchema', () => {
  it('takes no body, a dose, and a reason, trimmed', () => {
    expect(approveBodySchema.parse(undefined)).toEqual({});
    expect(approveBodySchema.parse(null)).toEqual({});
    expect(approveBodySchema.parse({ variantCode: 'MOUNJARO-5MG', rationale: '  Gap of 3 weeks  ' })).toEqual({ variantCode: 'MOUNJARO-5MG', rationale: 'Gap of 3 weeks' });
    expect(approveBodySchema.safeParse({ rationale: 'x'.repeat(1001) }).success).toBe(false);
  });
});
