import { describe, expect, it } from 'vitest';
import { SAME_DAY_RULE_IDS, urgentItemDue, URGENT_CONTACT_POLICY } from '../clinic/urgent-care';
import { SEVERE_SIDE_EFFECT_RULE } from './side-effects';
import {
  adviceFor,
  diaryEntryBodySchema,
  moderateStretchStart,
  SIDE_EFFECT_RED_FLAG_CODES,
  SIDE_EFFECT_SYMPTOM_CODES,
  SIDE_EFFECT_TRIAGE_RULES,
  triageSideEffect,
  type DiaryEntryForTriage,
} from './side-effect-triage';

const mild = { severity: 'mild', redFlags: [] } as const;

describe('the side-effect triage rules', () => {
  it('each carry a source and a rationale a prescriber can check', () => {
    for (const rule of SIDE_EFFECT_TRIAGE_RULES) {
      expect(rule.source.length, rule.id).toBeGreaterThan(10);
      expect(rule.rationale.length, rule.id).toBeGreaterThan(10);
    }
  });

  it.each([
    ['allergic-reaction', 'side-effect-allergic-reaction', '999', /Call 999 now or go to A&E/, /SmPC 4\.3 and 4\.8/],
    ['self-harm', 'side-effect-self-harm', '999', /call 999 or go to A&E now.*Samaritans free on 116 123/, /MHRA Drug Safety Update/],
    ['severe-abdominal-pain', 'side-effect-possible-pancreatitis', '111', /pancreatitis.*Call NHS 111 or your GP today/, /SmPC 4\.4.*pancreatitis/],
    ['no-fluids', 'side-effect-cannot-keep-fluids-down', '111', /Keep sipping water\. Call NHS 111/, /dehydration/],
    ['yellow-skin', 'side-effect-yellow-skin-or-eyes', '111', /gallbladder.*Call NHS 111/, /gallbladder/],
  ] as const)('a red flag (%s) is urgent, with the instruction and the number the rule names', (flag, ruleId, contact, text, source) => {
    const triage = triageSideEffect({ symptom: 'other', ...mild, redFlags: [flag] });
    expect(triage.outcome).toBe('urgent');
    expect(triage.rules.map((rule) => rule.ruleId)).toEqual([ruleId]);
    expect(triage.rules[0]).toMatchObject({ level: 'urgent', kind: 'flag' });
    expect(triage.rules[0]!.source).toMatch(source);
    expect(triage.instructions).toEqual([{ ruleId, text: expect.stringMatching(text), contact }]);
    expect(triage.advice).toBeNull();
  });

  it('a severe side effect of any kind is the same rule as the report form’s, urgent the same day', () => {
    for (const symptom of SIDE_EFFECT_SYMPTOM_CODES.filter((code) => code !== 'low-mood')) {
      const triage = triageSideEffect({ symptom, severity: 'severe', redFlags: [] });
      expect(triage.rules.map((rule) => rule.ruleId), symptom).toEqual([SEVERE_SIDE_EFFECT_RULE.ruleId]);
    }
    expect(SAME_DAY_RULE_IDS).toContain(SEVERE_SIDE_EFFECT_RULE.ruleId);
  });

  it('low mood at any severity is urgent today, as the check-in’s low-mood rule is', () => {
    const triage = triageSideEffect({ symptom: 'low-mood', ...mild });
    expect(triage.outcome).toBe('urgent');
    expect(triage.rules[0]!.source).toMatch(/MHRA/);
    const opened = new Date('2026-12-02T09:00:00Z');
    expect(urgentItemDue(triage.rules, opened).getTime() - opened.getTime()).toBe(URGENT_CONTACT_POLICY.sameDayHours * 3_600_000);
  });

  it('several red flags: every instruction, most urgent first', () => {
    const triage = triageSideEffect({ symptom: 'vomiting', severity: 'severe', redFlags: [...SIDE_EFFECT_RED_FLAG_CODES].reverse() });
    expect(triage.instructions.map((line) => line.ruleId)).toEqual([
      'side-effect-allergic-reaction',
      'side-effect-self-harm',
      'side-effect-possible-pancreatitis',
      'side-effect-cannot-keep-fluids-down',
      'side-effect-yellow-skin-or-eyes',
      'side-effect-reported-severe',
    ]);
  });

  it('a mild or moderate common side effect gets the clinic’s advice, sourced to the leaflets', () => {
    const triage = triageSideEffect({ symptom: 'nausea', ...mild });
    expect(triage).toMatchObject({ outcome: 'self-care', rules: [], instructions: [] });
    expect(triage.advice?.advice[0]).toBe('Eat smaller meals, slowly, and stop when you feel full.');
    expect(triage.advice?.source).toMatch(/patient information leaflets/);
    for (const symptom of ['nausea', 'vomiting', 'diarrhoea', 'constipation', 'abdominal-pain', 'headache', 'injection-site'] as const) expect(adviceFor(symptom), symptom).not.toBeNull();
    expect(adviceFor('other')).toBeNull();
  });
});

