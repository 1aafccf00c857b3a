import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { Skeleton } from '../../../ui/Skeleton';
import type { LineChartProps } from '../charts/types';

// The charting library loads only with the progress page's charts: no other page pays for it.
const LineChart = lazy(() => import('../charts/LineChart'));


interface ChartSectionProps {
  chart: LineChartProps;
  /** The same figures as the chart, for 'Show as table'. */
  table: { caption: string; headers: string[]; rows: string[][] };
  children?: ReactNode;
}

/** A chart with its text alternative: a table of the plotted points behind a 'Show as table' toggle. */
export function ChartSection({ chart, table, children }: ChartSectionProps) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  return (
    <div className="chart-section">
      {children}
      <Suspense fallback={<Skeleton height={280} radius="card" className="chart-section__placeholder" />}>
        <LineChart {...chart} />
      </Suspense>
      <button type="button" className="chart-section__toggle" aria-expanded={showTable} aria-controls={tableId} onClick={() => setShowTable(!showTable)}>
        {showTable ? 'Hide table' : 'Show as table'}
      </button>
      <div id={tableId} hidden={!showTable}>
        {showTable ? (
          <table className="chart-table">
            <caption>{table.caption}</caption>
            <thead>
              <tr>
                {table.headers.map((header) => (
                  <th key={header} scope="col">
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, index) => (
                <tr key={index}>
                  {row.map((cell, cellIndex) =>
                    cellIndex === 0 ? (
                      <th key={cellIndex} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={cellIndex}>{cell}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </div>
    </div>
  );
}
