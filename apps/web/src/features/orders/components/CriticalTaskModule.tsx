import { finishedStepCount, type OrderView, type Task } from '@elmwood/domain';
import { ButtonLink } from '../../../ui/Button';
import { Tag } from '../../../ui/Tag';
import { taskPath } from '../healthActions';

interface CriticalTaskModuleProps {
  thankYou: OrderView['thankYou'];
  criticalTasks: readonly Task[];
}

/**
 * What the order still waits on (SPEC §2 thank-you critical task module): the 'What happens next?' steps
 * with those needing action tagged, and the info box whose button opens the first critical task.
 */
export function CriticalTaskModule({ thankYou, criticalTasks }: CriticalTaskModuleProps) {
  const finished = finishedStepCount(thankYou.nextSteps);
  const first = criticalTasks[0];
  const infoBox = thankYou.infoBox;
  return (
    <section className="thank-you-card" aria-labelledby="next-steps-heading">
      <h2 id="next-steps-heading">What happens next?</h2>
      {thankYou.nextSteps.length > 0 ? (
        <ol className="next-steps">
          {thankYou.nextSteps.map((step, index) => (
            <li key={step.title} className={index < finished ? 'next-step next-step--done' : 'next-step'}>
              <span className="next-step__marker" aria-hidden="true">
                {index < finished ? '✓' : index + 1}
              </span>
              <span className="next-step__text">
                <span className="next-step__title">
                  {step.title}
                  {index < finished ? <span className="visually-hidden"> (done)</span> : null}
                </span>
                {step.subtitle ? <span className="next-step__subtitle">{step.subtitle}</span> : null}
              </span>
              {step.actionNeeded ? <Tag tone="accent">Action Needed</Tag> : null}
            </li>
          ))}
        </ol>
      ) : null}

      <div className="info-box">
        {infoBox?.doctorsImg ? <img className="info-box__image" src={infoBox.doctorsImg} alt="" width={96} height={48} /> : null}
        <h3 className="info-box__title">{infoBox?.title ?? 'One more step before we can prescribe'}</h3>
        <p>{infoBox?.subtitle ?? 'Our clinicians need this from you before they can review your order.'}</p>
        <ul className="critical-tasks" aria-label="Tasks to complete">
          {criticalTasks.map((task) => (
            <li key={task.id}>
              {task.taskDefinition.name} <Tag tone="accent">Action Needed</Tag>
            </li>
          ))}
        </ul>
        {infoBox?.alertBoxText ? (
          <p className="info-box__alert">
            <strong>{infoBox.alertBoxText}</strong>
          </p>
        ) : null}
        {first ? (
          <ButtonLink to={taskPath(first.id)} size="lg" block>
            {infoBox?.ctaText ?? first.taskDefinition.name}
          </ButtonLink>
        ) : null}
      </div>
    </section>
  );
}
