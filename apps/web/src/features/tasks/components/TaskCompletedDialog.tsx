import type { Task } from '@elmwood/domain';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { YellowCardNote } from '../../../ui/YellowCardNote';
import { completionPopupFor } from '../completionPopups';

interface TaskCompletedDialogProps {
  /** The finished task; null keeps the dialog closed. */
  task: Pick<Task, 'taskDefinition' | 'details'> | null;
  /** Closing is the next step: the caller decides where the patient goes. */
  onClose: () => void;
  nextLabel?: string;
}

/** The short 'done' message after a task, chosen by the task's code (SPEC §4), with one way on. */
export function TaskCompletedDialog({ task, onClose, nextLabel = 'Continue' }: TaskCompletedDialogProps) {
  const popup = task ? completionPopupFor(task) : null;
  return (
    <Dialog
      open={popup !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={popup?.title ?? ''}
      footer={
        <Button block onClick={onClose}>
          {nextLabel}
        </Button>
      }
    >
      {(popup?.message ?? '').split('\n\n').map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {popup?.yellowCard ? <YellowCardNote /> : null}
    </Dialog>
  );
}
