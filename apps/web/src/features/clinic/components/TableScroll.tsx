import type { ReactNode } from 'react';

/**
 * A wide table scrolls sideways inside its own box on narrow screens, rather than widening the page (which
 * would push fixed dialogs off screen). Focusable and named so keyboard users can scroll it (WCAG 2.1.1).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="clinic-scroll" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
