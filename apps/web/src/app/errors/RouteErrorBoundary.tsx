import type { ReactNode } from 'react';
import { isRouteErrorResponse, Link } from 'react-router';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { ErrorState } from '../../ui/ErrorState';
import { LoadStatus } from '../../ui/LoadStatus';
import { NotFoundPanel } from '../../ui/NotFoundPanel';
import { isChunkLoadError } from './isChunkLoadError';
import { LocationErrorBoundary } from './LocationErrorBoundary';

/** Errors inside a page: the header and footer stay, the page area explains and offers a way on. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <LocationErrorBoundary fallback={(error) => <RouteError error={error} />}>{children}</LocationErrorBoundary>;
}

function RouteError({ error }: { error: unknown }) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useDocumentTitle(notFound ? 'Page not found' : 'Something went wrong');

  if (notFound) return <NotFoundPanel />;
  if (isChunkLoadError(error)) {
    return (
      <div className="container page">
        <h1 className="visually-hidden">This page did not load</h1>
        <LoadStatus status="error" onRetry={() => window.location.reload()} />
      </div>
    );
  }
  if (import.meta.env.DEV) console.error(error);
  return (
    <div className="container page">
      <ErrorState
        headingLevel={1}
        title="Something went wrong"
        message="This is on our side, not yours. Please try again, or go back to the home page."
        onRetry={() => window.location.reload()}
      >
        <Link to="/">Go to the home page</Link>
      </ErrorState>
    </div>
  );
}
