import { INJECTION_SITES, type InjectionEntry } from '@elmwood/domain';
import { Button } from '../../../ui/Button';
import { useRemoveInjection } from '../api';
import { formatDoseTime } from '../dates';

/** The log, newest first: each dose with its site, or the week marked missed; a mistake can be taken out. */
export function InjectionHistory({ entries }: { entries: readonly InjectionEntry[] }) {
  const remove = useRemoveInjection();
  if (entries.length === 0) return <p className="account-muted">Nothing logged yet. Your doses will appear here.</p>;
  return (
    <ul className="companion-log">
      {entries.map((entry) => (
        <li key={entry.id}>
          <span>
            <span className="companion-log__what">{entry.status === 'missed' ? 'Missed' : `${entry.dosage}, ${INJECTION_SITES[entry.site!].toLowerCase()}`}</span>
            <br />
            <span className="account-muted">{formatDoseTime(entry.takenAt)}</span>
          </span>
          <Button variant="link" loading={remove.isPending && remove.variables === entry.id} onClick={() => remove.mutate(entry.id)}>
            Remove<span className="visually-hidden"> the entry of {formatDoseTime(entry.takenAt)}</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}
