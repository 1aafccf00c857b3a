import { useId, type ReactNode } from 'react';

/** A titled card on a console page; named by its heading so it is a landmark region. */
export function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section className={`clinic-card${className ? ` ${className}` : ''}`} aria-labelledby={id}>
      <h2 id={id} className="clinic-card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
