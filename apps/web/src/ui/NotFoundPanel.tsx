import { Link } from 'react-router';
import { EmptyState } from './EmptyState';

/** A whole-page 'not found', with the way back: home, or wherever the caller names. */
export function NotFoundPanel({ title = "We couldn't find that page", back = { to: '/', label: 'Go to the home page' } }: { title?: string; back?: { to: string; label: string } }) {
  return (
    <div className="container page">
      <EmptyState headingLevel={1} title={title} message="The link may be out of date, or the address mistyped.">
        <Link to={back.to}>{back.label}</Link>
      </EmptyState>
    </div>
  );
}
