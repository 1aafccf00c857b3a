import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatWeight, formatWeightChange, weightProgress } from '@elmwood/domain';
import { Button } from '../../../ui/Button';
import { useWeightLogs } from '../api';
import { ukDay } from '../dates';
import { PROGRESS_PATH } from '../paths';
import { WeightModal } from './WeightModal';
import '../weight.css';

/**
 * The account home's weight card: the latest weight and the change since the start, in the patient's unit; or,
 * while only the consultation's weight is there, a call to log one.
 */
export function WeightCard() {
  const logs = useWeightLogs();
  const [open, setOpen] = useState(false);
  const logButton = useRef<HTMLButtonElement>(null);
  // Weight tracking is for weight-loss patients: nothing shows until a consultation or a log gives a weight.
  if (!logs.data || (logs.data.points.length === 0 && logs.data.goalWeightKg === null)) return null;
  const data = logs.data;
  const progress = weightProgress(data);
  const unit = data.preferredUnit;
  const latest = data.points.at(-1);
  return (
    <section className="account-card" aria-labelledby="weight-card-title">
      <h2 id="weight-card-title">Your weight</h2>
      {progress && latest && !progress.onlyStart ? (
        <dl className="weight-figures weight-figures--card">
          <div>
            <dt>Latest weight</dt>
            <dd>
              {formatWeight(progress.currentKg, unit)}
              <span className="weight-figures__note">{ukDay(latest.measuredAt)}</span>
            </dd>
          </div>
          <div>
            <dt>Since you started</dt>
            <dd>{formatWeightChange(progress, unit)}</dd>
          </div>
          {progress.goalKg !== null ? (
            <div>
              <dt>Goal weight</dt>
              <dd>{formatWeight(progress.goalKg, unit)}</dd>
            </div>
          ) : null}
        </dl>
      ) : (
        <p>
          {progress
            ? `You started at ${formatWeight(progress.startKg, unit)}${progress.goalKg !== null ? `, aiming for ${formatWeight(progress.goalKg, unit)}` : ''}. Log your weight to see your progress.`
            : 'Log your weight to start tracking your progress towards your goal.'}
        </p>
      )}
      <div className="weight-card__actions">
        <Button ref={logButton} variant="primary" onClick={() => setOpen(true)}>
          Log your weight
        </Button>
        <Link to={PROGRESS_PATH}>See your progress</Link>
      </div>
      <WeightModal mode="log" open={open} onOpenChange={setOpen} preferredUnit={unit} heightKnown={data.heightCm !== null} returnFocusTo={logButton} />
    </section>
  );
}
