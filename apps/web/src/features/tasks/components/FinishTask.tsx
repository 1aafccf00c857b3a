import { useEffect, useRef, useState } from 'react';
import type { Task } from '@elmwood/domain';
import { Button, ButtonLink } from '../../../ui/Button';
import { ErrorState } from '../../../ui/ErrorState';
import { Spinner } from '../../../ui/Spinner';
import { useFinishTask } from '../api';
import { useAfterTask } from '../hooks/useAfterTask';
import { HEALTH_ACTIONS_PATH } from '../taskPath';
import { TaskCompletedDialog } from './TaskCompletedDialog';

/** Finishes a task once its page is done (a follow-up questionnaire's last step), then shows its popup. */
export function FinishTask({ taskId }: { taskId: string | null }) {
  const complete = useFinishTask();
  const after = useAfterTask();
  const [done, setDone] = useState<Task | null>(null);
  const started = useRef(false);
  const { mutate } = complete;

  useEffect(() => {
    if (!taskId || started.current) return;
    started.current = true;
    mutate(taskId, { onSuccess: setDone });
  }, [taskId, mutate]);

  if (!taskId) {
    return (
      <div className="task-panel">
        <h2>Thank you</h2>
        <p>We have your answers.</p>
        <ButtonLink to="/account/home">Visit your account</ButtonLink>
      </div>
    );
  }
  if (complete.isError) {
    return (
      <ErrorState title="We could not finish this task" message={complete.error.message} onRetry={() => mutate(taskId, { onSuccess: setDone })}>
        <ButtonLink to={HEALTH_ACTIONS_PATH} variant="secondary">
          Back to my tasks
        </ButtonLink>
      </ErrorState>
    );
  }
  return (
    <div className="task-panel">
      {done ? (
        <>
          <h2>Thank you</h2>
          <p>We have your answers.</p>
          <Button onClick={() => after.leave(done)}>{after.nextLabel(done)}</Button>
        </>
      ) : (
        <Spinner label="Saving your answers" />
      )}
      <TaskCompletedDialog task={done} nextLabel={after.nextLabel(done)} onClose={() => after.leave(done)} />
    </div>
  );
}
