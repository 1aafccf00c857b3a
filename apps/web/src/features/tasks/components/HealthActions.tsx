import { useEffect, useRef } from 'react';
import { noTasksMessage, taskCountLabel, tasksLoadErrorMessage, type Task } from '@elmwood/domain';
import { sendAnalyticsEvent } from '../../../lib/analytics';
import { ButtonLink } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { Skeleton } from '../../../ui/Skeleton';
import { Spinner } from '../../../ui/Spinner';
import { useCompletedTasks, useOpenTasks } from '../api';
import { TaskCard } from './TaskCard';

export const TASK_SHOWN = 'Task Shown';
export const TASK_SELECTED = 'Task Selected';

const eventData = (task: Task) => ({ task_id: task.id, task_code: task.taskDefinition.code, task_name: task.taskDefinition.name });

/** 'Task Shown' once per task per visit to the list. */
function useReportShown(tasks: Task[] | undefined) {
  const reported = useRef(new Set<string>());
  useEffect(() => {
    for (const task of tasks ?? []) {
      if (reported.current.has(task.id)) continue;
      reported.current.add(task.id);
      sendAnalyticsEvent(TASK_SHOWN, eventData(task));
    }
  }, [tasks]);
}

/** The 'My tasks' list: a count ('7+' from seven), the cards, and the loading, error and empty states (SPEC §2). */
export function HealthActions() {
  const open = useOpenTasks();
  const none = open.data?.length === 0;
  const completed = useCompletedTasks(none);
  useReportShown(open.data);

  if (open.isPending) {
    return (
      <div className="health-actions" aria-busy="true">
        <Spinner label="Loading your tasks" />
        <ul className="task-list" aria-hidden="true">
          {[0, 1, 2].map((index) => (
            <li key={index} className="task-card">
              <Skeleton height={64} radius="card" />
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (open.isError) {
    return (
      <p className="health-actions__error" role="alert">
        {tasksLoadErrorMessage(open.error.message)}
      </p>
    );
  }
  if (none) {
    if (completed.isPending) return <Spinner label="Loading your tasks" />;
    return (
      <EmptyState title={noTasksMessage((completed.data?.length ?? 0) > 0)} message="We will let you know here when there is something for you to do.">
        <ButtonLink to="/account/home" variant="secondary">
          Visit your account
        </ButtonLink>
      </EmptyState>
    );
  }
  const count = open.data.length;
  return (
    <div className="health-actions">
      <p className="health-actions__count">
        <span className="health-actions__number">{taskCountLabel(count)}</span> {count === 1 ? 'task to complete' : 'tasks to complete'}
      </p>
      <ul className="task-list" aria-label="Your tasks">
        {open.data.map((task) => (
          <TaskCard key={task.id} task={task} onSelect={(selected) => sendAnalyticsEvent(TASK_SELECTED, eventData(selected))} />
        ))}
      </ul>
    </div>
  );
}
