import jsonLogic from 'json-logic-js';
import type { ClinicalPolicy } from '../clinical/policy';
import type { JsonLogic } from './questionnaire';

export interface RuleData {
  answers: Record<string, unknown>;
  facts: Record<string, number | null>;
  /** The clinic's policy settings (always known), read as `policy.<setting>`. */
  policy?: ClinicalPolicy;
}

/**
 * The answers and facts a rule reads, found by walking its `var` operators. A rule is only judged once
 * everything it reads is known: JSON Logic would otherwise compare a missing value as null (null < 18 is
 * true), and a knock-out must never fire on a question the patient has not reached.
 */
export function ruleInputs(rule: JsonLogic): { answers: string[]; facts: string[] } {
  const answers = new Set<string>();
  const facts = new Set<string>();
  const visit = (node: JsonLogic): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [operator, argument] of Object.entries(node)) {
      if (operator === 'var') {
        const path = Array.isArray(argument) ? argument[0] : argument;
        if (typeof path === 'string') {
          const [scope, name] = path.split('.');
          if (scope === 'answers' && name) answers.add(name);
          if (scope === 'facts' && name) facts.add(name);
        }
      } else {
        visit(argument);
      }
    }
  };
  visit(rule);
  return { answers: [...answers], facts: [...facts] };
}

export function isAnswered(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

export function canJudge(rule: JsonLogic, data: RuleData): boolean {
  const inputs = ruleInputs(rule);
  return (
    inputs.answers.every((id) => isAnswered(data.answers[id])) &&
    inputs.facts.every((name) => typeof data.facts[name] === 'number')
  );
}

/** True or false once the rule can be judged, else null ('not yet'). */
export function judge(rule: JsonLogic, data: RuleData): boolean | null {
  if (!canJudge(rule, data)) return null;
  return jsonLogic.truthy(jsonLogic.apply(rule as jsonLogic.RulesLogic, data));
}
