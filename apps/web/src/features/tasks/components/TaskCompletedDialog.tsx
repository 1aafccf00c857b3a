import { YELLOW_CARD, type Task } from '@elmwood/domain';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
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
      {popup?.yellowCard ? (
        <p>
          {YELLOW_CARD.before}
          <a href={YELLOW_CARD.url} target="_blank" rel="noreferrer">
            {YELLOW_CARD.linkText}
          </a>
          {YELLOW_CARD.after}
        </p>
      ) : null}
    </Dialog>
  );
}
