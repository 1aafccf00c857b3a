import { Link } from 'react-router';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadStatus, type LoadStatusKind } from '../../../ui/LoadStatus';
import { Skeleton } from '../../../ui/Skeleton';

/** The page's frame while the product loads, with SPEC §8's 'Loading...' or 'Taking a long time...'. */
export function ProductLoading({ status, onRetry }: { status: Exclude<LoadStatusKind, 'error'>; onRetry: () => void }) {
  return (
    <div className="container product-skeleton">
      <h1 className="visually-hidden">Loading treatment</h1>
      <LoadStatus status={status} onRetry={onRetry} />
      <div className="product__grid">
        <div className="product-skeleton__media">
          <Skeleton height={320} radius="card" />
        </div>
        <div className="product-skeleton__lines">
          <Skeleton width="30%" height={14} />
          <Skeleton width="60%" height={36} />
          <Skeleton width="90%" height={18} />
          <Skeleton height={180} radius="card" />
          <Skeleton height={52} />
        </div>
      </div>
    </div>
  );
}

export function ProductLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="container page">
      <h1 className="visually-hidden">This treatment did not load</h1>
      <LoadStatus status="error" onRetry={onRetry} />
    </div>
  );
}

export function ProductNotFound() {
  return (
    <div className="container page">
      <EmptyState
        headingLevel={1}
        title="We couldn't find that treatment"
        message="It may have been renamed or is no longer offered. Our clinicians can help you find the right treatment through a short consultation."
      >
        <Link to="/">See all treatments</Link>
      </EmptyState>
    </div>
  );
}
