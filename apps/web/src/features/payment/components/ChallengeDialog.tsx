import { useRef, type RefObject } from 'react';
import { Dialog } from '../../../ui/Dialog';
import { isReturnPage } from '../returnPage';

/** Challenge window size code 02 in EMV 3-D Secure: 390 × 400 pixels. */
export const CHALLENGE_WINDOW = { width: 390, height: 400 } as const;

interface ChallengeDialogProps {
  url: string;
  /** The bank's page has handed back to our return page. */
  onReturn: () => void;
  /** The patient closed the window before finishing. */
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}

/** The bank's 3-D Secure check in a modal frame; when the frame reaches our return page, the payment is confirmed. */
export function ChallengeDialog({ url, onReturn, onClose, returnFocusTo }: ChallengeDialogProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const done = useRef(false);
  const handleLoad = () => {
    if (done.current || !isReturnPage(frame.current?.contentWindow)) return;
    done.current = true;
    onReturn();
  };
  return (
    <Dialog
      open
      title="Confirm your payment"
      description="Your bank asks you to confirm this payment. Follow the steps below; you will come back here afterwards."
      returnFocusTo={returnFocusTo}
      closeLabel="Cancel payment confirmation"
      bodyLabel="Your bank's confirmation"
      onOpenChange={(open) => {
        if (!open && !done.current) {
          done.current = true;
          onClose();
        }
      }}
    >
      <iframe
        ref={frame}
        className="challenge-frame"
        src={url}
        title="Payment confirmation from your bank"
        width={CHALLENGE_WINDOW.width}
        height={CHALLENGE_WINDOW.height}
        onLoad={handleLoad}
      />
    </Dialog>
  );
}
