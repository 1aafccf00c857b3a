import { SIDE_EFFECT_SYMPTOMS, type DiaryEntry } from '@elmwood/domain';
import { Tag } from '../../../ui/Tag';
import { formatDay } from '../dates';

const OUTCOME_TAGS: Record<DiaryEntry['outcome'], string | null> = { urgent: 'A prescriber will call', review: 'Prescriber review asked', 'self-care': null };

/** The diary, newest first. */
export function DiaryList({ entries }: { entries: readonly DiaryEntry[] }) {
  if (entries.length === 0) return <p className="account-muted">Your diary is empty. Add a side effect when you notice one.</p>;
  return (
    <ul className="companion-log">
      {entries.map((entry) => (
        <li key={entry.id}>
          <span>
            <span className="companion-log__what">{SIDE_EFFECT_SYMPTOMS[entry.symptom]}</span>, {entry.severity}
            <br />
            <span className="account-muted">{formatDay(entry.occurredOn)}</span>
          </span>
          {OUTCOME_TAGS[entry.outcome] ? <Tag tone="neutral">{OUTCOME_TAGS[entry.outcome]}</Tag> : null}
        </li>
      ))}
    </ul>
  );
}
