import { useId } from 'react';
import { dosageTable, OPTIONAL_DOSES_ROW, withRecurringGift, type DoseStep } from '@elmwood/domain';
import './DosagePerMonthTable.css';

interface DosagePerMonthTableProps {
  steps: readonly DoseStep[];
  /** The 'gift' bucket of the recurring-discount test: £20 off the 2nd and 3rd months (SPEC §9). */
  recurringGift: boolean;
  caption?: string;
}

/**
 * The dosage per month table (SPEC §9): Month, Dosage, Price, then 'Optional higher doses, if required'. Shown
 * on the recommendations page and the thank-you page; a single month is no table.
 */
export function DosagePerMonthTable({ steps, recurringGift, caption = 'Your dosage per month' }: DosagePerMonthTableProps) {
  const id = useId();
  const table = dosageTable(recurringGift ? withRecurringGift(steps) : steps);
  if (table.rows.length <= 1) return null;
  return (
    <>
      {recurringGift ? (
        <p id={`${id}-gift`} className="dosage-table__gift">
          Includes our gift of £20 off your 2nd and 3rd months
        </p>
      ) : null}
      <table className="dosage-table" aria-describedby={recurringGift ? `${id}-gift` : undefined}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Dosage</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.month}>
              <td>{row.month}</td>
              <td>{row.dosage}</td>
              <td>{row.price}</td>
            </tr>
          ))}
          {table.optionalRows.length > 0 ? (
            <tr>
              <th scope="rowgroup" colSpan={3} className="dosage-table__optional">
                {OPTIONAL_DOSES_ROW}
              </th>
            </tr>
          ) : null}
          {table.optionalRows.map((row) => (
            <tr key={row.dosage}>
              <td>
                <span className="visually-hidden">Optional</span>
              </td>
              <td>{row.dosage}</td>
              <td>{row.price}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
