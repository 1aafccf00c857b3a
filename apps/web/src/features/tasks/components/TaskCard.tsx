import { Link } from 'react-router';
import { DEFAULT_TASK_BADGE, holdsTreatment, type Task } from '@elmwood/domain';
import { Tag } from '../../../ui/Tag';
import { taskPath } from '../taskPath';

/** One task: its picture, name and what it asks, a badge ('Required' unless the task says otherwise), one link. */
export function TaskCard({ task, onSelect }: { task: Task; onSelect?: (task: Task) => void }) {
  const { name, description, image } = task.taskDefinition;
  return (
    <li className="task-card">
      {image ? <img className="task-card__image" src={image} alt="" width={48} height={48} /> : <span className="task-card__image task-card__image--blank" aria-hidden="true" />}
      <div className="task-card__body">
        <Tag tone={holdsTreatment(task) ? 'accent' : 'neutral'}>{task.badge ?? DEFAULT_TASK_BADGE}</Tag>
        <h2 className="task-card__title">
          <Link className="task-card__link" to={taskPath(task)} onClick={() => onSelect?.(task)}>
            {name}
          </Link>
        </h2>
        {description ? <p className="task-card__description">{description}</p> : null}
      </div>
      <svg className="task-card__chevron" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="m9 5 7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </li>
  );
}
