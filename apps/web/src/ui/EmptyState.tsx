import type { ReactNode } from 'react';
import './States.css';

interface EmptyStateProps {
  title: string;
  message?: ReactNode;
  /** Heading level that fits the page outline; 1 when the state is the whole page. */
  headingLevel?: 1 | 2 | 3;
  /** One clear next step, such as a link home. */
  children?: ReactNode;
}

export function EmptyState({ title, message, headingLevel = 2, children }: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="state">
      <svg className="state__icon" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <path
          d="M10 38c0-15 9-26 28-27-1 19-12 28-27 28"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinejoin="round"
        />
        <path d="M11 37 28 20" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <Heading className="state__title">{title}</Heading>
      {message ? <p className="state__message">{message}</p> : null}
      {children ? <div className="state__actions">{children}</div> : null}
    </div>
  );
}
