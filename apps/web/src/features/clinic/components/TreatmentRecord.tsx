import type { CompanionRecord } from '@elmwood/domain';
import { formatDate, formatDateTime } from '../format';
import { Section } from './Section';
import { TableScroll } from './TableScroll';
import { TriggeredRules } from './TriggeredRules';

const OUTCOMES: Record<CompanionRecord['diary'][number]['outcome'], string> = {
  urgent: 'Urgent: a prescriber contacts the patient',
  review: 'Prescriber review asked',
  'self-care': 'Advice given',
};

/** The patient's injection log (newest first), with the weeks missed since each plan's last delivery. */
export function InjectionLog({ record }: { record: CompanionRecord }) {
  return (
    <Section title="Injection log">
      {record.missedSinceLastDelivery.map((plan) => (
        <p key={plan.productName}>
          {plan.productName}: {plan.missed === 0 ? 'no weeks' : plan.missed === 1 ? '1 week' : `${plan.missed} weeks`} logged as missed since the last delivery.
        </p>
      ))}
      {record.injections.length === 0 ? (
        <p>The patient has not logged a dose.</p>
      ) : (
        <TableScroll label="Doses logged">
          <table className="clinic-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Dose</th>
                <th scope="col">Site</th>
              </tr>
            </thead>
            <tbody>
              {record.injections.map((entry) => (
                <tr key={`${entry.takenAt}-${entry.status}`}>
                  <td>{entry.status === 'missed' ? formatDate(entry.takenAt) : formatDateTime(entry.takenAt)}</td>
                  <td>
                    {entry.productName} {entry.dosage}
                  </td>
                  <td>{entry.status === 'missed' ? <strong>{entry.statusText}</strong> : entry.siteText}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </Section>
  );
}

/** The patient's side-effect diary (newest first): each entry in words, what the triage did and the rules behind it. */
export function SideEffectDiary({ record }: { record: CompanionRecord }) {
  return (
    <Section title="Side-effect diary">
      {record.diary.length === 0 ? (
        <p>The patient has not logged a side effect.</p>
      ) : (
        <ul className="clinic-list">
          {record.diary.map((entry, index) => (
            <li key={`${entry.occurredOn}-${index}`}>
              <p>
                <strong>{entry.symptomText}</strong>, {entry.severity} ({formatDate(`${entry.occurredOn}T12:00:00Z`)}). {OUTCOMES[entry.outcome]}.
              </p>
              {entry.redFlagTexts.length > 0 ? <p>Warning signs: {entry.redFlagTexts.join('; ')}.</p> : null}
              {entry.note ? <p>The patient wrote: “{entry.note}”</p> : null}
              <TriggeredRules rules={entry.rules} label={`Rules for ${entry.symptomText}`} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
