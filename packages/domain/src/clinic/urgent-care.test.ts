import { describe, expect, it } from 'vitest';
import { CHECK_IN_RULES, assessCheckIn } from '../clinical/check-in';
import { contactByText, URGENT_CONTACT_POLICY, urgentContactLine, urgentItemDue, urgentRules } from './urgent-care';

const context = { today: '2026-11-28', initialWeightKg: null, maintenanceDoseSince: null } as const;

describe('the urgent clinical queue rules', () => {
  it('takes every check-in rule marked urgent: a stop answer and low mood, not the NICE flag', () => {
    const outcome = assessCheckIn({ ci_side_effects: ['severe_stomach_pain', 'low_mood'], ci_pregnancy: 'no' }, context);
    expect(urgentRules(outcome.triggeredRules).map((rule) => rule.ruleId)).toEqual([CHECK_IN_RULES.possiblePancreatitis.id, CHECK_IN_RULES.lowMood.id]);
    expect(urgentRules(assessCheckIn({ ci_side_effects: ['none'], ci_pregnancy: 'no' }, context).triggeredRules)).toEqual([]);
  });

  it('is due within 4 hours for low mood and 24 hours for a stopped supply (clinic policy, sourced)', () => {
    const at = new Date('2026-11-28T10:00:00Z');
    const stop = urgentRules(assessCheckIn({ ci_side_effects: ['severe_stomach_pain'] }, context).triggeredRules);
    const mood = urgentRules(assessCheckIn({ ci_side_effects: ['low_mood', 'severe_stomach_pain'] }, context).triggeredRules);
    expect(urgentItemDue(stop, at).toISOString()).toBe('2026-11-29T10:00:00.000Z');
    expect(urgentItemDue(mood, at).toISOString()).toBe('2026-11-28T14:00:00.000Z');
    expect(URGENT_CONTACT_POLICY.source).toMatch(/GPhC/);
  });

  it('tells the patient who will call and by when, in UK time', () => {
    expect(contactByText(new Date('2026-11-29T15:05:00Z'))).toBe('3:05pm on Sunday 29 November');
    expect(contactByText(new Date('2026-07-01T09:00:00Z'))).toBe('10:00am on Wednesday 1 July');
    expect(urgentContactLine(new Date('2026-11-29T15:05:00Z'))).toMatch(/^One of our prescribers will phone you on the number in your account by 3:05pm on Sunday 29 November\./);
  });
});
