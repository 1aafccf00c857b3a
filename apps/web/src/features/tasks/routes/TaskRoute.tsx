import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { TASK_CODES, type Task } from '@elmwood/domain';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { BackLink } from '../../../ui/BackLink';
import { Button, ButtonLink } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { LoadStatus } from '../../../ui/LoadStatus';
import { useCompleteTask, useOpenTask } from '../api';
import { AnswerQuestion } from '../components/AnswerQuestion';
import { TaskCompletedDialog } from '../components/TaskCompletedDialog';
import { useAfterTask } from '../hooks/useAfterTask';
import { HEALTH_ACTIONS_PATH, taskPath } from '../taskPath';
import '../../../ui/page-styles/tasks.css';

/** /account/tasks/:taskId — a task the patient acknowledges on this page, or a prescriber's question they answer here. */
export function Component() {
  const { taskId = '' } = useParams();
  const open = useOpenTask(taskId);
  const complete = useCompleteTask();
  const after = useAfterTask();
  const [done, setDone] = useState<Task | null>(null);
  useDocumentTitle(open.task?.taskDefinition.name ?? 'Task');

  if (open.isPending) return <LoadStatus status="loading" />;
  if (open.isError) return <LoadStatus status="error" onRetry={() => void open.refetch()} />;
  const task = open.task;
  // Emails link every task here by its id: a task with a page of its own (a photo, GP details, reminders) goes there.
  const ownPage = task ? taskPath(task) : null;
  if (ownPage && ownPage !== `/account/tasks/${encodeURIComponent(task!.id)}`) return <Navigate to={ownPage} replace />;
  return (
    <div className="account-page container">
      <BackLink to={HEALTH_ACTIONS_PATH}>Back to my tasks</BackLink>
      {task && task.taskDefinition.code === TASK_CODES.clinicianQuestion ? (
        <>
          <h1>{task.taskDefinition.name}</h1>
          <AnswerQuestion task={task} onAnswered={setDone} />
        </>
      ) : task || done ? (
        <>
          <h1>{(task ?? done)!.taskDefinition.name}</h1>
          <section className="task-panel" aria-label="What to do">
            <p>{(task ?? done)!.taskDefinition.description}</p>
            <ErrorMessage>{complete.isError ? complete.error.message : null}</ErrorMessage>
            <div className="task-panel__actions">
              {task ? (
                <Button loading={complete.isPending} onClick={() => complete.mutate(task.id, { onSuccess: setDone })}>
                  Mark as done
                </Button>
              ) : null}
            </div>
          </section>
        </>
      ) : (
        <EmptyState headingLevel={1} title="This task is already done" message="Everything still to do is in your tasks list.">
          <ButtonLink to={HEALTH_ACTIONS_PATH}>Go to my tasks</ButtonLink>
        </EmptyState>
      )}
      <TaskCompletedDialog task={done} nextLabel={after.nextLabel(done)} onClose={() => after.leave(done)} />
    </div>
  );
}
