import { chartWeight, formatWeight, projectionAxisLabel, weightProjection, type WeightLogs } from '@elmwood/domain';
import { ChartSection } from './ChartSection';

/** The projection chart (SPEC §9): 16 monthly steps from the starting weight, the last ones at the goal. */
export function ProjectionChart({ data }: { data: WeightLogs }) {
  const unit = data.preferredUnit;
  const projection = weightProjection(data.startingWeightKg!, data.goalWeightKg);
  const monthText = (month: number) => (month === 0 ? 'Start' : `Month ${month}`);
  return (
    <section className="account-card" aria-labelledby="projection-title">
      <h2 id="projection-title">Your weight-loss projection</h2>
      <p className="account-muted">
        What people on weight-loss treatment typically lose over 15 months from your starting weight, levelling off at your goal. Everyone is different: your clinician will talk through your own progress.
      </p>
      <ChartSection
        chart={{
          name: 'Weight-loss projection chart',
          points: projection.map((point) => ({ x: point.month, y: chartWeight(point.kg, unit), text: `${monthText(point.month)}: ${formatWeight(point.kg, unit)}${point.kind === 'goal' ? ' (goal)' : ' (projected)'}` })),
          xScale: 'linear',
          formatX: (month) => (month === 0 ? 'Start' : `${month}m`),
          yLabel: projectionAxisLabel(unit),
          dashedFrom: projection.findIndex((point) => point.kind === 'goal') - 1,
        }}
        table={{ caption: 'Projected weight by month', headers: ['Month', 'Weight', 'Point'], rows: projection.map((point) => [monthText(point.month), formatWeight(point.kg, unit), point.kind === 'goal' ? 'Goal' : 'Projected']) }}
      />
    </section>
  );
}
