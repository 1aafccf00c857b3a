import { formatWeight, formatWeightAmount, formatWeightChange, weightProgress, type WeightLogs } from '@elmwood/domain';
import { ProgressBar } from '../../../ui/ProgressBar';
import { ukDay } from '../dates';

/** Starting, current and goal weight, the change in the patient's unit and in %, and how far towards the goal. */
export function WeightSummary({ data }: { data: WeightLogs }) {
  const progress = weightProgress(data)!;
  const unit = data.preferredUnit;
  return (
    <section className="account-card" aria-labelledby="weight-summary-title">
      <h2 id="weight-summary-title">Your weight</h2>
      <dl className="weight-figures">
        <div>
          <dt>Starting weight</dt>
          <dd>
            {formatWeight(progress.startKg, unit)}
            {data.startingDate ? <span className="weight-figures__note">{ukDay(data.startingDate)}</span> : null}
          </dd>
        </div>
        <div>
          <dt>Current weight</dt>
          <dd>{formatWeight(progress.currentKg, unit)}</dd>
        </div>
        <div>
          <dt>Change</dt>
          <dd>{formatWeightChange(progress, unit)}</dd>
        </div>
        <div>
          <dt>Goal weight</dt>
          <dd>{progress.goalKg === null ? 'Not set' : formatWeight(progress.goalKg, unit)}</dd>
        </div>
      </dl>
      {progress.towardsGoalPercent !== null ? (
        <div className="weight-goal-progress">
          <ProgressBar label="Progress towards your goal" value={progress.towardsGoalPercent} valueText={`${progress.towardsGoalPercent}% of the way to your goal`} />
          <p>
            {progress.towardsGoalPercent}% of the way to your goal
            {progress.goalKg !== null && progress.currentKg > progress.goalKg ? `: ${formatWeightAmount(progress.currentKg - progress.goalKg, unit)} to go` : ''}
          </p>
        </div>
      ) : null}
    </section>
  );
}
