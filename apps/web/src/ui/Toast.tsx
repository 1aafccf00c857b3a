import { useEffect, useRef, useState } from 'react';
import { cx } from './cx';
import './Toast.css';

interface ToastProps {
  /** What to say; null shows nothing (the live region stays, so the next message is announced). */
  message: string | null;
  onDismiss: () => void;
  tone?: 'info' | 'error';
  /**
   * Milliseconds before it goes by itself; the countdown pauses while the pointer or focus is on the toast.
   * Leave unset for a message the patient must act on or may need time to read.
   */
  duration?: number;
  dismissLabel?: string;
}

/**
 * A short message at the bottom of the screen, announced politely, with a Dismiss button. The region is
 * always in the page, so screen readers announce a message as it arrives.
 */
export function Toast({ message, onDismiss, tone = 'info', duration, dismissLabel = 'Dismiss' }: ToastProps) {
  const [paused, setPaused] = useState(false);
  const dismiss = useRef(onDismiss);
  useEffect(() => {
    dismiss.current = onDismiss;
  });

  useEffect(() => {
    if (!message || duration === undefined || paused) return;
    const timer = window.setTimeout(() => dismiss.current(), duration);
    return () => window.clearTimeout(timer);
  }, [message, duration, paused]);

  return (
    <div className="toast-region" role="status" aria-live="polite">
      {message ? (
        <p
          className={cx('toast', tone === 'error' && 'toast--error')}
          onPointerEnter={() => setPaused(true)}
          onPointerLeave={() => setPaused(false)}
          onFocus={() => setPaused(true)}
          onBlur={() => setPaused(false)}
        >
          <span className="toast__message">{message}</span>
          <button type="button" className="toast__dismiss" onClick={onDismiss}>
            {dismissLabel}
          </button>
        </p>
      ) : null}
    </div>
  );
}
