import type { RuleLevel, TriggeredRule } from '@elmwood/domain';

const LEVEL_NAMES: Record<RuleLevel, string> = {
  knockout: 'Knock-out',
  restriction: 'Restriction',
  review: 'Review',
  urgent: 'Urgent',
  'off-label': 'Off-label',
  counselling: 'Counselling given',
};

/**
 * The rules an answer triggered, as kept on the order: what each did, and the document and reasoning behind it,
 * so the prescriber can check the decision against its source.
 */
export function TriggeredRules({ rules, label }: { rules: readonly TriggeredRule[]; label: string }) {
  if (rules.length === 0) return null;
  return (
    <ul className="clinic-rules" aria-label={label}>
      {rules.map((rule) => (
        <li key={`${rule.ruleId}-${rule.productCode ?? ''}`} className={`clinic-rule clinic-rule--${rule.level}`}>
          <p className="clinic-rule__summary">
            <span className="clinic-rule__level">{LEVEL_NAMES[rule.level]}</span> {rule.summary}
          </p>
          <p className="clinic-rule__source">
            <span className="clinic-rule__term">Source:</span> {rule.source}
          </p>
          <p className="clinic-rule__rationale">
            <span className="clinic-rule__term">Why:</span> {rule.rationale}
          </p>
        </li>
      ))}
    </ul>
  );
}