describe('a moderate side effect for two weeks asks for a prescriber’s review', () => {
  const nausea = (occurredOn: string, severity: DiaryEntryForTriage['severity'] = 'moderate'): DiaryEntryForTriage => ({ symptom: 'nausea', severity, occurredOn });

  it('at 14 days of an unbroken stretch, not at 13', () => {
    const earlier = [nausea('2026-12-01'), nausea('2026-12-08')];
    expect(triageSideEffect({ symptom: 'nausea', severity: 'moderate', redFlags: [], occurredOn: '2026-12-14' }, { earlier }).outcome).toBe('self-care');
    const review = triageSideEffect({ symptom: 'nausea', severity: 'moderate', redFlags: [], occurredOn: '2026-12-15' }, { earlier });
    expect(review.outcome).toBe('review');
    expect(review.rules).toEqual([expect.objectContaining({ ruleId: 'side-effect-moderate-two-weeks', level: 'review' })]);
    expect(review.rules[0]!.source).toMatch(/patient information leaflets/);
    expect(review.instructions[0]!.text).toMatch(/asked a prescriber to look at your diary/);
  });

  it('is not asked again within the same stretch', () => {
    const earlier = [nausea('2026-12-01'), nausea('2026-12-08')];
    expect(triageSideEffect({ symptom: 'nausea', severity: 'moderate', redFlags: [], occurredOn: '2026-12-15' }, { earlier, reviewAskedInStretch: true }).outcome).toBe('self-care');
  });

  it('a gap of more than a week, a mild day or another symptom breaks the stretch', () => {
    expect(moderateStretchStart([nausea('2026-12-01'), nausea('2026-12-09'), nausea('2026-12-15')], 'nausea')).toBe('2026-12-09');
    expect(moderateStretchStart([nausea('2026-12-01'), nausea('2026-12-05', 'mild'), nausea('2026-12-15')], 'nausea')).toBe('2026-12-15');
    expect(moderateStretchStart([nausea('2026-12-01'), { symptom: 'headache', severity: 'moderate', occurredOn: '2026-12-15' }], 'nausea')).toBe('2026-12-01');
    expect(moderateStretchStart([nausea('2026-12-01'), nausea('2026-12-08', 'mild')], 'nausea')).toBeNull();
  });
});

describe('the diary entry’s body', () => {
  it('says what is missing in words', () => {
    const parsed = diaryEntryBodySchema.safeParse({ occurredOn: 'yesterday' });
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(['Please choose the side effect.', 'Please choose how bad it is.', 'Please enter the date it happened.']);
    expect(diaryEntryBodySchema.parse({ symptom: 'nausea', severity: 'mild', occurredOn: '2026-12-01' }).redFlags).toEqual([]);
  });
});
