import { Link } from 'react-router';
import { EmptyState } from './EmptyState';

/** A whole-page 'not found', with the way home. */
export function NotFoundPanel({ title = "We couldn't find that page" }: { title?: string }) {
  return (
    <div className="container page">
      <EmptyState headingLevel={1} title={title} message="The link may be out of date, or the address mistyped.">
        <Link to="/">Go to the home page</Link>
      </EmptyState>
    </div>
  );
}
