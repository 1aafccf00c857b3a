import type { ReactNode } from 'react';
import { Button } from './Button';
import './States.css';

interface ErrorStateProps {
  title?: string;
  message?: ReactNode;
  onRetry?: () => void;
  retrying?: boolean;
  /** Heading level that fits the page outline; 1 when the error is the whole page. */
  headingLevel?: 1 | 2 | 3;
  children?: ReactNode;
}

/** Something failed: say what happened and offer the one thing the patient can do. */
export function ErrorState({
  title = 'Something went wrong',
  message = 'This is on our side, not yours. Please try again.',
  onRetry,
  retrying = false,
  headingLevel = 2,
  children,
}: ErrorStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="state state--error" role="alert">
      <svg className="state__icon" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <circle cx="24" cy="24" r="21" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M24 13v14" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" />
        <circle cx="24" cy="34" r="2.4" fill="currentColor" />
      </svg>
      <Heading className="state__title">{title}</Heading>
      {message ? <p className="state__message">{message}</p> : null}
      {onRetry || children ? (
        <div className="state__actions">
          {onRetry ? (
            <Button onClick={onRetry} loading={retrying}>
              Retry
            </Button>
          ) : null}
          {children}
        </div>
      ) : null}
    </div>
  );
}
