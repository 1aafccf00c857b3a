import { describe, expect, it } from 'vitest';
import { CHECK_IN_RULES, MAINTENANCE_DOSE_RULES, questionnaireSchema, type QuestionnaireInput } from '@elmwood/domain';
import { demoQuestionnaires, followUpQuestionnaires } from '../../questionnaires';

const all = [...demoQuestionnaires, ...followUpQuestionnaires].map((input) => questionnaireSchema.parse(input));

/** Every clinical rule of a questionnaire, as [name, rule] pairs: eligibility thresholds, knock-outs, restrictions, dose limits. */
function rulesOf(questionnaire: ReturnType<typeof questionnaireSchema.parse>): [string, { source?: string; rationale?: string }][] {
  const { rules } = questionnaire;
  return [
    ...rules.knockouts.map((rule) => [`knock-out ${rule.id}`, rule] as [string, typeof rule]),
    ...rules.products.filter((rule) => rule.when !== undefined).map((rule) => [`restriction of ${rule.code}`, rule] as [string, typeof rule]),
    ...rules.flags.map((rule) => [`flag ${rule.id}`, rule] as [string, typeof rule]),
    ...rules.doses.map((rule) => [`dose limit ${rule.id}`, rule] as [string, typeof rule]),
    ...rules.answerChecks.map((rule) => [`answer check ${rule.id}`, rule] as [string, typeof rule]),
    ...(rules.titration ? rules.titration.ladders.map((ladder) => [`dose ladder ${ladder.product}`, ladder] as [string, typeof ladder]) : []),
    ...(rules.titration ? Object.entries(rules.titration.rules).map(([id, rule]) => [`titration ${id}`, rule] as [string, typeof rule]) : []),
  ];
}

describe('every clinical rule is traceable to its source', () => {
  it.each(all.map((questionnaire) => [questionnaire.slug, questionnaire] as const))('%s: each rule names a source and a rationale', (_slug, questionnaire) => {
    const missing = rulesOf(questionnaire).filter(([, rule]) => !rule.source?.trim() || !rule.rationale?.trim()).map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it('the consultations have rules of every kind to check', () => {
    const kinds = all.flatMap(rulesOf).map(([name]) => name.split(' ')[0]);
    for (const kind of ['knock-out', 'restriction', 'flag', 'dose', 'answer', 'titration']) expect(kinds).toContain(kind);
  });

  it('each check-in rule names a source and a rationale', () => {
    for (const rule of Object.values(CHECK_IN_RULES)) {
      expect(rule.source.trim(), rule.id).not.toBe('');
      expect(rule.rationale.trim(), rule.id).not.toBe('');
    }
  });

  it('each maintenance-dose rule (for NICE’s stopping rule) names a source and a rationale', () => {
    for (const rule of MAINTENANCE_DOSE_RULES) {
      expect(rule.source.trim(), rule.product).not.toBe('');
      expect(rule.rationale.trim(), rule.product).not.toBe('');
    }
  });

  it('a questionnaire whose rule has no source is refused when it is loaded', () => {
    const [weightLoss] = demoQuestionnaires as [QuestionnaireInput];
    const knockouts = weightLoss.rules.knockouts!.map(({ source: _source, ...rule }, index) => (index === 0 ? rule : { ...rule, source: _source }));
    expect(questionnaireSchema.safeParse({ ...weightLoss, rules: { ...weightLoss.rules, knockouts } }).success).toBe(false);
    const products = [{ code: 'WEGOVY', when: { '==': [1, 1] } }];
    expect(questionnaireSchema.safeParse({ ...weightLoss, rules: { ...weightLoss.rules, products } }).success).toBe(false);
  });
});
