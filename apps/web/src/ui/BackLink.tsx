import { Link } from 'react-router';
import './BackLink.css';

/** A quiet link back to where the patient came from, with an arrow drawn beside it. */
export function BackLink({ to, children = 'Back' }: { to: string; children?: string }) {
  return (
    <Link to={to} className="back-link">
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M15 5 8 12l7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {children}
    </Link>
  );
}
