import { OPTIONAL_DOSES_ROW, type DosageRow } from '@elmwood/domain';
import './DosageTable.css';

interface DosageTableProps {
  table: { rows: readonly DosageRow[]; optionalRows: readonly DosageRow[] };
  caption?: string;
}

/** The dosage per month table (SPEC §3, §9): Month, Dosage, Price, then the optional higher doses. */
export function DosageTable({ table, caption = 'Your dosage per month' }: DosageTableProps) {
  return (
    <table className="dosage-table">
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
  );
}
