import type { ReactNode } from 'react';
import { BRAND_NAME } from '../../lib/config';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { ErrorState } from '../../ui/ErrorState';
import { LocationErrorBoundary } from './LocationErrorBoundary';
import '../layouts/layout.css';

/** The last line: the frame itself failed, so this stands alone with no header or footer. */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  return <LocationErrorBoundary fallback={(error) => <AppError error={error} />}>{children}</LocationErrorBoundary>;
}

function AppError({ error }: { error: unknown }) {
  useDocumentTitle('Something went wrong');
  if (import.meta.env.DEV) console.error(error);
  return (
    <main id="main" className="container page">
      <ErrorState
        headingLevel={1}
        title={`${BRAND_NAME} could not load`}
        message="This is on our side, not yours. Please try again in a moment."
        onRetry={() => window.location.reload()}
      >
        <a href="/">Go to the home page</a>
      </ErrorState>
    </main>
  );
}
