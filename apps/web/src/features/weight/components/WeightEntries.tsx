import { formatWeight, type WeightLogs, type WeightPoint } from '@elmwood/domain';
import { Button } from '../../../ui/Button';
import { ukDay } from '../dates';

const SOURCES: Record<WeightPoint['source'], string | null> = { patient: null, consultation: 'From your consultation', 'check-in': 'From your check-in' };

/** Every weight point, newest first; those the patient logged with Edit and Delete. */
export function WeightEntries({ data, onEdit, onDelete }: { data: WeightLogs; onEdit: (entry: WeightPoint) => void; onDelete: (entry: WeightPoint) => void }) {
  const entries = [...data.points].reverse();
  return (
    <section className="account-card" aria-labelledby="entries-title">
      <h2 id="entries-title">Your entries</h2>
      <ul className="weight-entries">
        {entries.map((entry) => {
          const day = ukDay(entry.measuredAt);
          const weight = formatWeight(entry.weightKg, data.preferredUnit);
          return (
            <li key={entry.id} className="weight-entries__item">
              <div>
                <span className="weight-entries__weight">{weight}</span>
                <span className="weight-entries__date">
                  {day}
                  {SOURCES[entry.source] ? ` · ${SOURCES[entry.source]}` : ''}
                </span>
              </div>
              {/* A consultation's or check-in's weight is part of what the clinic read: it stays as answered. */}
              {entry.source === 'patient' ? (
                <div className="weight-entries__actions">
                  <Button variant="link" aria-label={`Edit ${weight} on ${day}`} onClick={() => onEdit(entry)}>
                    Edit
                  </Button>
                  <Button variant="link" aria-label={`Delete ${weight} on ${day}`} onClick={() => onDelete(entry)}>
                    Delete
                  </Button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
