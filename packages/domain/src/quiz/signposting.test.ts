import { describe, expect, it } from 'vitest';
import { rejectionSignposts } from './signposting';
import { isUnderweight, UNDERWEIGHT_BMI } from './underweight';

describe('rejection signposting', () => {
  it('counts a BMI under 18.5 as underweight, 18.5 itself not', () => {
    expect(UNDERWEIGHT_BMI).toBe(18.5);
    expect(isUnderweight(18.4)).toBe(true);
    expect(isUnderweight(18.5)).toBe(false);
    expect(isUnderweight(null)).toBe(false);
    expect(isUnderweight(undefined)).toBe(false);
  });

  it('always points to the GP and NHS 111', () => {
    expect(rejectionSignposts({ ruleId: 'pregnancy', underweight: false }).map((signpost) => signpost.id)).toEqual(['gp', 'nhs-111']);
  });

  it('adds Beat for someone underweight or with an eating disorder', () => {
    expect(rejectionSignposts({ ruleId: 'bmi-below-any-threshold', underweight: true }).map((signpost) => signpost.id)).toEqual(['gp', 'beat', 'nhs-111']);
    expect(rejectionSignposts({ ruleId: 'eating-disorder', underweight: false }).map((signpost) => signpost.id)).toEqual(['gp', 'beat', 'nhs-111']);
  });

  it('writes every sentence to end with a full stop', () => {
    for (const signpost of rejectionSignposts({ ruleId: 'eating-disorder', underweight: true })) {
      expect(signpost.text).toMatch(/\.$/);
      expect(signpost.title).toMatch(/[.?]$/);
    }
  });
});
