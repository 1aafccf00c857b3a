import { useState } from 'react';
import { formatCallTime, type Appointment } from '@elmwood/domain';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { useCancelCall } from '../api';

/** 'Cancel' with a confirmation (SPEC §2 appointments): nothing is cancelled until the patient confirms. */
export function CancelCallDialog({ appointment, onCancelled, label = 'Cancel' }: { appointment: Appointment; onCancelled?: (cancelled: Appointment) => void; label?: string }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelCall();
  const when = formatCallTime(appointment.time_start);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) cancel.reset();
      }}
      title="Cancel this call?"
      trigger={
        <Button variant="secondary" aria-label={`${label} call on ${when}`}>
          {label}
        </Button>
      }
      footer={
        <>
          <Button
            block
            loading={cancel.isPending}
            onClick={() =>
              cancel.mutate(appointment.id, {
                onSuccess: (cancelled) => {
                  setOpen(false);
                  onCancelled?.(cancelled);
                },
              })
            }
          >
            Yes, cancel the call
          </Button>
          <Button block variant="secondary" onClick={() => setOpen(false)}>
            Keep the call
          </Button>
        </>
      }
    >
      <p>
        Your call with {appointment.doctor.firstname} on {when} (UK time) will be cancelled. You can book another time whenever you like.
      </p>
      <ErrorMessage>{cancel.error ? cancel.error.message : null}</ErrorMessage>
    </Dialog>
  );
}
