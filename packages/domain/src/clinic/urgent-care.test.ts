import { describe, expect, it } from 'vitest';
import { CHECK_IN_RULES, assessCheckIn } from '../clinical/check-in';
import { SEVERE_SIDE_EFFECT_RULE } from '../support/side-effects';
import { addCallingHours, contactByText, URGENT_CONTACT_POLICY, urgentContactLine, urgentItemDue, urgentRules } from './urgent-care';

const context = { today: '2026-11-28', initialWeightKg: null, maintenanceDoseSince: null, onTirzepatide: true } as const;

describe('the urgent clinical queue rules', () => {
  it('takes every check-in rule marked urgent: a stop answer and low mood, not the NICE flag', () => {
    const outcome = assessCheckIn({ ci_side_effects: ['severe_stomach_pain', 'low_mood'], ci_pregnancy: 'no' }, context);
    expect(urgentRules(outcome.triggeredRules).map((rule) => rule.ruleId)).toEqual([CHECK_IN_RULES.possiblePancreatitis.id, CHECK_IN_RULES.lowMood.id]);
    expect(urgentRules(assessCheckIn({ ci_side_effects: ['none'], ci_pregnancy: 'no' }, context).triggeredRules)).toEqual([]);
  });

  it('is due within 4 calling hours for low mood and 12 (a calling day) for a stopped supply (clinic policy, sourced)', () => {
    const at = new Date('2026-11-28T10:00:00Z');
    const stop = urgentRules(assessCheckIn({ ci_side_effects: ['severe_stomach_pain'] }, context).triggeredRules);
    const mood = urgentRules(assessCheckIn({ ci_side_effects: ['low_mood', 'severe_stomach_pain'] }, context).triggeredRules);
    expect(urgentItemDue(stop, at).toISOString()).toBe('2026-11-29T10:00:00.000Z');
    expect(urgentItemDue(mood, at).toISOString()).toBe('2026-11-28T14:00:00.000Z');
    expect(URGENT_CONTACT_POLICY.source).toMatch(/GPhC/);
    // Answered late in the evening: the calls fall in the next calling hours, never at night.
    const late = new Date('2026-11-28T22:30:00Z');
    expect(urgentItemDue(mood, late).toISOString()).toBe('2026-11-29T12:00:00.000Z');
    expect(urgentItemDue(stop, late).toISOString()).toBe('2026-11-29T20:00:00.000Z');
  });

  it('counts only calling hours (8am to 8pm UK time), at each edge and across a change of the clocks', () => {
    const winter = (time: string) => new Date(`2026-11-28T${time}Z`);
    expect(addCallingHours(winter('07:59:00'), 1).toISOString()).toBe('2026-11-28T09:00:00.000Z');
    expect(addCallingHours(winter('08:00:00'), 1).toISOString()).toBe('2026-11-28T09:00:00.000Z');
    expect(addCallingHours(winter('19:59:00'), 1).toISOString()).toBe('2026-11-29T08:59:00.000Z');
    expect(addCallingHours(winter('20:00:00'), 1).toISOString()).toBe('2026-11-29T09:00:00.000Z');
    expect(addCallingHours(winter('18:00:00'), 4).toISOString()).toBe('2026-11-29T10:00:00.000Z');
    // British Summer Time: 8am in London is 7am UTC.
    expect(addCallingHours(new Date('2026-07-01T05:00:00Z'), 1).toISOString()).toBe('2026-07-01T08:00:00.000Z');
    // The clocks go forward at 1am on Sunday 29 March 2026: 8pm Saturday (GMT) to 8am Sunday (BST) is 11 hours.
    expect(addCallingHours(new Date('2026-03-28T19:00:00Z'), 2).toISOString()).toBe('2026-03-29T08:00:00.000Z');
  });

  it('is due within 4 calling hours for severe vomiting or dehydration, a calling day (12) for gallbladder signs, breastfeeding or a new diabetes medicine', () => {
    const at = new Date('2026-11-28T10:00:00Z');
    const due = (answers: Record<string, unknown>) => urgentItemDue(urgentRules(assessCheckIn(answers, context).triggeredRules), at).toISOString();
    expect(due({ ci_side_effects: ['dehydration'] })).toBe('2026-11-28T14:00:00.000Z');
    expect(due({ ci_side_effects: ['right_upper_pain'] })).toBe('2026-11-29T10:00:00.000Z');
    expect(due({ ci_breastfeeding: 'yes' })).toBe('2026-11-29T10:00:00.000Z');
    expect(due({ ci_new_medicines: ['insulin'] })).toBe('2026-11-29T10:00:00.000Z');
  });

  it('is due within 4 calling hours for a side effect the patient reports as severe', () => {
    expect(urgentItemDue([SEVERE_SIDE_EFFECT_RULE], new Date('2026-11-28T10:00:00Z')).toISOString()).toBe('2026-11-28T14:00:00.000Z');
  });

  it('leaves the contraception counselling out of the queue: the patient is told, no call is owed', () => {
    expect(urgentRules(assessCheckIn({ ci_new_medicines: ['oral_contraceptive'] }, context).triggeredRules)).toEqual([]);
  });

  it('tells the patient who will call and by when, in UK time', () => {
    expect(contactByText(new Date('2026-11-29T15:05:00Z'))).toBe('3:05pm on Sunday 29 November');
    expect(contactByText(new Date('2026-07-01T09:00:00Z'))).toBe('10:00am on Wednesday 1 July');
    expect(urgentContactLine(new Date('2026-11-29T15:05:00Z'))).toMatch(/^One of our prescribers will phone you on the number in your account by 3:05pm on Sunday 29 November\./);
  });
});
