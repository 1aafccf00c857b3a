import type { RefObject } from 'react';
import { formatWeight, type WeightLogs, type WeightPoint } from '@elmwood/domain';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { useDeleteWeightLog } from '../api';
import { ukDay } from '../dates';

/** Deleting a weight asks first. */
interface DeleteWeightDialogProps {
  entry: WeightPoint | null;
  unit: WeightLogs['preferredUnit'];
  /** Told whether the entry was deleted. */
  onClose: (deleted: boolean) => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}

export function DeleteWeightDialog({ entry, unit, onClose, returnFocusTo }: DeleteWeightDialogProps) {
  const remove = useDeleteWeightLog();
  return (
    <Dialog
      title="Delete this weight?"
      returnFocusTo={returnFocusTo}
      open={entry !== null}
      onOpenChange={(open) => {
        if (!open) {
          remove.reset();
          onClose(false);
        }
      }}
      footer={
        <div className="weight-dialog__buttons">
          <Button variant="secondary" onClick={() => onClose(false)}>
            Cancel
          </Button>
          <Button variant="primary" loading={remove.isPending} onClick={() => entry && remove.mutate(entry.id, { onSuccess: () => onClose(true) })}>
            Delete
          </Button>
        </div>
      }
    >
      {entry ? (
        <p>
          {formatWeight(entry.weightKg, unit)} on {ukDay(entry.measuredAt)} will be removed from your chart. This cannot be undone.
        </p>
      ) : null}
      <ErrorMessage>{remove.isError ? 'We could not delete this weight. Please try again.' : null}</ErrorMessage>
    </Dialog>
  );
}
