import type { Goals as GoalsData } from '@elmwood/domain';

const kg = (value: number) => `${Number(value.toFixed(1))} kg`;

/** The goal weight from the consultation, beside the weight the patient started at. */
export function Goals({ goals }: { goals: GoalsData }) {
  if (goals.goalWeightKg === null && goals.startingWeightKg === null) return null;
  return (
    <section className="account-card" aria-labelledby="goals-title">
      <h2 id="goals-title">Your goals</h2>
      <dl className="goals">
        {goals.startingWeightKg !== null ? (
          <div>
            <dt>Starting weight</dt>
            <dd>{kg(goals.startingWeightKg)}</dd>
          </div>
        ) : null}
        {goals.goalWeightKg !== null ? (
          <div>
            <dt>Goal weight</dt>
            <dd>{kg(goals.goalWeightKg)}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
