import { useState } from 'react';
import {
  DEFAULT_TIMELINE_WINDOW,
  TIMELINE_LABELS,
  TIMELINE_WINDOWS,
  chartWeight,
  formatWeight,
  pointsInWindow,
  projectionAxisLabel,
  type TimelineWindow,
  type WeightLogs,
} from '@elmwood/domain';
import { ukDay, ukShortDay } from '../dates';
import { ChartSection } from './ChartSection';

/** The tracking chart (SPEC §9 timeline windows, All by default) with the goal as a line. */
export function TrackingChart({ data }: { data: WeightLogs }) {
  const [window, setWindow] = useState<TimelineWindow>(DEFAULT_TIMELINE_WINDOW);
  const unit = data.preferredUnit;
  const shown = pointsInWindow(data.points, window, new Date());
  const chartPoints = shown.map((point) => ({ x: Date.parse(point.measuredAt), y: chartWeight(point.weightKg, unit), text: `${ukDay(point.measuredAt)}: ${formatWeight(point.weightKg, unit)}` }));
  return (
    <section className="account-card" aria-labelledby="tracking-title">
      <h2 id="tracking-title">Your weight over time</h2>
      <div className="timeline" role="group" aria-label="Timeline">
        {TIMELINE_WINDOWS.map((option) => (
          <button key={option} type="button" className="timeline__button" aria-pressed={option === window} onClick={() => setWindow(option)}>
            {option}
            {option === 'All' ? null : <span className="visually-hidden"> ({TIMELINE_LABELS[option]})</span>}
          </button>
        ))}
      </div>
      {chartPoints.length === 0 ? (
        <p className="account-muted">No weights in this period. Choose a longer one to see your earlier entries.</p>
      ) : (
        <ChartSection
          chart={{
            name: 'Weight tracking chart',
            points: chartPoints,
            xScale: 'time',
            formatX: ukShortDay,
            yLabel: projectionAxisLabel(unit),
            goal: data.goalWeightKg === null ? null : { y: chartWeight(data.goalWeightKg, unit), text: `Goal ${formatWeight(data.goalWeightKg, unit)}` },
          }}
          table={{ caption: `Your weights (${TIMELINE_LABELS[window]})`, headers: ['Date', 'Weight'], rows: shown.map((point) => [ukDay(point.measuredAt), formatWeight(point.weightKg, unit)]) }}
        />
      )}
    </section>
  );
}
