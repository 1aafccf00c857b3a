import type { ReactNode } from 'react';
import { cx } from './cx';
import './ErrorMessage.css';

interface ErrorMessageProps {
  /** Referenced from the field's aria-describedby while a message shows. */
  id?: string;
  children?: ReactNode;
  className?: string;
}

/**
 * A field's or a form's error text. It is always in the page (empty when there is no error), so the polite
 * live region exists before a message arrives and screen readers announce it without interrupting.
 */
export function ErrorMessage({ id, children, className }: ErrorMessageProps) {
  const empty = children === null || children === undefined || children === false || children === '';
  return (
    <p id={id} className={cx('error-message', className)} aria-live="polite" data-empty={empty || undefined}>
      {empty ? null : children}
    </p>
  );
}
